// Issue 28 item 3: the settings a deployment of several instances needs. The address the gateway listens
// on (GATEWAY_HOST), where document and report files are kept (GATEWAY_FILES_DIR, a shared volume), and
// signing keys from configuration (GATEWAY_SECRET, GATEWAY_OIDC_JWK) so every instance accepts what
// another signed.
import { generateKeyPairSync } from 'node:crypto';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { optionsFromEnv } from '../src/options.ts';
import { makePdf } from '../src/documents/pdf.ts';
import {
  call,
  databaseUrlOf,
  json,
  login,
  oidcSignIn,
  rawGet,
  startGateway,
  uploadAccountingPdf,
  withGateway,
  type Started,
} from './helpers.ts';

const temp = mkdtempSync(join(tmpdir(), 'gateway-config-'));
afterAll(() => {
  rmSync(temp, { recursive: true, force: true });
});

const rsaJwk = () =>
  generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' }) as Record<
    string,
    unknown
  >;

describe('GATEWAY_HOST', () => {
  it('listens on a wildcard address and is reached through 127.0.0.1, refusing unknown Host headers', async () => {
    await withGateway({ host: '0.0.0.0' }, async (gateway) => {
      expect(gateway.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect((await call(gateway, 'GET', '/userorigin')).status).toBe(200);
      const discovery = await call(gateway, 'GET', '/oidc/.well-known/openid-configuration');
      expect(json<{ issuer: string }>(discovery).issuer).toBe(`${gateway.url}/oidc`);
      expect((await rawGet(gateway, '/userorigin', { host: 'evil.example' })).status).toBe(421);
    });
  });

  it('accepts an address or a host name and refuses anything else at option parsing', () => {
    expect(optionsFromEnv({}, []).host).toBe('127.0.0.1');
    for (const host of ['0.0.0.0', '::', '10.1.2.3', 'gateway', 'gateway.internal'])
      expect(optionsFromEnv({ GATEWAY_HOST: host }, []).host).toBe(host);
    for (const host of ['http://0.0.0.0', '1.2.3.4:80', 'bad host', '-x.example', ' '])
      expect(() => optionsFromEnv({ GATEWAY_HOST: host }, []), host).toThrow(/GATEWAY_HOST/);
  });

  it('refuses a PostgreSQL pool of one connection, on which a first start would wait for its own seed lock', () => {
    expect(optionsFromEnv({ GATEWAY_DATABASE_POOL: '2' }, []).databasePool).toBe(2);
    expect(() => optionsFromEnv({ GATEWAY_DATABASE_POOL: '1' }, [])).toThrow(
      /GATEWAY_DATABASE_POOL must be at least 2/,
    );
  });
});

describe('GATEWAY_FILES_DIR', () => {
  let gateway: Started | undefined;
  afterAll(async () => {
    await gateway?.dispose();
  });

  it('keeps an uploaded document outside the data dir (created 0700) and serves it back', async () => {
    const filesDir = join(temp, 'shared', 'files');
    gateway = await startGateway({ filesDir });
    expect(statSync(filesDir).mode & 0o777).toBe(0o700);
    const token = await login(gateway, 'claire.solo@demo.test');
    const before = new Set(readdirSync(filesDir));
    const bytes = new Uint8Array(makePdf('Facture', ['mars']));
    const response = await uploadAccountingPdf(gateway, token, bytes, 'facture.pdf');
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: number };
    const added = readdirSync(filesDir).filter((name) => !before.has(name));
    expect(added).toHaveLength(1);
    expect(existsSync(join(gateway.dataDir, 'files'))).toBe(false);
    const download = await fetch(`${gateway.url}/account/api/documents/${String(id)}/file`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(download.status).toBe(200);
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(bytes);
  });

  it('defaults to the data dir files folder', () => {
    const options = optionsFromEnv({ GATEWAY_DATA_DIR: join(temp, 'data') }, []);
    expect(options.filesDir).toBe(join(temp, 'data', 'files'));
    expect(optionsFromEnv({ GATEWAY_FILES_DIR: join(temp, 'f') }, []).filesDir).toBe(join(temp, 'f'));
  });
});

describe('signing keys from configuration', () => {
  it('two instances on different data dirs sharing GATEWAY_SECRET and GATEWAY_OIDC_JWK accept each other', async () => {
    const secretFile = join(temp, 'secret.txt');
    const jwkFile = join(temp, 'jwk.json');
    writeFileSync(secretFile, 'a-shared-secret-of-the-firm\n');
    writeFileSync(jwkFile, JSON.stringify(rsaJwk()));
    const { secret, oidcJwk } = optionsFromEnv(
      { GATEWAY_SECRET: `@${secretFile}`, GATEWAY_OIDC_JWK: `@${jwkFile}` },
      [],
    );
    if (secret === undefined || oidcJwk === undefined) throw new Error('the keys were not read');
    expect(secret).toBe('a-shared-secret-of-the-firm');
    const firstDir = mkdtempSync(join(temp, 'first-'));
    const first = await startGateway({ dataDir: firstDir, secret, oidcJwk });
    const token = await login(first, 'claire.solo@demo.test');
    const firstJwks = json<{ keys: unknown[] }>(await call(first, 'GET', '/oidc/jwks'));
    await first.dispose();
    expect(existsSync(join(firstDir, 'session-secret.key'))).toBe(false);
    expect(existsSync(join(firstDir, 'oidc-signing-key.json'))).toBe(false);
    // Sessions are rows of the database (shared by the instances, issue 28 item 4): on PostgreSQL the
    // first one's database itself, on SQLite a copy of it stands for the shared one; the data dirs and
    // their key files differ.
    const shared = await databaseUrlOf(firstDir);
    const withDatabase = () => {
      const dataDir = mkdtempSync(join(temp, 'other-'));
      if (shared === undefined) cpSync(join(firstDir, 'gateway.sqlite'), join(dataDir, 'gateway.sqlite'));
      return { dataDir, ...(shared === undefined ? {} : { databaseUrl: shared }) };
    };
    const second = await startGateway({ ...withDatabase(), secret, oidcJwk });
    const stranger = await startGateway(withDatabase());
    try {
      const terms = '/contact/api/contacts/currentuser/terms';
      expect((await call(second, 'GET', terms, { token })).status).toBe(200);
      expect((await call(stranger, 'GET', terms, { token })).status).toBe(401);
      const secondJwks = json<{ keys: unknown[] }>(await call(second, 'GET', '/oidc/jwks'));
      expect(secondJwks).toEqual(firstJwks);
      expect(secondJwks.keys).toHaveLength(1);
      expect(json<unknown>(await call(stranger, 'GET', '/oidc/jwks'))).not.toEqual(firstJwks);
    } finally {
      await Promise.all([second.dispose(), stranger.dispose()]);
    }
  });

  it('signs ID tokens with an EC P-256 key given inline', async () => {
    const jwk = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
    const { oidcJwk } = optionsFromEnv({ GATEWAY_OIDC_JWK: JSON.stringify(jwk) }, []);
    await withGateway(oidcJwk ? { oidcJwk } : {}, async (gateway) => {
      const { tokens } = await oidcSignIn(gateway, 'paul.collab@demo.test');
      const header = JSON.parse(Buffer.from(tokens.id_token.split('.')[0] ?? '', 'base64url').toString()) as {
        alg: string;
      };
      expect(header.alg).toBe('ES256');
    });
  });

  it('refuses a malformed or unusable JWK and an unreadable secret file with a clear error', () => {
    const { d: _d, ...publicOnly } = rsaJwk();
    const weak = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'jwk' });
    const curve = generateKeyPairSync('ec', { namedCurve: 'secp256k1' }).privateKey.export({ format: 'jwk' });
    const cases: [string, RegExp][] = [
      ['{not json', /GATEWAY_OIDC_JWK.*JSON/],
      ['[1]', /GATEWAY_OIDC_JWK.*object/],
      [JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), /GATEWAY_OIDC_JWK.*RSA or EC/],
      [JSON.stringify(publicOnly), /GATEWAY_OIDC_JWK.*private/],
      [JSON.stringify(weak), /GATEWAY_OIDC_JWK.*2048/],
      [JSON.stringify(curve), /GATEWAY_OIDC_JWK.*P-256/],
      [JSON.stringify({ ...rsaJwk(), use: 'enc' }), /GATEWAY_OIDC_JWK.*use/],
      [JSON.stringify({ ...rsaJwk(), alg: 'HS256' }), /GATEWAY_OIDC_JWK.*alg/],
      [`@${join(temp, 'missing.json')}`, /GATEWAY_OIDC_JWK.*missing\.json/],
    ];
    for (const [value, message] of cases)
      expect(() => optionsFromEnv({ GATEWAY_OIDC_JWK: value }, []), value.slice(0, 40)).toThrow(message);
    expect(() => optionsFromEnv({ GATEWAY_SECRET: `@${join(temp, 'nothing')}` }, [])).toThrow(
      /GATEWAY_SECRET.*nothing/,
    );
    const empty = join(temp, 'empty');
    writeFileSync(empty, '\n');
    expect(() => optionsFromEnv({ GATEWAY_SECRET: `@${empty}` }, [])).toThrow(/GATEWAY_SECRET.*empty/);
  });
});

