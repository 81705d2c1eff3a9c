import authentication from '@feathersjs/authentication-client';
import { feathers, type Application } from '@feathersjs/feathers';
import socketio from '@feathersjs/socketio-client';
import type { AuthenticationResult, Paginated, ServiceEvent, ServiceTypes, TypedServicePath } from '@portal/contracts';
import { STANDARD_METHODS, type StandardMethod } from '@portal/contracts';
import { toFeathersError } from './errors';
import { PortalAuthentication } from './portal-authentication';
import { feathersStorage, MemoryTokenStorage, TOKEN_STORAGE_KEY, type TokenStorage } from './token-storage';

export { ACK_TIMEOUT_MS } from './socket-transport';
export const AUTH_PATH = 'authentication';

// A listener takes whatever its event carries: `unknown[]` would refuse handlers typed for their event.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Listener = (...args: any[]) => void;

/**
 * The socket boundary: the part of socket.io-client's `Socket` the official Feathers client and the stores
 * use. Tests hand in a fake; the app hands in a real socket (socket-transport.ts), whose `ackTimeout`
 * bounds every call.
 */
export interface SocketTransport {
  readonly connected: boolean;
  emit(event: string, ...args: unknown[]): unknown;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

export type { ServiceTypes };
export type Id = number | string;
export type Params = Record<string, unknown>;

export interface ServiceClient<T> {
  find(query?: Params): Promise<Paginated<T> | T[]>;
  /** A find the service answers with one object instead of records (a history, a report, facets), shaped as its contract says. */
  findResult<R>(query?: Params): Promise<R>;
  /** Every record of a find, following pagination. */
  findAll(query?: Params): Promise<T[]>;
  get(id: Id, query?: Params): Promise<T>;
  /** The command's data as the service's schema takes it (not always a part of the record). */
  create(data: Partial<T> | object, query?: Params): Promise<T>;
  update(id: Id, data: Partial<T> | object, query?: Params): Promise<T>;
  patch(id: Id | null, data: Partial<T> | object, query?: Params): Promise<T>;
  remove(id: Id | null, query?: Params): Promise<T>;
  /** A pushed `<path> <event>`; returns the unsubscribe. */
  on(event: ServiceEvent, listener: (record: T) => void): () => void;
}

export type ClientEvent = 'login' | 'logout' | 'reauthenticated' | 'reauthentication-error';

export interface FeathersClientOptions {
  storage?: TokenStorage;
}

export function isPaginated<T>(value: Paginated<T> | T[]): value is Paginated<T> {
  return !Array.isArray(value) && typeof value === 'object' && value !== null && Array.isArray((value as Paginated<T>).data);
}

/** The methods of a socket service of the official client, as this module calls them. */
interface SocketService {
  find(params: { query: Params }): Promise<unknown>;
  get(id: Id, params: { query: Params }): Promise<unknown>;
  create(data: unknown, params: { query: Params }): Promise<unknown>;
  update(id: Id | null, data: unknown, params: { query: Params }): Promise<unknown>;
  patch(id: Id | null, data: unknown, params: { query: Params }): Promise<unknown>;
  remove(id: Id | null, params: { query: Params }): Promise<unknown>;
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  /** A custom method: `emit(method, path, data, query, ack)`. */
  send(method: string, ...args: unknown[]): Promise<unknown>;
}

/** Arguments before the query per method (feathers-protocol.md). */
const LEADING_ARGUMENTS: Record<StandardMethod, number> = { find: 0, get: 1, create: 1, update: 2, patch: 2, remove: 1 };
const isStandardMethod = (method: string): method is StandardMethod => (STANDARD_METHODS as readonly string[]).includes(method);

const failed = (error: unknown): never => {
  throw toFeathersError(error);
};

/**
 * The official Feathers client (`@feathersjs/feathers` + `@feathersjs/socketio-client` +
 * `@feathersjs/authentication-client`) behind the API the stores use: `service(path)` typed by the
 * contracts' service map, the query as the last argument, `on` returning its unsubscribe, `findAll`, and
 * errors always as Feathers error classes.
 */
export class FeathersClient {
  /** The Feathers application, for code that wants the official API itself. */
  readonly app: Application;
  readonly storage: TokenStorage;
  private readonly auth: PortalAuthentication;

