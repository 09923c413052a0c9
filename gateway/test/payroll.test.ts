// Payroll variables (issue 31, EVP) through the HTTP contract: Claire (CLEVP001 on 1001) enters and
// submits the month, Paul (COEVPO01) asks for a correction or locks it and exports it; each side is told;
// a month that left its writer answers 409; the CSV is what the payroll software imports.
import { describe, expect, it } from 'vitest';
import { call, json, statusOf } from './helpers.ts';
import { gatewaySuite } from './gateway-suite.ts';

type Month = {
  month: string;
  status: string;
  cutoffOn: string;
  today: string;
  correctionComment: string | null;
  employees: { id: number; employeeNumber: string; lastName: string; entry: { hours: number } | null }[];
  history: { action: string; actor: string; detail: string }[];
};
type Months = { today: string; current: string; items: { month: string; status: string }[] };
type Notifications = { items: { type: string; data: Record<string, string> }[] };

const kit = gatewaySuite(['claire', 'marc', 'paul'], { gateway: { demoToday: '2026-11-02' } });

const base = '/account/api/accounts/1001/payroll/months';
const entry = {
  hours: 151.67,
  overtimeHours: 4.5,
  bonus: 120.5,
  expenses: 35,
  absences: [{ kind: 'sick', from: '2026-11-09', to: '2026-11-10' }],
  note: 'Prime de Noël avancée; "exceptionnelle"',
};

const monthOf = async (token: string, month = '2026-11') =>
  json<Month>(await call(kit.gateway, 'GET', `${base}/${month}`, { token }));
const notificationTypes = async (token: string) =>
  json<Notifications>(
    await call(kit.gateway, 'GET', '/contact/api/contacts/currentuser/notifications', { token }),
  ).items.map((item) => item.type);

