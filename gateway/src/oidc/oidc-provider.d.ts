// Minimal typings for the parts of oidc-provider 9 the gateway uses (the package ships no types).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  export type ClientMetadata = Record<string, unknown> & { client_id: string };

  export type OidcClient = { clientId: string; grantTypeAllowed: (grantType: string) => boolean };

  export type OidcSession = {
    accountId?: string;
    grantIdFor: (clientId: string) => string | undefined;
  };

  export type OidcContext = {
    oidc: {
      provider: Provider;
      client?: OidcClient;
      session?: OidcSession;
      account?: { accountId: string };
      result?: { consent?: { grantId?: string } };
    };
    type: string;
    body: unknown;
    /** Koa's: sets response headers. */
    set: (fields: Readonly<Record<string, string>>) => void;
  };

  export type Account = {
    accountId: string;
    claims: (use: string, scope: string) => Record<string, unknown> | Promise<Record<string, unknown>>;
  };

  export type Interaction = {
    uid: string;
    prompt: { name: string; reasons: string[] };
    params: Record<string, unknown>;
    session?: { accountId?: string };
  };

  export type InteractionResult = {
    login?: { accountId: string; remember?: boolean };
    consent?: { grantId?: string };
    error?: string;
    error_description?: string;
  };

  export class Grant {
    constructor(properties: { accountId: string; clientId: string });
    readonly jti: string;
    readonly accountId: string;
    readonly clientId: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
    static find(id: string): Promise<Grant | undefined>;
  }

  export type AccessTokenModel = {
    accountId: string;
    clientId: string;
    isExpired: boolean;
    grantId?: string;
  };

  export type AdapterPayload = Record<string, unknown> & {
    grantId?: string;
    uid?: string;
    userCode?: string;
  };

  export type OidcAdapter = {
    upsert(id: string, payload: AdapterPayload, expiresIn?: number): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  };

  export type Configuration = {
    adapter?: new (model: string) => OidcAdapter;
    clients: ClientMetadata[];
    jwks: { keys: Record<string, unknown>[] };
    cookies: {
      keys: string[];
      long?: { sameSite?: 'lax' | 'strict' | 'none'; httpOnly?: boolean };
      short?: { sameSite?: 'lax' | 'strict' | 'none'; httpOnly?: boolean };
    };
    claims: Record<string, string[]>;
    scopes: string[];
    features: Record<string, Record<string, unknown>>;
    pkce: { required: () => boolean };
    ttl: Record<string, number>;
    interactions: {
      policy?: InteractionPolicy;
      url: (ctx: OidcContext, interaction: Interaction) => string | Promise<string>;
    };
    findAccount: (ctx: OidcContext, id: string) => Account | undefined | Promise<Account | undefined>;
    loadExistingGrant: (ctx: OidcContext) => Promise<Grant | undefined>;
    issueRefreshToken: (ctx: OidcContext, client: OidcClient) => boolean | Promise<boolean>;
    clientBasedCORS: (ctx: OidcContext, origin: string, client: OidcClient) => boolean;
    renderError?: (ctx: OidcContext, out: Record<string, unknown>, error: Error) => void | Promise<void>;
  };

  /** Whether a prompt is needed: Check.REQUEST_PROMPT (true) or Check.NO_NEED_TO_PROMPT (false). */
  export class Check {
    constructor(
      reason: string,
      description: string,
      error: string,
      check: (ctx: OidcContext) => boolean | Promise<boolean>,
    );
    static readonly REQUEST_PROMPT: true;
    static readonly NO_NEED_TO_PROMPT: false;
  }

  export type Prompt = { name: string; checks: Check[] & { add: (check: Check) => void } };

  export type InteractionPolicy = Prompt[] & { get: (name: string) => Prompt | undefined };

  export const interactionPolicy: { base: () => InteractionPolicy; Check: typeof Check };

  export default class Provider {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly Grant: typeof Grant;
    readonly AccessToken: { find: (value: string) => Promise<AccessTokenModel | undefined> };
    readonly Client: {
      prototype: {
        redirectUriAllowed: (this: OidcClient, uri: string) => boolean;
        postLogoutRedirectUriAllowed: (this: OidcClient, uri: string) => boolean;
      };
    };
    callback(): (request: IncomingMessage, response: ServerResponse) => void;
    interactionDetails(request: IncomingMessage, response: ServerResponse): Promise<Interaction>;
    interactionResult(
      request: IncomingMessage,
      response: ServerResponse,
      result: InteractionResult,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<string>;
    on(event: string, listener: (...args: unknown[]) => void): this;
  }
}
