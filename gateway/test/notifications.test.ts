// The notification centre of issue 15: an event of a screen reaches the entity's customers by their own
// settings (in-app list and stream, demo inbox), newest first, and they mark it read.
import BetterSqlite3 from 'better-sqlite3';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { makePdf } from '../src/documents/pdf.ts';
import {
  ON_POSTGRES,
  call,
  statusOf,
  collaboratorToken,
  json,
  login,
  type Started,
  startGateway,
  purgedAtRestart,
  withDataDir,
  withGateway,
  openTestDb,
  depositReportFile,
  saveRights,
} from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

type Notification = { id: number; type: string; accountId: number; accountName: string; read: boolean };
type List = { items: Notification[]; unreadCount: number };
type Settings = { favouritesOnly: boolean; types: Record<string, { email: boolean; inApp: boolean }> };

const LIST = '/contact/api/contacts/currentuser/notifications';
const SETTINGS = '/contact/api/contacts/currentuser/notification-settings';

const publish = (type: string, accountId: number, data: Record<string, string> = {}) =>
  call(kit.gateway, 'POST', '/__admin/events', { body: { type, accountId, data } });
const list = async (token: string) => json<List>(await call(kit.gateway, 'GET', LIST, { token }));
const inbox = async (email: string) =>
  json<{ messages: { subject: string }[] }>(
    await call(kit.gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
  ).messages;
const saveSettings = async (token: string, change: (settings: Settings) => void) => {
  const settings = json<Settings>(await call(kit.gateway, 'GET', SETTINGS, { token }));
  change(settings);
  expect((await call(kit.gateway, 'PUT', SETTINGS, { token, body: settings })).status).toBe(200);
};

const kit = gatewaySuite(['claire', 'marc'], { gateway: { portalUrl: 'http://127.0.0.1:5173' } });

/** Opens the event stream of the person holding `token` (`query`: from where it replays). */
async function openStream(gateway: { url: string }, token: string, query = '') {
  const controller = new AbortController();
  const response = await fetch(`${gateway.url}${LIST}/stream${query}`, {
    headers: { authorization: `Bearer ${token}` },
    signal: controller.signal,
  });
  const reader = response.body?.getReader();
  if (!reader) throw new Error('no body');
  return { controller, response, reader };
}

describe('notification centre', () => {
  it('lists an event for every customer of the entity who may read it, newest first, with the entity name', async () => {
    expect((await publish('Ged-AccountingDocumentUploaded', 1001, { name: 'Bilan.pdf' })).status).toBe(204);
    expect((await publish('Reporting-ReportCreatedCollab', 1001, { title: 'Synthèse' })).status).toBe(204);
    const mine = await list(kit.claire);
    expect(mine.items.map((item) => item.type)).toEqual([
      'Reporting-ReportCreatedCollab',
      'Ged-AccountingDocumentUploaded',
    ]);
    expect(mine.items[0]).toMatchObject({
      accountId: 1001,
      accountName: 'Boulangerie Martin SARL',
      read: false,
    });
    expect(mine.unreadCount).toBe(2);
    // Marc reads accounting documents on 1001, not its BI reports.
    expect((await list(kit.marc)).items.map((item) => item.type)).toEqual(['Ged-AccountingDocumentUploaded']);
  });

  it('sends the bell its count with the user context, so the way in needs no call of its own', async () => {
    const mine = await list(kit.claire);
    const context = json<{ notifications: { unreadCount: number; newestId: number | null } }>(
      await call(kit.gateway, 'GET', '/connect/api/get-user-information', { token: kit.claire }),
    );
    expect(context.notifications).toEqual({
      unreadCount: mine.unreadCount,
      newestId: mine.items[0]?.id ?? null,
    });
    expect(mine.unreadCount).toBeGreaterThan(0);
  });

  it('marks one, then all, as read; never another person’s', async () => {
    const [newest] = (await list(kit.claire)).items;
    if (!newest) throw new Error('no notification');
    expect(
      await statusOf(kit.gateway, 'POST', `${LIST}/${String(newest.id)}/read`, { token: kit.marc }),
    ).toBe(404);
    expect(
      await statusOf(kit.gateway, 'POST', `${LIST}/${String(newest.id)}/read`, { token: kit.claire }),
    ).toBe(204);
    expect((await list(kit.claire)).unreadCount).toBe(1);
    expect((await list(kit.marc)).unreadCount).toBe(1);
    expect((await call(kit.gateway, 'POST', `${LIST}/read-all`, { token: kit.claire })).status).toBe(204);
    const after = await list(kit.claire);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item) => item.read)).toBe(true);
  });

  it('keeps a type out of the list when its in-app channel is off, and mails it when e-mail is on', async () => {
    await saveSettings(kit.claire, (settings) => {
      settings.types['Ged-GSDocumentUploaded'] = { email: true, inApp: false };
    });
    const mailsBefore = (await inbox('claire.solo@demo.test')).length;
    const before = (await list(kit.claire)).items.length;
    await publish('Ged-GSDocumentUploaded', 1001, { name: 'Bulletin.pdf' });
    expect((await list(kit.claire)).items.length).toBe(before);
    const mails = await inbox('claire.solo@demo.test');
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toBe('Un nouveau document de gestion sociale est disponible');
  });

  it('sends no e-mail when the e-mail channel is off', async () => {
    await saveSettings(kit.claire, (settings) => {
      settings.types['Mandate-MandateStatusChanged'] = { email: false, inApp: true };
    });
    const mailsBefore = (await inbox('claire.solo@demo.test')).length;
    await publish('Mandate-MandateStatusChanged', 1001);
    expect((await inbox('claire.solo@demo.test')).length).toBe(mailsBefore);
    expect((await list(kit.claire)).items[0]?.type).toBe('Mandate-MandateStatusChanged');
  });

  it('with favourites only, lists events of favourite entities only', async () => {
    await saveSettings(kit.marc, (settings) => {
      settings.favouritesOnly = true;
    });
    await call(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/1002', {
      token: kit.marc,
      body: { favorite: true },
    });
    await call(kit.gateway, 'PUT', '/wallet/api/portfolio/favorites/1001', {
      token: kit.marc,
      body: { favorite: false },
    });
    const before = (await list(kit.marc)).items.length;
    await publish('Delegation-AddDelegation', 1001);
    expect((await list(kit.marc)).items.length).toBe(before);
    await publish('Delegation-AddDelegation', 1002);
    expect((await list(kit.marc)).items[0]).toMatchObject({
      type: 'Delegation-AddDelegation',
      accountId: 1002,
    });
  });

  it('pushes a new notification on the event stream of its recipient', async () => {
    const { controller, response, reader } = await openStream(kit.gateway, kit.claire);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    expect(received).toContain(': connected');
    await publish('Reporting-ReportCreatedCollab', 1001, { title: 'En direct' });
    while (!received.includes('event: notification')) received += decoder.decode((await reader.read()).value);
    expect(received).toContain('"title":"En direct"');
    controller.abort();
  });

  it('replays on the stream what is newer than the id the portal holds', async () => {
    const [newest] = (await list(kit.claire)).items;
    if (!newest) throw new Error('no notification');
    await publish('Ged-AccountingDocumentUploaded', 1001, { name: 'Entre-deux.pdf' });
    const { controller, reader } = await openStream(kit.gateway, kit.claire, `?after=${String(newest.id)}`);
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: notification')) received += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(received).toContain('Entre-deux.pdf');
    expect(received).not.toContain(`"id":${String(newest.id)},`);
  });

  it('ends the stream the moment its session is signed out', async () => {
    const token = await login(kit.gateway, 'claire.solo@demo.test');
    const response = await fetch(`${kit.gateway.url}${LIST}/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
    expect((await call(kit.gateway, 'POST', '/authentication/api/logout', { token })).status).toBeLessThan(
      300,
    );
    // Nothing else may reach a signed-out tab: the line closes instead of waiting for the token's expiry.
    let next = await reader.read();
    while (!next.done && new TextDecoder().decode(next.value).startsWith(':')) next = await reader.read();
    expect(next.done).toBe(true);
    // Claire's other sign-in keeps its own line.
    expect((await list(kit.claire)).unreadCount).toBeGreaterThanOrEqual(0);
  });

  it('refuses the stream and the list without a session', async () => {
    expect((await call(kit.gateway, 'GET', `${LIST}/stream`)).status).toBe(401);
    expect((await call(kit.gateway, 'GET', LIST)).status).toBe(401);
  });
});

// Issue 27, item 4: a notification tells the subject's name (a payslip's file, an HR report's title, the
// codes given to someone), so only those who may read the subject get it, by the read routes' codes, and
// the list, the count and the stream ask again: a right taken away later hides what it showed.
describe('who is told what', () => {
  let own: Started;
  let ownClaire: string;
  let ownMarc: string;
  let ownPaul: string;

  const publishOn = (type: string, data: Record<string, string>) =>
    call(own, 'POST', '/__admin/events', { body: { type, accountId: 1001, data } });
  const listOf = async (token: string) => json<List>(await call(own, 'GET', `${LIST}?limit=100`, { token }));
  const namesOf = async (token: string) =>
    (await listOf(token)).items.map((item) => JSON.stringify(item)).join('\n');
  const countOf = async (token: string) =>
    json<{ notifications: { unreadCount: number } }>(
      await call(own, 'GET', '/connect/api/get-user-information', { token }),
    ).notifications.unreadCount;
  /** What a stream opened now replays from the start (`after=0`), until the marker arrives. */
  const replayed = async (token: string, marker: string) => {
    const { controller, reader } = await openStream(own, token, '?after=0');
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes(marker)) received += decoder.decode((await reader.read()).value);
    controller.abort();
    return received;
  };
  const marcOn1001 = async () => {
    const page = json<{ items: { userId: number; version: number; permissions: string[] }[] }>(
      await call(own, 'GET', '/account/api/accounts/1001/users?pageSize=100', { token: ownClaire }),
    );
    const marcRow = page.items.find(
      (item) => item.permissions.includes('CLKPI0001') && !item.permissions.includes('CLBANK001'),
    );
    if (!marcRow) throw new Error('Marc is not on 1001');
    return marcRow;
  };
  const setMarcCodes = async (permissions: string[]) => {
    const marcRow = await marcOn1001();
    const answer = await saveRights(own, ownClaire, 1001, { ...marcRow, isSignatory: false }, permissions);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  };

  beforeAll(async () => {
    own = await startGateway({ portalUrl: 'http://127.0.0.1:5173' });
    ownClaire = await login(own, 'claire.solo@demo.test');
    ownMarc = await login(own, 'marc.multi@demo.test');
    ownPaul = await collaboratorToken(own, 'paul.collab@demo.test');
  }, 60_000);
  afterAll(async () => {
    await own.dispose();
  });

  it('tells a payslip only to holders of the payroll code: not in the list, the count or the stream of others', async () => {
    const { controller, reader } = await openStream(own, ownMarc);
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    const marcCount = await countOf(ownMarc);
    expect((await publishOn('Ged-GSDocumentUploaded', { name: 'Bulletin-Claire-mai.pdf' })).status).toBe(204);
    // Marc may read accounting documents on 1001: this one reaches his stream, after the payslip would have.
    expect((await publishOn('Ged-AccountingDocumentUploaded', { name: 'Facture-mai.pdf' })).status).toBe(204);
    while (!received.includes('Facture-mai.pdf')) received += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(received).not.toContain('Bulletin-Claire-mai.pdf');
    expect(await namesOf(ownMarc)).not.toContain('Bulletin-Claire-mai.pdf');
    expect(await countOf(ownMarc)).toBe(marcCount + 1);
    // Claire holds CLGED0001 on 1001.
    expect(await namesOf(ownClaire)).toContain('Bulletin-Claire-mai.pdf');
  });

  it('tells an HR report deposited by the firm only to holders of the HR reports code', async () => {
    const response = await depositReportFile(
      own,
      ownPaul,
      { accountId: '1001', kind: 'hr', title: 'Masse salariale 2026', period: '2026-10' },
      new Uint8Array(makePdf('Masse salariale', [])),
      'rh.pdf',
    );
    expect(response.status).toBe(201);
    expect(await namesOf(ownClaire)).toContain('Masse salariale 2026');
    expect(await namesOf(ownMarc)).not.toContain('Masse salariale 2026');
  });

  it('hides an old notification once the code that showed it is taken away, and shows it while held', async () => {
    await setMarcCodes(['CLGED0002', 'CLKPI0001', 'CLGED0001']);
    // The delegation tells Marc (it is about him) which codes he got.
    expect(await namesOf(ownMarc)).toContain('CLGED0001');
    const before = await countOf(ownMarc);
    await publishOn('Ged-GSDocumentUploaded', { name: 'Bulletin-Marc-juin.pdf' });
    expect(await namesOf(ownMarc)).toContain('Bulletin-Marc-juin.pdf');
    expect(await countOf(ownMarc)).toBe(before + 1);
    expect(await replayed(ownMarc, 'Bulletin-Marc-juin.pdf')).toContain('Bulletin-Marc-juin.pdf');

    await setMarcCodes(['CLGED0002', 'CLKPI0001']);
    await publishOn('Ged-AccountingDocumentUploaded', { name: 'Marqueur.pdf' });
    expect(await namesOf(ownMarc)).not.toContain('Bulletin-Marc-juin.pdf');
    expect((await listOf(ownMarc)).unreadCount).toBe(
      (await listOf(ownMarc)).items.filter((i) => !i.read).length,
    );
    expect(await replayed(ownMarc, 'Marqueur.pdf')).not.toContain('Bulletin-Marc-juin.pdf');
  });

  it('tells the codes given to someone to that person and to those who may list the users only', async () => {
    await setMarcCodes(['CLGED0002', 'CLKPI0001', 'CLBANK001']);
    const db = await openTestDb(own, { readonly: true });
    try {
      const told = await db
        .selectFrom('recorded_notifications as n')
        .innerJoin('users as u', 'u.id', 'n.user_id')
        .select('u.email')
        .distinct()
        .where('n.type', '=', 'Delegation-AddDelegation')
        .where('n.data', 'like', '%CLBANK001%')
        .orderBy('u.email')
        .execute();
      // Sophie and Julie (customers of 1001 without CLUSER001 or CLADMI001) are not told who got what.
      expect(told.map((row) => row.email)).toEqual(['marc.multi@demo.test']);
    } finally {
      await db.destroy();
    }
    expect(await namesOf(ownMarc)).toContain('CLBANK001');
  });
});

// SQLite only: the old table is remade with SQLite statements (PostgreSQL's migrations are tested in
// db/migrations.test.ts).
describe.skipIf(ON_POSTGRES)('notifications recorded before their readers were kept', () => {
  it('hides from a customer without the code a payslip the old centre told every customer', async () => {
    await withDataDir('gateway-old-rows-', async (dataDir) => {
      await (await startGateway({ dataDir })).dispose();
      const db = new BetterSqlite3(join(dataDir, 'gateway.sqlite'));
      // The table as it was before migration 0003, with the row the old centre wrote for Marc.
      db.exec('ALTER TABLE recorded_notifications DROP COLUMN readers');
      db.exec('ALTER TABLE recorded_notifications DROP COLUMN reader_id');
      db.exec("DELETE FROM kysely_migration WHERE name >= '0003'");
      const marcId = db
        .prepare<[string], { id: number }>('SELECT id FROM users WHERE email = ?')
        .get('marc.multi@demo.test')?.id;
      const insert = db.prepare(
        "INSERT INTO recorded_notifications (user_id, account_id, type, subject_id, data, created_at) VALUES (?, 1001, ?, NULL, ?, datetime('now'))",
      );
      insert.run(marcId, 'Ged-GSDocumentUploaded', JSON.stringify({ name: 'Bulletin-ancien.pdf' }));
      insert.run(marcId, 'Ged-AccountingDocumentUploaded', JSON.stringify({ name: 'Facture-ancienne.pdf' }));
      db.close();
      await withGateway({ dataDir }, async (second) => {
        const token = await login(second, 'marc.multi@demo.test');
        const names = JSON.stringify(json<List>(await call(second, 'GET', LIST, { token })).items);
        expect(names).toContain('Facture-ancienne.pdf');
        expect(names).not.toContain('Bulletin-ancien.pdf');
      });
    });
  });
});

// Issue 27, item 10: each open stream holds a connection, two timers and a place in memory: a person
// keeps a few (tabs and devices), and the oldest goes first when one more opens.
describe('event streams per person', () => {
  it('keeps at most five streams for one person, closing the oldest when a sixth opens', async () => {
    await withGateway({}, async (own) => {
      const token = await login(own, 'claire.solo@demo.test');
      const controllers: AbortController[] = [];
      const readers: ReadableStreamDefaultReader<Uint8Array>[] = [];
      for (let opened = 0; opened < 6; opened += 1) {
        const { controller, reader } = await openStream(own, token);
        expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
        controllers.push(controller);
        readers.push(reader);
      }
      const [oldest, ...kept] = readers;
      let next = await oldest?.read();
      let last = '';
      while (next && !next.done) {
        last += new TextDecoder().decode(next.value);
        next = await oldest?.read();
      }
      expect(next?.done).toBe(true);
      // Said before it ends, so that tab waits before opening again instead of ending another one.
      expect(last).toContain('event: replaced');
      // The five others still receive.
      await call(own, 'POST', '/__admin/events', {
        body: { type: 'Ged-AccountingDocumentUploaded', accountId: 1001, data: { name: 'Cinq.pdf' } },
      });
      for (const reader of kept) {
        let received = '';
        while (!received.includes('Cinq.pdf'))
          received += new TextDecoder().decode((await reader.read()).value);
      }
      for (const controller of controllers) controller.abort();
    });
  });
});

// Issue 27, item 9: notifications are kept a configurable number of days (180 by default), then purged
// at start and periodically.
describe('notification retention', () => {
  it('purges every hour while running', async () => {
    // Only the intervals are fake: the purge's hour passes at once, HTTP and the database stay real.
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const own = await startGateway({ notificationRetentionDays: 30 });
    try {
      await call(own, 'POST', '/__admin/events', {
        body: { type: 'Ged-AccountingDocumentUploaded', accountId: 1001, data: { name: 'Périmé.pdf' } },
      });
      const token = await login(own, 'claire.solo@demo.test');
      const names = async () => JSON.stringify(json<List>(await call(own, 'GET', LIST, { token })).items);
      expect(await names()).toContain('Périmé.pdf');
      const db = await openTestDb(own);
      await db
        .updateTable('recorded_notifications')
        .set({ created_at: new Date(Date.now() - 31 * 86_400_000).toISOString() })
        .where('data', 'like', '%Périmé.pdf%')
        .execute();
      await db.destroy();
      expect(await names()).toContain('Périmé.pdf');
      vi.advanceTimersByTime(3_600_000);
      expect(await names()).not.toContain('Périmé.pdf');
    } finally {
      vi.useRealTimers();
      await own.dispose();
    }
  });

  it('purges at start the notifications older than the retention, and keeps the younger ones', async () => {
    await purgedAtRestart('gateway-retention-', {
      record: async (first) => {
        for (const name of ['Ancien.pdf', 'Récent.pdf'])
          await call(first, 'POST', '/__admin/events', {
            body: { type: 'Ged-AccountingDocumentUploaded', accountId: 1001, data: { name } },
          });
      },
      age: async (db, daysAgo) => {
        for (const [name, days] of [
          ['Ancien.pdf', 31],
          ['Récent.pdf', 29],
        ] as const)
          await db
            .updateTable('recorded_notifications')
            .set({ created_at: daysAgo(days) })
            .where('data', 'like', `%${name}%`)
            .execute();
      },
      second: { notificationRetentionDays: 30 },
      check: async (second) => {
        const token = await login(second, 'claire.solo@demo.test');
        const names = JSON.stringify(json<List>(await call(second, 'GET', LIST, { token })).items);
        expect(names).toContain('Récent.pdf');
        expect(names).not.toContain('Ancien.pdf');
      },
    });
  });
});
