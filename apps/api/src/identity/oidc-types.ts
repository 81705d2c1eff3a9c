import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * The small part of oidc-provider 9 this folder uses, typed by hand: the package ships no type
 * declarations and is ESM-only, so it is loaded with a dynamic `import()` and cast to these.
 */
export interface OidcClient {
  clientId: string;
  redirectUriAllowed(uri: string): boolean;
  postLogoutRedirectUriAllowed(uri: string): boolean;
  grantTypeAllowed(grantType: string): boolean;
}

export interface OidcGrant {
  jti?: string;
  accountId?: string;
  clientId?: string;
  addOIDCScope(scope: string): void;
  addResourceScope(resource: string, scope: string): void;
  save(): Promise<string>;
}

export interface OidcGrantConstructor {
  new (init: { accountId: string; clientId: string }): OidcGrant;
  find(id: string): Promise<OidcGrant | undefined>;
}

export interface OidcSession {
  accountId?: string;
  grantIdFor(clientId: string): string | undefined;
}

/** A token model as the provider's hooks see it (AccessToken, RefreshToken, ...). */
export interface OidcToken {
  kind: string;
  accountId?: string;
  exp?: number;
  sid?: string;
  sessionUid?: string;
}

export interface OidcContext {
  route?: string;
  client?: OidcClient;
  session?: OidcSession;
  account?: { accountId: string };
  result?: { consent?: { grantId?: string } };
  entities: { RefreshToken?: OidcToken };
  provider: OidcProvider;
}

/** The Koa context the provider hands to hooks and middlewares. */
export interface KoaContext {
  method: string;
  path: string;
  status: number;
  body: unknown;
  type: string;
  oidc?: OidcContext;
  get(header: string): string;
  set(header: string, value: string): void;
  ip?: string;
}

export type KoaNext = () => Promise<void>;

export interface OidcInteraction {
  uid: string;
  prompt: { name: string; reasons: string[]; details: Record<string, unknown> };
  params: Record<string, unknown>;
  session?: { accountId: string };
  grantId?: string;
  lastSubmission?: Record<string, unknown>;
}

export interface OidcInteractionResult {
  login?: { accountId: string; amr?: string[]; remember?: boolean };
  consent?: { grantId: string };
  error?: string;
  error_description?: string;
}

export interface OidcProvider {
  proxy: boolean;
  readonly issuer: string;
  callback(): (req: IncomingMessage, res: ServerResponse) => unknown;
  use(middleware: (ctx: KoaContext, next: KoaNext) => Promise<void>): void;
  on(event: string, listener: (...args: unknown[]) => void): void;
  interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<OidcInteraction>;
  interactionFinished(req: IncomingMessage, res: ServerResponse, result: OidcInteractionResult, options?: { mergeWithLastSubmission?: boolean }): Promise<void>;
  /** The name of one of the provider's cookies (`session`: the browser's login session, its value the session's id). */
  cookieName(type: 'session' | 'interaction' | 'resume'): string;
  readonly Grant: OidcGrantConstructor;
  readonly Client: { prototype: OidcClient };
}

export interface OidcAccount {
  accountId: string;
  claims(use: string, scope: string): Promise<Record<string, unknown>>;
}

export interface OidcProviderModule {
  default: new (issuer: string, configuration: object) => OidcProvider;
  errors: { InvalidTarget: new (description?: string) => Error };
}
