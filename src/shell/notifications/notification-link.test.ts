import { describe, expect, it } from 'vitest';
import { loadRealManifest } from '../../testing/manifest.ts';
import { notificationLink } from './notification-link.ts';

const config = loadRealManifest();
const logger = { error: () => undefined };

describe('notification deep links (the manifest’s notifications.links)', () => {
  it('a social document opens the legacy documents route with its type, which redirects to social management', () => {
    expect(
      notificationLink(config, logger, { type: 'Ged-GSDocumentUploaded', accountId: 1001, subjectId: 42 }),
    ).toBe('/dossier/1001/ged?notificationType=Ged-GSDocumentUploaded&documentId=42');
  });

  it('a BI report opens the entity’s reports with the report marked; no id, no parameter', () => {
    expect(
      notificationLink(config, logger, {
        type: 'Reporting-ReportCreatedCollab',
        accountId: 1002,
        subjectId: 9,
      }),
    ).toBe('/dossier/1002/rapports-bi?reportId=9');
    expect(
      notificationLink(config, logger, {
        type: 'Reporting-ReportCreatedCollab',
        accountId: 1002,
        subjectId: null,
      }),
    ).toBe('/dossier/1002/rapports-bi');
  });

  it('follows an edited manifest, and links nothing for a type it does not list', () => {
    const edited = structuredClone(config);
    edited.notifications.links = { 'Mandate-MandateStatusChanged': { route: 'mandates' } };
    expect(
      notificationLink(edited, logger, {
        type: 'Mandate-MandateStatusChanged',
        accountId: 1001,
        subjectId: 3,
      }),
    ).toBe('/mandats');
    expect(
      notificationLink(edited, logger, { type: 'Ged-GSDocumentUploaded', accountId: 1001, subjectId: 3 }),
    ).toBeNull();
  });
});