  constructor(
    readonly socket: SocketTransport,
    options: FeathersClientOptions = {},
  ) {
    this.storage = options.storage ?? new MemoryTokenStorage();
    this.app = feathers();
    this.app.configure(socketio(socket as unknown as Parameters<typeof socketio>[0]));
    this.app.configure(authentication({ storage: feathersStorage(this.storage), storageKey: TOKEN_STORAGE_KEY, Authentication: PortalAuthentication }));
    this.auth = this.app.authentication as PortalAuthentication;
  }

  /** Signed in, and not waiting for the re-authentication of a dropped connection. */
  get isAuthenticated(): boolean {
    return this.auth.authenticated && !this.auth.reconnecting;
  }

  /** One call by method name (a standard or a custom method) with the protocol's positional arguments. */
  async call<R = unknown>(method: string, path: string, ...args: unknown[]): Promise<R> {
    const service = this.raw(path);
    if (isStandardMethod(method)) {
      const leading = args.slice(0, LEADING_ARGUMENTS[method]);
      const query = (args[LEADING_ARGUMENTS[method]] ?? {}) as Params;
      const run = service[method] as (...a: unknown[]) => Promise<unknown>;
      return run.call(service, ...leading, { query }).catch(failed) as Promise<R>;
    }
    // Custom methods bypass the client's hooks: wait for a pending sign-in as the hooks would.
    await Promise.resolve(this.app.get('authentication')).catch(() => undefined);
    return service.send(method, ...args, {}).catch(failed) as Promise<R>;
  }

  service<P extends TypedServicePath>(path: P): ServiceClient<ServiceTypes[P]>;
  service<T = unknown>(path: string): ServiceClient<T>;
  service<T>(path: string): ServiceClient<T> {
    const service = this.raw(path);
    const typed = <R>(promise: Promise<unknown>) => promise.catch(failed) as Promise<R>;
    const client: ServiceClient<T> = {
      find: (query = {}) => typed(service.find({ query })),
      findResult: (query = {}) => typed(service.find({ query })),
      findAll: async (query = {}) => {
        const all: T[] = [];
        for (;;) {
          const page = await client.find({ ...query, $skip: all.length });
          if (!isPaginated(page)) return all.concat(page);
          all.push(...page.data);
          if (page.data.length === 0 || all.length >= page.total) return all;
        }
      },
      get: (id, query = {}) => typed(service.get(id, { query })),
      create: (data, query = {}) => typed(service.create(data, { query })),
      update: (id, data, query = {}) => typed(service.update(id, data, { query })),
      patch: (id, data, query = {}) => typed(service.patch(id, data, { query })),
      remove: (id, query = {}) => typed(service.remove(id, { query })),
      on: (event, listener) => {
        service.on(event, listener);
        return () => {
          service.off(event, listener);
        };
      },
    };
    return client;
  }

  /**
   * `create authentication` with the JWT strategy; without a token, the stored one
   * ("No accessToken found in storage" when there is none). 401..407 drop the stored token (spec §8).
   */
  authenticate(accessToken?: string): Promise<AuthenticationResult> {
    const done = accessToken === undefined ? this.app.reAuthenticate(true) : this.app.authenticate({ strategy: 'jwt', accessToken });
    return done.then((result) => result as unknown as AuthenticationResult, failed);
  }

  /** `remove authentication null` when signed in and connected, then forget the token. Never rejects. */
  async logout(): Promise<void> {
    const signedIn = this.auth.authenticated && this.socket.connected;
    let announced = false;
    try {
      if (signedIn) announced = Boolean(await this.app.logout());
    } catch {
      /* the session ends anyway */
    } finally {
      await this.auth.removeAccessToken();
      await this.auth.reset();
      if (!announced) this.app.emit('logout', null);
    }
  }

  on(event: ClientEvent, listener: Listener): () => void {
    this.app.on(event, listener);
    return () => {
      this.app.off(event, listener);
    };
  }

  private raw(path: string): SocketService {
    return this.app.service(path) as unknown as SocketService;
  }
}
