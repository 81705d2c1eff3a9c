import type {
  AccountingPeriod,
  AuthenticationResult,
  Company,
  CompanySettings,
  DocumentCategory,
  Paginated,
  PortalConfig,
  ServiceEvent,
  VersionInfo,
} from '@portal/contracts';
import { FeathersError, dropsToken, feathersError, toFeathersError } from './errors';
import type { TokenStorage } from './token-storage';
import { MemoryTokenStorage } from './token-storage';

/** Spec 7 / 9: acknowledgement timeout of every call. */
export const ACK_TIMEOUT_MS = 120000;
export const AUTH_PATH = 'authentication';

type Listener = (...args: any[]) => void;

/**
 * The socket boundary: the subset of socket.io-client's `Socket` this client uses.
 * Tests hand in a fake; the app hands in a real socket (see socket-transport.ts).
 */
export interface SocketTransport {
  readonly connected: boolean;
  /** socket.io's `socket.timeout(ms).emit(event, ...args, (timeoutError, ...ackArgs) => ...)`. */
  timeout(ms: number): { emit(event: string, ...args: unknown[]): unknown };
  on(event: string, listener: Listener): unknown;
  off(event: string, listener: Listener): unknown;
  connect(): unknown;
  disconnect(): unknown;
}

/** Read-model type of each service path (libs/contracts). */
export interface ServiceTypes {
  config: PortalConfig;
  version: VersionInfo;
  'accounting-client': Company;
  'document-category': DocumentCategory;
  'company-settings': CompanySettings;
  'acc-periods': AccountingPeriod;
}

export type Id = number | string;
export type Params = Record<string, unknown>;

export interface ServiceClient<T> {
  find(query?: Params): Promise<Paginated<T> | T[]>;
  /** Every record of a find, following pagination. */
  findAll(query?: Params): Promise<T[]>;
  get(id: Id, query?: Params): Promise<T>;
  create(data: Partial<T> | Record<string, unknown>, query?: Params): Promise<T>;
  update(id: Id, data: Partial<T> | Record<string, unknown>, query?: Params): Promise<T>;
  patch(id: Id | null, data: Partial<T> | Record<string, unknown>, query?: Params): Promise<T>;
  remove(id: Id | null, query?: Params): Promise<T>;
  on(event: ServiceEvent, listener: (record: T) => void): () => void;
}

export type ClientEvent = 'login' | 'logout' | 'reauthenticated' | 'reauthentication-error';

export interface FeathersClientOptions {
  timeout?: number;
  storage?: TokenStorage;
}

export function isPaginated<T>(value: Paginated<T> | T[]): value is Paginated<T> {
  return !Array.isArray(value) && typeof value === 'object' && value !== null && Array.isArray((value as Paginated<T>).data);
}

/**
 * A typed Feathers-protocol client over socket.io (feathers-protocol.md):
 * `emit(method, path, ...args, ack)` with error-first acknowledgements, pushed `<path> <event>` events,
 * JWT authentication through the `authentication` service and re-authentication after a reconnect.
 */
export class FeathersClient {
  readonly timeoutMs: number;
  readonly storage: TokenStorage;
  private authenticated = false;
  private needsReauth = false;
  private authPromise: Promise<AuthenticationResult> | null = null;
  /** While an authenticated connection is down, calls wait here until it is re-authenticated. */
  private reauthGate: Promise<void> | null = null;
  private openGate: (() => void) | null = null;
  private listeners = new Map<ClientEvent, Set<Listener>>();

  constructor(readonly socket: SocketTransport, options: FeathersClientOptions = {}) {
    this.timeoutMs = options.timeout ?? ACK_TIMEOUT_MS;
    this.storage = options.storage ?? new MemoryTokenStorage();
    socket.on('disconnect', this.handleDisconnect);
    socket.on('connect', this.handleConnect);
  }

  get isAuthenticated(): boolean {
    return this.authenticated;
  }

  /** One raw call: resolves with the result or rejects with a FeathersError. */
  call<R = unknown>(method: string, path: string, ...args: unknown[]): Promise<R> {
    return new Promise<R>((resolve, reject) => {
      const ack = (timeoutError: unknown, error?: unknown, result?: unknown) => {
        if (timeoutError) {
          const message = timeoutError instanceof Error ? timeoutError.message : 'operation has timed out';
          reject(feathersError('Timeout', message, { method, path }));
          return;
        }
        if (error !== null && error !== undefined) {
          reject(toFeathersError(error));
          return;
        }
        resolve(result as R);
      };
      try {
        this.socket.timeout(this.timeoutMs).emit(method, path, ...args, ack);
      } catch (e) {
        reject(toFeathersError(e instanceof Error ? { message: e.message } : e));
      }
    });
  }

