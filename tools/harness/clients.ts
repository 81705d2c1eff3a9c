import { stringify } from 'qs';
import { feathers, type Application } from '@feathersjs/feathers';
import authentication from '@feathersjs/authentication-client';
import socketio from '@feathersjs/socketio-client';
import { io, type Socket } from 'socket.io-client';

/** The official Feathers v5 client over socket.io (websocket only); bench and fault code may not use the *.testing helpers. */
export interface FeathersPeer {
  app: Application;
  socket: Socket;
  close(): void;
}

/**
 * `ackTimeoutMs` is socket.io's `ackTimeout`, the one the official client honours (the web sets the spec's
 * 120 s): a call without an answer fails after it, and a call in flight when the connection drops fails at once.
 * Without it such a call never settles. (It also turns a raw `socket.emit` ack into (timeoutError, ...answer).)
 */
export function connectFeathers(url: string, ackTimeoutMs?: number): FeathersPeer {
  const socket = io(url, {
    transports: ['websocket'],
    forceNew: true,
    reconnectionDelay: 100,
    reconnectionDelayMax: 200,
    ...(ackTimeoutMs ? { ackTimeout: ackTimeoutMs } : {}),
  });
  const app = feathers();
  app.configure(socketio(socket));
  app.configure(authentication({ storage: new MemoryStorage() }));
  return { app, socket, close: () => socket.close() };
}

export async function signedInPeer(url: string, accessToken: string, ackTimeoutMs?: number): Promise<FeathersPeer> {
  const peer = connectFeathers(url, ackTimeoutMs);
  await peer.app.authenticate({ strategy: 'jwt', accessToken });
  return peer;
}

export class MemoryStorage {
  private values = new Map<string, unknown>();
  getItem(key: string) {
    return this.values.get(key);
  }
  setItem(key: string, value: unknown) {
    this.values.set(key, value);
    return value;
  }
  removeItem(key: string) {
    const value = this.values.get(key);
    this.values.delete(key);
    return value;
  }
}

/** A plain socket.io-client connection speaking the protocol by hand (lighter than a Feathers app). */
export function rawSocket(url: string, options: { reconnection?: boolean } = {}): Socket {
  return io(url, { transports: ['websocket'], forceNew: true, reconnection: options.reconnection ?? false, timeout: 20_000 });
}

export function connected(socket: Socket, timeoutMs = 20_000): Promise<void> {
  if (socket.connected) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('socket did not connect in time')), timeoutMs);
    socket.once('connect', () => {
      clearTimeout(timer);
      resolve();
    });
    socket.once('connect_error', (e) => {
      clearTimeout(timer);
      reject(e);
    });
  });
}

export interface WireError {
  name: string;
  message: string;
  code: number;
  className: string;
  data?: unknown;
}

/** One protocol call with an ack; resolves [error, result] (never rejects, except on timeout). */
export function call(socket: Socket, method: string, args: unknown[], timeoutMs = 30_000): Promise<[WireError | null, unknown]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ack for ${method} ${String(args[0])} within ${timeoutMs} ms`)), timeoutMs);
    socket.emit(method, ...args, (error: WireError | null, result: unknown) => {
      clearTimeout(timer);
      resolve([error ?? null, result]);
    });
  });
}

export async function authenticateRaw(socket: Socket, accessToken: string): Promise<void> {
  const [error] = await call(socket, 'create', ['authentication', { strategy: 'jwt', accessToken }, {}]);
  if (error) throw new Error(`authentication failed: ${error.name} ${error.message}`);
}

const REST_VERBS: Record<string, string> = { find: 'GET', get: 'GET', create: 'POST', update: 'PUT', patch: 'PATCH', remove: 'DELETE' };

/**
 * The same call as `call` (socket positional arguments: [service, ...args]) over the REST interface,
 * answered in the same shape: [error, result]. For the authorization matrix over both transports.
 */
export async function restCall(url: string, accessToken: string | null, method: string, args: unknown[]): Promise<[WireError | null, unknown]> {
  const [service, ...rest] = args as [string, ...unknown[]];
  const verb = REST_VERBS[method] ?? method.toUpperCase();
  const withId = ['get', 'update', 'patch', 'remove'].includes(method);
  const id = withId ? rest.shift() : null;
  const data = ['create', 'update', 'patch'].includes(method) ? rest.shift() : undefined;
  const query = (rest.shift() ?? {}) as Record<string, unknown>;
  const search = stringify(query, { encodeValuesOnly: true });
  const path = `${url}/api/rest/${encodeURIComponent(service)}${id === null || id === undefined ? '' : `/${encodeURIComponent(String(id))}`}${search ? `?${search}` : ''}`;
  const res = await fetch(path, {
    method: verb,
    headers: { ...(accessToken ? { authorization: `Bearer ${accessToken}` } : {}), ...(data === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(data === undefined ? {} : { body: JSON.stringify(data) }),
  });
  const body = (await res.json()) as unknown;
  return res.ok ? [null, body] : [body as WireError, undefined];
}
