import multipart from '@fastify/multipart';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { isIP } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { NewsItem, SessionClaims } from '../../kernel/contract/api.ts';
import { DEFAULT_NEWS } from '../seed/demo-data.ts';
import { accountingSyncHandlers } from './accounting-sync/accounting-sync-handlers.ts';
import type { DemoSoftware } from './accounting-sync/accounting-sync-handlers.ts';
import { createAccountingSyncStore } from './accounting-sync/accounting-sync-store.ts';
import { startDemoAccountingServer } from './accounting-sync/demo-accounting-server.ts';
import type { DemoAccountingServer } from './accounting-sync/demo-accounting-server.ts';
import { connectDemoSoftware, demoKeyOf } from './accounting-sync/demo-software.ts';
import { pennylaneConnector } from './accounting-sync/pennylane-connector.ts';
import { createAccountingSync, scheduleSyncs } from './accounting-sync/sync-job.ts';
import { createAnalyticsCollector, installCollectorBodyParser } from './analytics/analytics-collector.ts';
import { OWASP_SCRYPT, createPasswordHasher } from './auth/passwords.ts';
import { createSessionTokens } from './auth/session-tokens.ts';
import { createSessionsStore } from './auth/sessions-store.ts';
import { DEFAULT_LIMITS, createThrottle } from './auth/throttle.ts';
import { openDatabase } from './database.ts';
import { createInstanceBus } from './db/instance-bus.ts';
import { DEFAULT_INBOX_RETENTION } from './db/inbox.ts';
import { withSeedLock } from './db/postgres.ts';
import { seedDatabase } from './db/seed.ts';
import { seedModules } from './seed-modules.ts';
import { documentsHandlers } from './documents/documents-handlers.ts';
import { createDocumentsStore } from './documents/documents-store.ts';
import { makePdf } from './documents/pdf.ts';
import { createNotificationCentre } from './notifications/notifications.ts';
import { createFileStore } from './documents/file-store.ts';
import { loadUploadRules } from './documents/upload-rules.ts';
import { createEventBus } from './events.ts';
import type { EventBus } from './events.ts';
import { financeHandlers } from './finance/finance-handlers.ts';
import { createFinanceStore } from './finance/finance-store.ts';
import { createStore } from './db/store.ts';
import { payrollHandlers } from './payroll/payroll-handlers.ts';
import { createPayrollStore } from './payroll/payroll-store.ts';
import { peopleHandlers } from './people/people-handlers.ts';
import { createPeopleStore } from './people/people-store.ts';
import { portfolioHandlers } from './portfolio/portfolio-handlers.ts';
import { mayWriteStudio } from './studio/studio-access.ts';
import { studioHandlers } from './studio/studio-handlers.ts';
import { createStudioStore } from './studio/studio-store.ts';
import { createPortfolioStore } from './portfolio/portfolio-store.ts';
import { installCors } from './http/cors.ts';
import { installErrorHandling } from './http/error-handler.ts';
import { createFaults } from './http/faults.ts';
import { createHostCheck, hostVariants } from './http/host-check.ts';
import { forbidden, unauthorized } from './http/http-error.ts';
import { registerRoutes } from './http/route-table.ts';
import { installValidators } from './http/validation.ts';
import { registerInteractionRoutes } from './oidc/interaction-routes.ts';
import { oidcSigningJwk, sessionSecret } from './oidc/keys.ts';
import { purgeOidcStore } from './oidc/db-adapter.ts';
import { INTERACTION_PATH, createOidcProvider } from './oidc/provider.ts';
import type { GatewayOptions } from './options.ts';
import { demoClockOf, filesDirOf, proxyTrust, REPO_ROOT, seedVolumeOf } from './options.ts';
import { loadPermissionCatalogue } from './permissions.ts';
import { createAccessCheck } from './routes/access.ts';
import { adminHandlers } from './routes/admin-handlers.ts';
import { authHandlers } from './routes/auth-handlers.ts';
import type { Deps } from './kernel/deps.ts';
import { brandedParts, brandingOf } from './kernel/branding.ts';
import type { Branding } from './kernel/branding.ts';
import { isLoopbackAddress } from './kernel/deps.ts';
import { entityHandlers } from './routes/entity-handlers.ts';
import { offerHandlers } from './routes/offer-handlers.ts';
import { userHandlers } from './routes/user-handlers.ts';