describe('GATEWAY_INSTANCE_NAME', () => {
  it('names the instance on every answer: the API, an error, the identity provider, the event stream', async () => {
    await withGateway({ instanceName: 'gw-b' }, async (gateway) => {
      const token = await login(gateway, 'claire.solo@demo.test');
      const answers = [
        await call(gateway, 'GET', '/contact/me', { token }),
        await call(gateway, 'GET', '/contact/me'),
        await call(gateway, 'GET', '/oidc/.well-known/openid-configuration'),
      ];
      expect(answers.map((answer) => answer.status)).toEqual([200, 401, 200]);
      for (const answer of answers) expect(answer.headers.get('x-gateway-instance')).toBe('gw-b');
      const controller = new AbortController();
      const stream = await fetch(`${gateway.url}/contact/api/contacts/currentuser/notifications/stream`, {
        headers: { authorization: `Bearer ${token}` },
        signal: controller.signal,
      });
      expect(stream.headers.get('x-gateway-instance')).toBe('gw-b');
      controller.abort();
    });
  });

  it('sends no such header when unset, and refuses a name that is not a plain header value', async () => {
    await withGateway({}, async (gateway) => {
      expect((await call(gateway, 'GET', '/userorigin')).headers.has('x-gateway-instance')).toBe(false);
    });
    expect(optionsFromEnv({ GATEWAY_INSTANCE_NAME: 'gw-a' }, []).instanceName).toBe('gw-a');
    expect(optionsFromEnv({}, []).instanceName).toBeUndefined();
    for (const name of ['two words', 'a\r\nx: y', 'é', 'x'.repeat(65)])
      expect(() => optionsFromEnv({ GATEWAY_INSTANCE_NAME: name }, []), name).toThrow(
        /GATEWAY_INSTANCE_NAME/,
      );
  });
});
