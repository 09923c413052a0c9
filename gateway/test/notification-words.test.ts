// Issue 30 item 7: each notification says who did what to what. For every event type of SPEC 3 the
// recorded notification carries the facts the portal words its sentence with (who acted, whom or what it
// is about) and the subject its link opens; a rights save that changes nothing writes nothing.
import { describe, expect, it } from 'vitest';
import { makePdf } from '../src/documents/pdf.ts';
import { call, depositReportFile, invite, json, saveRights, uploadAccountingPdf } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

type Notification = {
  id: number;
  type: string;
  accountId: number;
  accountName: string;
  subjectId: number | null;
  data: Record<string, string | number>;
};
type Listed = {
  userId: number | null;
  email: string;
  permissions: string[];
  version: number;
  isSignatory: boolean;
};

const LIST = '/contact/api/contacts/currentuser/notifications';
/** Sam as Claire invites him to 1001, with the code to see its people. */
const SAM_INVITED = {
  email: 'sam.nousers@demo.test',
  firstName: 'Sam',
  lastName: 'Nouveau',
  permissions: ['CLUSER001'],
};
const kit = gatewaySuite(['claire', 'marc', 'sam', 'paul', 'lea'], { db: true });

const newest = async (token: string, type: string): Promise<Notification | undefined> =>
  json<{ items: Notification[] }>(await call(kit.gateway, 'GET', LIST, { token })).items.find(
    (item) => item.type === type,
  );

/** The newest notification of the type recorded for the person with this address (read or not). */
async function recordedFor(email: string, type: string) {
  const row = await kit.db
    .selectFrom('recorded_notifications as n')
    .innerJoin('users as u', 'u.id', 'n.user_id')
    .select(['n.subject_id', 'n.data'])
    .where('u.email', '=', email)
    .where('n.type', '=', type)
    .orderBy('n.id', 'desc')
    .executeTakeFirst();
  return row && { subjectId: row.subject_id, data: JSON.parse(row.data) as Record<string, unknown> };
}

const usersOf = async (accountId: number) =>
  json<{ items: Listed[] }>(
    await call(kit.gateway, 'GET', `/account/api/accounts/${String(accountId)}/users?pageSize=100`, {
      token: kit.claire,
    }),
  ).items;

async function upload(token: string, kind: string, name: string): Promise<number> {
  const answer = await uploadAccountingPdf(kit.gateway, token, new Uint8Array(makePdf(name, [])), name, kind);
  expect(answer.status).toBe(201);
  return ((await answer.json()) as { id: number }).id;
}

describe('each event type says who did what to what', () => {
  it('Ged-AccountingDocumentUploaded: who deposited which document, and the document', async () => {
    const answer = await uploadAccountingPdf(
      kit.gateway,
      kit.claire,
      new Uint8Array(makePdf('Grand livre', [])),
      'Grand livre 2026.pdf',
    );
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    // Marc reads the accounting documents of 1001; Claire, who deposited it, is not told.
    expect(await newest(kit.marc, 'Ged-AccountingDocumentUploaded')).toMatchObject({
      accountName: 'Boulangerie Martin SARL',
      subjectId: id,
      data: { actor: 'Claire Solo', name: 'Grand livre 2026.pdf' },
    });
  });

  it('Ged-GSDocumentUploaded: who deposited which payslip', async () => {
    // Payslips are deposited and read by holders of CLGED0001: Claire gives it to Marc on 1001 first.
    const marc = (await usersOf(1001)).find((row) => row.email === 'marc.multi@demo.test');
    if (!marc?.userId) throw new Error('Marc is on 1001');
    const given = await saveRights(kit.gateway, kit.claire, 1001, marc, [...marc.permissions, 'CLGED0001']);
    expect(given.status).toBe(200);
    const id = await upload(kit.claire, 'social-management', 'Bulletin octobre.pdf');
    expect(await newest(kit.marc, 'Ged-GSDocumentUploaded')).toMatchObject({
      subjectId: id,
      data: { actor: 'Claire Solo', name: 'Bulletin octobre.pdf' },
    });
  });

  it('Reporting-ReportCreatedCollab: who deposited which report', async () => {
    const answer = await depositReportFile(
      kit.gateway,
      kit.paul,
      { accountId: '1001', kind: 'financial', title: 'Synthèse du trimestre', period: '2026-09' },
      new Uint8Array(makePdf('Synthèse', [])),
      'synthese.pdf',
    );
    expect(answer.status).toBe(201);
    const { id } = (await answer.json()) as { id: number };
    expect(await newest(kit.claire, 'Reporting-ReportCreatedCollab')).toMatchObject({
      subjectId: id,
      data: { actor: 'Paul Collab', title: 'Synthèse du trimestre' },
    });
  });

  it('Mandate-MandateStatusChanged: who moved which mandate from which status to which', async () => {
    const mandates = json<{
      items: { id: number; accountId: number; status: string; version: number; type: string }[];
    }>(
      await call(kit.gateway, 'GET', '/wallet/api/portfolio/mandates?pageSize=100', { token: kit.paul }),
    ).items;
    const mandate = mandates.find((item) => item.accountId === 1001 && item.status !== 'revoked');
    if (!mandate) throw new Error('1001 has mandates');
    const changed = await call(kit.gateway, 'PUT', `/wallet/api/mandates/${String(mandate.id)}/status`, {
      token: kit.paul,
      body: { status: 'revoked', version: mandate.version },
    });
    expect(changed.status).toBe(200);
    expect(await newest(kit.claire, 'Mandate-MandateStatusChanged')).toMatchObject({
      subjectId: mandate.id,
      data: { actor: 'Paul Collab', from: mandate.status, to: 'revoked', type: mandate.type },
    });
  });

  // No screen raises these yet: the admin call does, as the firm's systems would, and names nobody.
  it.each([
    ['Reporting-ReportCreatedCustomer', { title: 'Budget 2027' }],
    ['Reporting-ReportUpdatedCustomer', { title: 'Budget 2027 révisé' }],
    ['Reporting-ReportUpdatedCollab', { title: 'Synthèse corrigée' }],
    ['Ged-PennylaneDocumentSyncCompleted', {}],
  ])('%s: raised by the firm’s systems, with its subject and no actor', async (type, data) => {
    const raised = await call(kit.gateway, 'POST', '/__admin/events', {
      body: { type, accountId: 1001, subjectId: 77, data },
    });
    expect(raised.status).toBe(204);
    const notification = await newest(kit.claire, type);
    expect(notification).toMatchObject({ subjectId: 77, data });
    expect(notification?.data).not.toHaveProperty('actor');
  });
});