  /** A call on a service that waits for a pending (re-)authentication first. */
  private async serviceCall<R>(method: string, path: string, ...args: unknown[]): Promise<R> {
    const pending = this.authPromise ?? this.reauthGate;
    if (pending) {
      try {
        await pending;
      } catch {
        /* the call itself will report NotAuthenticated */
      }
    }
    return this.call<R>(method, path, ...args);
  }

  service<P extends keyof ServiceTypes>(path: P): ServiceClient<ServiceTypes[P]>;
  service<T = unknown>(path: string): ServiceClient<T>;
  service<T>(path: string): ServiceClient<T> {
    const call = <R>(method: string, ...args: unknown[]) => this.serviceCall<R>(method, path, ...args);
    const client: ServiceClient<T> = {
      find: (query = {}) => call('find', query),
      findAll: async (query = {}) => {
        const all: T[] = [];
        for (;;) {
          const page = await call<Paginated<T> | T[]>('find', { ...query, $skip: all.length });
          if (!isPaginated(page)) return all.concat(page);
          all.push(...page.data);
          if (page.data.length === 0 || all.length >= page.total) return all;
        }
      },
      get: (id, query = {}) => call('get', id, query),
      create: (data, query = {}) => call('create', data, query),
      update: (id, data, query = {}) => call('update', id, data, query),
      patch: (id, data, query = {}) => call('patch', id, data, query),
      remove: (id, query = {}) => call('remove', id, query),
      on: (event, listener) => {
        const name = `${path} ${event}`;
        this.socket.on(name, listener as Listener);
        return () => {
          this.socket.off(name, listener as Listener);
        };
      },
    };
    return client;
  }

  /**
   * `create authentication` with the JWT strategy. Without a token the stored one is used.
   * On 401..407 the stored token is dropped (spec 8); any failure resets authentication.
   */
  authenticate(accessToken?: string): Promise<AuthenticationResult> {
    const token = accessToken ?? this.storage.get();
    if (!token) {
      this.authenticated = false;
      return Promise.reject(feathersError('NotAuthenticated', 'No accessToken found in storage'));
    }
    const promise = this.call<AuthenticationResult>('create', AUTH_PATH, { strategy: 'jwt', accessToken: token }, {}).then(
      (result) => {
        this.authenticated = true;
        this.storage.set(result.accessToken ?? token);
        this.emit('login', result);
        return result;
      },
      (error: FeathersError) => {
        this.authenticated = false;
        if (dropsToken(error)) this.storage.remove();
        throw error;
      },
    );
    // A new token for a connection that is authenticated already (a refresh) does not hold calls back.
    if (this.authenticated) return promise;
    this.authPromise = promise;
    const clear = () => {
      if (this.authPromise === promise) this.authPromise = null;
    };
    promise.then(clear, clear);
    return promise;
  }

  /** `remove authentication null`, then forget the token. Never rejects. */
  async logout(): Promise<void> {
    const wasAuthenticated = this.authenticated;
    this.authenticated = false;
    this.needsReauth = false;
    this.openGate?.();
    this.openGate = null;
    this.reauthGate = null;
    try {
      if (wasAuthenticated && this.socket.connected) await this.call('remove', AUTH_PATH, null, {});
    } catch {
      /* the session ends anyway */
    } finally {
      this.storage.remove();
      this.emit('logout');
    }
  }

  on(event: ClientEvent, listener: Listener): () => void {
    let set = this.listeners.get(event);
    if (!set) this.listeners.set(event, (set = new Set()));
    set.add(listener);
    return () => set.delete(listener);
  }

  private emit(event: ClientEvent, ...args: unknown[]): void {
    this.listeners.get(event)?.forEach((l) => l(...args));
  }

  private handleDisconnect = () => {
    if (!this.authenticated) return;
    this.authenticated = false;
    this.needsReauth = true;
    this.reauthGate ??= new Promise<void>((resolve) => (this.openGate = resolve));
  };

  private handleConnect = () => {
    if (!this.needsReauth) return;
    this.needsReauth = false;
    const release = () => {
      this.openGate?.();
      this.openGate = null;
      this.reauthGate = null;
    };
    this.authenticate().then(
      (result) => {
        release();
        this.emit('reauthenticated', result);
      },
      (error) => {
        release();
        this.emit('reauthentication-error', error);
      },
    );
  };
}
