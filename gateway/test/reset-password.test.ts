import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, statusOf, json, login, type Started, startGateway } from './helpers.ts';

type Inbox = { messages: { to: string; subject: string; link: string; createdAt: string }[] };

let gateway: Started;
beforeAll(async () => {
  gateway = await startGateway();
});
afterAll(async () => {
  await gateway.dispose();
});

const inbox = async (email: string) =>
  json<Inbox>(await call(gateway, 'GET', `/authentication/api/dev/inbox?email=${encodeURIComponent(email)}`))
    .messages;

const createNewPassword = (token: string, password: string) =>
  call(gateway, 'POST', '/authentication/api/createNewPassword', { body: { token, password } });

describe('password reset', () => {
  it('answers 204 for unknown e-mails and sends nothing', async () => {
    expect(
      await statusOf(gateway, 'POST', '/authentication/api/resetPassword', {
        body: { email: 'nobody@demo.test' },
      }),
    ).toBe(204);
    expect(await inbox('nobody@demo.test')).toEqual([]);
  });

  it('sends a link, sets the new password once, and the old password stops working', async () => {
    const email = 'sam.nousers@demo.test';
    expect(await statusOf(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } })).toBe(
      204,
    );
    const messages = await inbox(email);
    expect(messages).toHaveLength(1);
    const link = new URL(messages[0]?.link ?? '');
    expect(`${link.origin}${link.pathname}`).toBe('http://127.0.0.1:5173/resetPasswordForm');
    const token = link.searchParams.get('token') ?? '';

    expect((await createNewPassword(token, 'short')).status).toBe(422);
    expect((await createNewPassword('forged', 'Nouveau-2026!')).status).toBe(400);
    expect((await createNewPassword(token, 'Nouveau-2026!')).status).toBe(204);
    expect((await createNewPassword(token, 'Encore-2026!')).body).toMatchObject({ error: 'invalid_token' });

    await expect(login(gateway, email)).rejects.toThrow(/401/);
    await expect(login(gateway, email, 'Nouveau-2026!')).resolves.toEqual(expect.any(String));
  });

  it('tells an expired link from an unknown or used one, so the portal can offer a new link', async () => {
    const email = 'marc.multi@demo.test';
    await call(gateway, 'POST', '/authentication/api/resetPassword', { body: { email } });
    const token = new URL((await inbox(email)).at(-1)?.link ?? '').searchParams.get('token') ?? '';
    const expired = await call(gateway, 'POST', '/__admin/reset-links/expire', { body: { email } });
    expect(expired.status).toBe(204);
    const late = await createNewPassword(token, 'un cheval bleu mange des pommes');
    expect(late.status).toBe(400);
    expect(json<{ error: string }>(late).error).toBe('expired_token');
    const forged = await createNewPassword('forged', 'un cheval bleu mange des pommes');
    expect(json<{ error: string }>(forged).error).toBe('invalid_token');
    // The password did not change.
    await expect(login(gateway, email)).resolves.toEqual(expect.any(String));
  });
});
