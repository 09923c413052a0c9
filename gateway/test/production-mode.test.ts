// Issue 27 item 1: without the demo switch the gateway holds no persona (the README's password opens
// nothing), a data dir seeded in demo mode is never served outside it, and a firm makes its first people
// with `create-user` on the data dir, without the HTTP server.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import personas from '../seed/personas.json' with { type: 'json' };
import { REPO_ROOT, optionsFromEnv } from '../src/options.ts';
import {
  call,
  followInside,
  json,
  login,
  oidcClient,
  oidcSignIn,
  type Started,
  databaseEnvOf,
  gatewayCommand,
  startGateway,
  withGateway,
} from './helpers.ts';

const GOOD_PASSWORD = 'Copper-Lantern-Orchard-42';

/** The collaborator provider page's answer to one e-mail and password. */
async function providerPasswordStep(gateway: Started, email: string, password: string): Promise<number> {
  const client = oidcClient(gateway);
  const { response } = await client.authorize();
  const page = await followInside(client, gateway, response);
  if (typeof page === 'string') throw new Error(`expected the sign-in page, got ${page}`);
  const action = /action="([^"]+)"/.exec(await page.text())?.[1];
  if (!action) throw new Error('no sign-in form');
  return (await client.postForm(action, { email, password })).status;
}

describe('a gateway started without the demo switch', () => {
  let gateway: Started;
  beforeAll(async () => {
    gateway = await startGateway({ demo: false });
  });
  afterAll(async () => {
    await gateway.dispose();
  });

  it('refuses the demo password for every persona, on the customer login and the provider page', async () => {
    for (const persona of personas.users) {
      const answer = await call(gateway, 'POST', '/authentication/api/login', {
        body: { email: persona.email, password: personas.password },
      });
      expect(answer.status, persona.email).toBe(401);
      expect(await providerPasswordStep(gateway, persona.email, personas.password), persona.email).toBe(401);
    }
  });

  it('serves no demo data: no news, no booking slot', async () => {
    const made = await gatewayCommand(
      gateway.dataDir,
      ['create-user', '--email', 'zoe@firm.test', '--customer'],
      {
        stdin: `${GOOD_PASSWORD}\n`,
      },
    );
    expect(made.code).toBe(0);
    const token = await login(gateway, 'zoe@firm.test', GOOD_PASSWORD);
    const entities = json<{ items: unknown[] }>(
      await call(gateway, 'GET', '/account/api/accounts/currentuser?pageSize=2', { token }),
    );
    expect(entities.items).toEqual([]);
    const terms = await call(gateway, 'GET', '/contact/api/terms/latest', { token });
    expect(terms.status).toBe(200);
  });

  it('signs in the administrator and studio editor made by create-user, who holds the administration codes', async () => {
    const file = join(gateway.dataDir, 'first-admin.txt');
    writeFileSync(file, `${GOOD_PASSWORD}\n`, { mode: 0o600 });
    const made = await gatewayCommand(gateway.dataDir, [
      'create-user',
      '--email',
      'ada.admin@firm.test',
      '--first-name',
      'Ada',
      '--last-name',
      'Admin',
      '--collaborator',
      '--studio',
      '--password-file',
      file,
    ]);
    expect(made.code, made.out).toBe(0);
    expect(made.out).not.toContain(GOOD_PASSWORD);

    const { tokens } = await oidcSignIn(gateway, 'ada.admin@firm.test', GOOD_PASSWORD);
    const exchanged = await call(gateway, 'POST', '/authentication/api/token-exchange', {
      body: { accessToken: tokens.access_token },
    });
    const token = json<{ token: string }>(exchanged).token;
    const me = json<{ firstName: string; isCustomer: boolean; studioEditor?: boolean }>(
      await call(gateway, 'GET', '/contact/me', { token }),
    );
    expect(me).toMatchObject({ firstName: 'Ada', isCustomer: false, studioEditor: true });
    const { permissions } = json<{ permissions: string[] }>(
      await call(gateway, 'GET', '/authorization/api/authorization/currentuser', { token }),
    );
    for (const code of ['COADMI001', 'COADMI002', 'COADMI003', 'COADMI007'])
      expect(permissions).toContain(code);
    // Marked as the firm's administrator too: the people screens list administrators from that mark.
    const admins = json<{ items: { email: string }[] }>(
      await call(gateway, 'GET', '/wallet/api/admin-collaborators', { token }),
    );
    expect(admins.items.map((admin) => admin.email)).toEqual(['ada.admin@firm.test']);
  });

  it('refuses a duplicate e-mail, a weak password and missing arguments with exit code 2', async () => {
    const again = await gatewayCommand(gateway.dataDir, ['create-user', '--email', 'ADA.admin@firm.test'], {
      stdin: `${GOOD_PASSWORD}\n`,
    });
    expect(again).toMatchObject({ code: 2, out: expect.stringContaining('already') as unknown });
    const weak = await gatewayCommand(gateway.dataDir, ['create-user', '--email', 'weak@firm.test'], {
      stdin: 'Password2026!\n',
    });
    expect(weak.code).toBe(2);
    expect(weak.out).toContain('common');
    expect(weak.out).not.toContain('Password2026!');
    expect((await gatewayCommand(gateway.dataDir, ['create-user'])).code).toBe(2);
    expect(
      (await gatewayCommand(gateway.dataDir, ['create-user', '--email', 'x@firm.test', '--bogus'])).code,
    ).toBe(2);
    expect(
      (
        await gatewayCommand(gateway.dataDir, [
          'create-user',
          '--email',
          'y@firm.test',
          '--customer',
          '--studio',
        ])
      ).code,
    ).toBe(2);
    const refused = await call(gateway, 'POST', '/authentication/api/login', {
      body: { email: 'weak@firm.test', password: 'Password2026!' },
    });
    expect(refused.status).toBe(401);
  });
});

