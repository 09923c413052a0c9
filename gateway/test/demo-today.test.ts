// GATEWAY_DEMO_TODAY: the demo seed and the figures derived from it are dated from a fixed day, so screens
// and cross-screen tests read the same dates on every run; tokens and new actions keep the real time.
import { describe, expect, it } from 'vitest';
import { demoClockOf, optionsFromEnv } from '../src/options.ts';
import { call, json, login, startGateway, uploadAccountingPdf, withGateway } from './helpers.ts';
import { makePdf } from '../src/documents/pdf.ts';

const CLAIRE = 'claire.solo@demo.test';
/** A Monday long before the real day the suite runs on, so nothing here can pass by the calendar. */
const DAY = '2025-06-16';

describe('GATEWAY_DEMO_TODAY at option parsing', () => {
  const parse = (env: Record<string, string>) => () => optionsFromEnv(env, []);

  it('takes a calendar day with demo mode on, and nothing when unset or empty', () => {
    expect(optionsFromEnv({ GATEWAY_DEMO: 'on', GATEWAY_DEMO_TODAY: DAY }, []).demoToday).toBe(DAY);
    expect(optionsFromEnv({ GATEWAY_DEMO: 'on' }, []).demoToday).toBeUndefined();
    expect(optionsFromEnv({ GATEWAY_DEMO: 'on', GATEWAY_DEMO_TODAY: ' ' }, []).demoToday).toBeUndefined();
  });

  it.each(['2026-02-30', '2026-13-01', '02/11/2026', '2026-11-2', '2026-11-02T09:30', 'today'])(
    'refuses %s, naming the variable and the format',
    (value) => {
      expect(parse({ GATEWAY_DEMO: 'on', GATEWAY_DEMO_TODAY: value })).toThrow(
        /^GATEWAY_DEMO_TODAY must be a calendar day written YYYY-MM-DD/,
      );
    },
  );

  it('refuses the day without demo mode rather than ignore it', () => {
    expect(parse({ GATEWAY_DEMO_TODAY: DAY })).toThrow(/GATEWAY_DEMO_TODAY .* needs GATEWAY_DEMO=on/);
    expect(parse({ GATEWAY_DEMO: 'off', GATEWAY_DEMO_TODAY: DAY })).toThrow(/needs GATEWAY_DEMO=on/);
  });

  it('gives the demo clock: midnight UTC of the day on every call, else the real time', () => {
    const clock = demoClockOf({ demo: true, demoToday: DAY });
    expect(clock().toISOString()).toBe(`${DAY}T00:00:00.000Z`);
    expect(clock().toISOString()).toBe(`${DAY}T00:00:00.000Z`);
    const real = demoClockOf({ demo: true })().getTime();
    expect(Math.abs(real - Date.now())).toBeLessThan(5_000);
    expect(() => demoClockOf({ demo: false, demoToday: DAY })).toThrow(/needs demo mode on/);
    expect(() => demoClockOf({ demo: true, demoToday: '2025-6-16' })).toThrow(/calendar day/);
  });

  it('stops a gateway built in code with the day but without demo mode, before it opens anything', async () => {
    await expect(startGateway({ demo: false, demoToday: DAY })).rejects.toThrow(/needs demo mode on/);
  });
});

type Treasury = { amount: number; asOf: string; stale: boolean };

const ACCOUNTING = '/account/api/accounts/1001/documents?kind=accounting&pageSize=100';

/** Claire's upload of an accounting PDF: its id. */
async function uploadInvoice(gateway: { url: string }, token: string): Promise<number> {
  const bytes = new Uint8Array(makePdf('Facture', ['ligne']));
  const uploaded = await uploadAccountingPdf(gateway, token, bytes, 'facture.pdf');
  expect(uploaded.status).toBe(201);
  return ((await uploaded.json()) as { id: number }).id;
}

