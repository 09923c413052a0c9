// The notification centre of issue 15: an event of a screen reaches the entity's customers by their own
// settings (in-app list and stream, demo inbox), newest first, and they mark it read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, json, login, type Started, startGateway } from './helpers.ts';

type Notification = { id: number; type: string; accountId: number; accountName: string; read: boolean };
type List = { items: Notification[]; unreadCount: number };
type Settings = { favouritesOnly: boolean; types: Record<string, { email: boolean; inApp: boolean }> };

const LIST = '/contact/api/contacts/currentuser/notifications';
const SETTINGS = '/contact/api/contacts/currentuser/notification-settings';

let gateway: Started;
let claire: string;
let marc: string;

const publish = (type: string, accountId: number, data: Record<string, string> = {}) =>
  call(gateway, 'POST', '/__admin/events', { body: { type, accountId, data } });
const list = async (token: string) => json<List>(await call(gateway, 'GET', LIST, { token }));
const inbox = async (email: string) =>
  json<{ messages: { subject: string }[] }>(
    await call(gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`),
  ).messages;
const saveSettings = async (token: string, change: (settings: Settings) => void) => {
  const settings = json<Settings>(await call(gateway, 'GET', SETTINGS, { token }));
  change(settings);
  expect((await call(gateway, 'PUT', SETTINGS, { token, body: settings })).status).toBe(200);
};

beforeAll(async () => {
  gateway = await startGateway({ portalUrl: 'http://127.0.0.1:5173' });
  claire = await login(gateway, 'claire.solo@demo.test');
  marc = await login(gateway, 'marc.multi@demo.test');
});
afterAll(async () => {
  await gateway.dispose();
});

describe('notification centre', () => {
  it('lists an event for every customer of the entity, newest first, with the entity name', async () => {
    expect((await publish('Ged-AccountingDocumentUploaded', 1001, { name: 'Bilan.pdf' })).status).toBe(204);
    expect((await publish('Reporting-ReportCreatedCollab', 1001, { title: 'Synthèse' })).status).toBe(204);
    const mine = await list(claire);
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
    expect((await list(marc)).unreadCount).toBe(2);
  });

  it('sends the bell its count with the user context, so the way in needs no call of its own', async () => {
    const mine = await list(claire);
    const context = json<{ notifications: { unreadCount: number; newestId: number | null } }>(
      await call(gateway, 'GET', '/connect/api/get-user-information', { token: claire }),
    );
    expect(context.notifications).toEqual({
      unreadCount: mine.unreadCount,
      newestId: mine.items[0]?.id ?? null,
    });
    expect(mine.unreadCount).toBeGreaterThan(0);
  });

  it('marks one, then all, as read; never another person’s', async () => {
    const [newest] = (await list(claire)).items;
    if (!newest) throw new Error('no notification');
    expect((await call(gateway, 'POST', `${LIST}/${String(newest.id)}/read`, { token: marc })).status).toBe(
      404,
    );
    expect((await call(gateway, 'POST', `${LIST}/${String(newest.id)}/read`, { token: claire })).status).toBe(
      204,
    );
    expect((await list(claire)).unreadCount).toBe(1);
    expect((await list(marc)).unreadCount).toBe(2);
    expect((await call(gateway, 'POST', `${LIST}/read-all`, { token: claire })).status).toBe(204);
    const after = await list(claire);
    expect(after.unreadCount).toBe(0);
    expect(after.items.every((item) => item.read)).toBe(true);
  });

  it('keeps a type out of the list when its in-app channel is off, and mails it when e-mail is on', async () => {
    await saveSettings(claire, (settings) => {
      settings.types['Ged-GSDocumentUploaded'] = { email: true, inApp: false };
    });
    const mailsBefore = (await inbox('claire.solo@demo.test')).length;
    const before = (await list(claire)).items.length;
    await publish('Ged-GSDocumentUploaded', 1001, { name: 'Bulletin.pdf' });
    expect((await list(claire)).items.length).toBe(before);
    const mails = await inbox('claire.solo@demo.test');
    expect(mails.length).toBe(mailsBefore + 1);
    expect(mails.at(-1)?.subject).toBe('Un nouveau document de gestion sociale est disponible');
  });

  it('sends no e-mail when the e-mail channel is off', async () => {
    await saveSettings(claire, (settings) => {
      settings.types['Mandate-MandateStatusChanged'] = { email: false, inApp: true };
    });
    const mailsBefore = (await inbox('claire.solo@demo.test')).length;
    await publish('Mandate-MandateStatusChanged', 1001);
    expect((await inbox('claire.solo@demo.test')).length).toBe(mailsBefore);
    expect((await list(claire)).items[0]?.type).toBe('Mandate-MandateStatusChanged');
  });

  it('with favourites only, lists events of favourite entities only', async () => {
    await saveSettings(marc, (settings) => {
      settings.favouritesOnly = true;
    });
    await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/1002', {
      token: marc,
      body: { favorite: true },
    });
    await call(gateway, 'PUT', '/wallet/api/portfolio/favorites/1001', {
      token: marc,
      body: { favorite: false },
    });
    const before = (await list(marc)).items.length;
    await publish('Delegation-AddDelegation', 1001);
    expect((await list(marc)).items.length).toBe(before);
    await publish('Delegation-AddDelegation', 1002);
    expect((await list(marc)).items[0]).toMatchObject({ type: 'Delegation-AddDelegation', accountId: 1002 });
  });

  it('pushes a new notification on the event stream of its recipient', async () => {
    const controller = new AbortController();
    const response = await fetch(`${gateway.url}${LIST}/stream`, {
      headers: { authorization: `Bearer ${claire}` },
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let received = decoder.decode((await reader.read()).value);
    expect(received).toContain(': connected');
    await publish('Reporting-ReportCreatedCollab', 1001, { title: 'En direct' });
    while (!received.includes('event: notification')) received += decoder.decode((await reader.read()).value);
    expect(received).toContain('"title":"En direct"');
    controller.abort();
  });

  it('replays on the stream what is newer than the id the portal holds', async () => {
    const [newest] = (await list(claire)).items;
    if (!newest) throw new Error('no notification');
    await publish('Ged-AccountingDocumentUploaded', 1001, { name: 'Entre-deux.pdf' });
    const controller = new AbortController();
    const response = await fetch(`${gateway.url}${LIST}/stream?after=${String(newest.id)}`, {
      headers: { authorization: `Bearer ${claire}` },
      signal: controller.signal,
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    const decoder = new TextDecoder();
    let received = '';
    while (!received.includes('event: notification')) received += decoder.decode((await reader.read()).value);
    controller.abort();
    expect(received).toContain('Entre-deux.pdf');
    expect(received).not.toContain(`"id":${String(newest.id)},`);
  });

  it('ends the stream the moment its session is signed out', async () => {
    const token = await login(gateway, 'claire.solo@demo.test');
    const response = await fetch(`${gateway.url}${LIST}/stream`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const reader = response.body?.getReader();
    if (!reader) throw new Error('no body');
    expect(new TextDecoder().decode((await reader.read()).value)).toContain(': connected');
    expect((await call(gateway, 'POST', '/authentication/api/logout', { token })).status).toBeLessThan(300);
    // Nothing else may reach a signed-out tab: the line closes instead of waiting for the token's expiry.
    let next = await reader.read();
    while (!next.done && new TextDecoder().decode(next.value).startsWith(':')) next = await reader.read();
    expect(next.done).toBe(true);
    // Claire's other sign-in keeps its own line.
    expect((await list(claire)).unreadCount).toBeGreaterThanOrEqual(0);
  });

  it('refuses the stream and the list without a session', async () => {
    expect((await call(gateway, 'GET', `${LIST}/stream`)).status).toBe(401);
    expect((await call(gateway, 'GET', LIST)).status).toBe(401);
  });
});
