import type { Logger } from '../logging/logger.ts';
import type { TokenRefresher } from '../session/refresh.ts';
import { createTokenRefresher } from '../session/refresh.ts';
import type { StorageKind, TokenStore } from '../session/token-storage.ts';
import { createTokenStore } from '../session/token-storage.ts';
import { createGatewayClient } from './base-query.ts';
import type { GatewayClient } from './base-query.ts';
import { postRefreshToken } from './session-endpoints.ts';

const DEFAULT_REQUEST_TIMEOUT_MS = 30_000;

/** The manifest's session settings, passed in by the composition root. */
type SessionSettings = {
  storage: StorageKind;
  tokenKey: string;
  refreshBufferMinutes: number;
  refreshTimeoutMs?: number;
};

export type StartGatewayClientOptions = {
  gatewayBaseUrl: string;
  dataServiceBaseUrl: string;
  session: SessionSettings;
  logger: Logger;
  /** The manifest's `gateway.services` (SPEC 7 prefixes). */
  services: Readonly<Record<string, string>>;
  /** No call waits longer than this (the manifest's `gateway.requestTimeoutMs`); 30 s by default. */
  requestTimeoutMs?: number;
  now?: () => number;
};

export type StartedGatewayClient = {
  tokenStore: TokenStore;
  refresher: TokenRefresher;
  gateway: GatewayClient;
};

/**
 * Builds the token store, the refresher and the gateway client from the settings; the composition root
 * gives the client to its store (`makeStore({ extra: { gateway } })`).
 */
export function startGatewayClient(options: StartGatewayClientOptions): StartedGatewayClient {
  const { gatewayBaseUrl, dataServiceBaseUrl, session, logger, services } = options;
  const tokenStore = createTokenStore({
    kind: session.storage,
    key: session.tokenKey,
    logger,
    ...(options.now ? { now: options.now } : {}),
  });
  const refresher = createTokenRefresher({
    store: tokenStore,
    refresh: (token, signal) => postRefreshToken(gatewayBaseUrl, services, token, undefined, signal),
    bufferMs: session.refreshBufferMinutes * 60_000,
    ...(session.refreshTimeoutMs === undefined ? {} : { timeoutMs: session.refreshTimeoutMs }),
    logger,
  });
  const gateway = createGatewayClient({
    gatewayBaseUrl,
    dataServiceBaseUrl,
    tokenStore,
    refresher,
    logger,
    services,
    timeoutMs: options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS,
  });
  return { tokenStore, refresher, gateway };
}