describe('Delegation-AddDelegation says who gave what to whom', () => {
  it('granted: the codes given and to whom; the person is the subject the link highlights', async () => {
    const sophie = (await usersOf(1001)).find((row) => row.email === 'sophie.martin@demo.test');
    if (!sophie?.userId) throw new Error('Sophie is seeded on 1001');
    const saved = await saveRights(kit.gateway, kit.claire, 1001, sophie, [
      ...sophie.permissions,
      'CLGED0002',
    ]);
    expect(saved.status).toBe(200);
    expect(await recordedFor('sophie.martin@demo.test', 'Delegation-AddDelegation')).toEqual({
      subjectId: sophie.userId,
      data: { kind: 'granted', person: 'Sophie Martin', codes: 'CLGED0002', actor: 'Claire Solo' },
    });
  });

  it('a rights save that changes nothing writes nothing: no version, no history line, no notification', async () => {
    const sophie = (await usersOf(1001)).find((row) => row.email === 'sophie.martin@demo.test');
    if (!sophie?.userId) throw new Error('Sophie is seeded on 1001');
    const history = async () =>
      json<{ totalItems: number }>(
        await call(kit.gateway, 'GET', '/account/api/accounts/1001/delegations', { token: kit.paul }),
      ).totalItems;
    const notifications = async () =>
      (
        await kit.db
          .selectFrom('recorded_notifications')
          .select((eb) => eb.fn.countAll().as('count'))
          .executeTakeFirstOrThrow()
      ).count;
    const [linesBefore, notifiedBefore] = [await history(), await notifications()];
    // The same codes in another order: nothing changes.
    const saved = await saveRights(kit.gateway, kit.claire, 1001, sophie, [...sophie.permissions].reverse());
    expect(saved.status).toBe(200);
    expect(json<{ version: number }>(saved).version).toBe(sophie.version);
    expect(await history()).toBe(linesBefore);
    expect(await notifications()).toBe(notifiedBefore);
  });

  it('invited, then joined: the invited person reads who invited them once they have joined, the inviter who joined', async () => {
    const invited = await invite(kit.gateway, kit.claire, 1001, SAM_INVITED);
    expect(invited.status).toBe(201);
    // Not a user of 1001 yet: nothing of it shows to Sam.
    expect(await newest(kit.sam, 'Delegation-AddDelegation')).toBeUndefined();
    const [invitation] = json<{ items: { invitationId: number; accountId: number }[] }>(
      await call(kit.gateway, 'GET', '/account/api/invitations', { token: kit.sam }),
    ).items.filter((item) => item.accountId === 1001);
    if (!invitation) throw new Error('Sam is invited to 1001');
    const accepted = await call(
      kit.gateway,
      'POST',
      `/account/api/invitations/${String(invitation.invitationId)}/accept`,
      { token: kit.sam },
    );
    expect(accepted.status).toBe(204);
    const sam = (await usersOf(1001)).find((row) => row.email === 'sam.nousers@demo.test');
    if (!sam?.userId) throw new Error('Sam joined 1001');
    expect(await newest(kit.sam, 'Delegation-AddDelegation')).toMatchObject({
      accountName: 'Boulangerie Martin SARL',
      subjectId: sam.userId,
      data: { kind: 'invited', actor: 'Claire Solo', person: 'Sam Nouveau', codes: 'CLUSER001' },
    });
    expect(await newest(kit.claire, 'Delegation-AddDelegation')).toMatchObject({
      subjectId: sam.userId,
      data: {
        kind: 'joined',
        actor: expect.stringMatching(/^Sam /) as unknown,
        inviter: 'Claire Solo',
        codes: 'CLUSER001',
      },
    });
  });

  it('assigned: who assigned which collaborator to the folder, and as what', async () => {
    const lea = await kit.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', 'lea.collab@demo.test')
      .executeTakeFirstOrThrow();
    const assigned = await call(
      kit.gateway,
      'PUT',
      `/wallet/api/accounts/1002/collaborators/${String(lea.id)}`,
      {
        token: kit.paul,
        body: { role: 'payroll' },
      },
    );
    expect(assigned.status).toBe(204);
    // Lea is told, although she holds no code there: it is about her.
    expect(await newest(kit.lea, 'Delegation-AddDelegation')).toMatchObject({
      accountId: 1002,
      subjectId: lea.id,
      data: { kind: 'assigned', actor: 'Paul Collab', person: 'Lea Collab', role: 'payroll' },
    });
  });
});