/** Entity 1001's accounting documents as `token` lists them. */
async function accountingOf(gateway: { url: string }, token: string) {
  return json<{ items: { id: number; createdAt: string }[] }>(
    await call(gateway, 'GET', ACCOUNTING, { token }),
  ).items;
}
type Bank = { accounts: { balanceDate: string }[]; total: number; treasury: Treasury };

describe('a demo seed dated by GATEWAY_DEMO_TODAY', () => {
  it('dates the bank, its treasury, the key figures, the documents and the slots from that day', async () => {
    await withGateway({ demoToday: DAY }, async (gateway) => {
      const token = await login(gateway, CLAIRE);
      const get = async <T>(path: string) => {
        const answer = await call(gateway, 'GET', path, { token });
        expect(answer.status, path).toBe(200);
        return json<T>(answer);
      };

      // The bank was synchronised on the demo's day, which is "today" for its staleness.
      const bank = await get<Bank>('/account/api/accounts/1001/bank');
      expect(bank.treasury).toEqual({ amount: bank.total, asOf: DAY, stale: false });
      expect(bank.accounts.map((account) => account.balanceDate)).toEqual(bank.accounts.map(() => DAY));
      const newest = await get<{ items: { date: string }[] }>(
        '/account/api/accounts/1001/bank/transactions?sort=date&order=desc',
      );
      const last = newest.items[0]?.date.slice(0, 10) ?? '';
      expect(last <= DAY).toBe(true);
      expect(last.slice(0, 7)).toBe(DAY.slice(0, 7));

      // The latest fiscal year is the day's, its cash the bank's total of that day; its months end before.
      const figures = await get<{ year: number; treasury: Treasury; months: { month: string }[] }>(
        '/registry/api/accounts/1001/key-figures',
      );
      expect(figures.year).toBe(2025);
      expect(figures.treasury).toEqual(bank.treasury);
      expect(figures.months.at(-1)?.month).toBe('2025-05');

      // The seeded documents are of the three months before the day's.
      const documents = await get<{ items: { period: string }[] }>(ACCOUNTING);
      expect(new Set(documents.items.map((document) => document.period))).toEqual(
        new Set(['2025-05', '2025-04', '2025-03']),
      );

      // The booking slots open on the working days after it.
      const slots = await get<{ items: { startsAt: string }[] }>('/booking/api/slots');
      expect(slots.items[0]?.startsAt).toBe('2025-06-17T09:00:00.000Z');
    });
  });

  it('keeps the real time for the session and for what a person does', async () => {
    await withGateway({ demoToday: DAY }, async (gateway) => {
      const token = await login(gateway, CLAIRE);
      const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as {
        iat: number;
        exp: number;
      };
      expect(Math.abs(payload.iat * 1000 - Date.now())).toBeLessThan(60_000);
      expect(payload.exp * 1000).toBeGreaterThan(Date.now());

      const id = await uploadInvoice(gateway, token);
      const list = await accountingOf(gateway, token);
      const created = list.find((document) => document.id === id)?.createdAt ?? '';
      expect(Math.abs(Date.parse(created) - Date.now())).toBeLessThan(60_000);
    });
  });

  it('keeps the day across a reset, which still reseeds what users changed', async () => {
    await withGateway({ demoToday: DAY }, async (gateway) => {
      const token = await login(gateway, CLAIRE);
      await uploadInvoice(gateway, token);
      const count = async (bearer: string) => (await accountingOf(gateway, bearer)).length;
      const withUpload = await count(token);
      expect((await call(gateway, 'POST', '/__admin/reset')).status).toBe(204);
      const again = await login(gateway, CLAIRE);
      expect(await count(again)).toBe(withUpload - 1);
      const slots = json<{ items: { startsAt: string }[] }>(
        await call(gateway, 'GET', '/booking/api/slots', { token: again }),
      );
      expect(slots.items[0]?.startsAt).toBe('2025-06-17T09:00:00.000Z');
    });
  });
});
