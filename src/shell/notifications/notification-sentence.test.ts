import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import commonFr from '../../../locales/fr-FR/common.json';
import notificationsFr from '../../../locales/fr-FR/notifications.json';
import { loadRealManifest } from '../../testing/manifest.ts';
import { notificationLink } from './notification-link.ts';
import { notificationSentence, type Translate } from './notification-sentence.ts';

const config = loadRealManifest();
const logger = { error: () => undefined };
const i18n = i18next.createInstance();
await i18n.init({
  lng: 'fr-FR',
  resources: { 'fr-FR': { common: commonFr, notifications: notificationsFr } },
  defaultNS: 'notifications',
  interpolation: { escapeValue: false },
});
const t = i18n.t.bind(i18n) as unknown as Translate;
const CLAIRE = 7;
const HUGO = 12;

const said = (
  type: string,
  data: Record<string, string | number>,
  subjectId: number | null = 5,
  me = CLAIRE,
) => notificationSentence({ type, accountName: 'Solo SARL', subjectId, data }, me, t, config);
const link = (type: string, subjectId: number | null = 5) =>
  notificationLink(config, logger, { type, accountId: 1001, subjectId });

describe('each event type says who did what to what, and opens the place that shows it', () => {
  it('Delegation-AddDelegation, invited: to others and to the invited person; the users list on their row', () => {
    const data = {
      kind: 'invited',
      actor: 'Claire Solo',
      person: 'Hugo Bernard',
      codes: 'CLBANK001,CLKPI0001',
    };
    expect(said('Delegation-AddDelegation', data, HUGO)).toEqual({
      sentence: 'Claire Solo a invité Hugo Bernard sur Solo SARL',
      detail: 'Banque, Indicateurs',
    });
    expect(said('Delegation-AddDelegation', data, HUGO, HUGO).sentence).toBe(
      'Claire Solo vous a invité sur Solo SARL',
    );
    expect(link('Delegation-AddDelegation', HUGO)).toBe('/dossier/1001/gestion-utilisateurs?person=12');
  });

  it('Delegation-AddDelegation, granted, joined, assigned: rights, signatory and roles in words', () => {
    expect(
      said('Delegation-AddDelegation', {
        kind: 'granted',
        actor: 'Claire Solo',
        person: 'Hugo Bernard',
        codes: 'CLBANK001,CLKPI0001',
        signatory: 1,
      }).sentence,
    ).toBe('Claire Solo a donné à Hugo Bernard : Banque, Indicateurs, Signataire');
    expect(
      said(
        'Delegation-AddDelegation',
        { kind: 'granted', actor: 'Claire Solo', person: 'Hugo Bernard', codes: 'CLKPI0001' },
        HUGO,
        HUGO,
      ).sentence,
    ).toBe('Claire Solo vous a donné : Indicateurs');
    expect(
      said('Delegation-AddDelegation', {
        kind: 'joined',
        actor: 'Hugo Bernard',
        person: 'Hugo Bernard',
        inviter: 'Claire Solo',
        codes: 'CLUSER001',
      }),
    ).toEqual({
      sentence: "Hugo Bernard a rejoint Solo SARL à l'invitation de Claire Solo",
      detail: 'Voir les utilisateurs',
    });
    expect(
      said('Delegation-AddDelegation', {
        kind: 'assigned',
        actor: 'Paul Collab',
        person: 'Lea Collab',
        role: 'accountant',
      }).sentence,
    ).toBe('Paul Collab a affecté Lea Collab au dossier Solo SARL : Comptable');
  });

  it('Mandate-MandateStatusChanged: who moved which mandate, statuses in words; the information tab on that mandate', () => {
    expect(
      said('Mandate-MandateStatusChanged', {
        actor: 'Paul Collab',
        from: 'pending',
        to: 'active',
        type: 'Mission sociale',
      }).sentence,
    ).toBe('Paul Collab a passé le mandat « Mission sociale » de « En attente de signature » à « Actif »');
    expect(link('Mandate-MandateStatusChanged')).toBe('/dossier/1001/informations?mandateId=5');
  });

  it.each([
    ['Reporting-ReportCreatedCustomer', 'Claire Solo a déposé le rapport BI « Budget »'],
    ['Reporting-ReportCreatedCollab', 'Claire Solo a déposé le rapport BI « Budget »'],
    ['Reporting-ReportUpdatedCustomer', 'Claire Solo a mis à jour le rapport BI « Budget »'],
    ['Reporting-ReportUpdatedCollab', 'Claire Solo a mis à jour le rapport BI « Budget »'],
  ])('%s: who deposited or updated which report; the reports with it marked', (type, sentence) => {
    expect(said(type, { actor: 'Claire Solo', title: 'Budget' }).sentence).toBe(sentence);
    expect(link(type, 9)).toBe('/dossier/1001/rapports-bi?reportId=9');
  });

  it.each([
    ['Ged-AccountingDocumentUploaded', 'Paul Collab a déposé un document comptable : Bilan.pdf'],
    ['Ged-GSDocumentUploaded', 'Paul Collab a déposé un document de gestion sociale : Bilan.pdf'],
  ])('%s: who deposited which document; the documents with it marked', (type, sentence) => {
    expect(said(type, { actor: 'Paul Collab', name: 'Bilan.pdf' }).sentence).toBe(sentence);
    expect(link(type, 4)).toBe(`/dossier/1001/ged?notificationType=${type}&documentId=4`);
  });

  it('Ged-PennylaneDocumentSyncCompleted: the firm’s systems, in the type’s sentence; the accounting page', () => {
    expect(said('Ged-PennylaneDocumentSyncCompleted', {})).toEqual({
      sentence: 'La synchronisation de vos documents comptables est terminée',
      detail: null,
    });
    expect(link('Ged-PennylaneDocumentSyncCompleted')).toBe(
      '/dossier/1001/comptabilite?notificationType=Ged-PennylaneDocumentSyncCompleted',
    );
  });
});

describe('events stored before names were kept still read in words, never in codes', () => {
  it('an old delegation (its author and codes only) names its author; one with nothing says the type', () => {
    expect(
      said('Delegation-AddDelegation', { by: 'Paul Collab', codes: 'CLBANK001, CLKPI0001' }).sentence,
    ).toBe('Paul Collab a ajouté une délégation sur Solo SARL');
    expect(said('Delegation-AddDelegation', {}).sentence).toBe('Une délégation a été ajoutée');
  });

  it('an old upload or mandate change without its author keeps the general sentence and its detail', () => {
    expect(said('Ged-GSDocumentUploaded', { name: 'Bulletin.pdf' })).toEqual({
      sentence: 'Un nouveau document de gestion sociale est disponible',
      detail: 'Bulletin.pdf',
    });
    expect(said('Mandate-MandateStatusChanged', {}).sentence).toBe("Le statut d'un mandat a changé");
  });

  it('a right the manifest no longer lists reads as a right, not as its code', () => {
    const { sentence } = said('Delegation-AddDelegation', {
      kind: 'granted',
      actor: 'Claire Solo',
      person: 'Hugo Bernard',
      codes: 'CLOLD0001',
    });
    expect(sentence).toBe('Claire Solo a donné à Hugo Bernard : Un autre droit');
  });
});
