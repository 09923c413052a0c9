import type { Logger } from '../logging/logger.ts';
import type { TokenRefresher } from '../session/refresh.ts';
import { createTokenRefresher } from '../session/refresh.ts';
import type { StorageKind, TokenStore } from '../session/token-storage.ts';
import { createTokenStore } from '../session/token-storage.ts';
import { configureGatewayClient } from './base-query.ts';
import { postRefreshToken } from './spec-endpoints.ts';

/** The manifest's session settings, passed in by the composition root. */
export type SessionSettings = {
  storage: StorageKind;
  tokenKey: string;
  refreshBufferMinutes: number;
};

export type StartGatewayClientOptions = {
  gatewayBaseUrl: string;
  dataServiceBaseUrl: string;
  session: SessionSettings;
  logger: Logger;
  /** The manifest's `gateway.services` (SPEC 7 prefixes). */
  services: Readonly<Record<string, string>>;
  now?: () => number;
};

export type GatewayClient = { tokenStore: TokenStore; refresher: TokenRefresher };

/** Builds the token store and the refresher from the settings and wires the api slice to them; call once at start. */
export function startGatewayClient(options: StartGatewayClientOptions): GatewayClient {
  const { gatewayBaseUrl, dataServiceBaseUrl, session, logger, services } = options;
  const tokenStore = createTokenStore({
    kind: session.storage,
    key: session.tokenKey,
    logger,
    ...(options.now ? { now: options.now } : {}),
  });
  const refresher = createTokenRefresher({
    store: tokenStore,
    refresh: (token) => postRefreshToken(gatewayBaseUrl, token),
    bufferMs: session.refreshBufferMinutes * 60_000,
    logger,
  });
  configureGatewayClient({ gatewayBaseUrl, dataServiceBaseUrl, tokenStore, refresher, logger, services });
  return { tokenStore, refresher };
}