async function csvOf(token: string, query = '') {
  const response = await fetch(`${kit.gateway.url}${base}/2026-11/export.csv${query}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return {
    status: response.status,
    bytes: new Uint8Array(await response.arrayBuffer()),
    headers: response.headers,
  };
}

describe('payroll months', () => {
  it('lists the current month open with its cut-off, and the demo’s locked months before it', async () => {
    const months = json<Months>(await call(kit.gateway, 'GET', base, { token: kit.claire }));
    expect(months.today).toBe('2026-11-02');
    expect(months.current).toBe('2026-11');
    expect(months.items.map((item) => [item.month, item.status])).toEqual([
      ['2026-11', 'open'],
      ['2026-10', 'locked'],
      ['2026-09', 'locked'],
    ]);
    const current = await monthOf(kit.claire);
    expect(current.cutoffOn).toBe('2026-11-20');
    expect(current.employees.map((employee) => employee.employeeNumber)).toEqual([
      'M001',
      'M003',
      'M002',
      'M004',
    ]);
    expect(current.employees.every((employee) => employee.entry === null)).toBe(true);
    const october = await monthOf(kit.paul, '2026-10');
    expect(october.history.map((step) => step.action)).toEqual(['submitted', 'locked']);
  });

  it('answers 404 for a month that is neither stored nor the current one', async () => {
    expect(await statusOf(kit.gateway, 'GET', `${base}/2026-12`, { token: kit.claire })).toBe(404);
    expect(await statusOf(kit.gateway, 'GET', `${base}/2026-13`, { token: kit.claire })).toBe(400);
  });

  it('refuses the entity’s other customers, and each side the other side’s actions', async () => {
    // Marc is on 1001 without CLEVP001.
    expect(await statusOf(kit.gateway, 'GET', base, { token: kit.marc })).toBe(403);
    const employeeId = (await monthOf(kit.claire)).employees[0]?.id ?? 0;
    expect(
      await statusOf(kit.gateway, 'PUT', `${base}/2026-11/employees/${String(employeeId)}`, {
        token: kit.paul,
        body: entry,
      }),
    ).toBe(403);
    expect(await statusOf(kit.gateway, 'POST', `${base}/2026-11/lock`, { token: kit.claire })).toBe(403);
    expect((await csvOf(kit.claire)).status).toBe(403);
  });

  it('refuses items a payroll software would not take, naming where', async () => {
    const employeeId = (await monthOf(kit.claire)).employees[0]?.id ?? 0;
    const put = (body: unknown) =>
      call(kit.gateway, 'PUT', `${base}/2026-11/employees/${String(employeeId)}`, {
        token: kit.claire,
        body,
      });
    const outside = await put({
      ...entry,
      absences: [{ kind: 'sick', from: '2026-10-30', to: '2026-11-02' }],
    });
    expect(outside.status).toBe(422);
    expect(JSON.stringify(outside.body)).toContain('/absences/0/from');
    const overlap = await put({
      ...entry,
      absences: [
        { kind: 'sick', from: '2026-11-09', to: '2026-11-12' },
        { kind: 'rtt', from: '2026-11-12', to: '2026-11-12' },
      ],
    });
    expect(overlap.status).toBe(422);
    expect((await put({ ...entry, hours: -1 })).status).toBe(422);
    expect((await put({ ...entry, bonus: 10.005 })).status).toBe(422);
    expect(
      await statusOf(kit.gateway, 'PUT', `${base}/2026-11/employees/999999`, {
        token: kit.claire,
        body: entry,
      }),
    ).toBe(404);
  });

  it('walks a month: submit, correction, submit again, lock, export; each side told, history kept', async () => {
    const before = await monthOf(kit.claire);
    const [first, second] = before.employees;
    const put = (employeeId: number, body: unknown) =>
      call(kit.gateway, 'PUT', `${base}/2026-11/employees/${String(employeeId)}`, {
        token: kit.claire,
        body,
      });
    expect((await put(first?.id ?? 0, entry)).status).toBe(200);
    expect(
      (await put(second?.id ?? 0, { hours: 35, overtimeHours: 0, bonus: 0, expenses: 0, absences: [] }))
        .status,
    ).toBe(200);

    expect((await call(kit.gateway, 'POST', `${base}/2026-11/submit`, { token: kit.claire })).status).toBe(
      200,
    );
    expect(await notificationTypes(kit.paul)).toContain('Payroll-MonthSubmitted');
    // Submitted: the customer waits for the firm.
    const waiting = await put(first?.id ?? 0, entry);
    expect(waiting.status).toBe(409);
    expect(JSON.stringify(waiting.body)).toContain('submitted');
    expect(await statusOf(kit.gateway, 'POST', `${base}/2026-11/submit`, { token: kit.claire })).toBe(409);

    const asked = await call(kit.gateway, 'POST', `${base}/2026-11/correction`, {
      token: kit.paul,
      body: { comment: 'Les heures de Julien : 4,5 h sup ou 5 ?' },
    });
    expect(asked.status).toBe(200);
    expect(json<Month>(asked).status).toBe('correction');
    const seen = await monthOf(kit.claire);
    expect(seen.correctionComment).toBe('Les heures de Julien : 4,5 h sup ou 5 ?');
    expect(await notificationTypes(kit.claire)).toContain('Payroll-CorrectionRequested');
    // Only a submitted month is locked.
    expect(await statusOf(kit.gateway, 'POST', `${base}/2026-11/lock`, { token: kit.paul })).toBe(409);

    expect((await put(first?.id ?? 0, { ...entry, overtimeHours: 5 })).status).toBe(200);
    expect(await statusOf(kit.gateway, 'POST', `${base}/2026-11/submit`, { token: kit.claire })).toBe(200);
    expect((await csvOf(kit.paul)).status).toBe(409);
    const locked = await call(kit.gateway, 'POST', `${base}/2026-11/lock`, { token: kit.paul });
    expect(json<Month>(locked).status).toBe('locked');
    expect(json<Month>(locked).correctionComment).toBeNull();
    expect(await notificationTypes(kit.claire)).toContain('Payroll-MonthLocked');

    // Locked: read-only to everyone, with a message that says so.
    const refused = await put(first?.id ?? 0, entry);
    expect(refused.status).toBe(409);
    expect(JSON.stringify(refused.body)).toContain('locked');
    expect(
      await statusOf(kit.gateway, 'POST', `${base}/2026-11/correction`, {
        token: kit.paul,
        body: { comment: 'x' },
      }),
    ).toBe(409);

    const csv = await csvOf(kit.paul);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('variables-paie-C-1001-2026-11.csv');
    expect([...csv.bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder('utf-8', { ignoreBOM: true }).decode(csv.bytes).slice(1).split('\r\n');
    expect(lines[0]).toBe('Matricule;Nom;Prénom;Rubrique;Quantité;Unité;Montant;Du;Au');
    expect(lines).toContain('M001;Bernard;Julien;Heures travaillées;151,67;heures;;;');
    expect(lines).toContain('M001;Bernard;Julien;Heures supplémentaires;5,00;heures;;;');
    expect(lines).toContain('M001;Bernard;Julien;Absence maladie;2;jours;;2026-11-09;2026-11-10');
    expect(lines).toContain('M001;Bernard;Julien;Prime;;;120,50;;');
    expect(lines).toContain('M001;Bernard;Julien;Frais;;;35,00;;');
    expect(lines.filter((line) => line.startsWith('M002'))).toEqual([]);
    const english = new TextDecoder().decode((await csvOf(kit.paul, '?lang=en')).bytes).split('\r\n');
    expect(english).toContain('M001,Bernard,Julien,Bonus,,,120.50,,');

    const history = (await monthOf(kit.claire)).history.map((step) => [step.action, step.actor]);
    expect(history).toEqual([
      ['saved', 'Claire Solo'],
      ['saved', 'Claire Solo'],
      ['submitted', 'Claire Solo'],
      ['correctionRequested', 'Paul Collab'],
      ['saved', 'Claire Solo'],
      ['submitted', 'Claire Solo'],
      ['locked', 'Paul Collab'],
      ['exported', 'Paul Collab'],
      ['exported', 'Paul Collab'],
    ]);
  });
});