export type Gateway = {
  app: FastifyInstance;
  url: string;
  close: () => Promise<void>;
  /** The domain-event bus, so tests can see what a call published. */
  events: EventBus;
  /** Demo mode without a configured accounting software: the local one standing in (tests drive it). */
  accountingSoftware: DemoAccountingServer | undefined;
};

const BODY_LIMIT = 100 * 1024;
const sessions = new WeakMap<FastifyRequest, SessionClaims>();

function bearerOf(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (typeof header !== 'string') return undefined;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1];
}

function isOidcPath(url: string): boolean {
  return (
    (url === '/oidc' || url.startsWith('/oidc/') || url.startsWith('/oidc?')) &&
    !url.startsWith(`${INTERACTION_PATH}/`)
  );
}

/**
 * The host of the gateway's own URL (and of its default issuer): the address listened on, but 127.0.0.1
 * for a wildcard (every interface, loopback included), and an IPv6 address in brackets.
 */
function urlHostOf(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1';
  return isIP(host) === 6 ? `[${host}]` : host;
}

/** Starts the gateway on GATEWAY_HOST, 127.0.0.1 by default (port 0 for tests), and answers once it listens. */
export async function buildGateway(options: GatewayOptions): Promise<Gateway> {
  const hasher = createPasswordHasher(options.scrypt ?? OWASP_SCRYPT, {
    concurrency: options.hashConcurrency ?? 2,
    queue: 64,
  });
  const demo = options.demo ?? false;
  // The demo seed's day (GATEWAY_DEMO_TODAY); refused here, before anything opens, without demo mode.
  const demoClock = demoClockOf(options);
  // PostgreSQL when GATEWAY_DATABASE_URL is set, else SQLite in the data dir.
  const kysely = await openDatabase(
    options.dataDir,
    {
      reset: options.reset ?? false,
      demo,
      databaseUrl: options.databaseUrl,
      databasePool: options.databasePool,
      demoClock,
    },
    hasher.hash,
  );
  // Carries notifications and ended sessions to every instance on the database (db/instance-bus.ts).
  const bus = await createInstanceBus({
    db: kysely,
    // Only ever called once the server runs (a dropped connection, a failing listener).
    log: { warn: (object, message) => app.log.warn(object, message) },
    ...(options.databaseUrl === undefined
      ? { sqliteFile: join(options.dataDir, 'gateway.sqlite') }
      : { url: options.databaseUrl }),
  });
  const store = createStore(kysely, {
    days: options.inboxRetentionDays ?? DEFAULT_INBOX_RETENTION.days,
    maxRows: options.inboxMaxRows ?? DEFAULT_INBOX_RETENTION.maxRows,
  });
  // Rows that aged while no gateway wrote: each new e-mail purges as well.
  await store.inbox.purge();
  const finance = createFinanceStore(kysely);
  const files = createFileStore(filesDirOf(options));
  const documents = createDocumentsStore(kysely, files);
  const portfolio = createPortfolioStore(kysely);
  const people = createPeopleStore(kysely, {
    inbox: {
      days: options.inboxRetentionDays ?? DEFAULT_INBOX_RETENTION.days,
      maxRows: options.inboxMaxRows ?? DEFAULT_INBOX_RETENTION.maxRows,
    },
    ...(options.invitationDays === undefined ? {} : { days: options.invitationDays }),
    ...(options.invitationRetentionDays === undefined
      ? {}
      : { retentionDays: options.invitationRetentionDays }),
  });
  const studio = createStudioStore(kysely);
  const seedStores = () =>
    seedModules(kysely, { documents, people, studio }, { demo, volume: seedVolumeOf(options), demoClock });
  await seedStores();
  // What passed its retention while the gateway was stopped goes now; afterwards every invitation purges.
  await people.purgeInvitations();
  const manifestPath = options.manifestPath ?? join(REPO_ROOT, 'portal.config.json');
  const seedStudio = async (reset: boolean) => {
    try {
      await studio.seedInitialVersion(JSON.parse(readFileSync(manifestPath, 'utf8')), reset);
    } catch (error) {
      // Without a published version the portal keeps its built-in manifest and nobody may publish.
      app.log.warn(
        `cannot publish ${manifestPath} as the first manifest version: ${(error as Error).message}`,
      );
    }
  };
  const secret = sessionSecret(options.dataDir, options.secret);
  const tokens = createSessionTokens({
    secret,
    ttlS: options.tokenTtlS ?? 3600,
    sessionMaxAgeS: options.sessionMaxAgeS ?? 12 * 3600,
    refreshGraceMs: options.refreshGraceMs ?? 30_000,
    sessions: createSessionsStore(kysely),
    bus,
  });
  await tokens.purge();
  // Documents v2's source: the configured accounting software, or in demo mode a local stand-in.
  const accountingStore = createAccountingSyncStore(kysely);
  if (options.reset ?? false) await accountingStore.wipe();
  const demoServer =
    demo && options.accountingApiUrl === undefined
      ? await startDemoAccountingServer({
          fileOf: (document) =>
            makePdf(document.name.replace(/\.pdf$/i, ''), [
              `Document du ${document.issuedOn}`,
              'Pennylane (démo)',
            ]),
        })
      : undefined;
  const accountingApiUrl = options.accountingApiUrl ?? demoServer?.url;
  const connector =
    accountingApiUrl === undefined ? undefined : pennylaneConnector({ baseUrl: accountingApiUrl });
  const connectDemo = async (): Promise<DemoSoftware | undefined> =>
    demoServer && connectDemoSoftware(accountingStore, demoServer, demoKeyOf(secret), demoClock);
  let demoSoftware = await connectDemo();
  const faults = createFaults();
  const throttle = createThrottle(kysely);
  const portalUrl = options.portalUrl ?? 'http://127.0.0.1:5173';
  const listening: { url?: string } = {};
  const hostCheck = createHostCheck({
    ownHosts: () => (listening.url === undefined ? [] : hostVariants(listening.url)),
    extraHosts: [
      ...hostVariants(portalUrl),
      ...(options.issuer === undefined ? [] : hostVariants(options.issuer)),
      ...(options.allowedHosts ?? []),
    ],
  });
  // Filled once the server listens: the issuer needs the actual port.
  const oidc: {
    provider?: Provider;
    callback?: (request: IncomingMessage, response: ServerResponse) => void;
  } = {};

  const logLevel = options.logLevel ?? 'info';
  const app = Fastify({
    // Behind a reverse proxy the caller's address is in X-Forwarded-For (throttling per address), read
    // past exactly the configured proxies: any entry further left is whatever the client wrote.
    trustProxy: proxyTrust(options.trustProxy),
    logger:
      logLevel === false
        ? false
        : {
            level: logLevel,
            ...(options.logStream ? { stream: options.logStream } : {}),
            redact: {
              paths: ['password', '*.password', 'req.headers.authorization', 'req.headers.cookie'],
              censor: '***',
            },
          },
    logController: new LogController({ disableRequestLogging: !(options.logRequests ?? false) }),
    bodyLimit: BODY_LIMIT,
    forceCloseConnections: true,
    // The OIDC provider (a Koa app) answers /oidc itself; it must read its own request bodies.
    serverFactory: (handler): Server =>
      createServer((request, response) => {
        // Set before anything answers, so the provider's pages, Fastify's replies and the event streams
        // all carry it (writeHead merges it in).
        if (options.instanceName !== undefined)
          response.setHeader('X-Gateway-Instance', options.instanceName);
        const url = request.url ?? '/';
        if (oidc.callback && isOidcPath(url)) {
          if (!hostCheck.isAllowed(request.headers.host)) {
            response.writeHead(421, { 'content-type': 'application/json; charset=utf-8' });
            response.end(JSON.stringify({ error: 'misdirected_request', message: 'Unknown host.' }));
            return;
          }
          // Express-style mount: the provider derives its mount path from originalUrl minus url.
          Object.assign(request, { originalUrl: url });
          request.url = url.slice('/oidc'.length) || '/';
          oidc.callback(request, response);
          return;
        }
        handler(request, response);
      }),
  });

  const catalogue = loadPermissionCatalogue(
    options.manifestPath ?? join(REPO_ROOT, 'portal.config.json'),
    (message) => {
      app.log.warn(message);
    },
  );
  // Checked, then written: two instances starting at once must not both publish the first version.
  await withSeedLock(kysely, () => seedStudio(false));
  // The news feed's items are invented: a real deployment starts with none.
  const defaultNews = demo ? DEFAULT_NEWS : [];
  const news: { items: readonly NewsItem[] } = { items: defaultNews };
  const uploadRules = loadUploadRules(
    options.manifestPath ?? join(REPO_ROOT, 'portal.config.json'),
    options.maxUploadBytes,
    (message) => {
      app.log.warn(message);
    },
  );

  const events = createEventBus((error, event) => {
    app.log.error({ err: error, eventType: event.type }, 'event listener failed');
  });

  // The published version's branding, parsed once per version (the etag names it): every instance reads
  // the same row, so a publication reaches the provider's pages and the e-mails of all of them.
  let brandingCache: { etag: string; branding: Branding | undefined } | undefined;
  const publishedBranding = async (): Promise<Branding | undefined> => {
    const published = await studio.published();
    if (published === undefined) return undefined;
    if (brandingCache?.etag !== published.etag) {
      let manifest: unknown;
      try {
        manifest = JSON.parse(published.manifest);
      } catch {
        manifest = undefined;
      }
      brandingCache = { etag: published.etag, branding: brandingOf(manifest) };
    }
    return brandingCache.branding;
  };

  const deps: Deps = {
    db: kysely,
    store,
    events,
    tokens,
    catalogue,
    userOrigin: options.userOrigin ?? 'CLIENT',
    portalUrl,
    hasher,
    throttle,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    log: app.log,
    news,
    faults,
    isStudioEditor: (userId) => studio.isEditor(userId),
    studioAllows: (session) => mayWriteStudio(studio, session),
    findOidcAccessToken: async (value) => {
      if (!oidc.provider) return undefined;
      const token = await oidc.provider.AccessToken.find(value).catch(() => undefined);
      return token && !token.isExpired
        ? {
            accountId: token.accountId,
            clientId: token.clientId,
            ...(token.grantId ? { grantId: token.grantId } : {}),
          }
        : undefined;
    },
    branding: publishedBranding,
    reseed: async () => {
      await seedDatabase(kysely, hasher.hash, demo, { demoNow: demoClock() });
      await throttle.reset();
      await seedStores();
      await seedStudio(true);
      faults.clear();
      news.items = defaultNews;
      await accountingStore.wipe();
      demoSoftware = await connectDemo();
      await accountingSync.syncAll();
    },
  };

  const bearer = async (request: FastifyRequest): Promise<void> => {
    const token = bearerOf(request);
    const claims = token ? await tokens.verify(token) : null;
    if (!claims) throw unauthorized();
    sessions.set(request, claims);
  };
  // Test and demo tools (faults, reset, the demo inbox): only when a setting turns them on, only under
  // the gateway's own host name (never through the portal's proxy, whose requests carry the portal's
  // Host), never from a web page (no Origin, so no CORS) and never relayed by a proxy.
  const admin = (request: FastifyRequest): Promise<void> => {
    const { headers } = request;
    const direct =
      hostCheck.isOwnHost(headers.host) &&
      headers.origin === undefined &&
      headers['x-forwarded-for'] === undefined &&
      headers['x-forwarded-host'] === undefined &&
      headers.forwarded === undefined &&
      headers.via === undefined &&
      isLoopbackAddress(request.ip);
    return direct ? Promise.resolve() : Promise.reject(forbidden());
  };

  installErrorHandling(app);
  hostCheck.install(app);
  installValidators(app);
  installCollectorBodyParser(app);
  if (options.faults) faults.install(app);
  installCors(app);
  // Document and report uploads stream their file part (documents-handlers.ts); JSON keeps BODY_LIMIT.
  await app.register(multipart, { limits: { fileSize: uploadRules.maxBytes, files: 1, fields: 8 } });
  // The provider's sign-in page is served from this origin: its browser tab asks for a favicon.
  const favicon = readFileSync(join(REPO_ROOT, 'public/favicon.svg'));
  app.get('/favicon.ico', (_request, reply) =>
    reply.type('image/svg+xml').header('Cache-Control', 'max-age=86400').send(favicon),
  );
  const notifications = await createNotificationCentre(deps, kysely, bus, {
    ...(options.notificationRetentionDays === undefined
      ? {}
      : { retentionDays: options.notificationRetentionDays }),
  });
  tokens.onSessionsEnded(notifications.closeSessionStreams);
  const analytics = await createAnalyticsCollector(deps, kysely, {
    ...(options.analyticsKey === undefined ? {} : { apiKey: options.analyticsKey }),
    ...(options.analyticsRetentionDays === undefined
      ? {}
      : { retentionDays: options.analyticsRetentionDays }),
  });
  const accountingSync = createAccountingSync(deps, accountingStore, connector);
  // The demo's first sync imports what its software holds before anyone signs in (tests see a settled list).
  if (demoServer) await accountingSync.syncAll();
  registerRoutes(
    app,
    {
      ...accountingSyncHandlers(deps, accountingStore, accountingSync, connector, {
        add: (accountId, name) => demoSoftware?.add(accountId, name),
      }),
      ...authHandlers(deps),
      ...userHandlers(deps, notifications.summary),
      ...entityHandlers(deps),
      ...offerHandlers(deps),
      ...financeHandlers(deps, finance, demoClock),
      ...documentsHandlers(deps, documents, files, uploadRules),
      ...portfolioHandlers(deps, portfolio),
      ...peopleHandlers(deps, people),
      ...payrollHandlers(deps, createPayrollStore(kysely), demoClock),
      ...studioHandlers(deps, studio),
      ...adminHandlers(deps),
      ...analytics.handlers,
      ...notifications.handlers,
    },
    {
      bearer,
      admin,
      sessionOf: (request) => sessions.get(request) ?? null,
      access: createAccessCheck(deps),
    },
    { admin: options.faults ?? false, demo },
  );
  registerInteractionRoutes(app, deps, () => {
    if (!oidc.provider) throw new Error('the OIDC provider is not started');
    return oidc.provider;
  });

  const host = options.host ?? '127.0.0.1';
  await bus.ready();
  await app.listen({ host, port: options.port ?? 4010 });
  const { port } = app.server.address() as AddressInfo;
  const url = `http://${urlHostOf(host)}:${String(port)}`;
  listening.url = url;

  await purgeOidcStore(kysely);
  const provider = createOidcProvider({
    issuer: options.issuer ?? `${url}/oidc`,
    store,
    db: kysely,
    sessionSecret: secret,
    signingJwk: oidcSigningJwk(options.dataDir, options.oidcJwk),
    brand: async () => brandedParts(await publishedBranding(), portalUrl),
  });
  // A collaborator's portal sessions live on their provider grant: revoking it ends them at once.
  provider.on('grant.revoked', (_ctx, grantId) => {
    if (typeof grantId === 'string')
      tokens.endGrantSessions(grantId).catch((error: unknown) => {
        app.log.error({ err: error }, 'cannot end the sessions of a revoked grant');
      });
  });
  provider.on('server_error', (_ctx, error) => {
    app.log.error({ err: error }, 'oidc server error');
  });
  oidc.provider = provider;
  oidc.callback = provider.callback();
  app.log.info({ url, issuer: provider.issuer, permissionCodes: catalogue.source }, 'gateway listening');

  // Demo mode synced before listening; a firm's gateway syncs once it listens, then every hour.
  const stopSyncs = scheduleSyncs(deps, accountingSync, {
    everyMs: (options.accountingSyncMinutes ?? 60) * 60_000,
    atStart: demoServer === undefined,
  });

  let closed = false;
  return {
    app,
    url,
    events,
    accountingSoftware: demoServer,
    close: async () => {
      if (closed) return;
      closed = true;
      stopSyncs();
      notifications.close();
      analytics.close();
      await app.close();
      await bus.close();
      await demoServer?.close();
      // On SQLite this also closes the handle (db/database.ts), which checkpoints the WAL.
      await kysely.destroy();
    },
  };
}