describe('the data dir of demo mode', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gateway-modes-'));
  afterAll(() => {
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('is not the one `npm run gateway` uses by default', () => {
    expect(optionsFromEnv({ GATEWAY_DEMO: 'on' }, []).dataDir).not.toBe(optionsFromEnv({}, []).dataDir);
    expect(optionsFromEnv({ GATEWAY_DEMO: 'on', GATEWAY_DATA_DIR: '/srv/x' }, []).dataDir).toBe('/srv/x');
  });

  it('is refused without the demo switch, with what to do, and so are the commands', async () => {
    const demo = await startGateway({ dataDir, demo: true });
    await demo.dispose();
    await expect(startGateway({ dataDir, demo: false })).rejects.toThrow(/GATEWAY_DEMO=on.*--reset/s);
    const refused = await gatewayCommand(dataDir, ['create-user', '--email', 'a@firm.test'], {
      stdin: `${GOOD_PASSWORD}\n`,
    });
    expect(refused.code).toBe(2);
    expect(refused.out).toContain('demo');
  });

  it('is wiped by --reset without the demo switch, and no persona comes back', async () => {
    await withGateway({ dataDir, demo: false, reset: true }, async (wiped) => {
      const answer = await call(wiped, 'POST', '/authentication/api/login', {
        body: { email: 'claire.solo@demo.test', password: personas.password },
      });
      expect(answer.status).toBe(401);
    });
  });

  it('refuses in demo mode a data dir made without it (its reset e-mails would show in the demo inbox)', async () => {
    await expect(startGateway({ dataDir, demo: true })).rejects.toThrow(/without demo mode/);
  });
});

describe('npm run gateway -- create-user', () => {
  it('seeds a fresh data dir in demo mode first, when asked in demo mode', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-demo-cli-'));
    try {
      const made = await gatewayCommand(
        dataDir,
        ['create-user', '--email', 'guest@firm.test', '--customer'],
        {
          stdin: `${GOOD_PASSWORD}\n`,
          demo: true,
        },
      );
      expect(made.code, made.out).toBe(0);
      const duplicate = await gatewayCommand(dataDir, ['create-user', '--email', 'claire.solo@demo.test'], {
        demo: true,
      });
      expect(duplicate.code).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('makes the user from a piped password without starting the server, and exits 2 on a weak one', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-cli-'));
    // The data dir, and on PostgreSQL its database.
    const databaseEnv = await databaseEnvOf(dataDir);
    try {
      const run = (args: string[], input: string) =>
        spawnSync(process.execPath, ['--import', 'tsx', 'gateway/src/main.ts', ...args], {
          cwd: REPO_ROOT,
          input,
          encoding: 'utf8',
          env: { ...process.env, ...databaseEnv, GATEWAY_DEMO: '' },
          timeout: 60_000,
        });
      const made = run(['create-user', '--email', 'first@firm.test', '--studio'], `${GOOD_PASSWORD}\n`);
      expect(made.status, made.stderr).toBe(0);
      expect(`${made.stdout}${made.stderr}`).not.toContain(GOOD_PASSWORD);
      expect(made.stdout).not.toContain('gateway listening');
      expect(run(['create-user', '--email', 'second@firm.test'], 'short\n').status).toBe(2);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 60_000);

  it('made on a fresh data dir, keeps its marks when the gateway first starts there', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'gateway-first-'));
    const made = await gatewayCommand(dataDir, ['create-user', '--email', 'first@firm.test', '--studio'], {
      stdin: `${GOOD_PASSWORD}\n`,
    });
    expect(made.code, made.out).toBe(0);
    const gateway = await startGateway({ dataDir, demo: false });
    try {
      const { tokens } = await oidcSignIn(gateway, 'first@firm.test', GOOD_PASSWORD);
      const token = json<{ token: string }>(
        await call(gateway, 'POST', '/authentication/api/token-exchange', {
          body: { accessToken: tokens.access_token },
        }),
      ).token;
      const me = json<{ studioEditor?: boolean }>(await call(gateway, 'GET', '/contact/me', { token }));
      expect(me.studioEditor).toBe(true);
      const admins = await call(gateway, 'GET', '/wallet/api/admin-collaborators', { token });
      expect(json<{ items: unknown[] }>(admins).items).toHaveLength(1);
    } finally {
      await gateway.dispose();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
