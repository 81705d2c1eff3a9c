import { randomUUID } from 'node:crypto';
import { BadRequest, mayAccessClient, SERVICES, TooManyRequests, type User } from '@portal/contracts';
import type { Doc, LoadedFeedBatch, LoadedFeedChange } from '@portal/read-store';
import type { Server, ServerOptions, Socket } from 'socket.io';
import { runWithLogContext } from '../platform/log-context';
import type { Authenticator } from '../auth/authenticator';
import { toWireError } from './error-mapping';
import { PushGroups } from './push-groups';
import { Presentations } from './presentations';
import { permits, type ServiceDefinition } from './service-definition';
import type { ServiceRegistry } from './service-registry';

interface SocketSession {
  user: User | null;
  accessToken: string | null;
  expiry: NodeJS.Timeout | null;
  /** Closes a connection that does not sign in in time. */
  idle: NodeJS.Timeout | null;
  inFlight: number;
  /** The provider login session of the token (`sid`), when the provider names one. */
  sid: string | null;
}

type Ack = (error: unknown, result?: unknown) => void;

const MAX_PAYLOAD_BYTES = 1_000_000;
const ALL_CLIENTS_ROOM = 'all-clients';
const AUTHENTICATED_ROOM = 'authenticated';
const clientRoom = (clientNo: number) => `client:${clientNo}`;

export interface GatewayOptions {
  log(message: string, error?: unknown): void;
  /** The portal's origins (PUBLIC_URL and its loopback siblings): a browser handshake from any other origin is refused. */
  allowedOrigins?: readonly string[];
  /** A connection that is not signed in this long is closed; default 30 s. */
  unauthenticatedTimeoutMs?: number;
  /** Calls of one connection being answered at once; more are refused with TooManyRequests. Default 16. */
  maxCallsInFlight?: number;
}

export const DEFAULT_UNAUTHENTICATED_TIMEOUT_MS = 30_000;
export const DEFAULT_MAX_CALLS_IN_FLIGHT = 16;

/**
 * The Feathers socket protocol over socket.io (feathers-protocol.md): calls with error-first
 * acks, the `authentication` service, and pushed `<path> <event>` messages delivered only to
 * connections whose user may read the record.
 */
export class FeathersGateway {
  private io: Server | null = null;
  private readonly sessions = new Map<string, SocketSession>();

  constructor(
    private readonly authenticator: Authenticator,
    private readonly services: ServiceRegistry,
    private readonly options: GatewayOptions,
  ) {}

  /** What the socket.io server must be created with (the Nest adapter applies it): websocket only, this origin only, 1 MB per message. */
  serverOptions(): Partial<ServerOptions> {
    const allowed = this.options.allowedOrigins ? new Set(this.options.allowedOrigins.map((o) => new URL(o).origin)) : null;
    return {
      transports: ['websocket'],
      serveClient: false,
      maxHttpBufferSize: MAX_PAYLOAD_BYTES,
      cors: { origin: false },
      // Browsers always send Origin on a WebSocket handshake: another site's page must not talk to the portal.
      // Scripts and servers send none; they authenticate with a token like everyone.
      allowRequest: (req, callback) => {
        const origin = req.headers.origin;
        callback(null, !allowed || origin === undefined || allowed.has(origin));
      },
    };
  }

  /** The socket.io server its owner (the Nest gateway) created: pushes go through it. */
  bind(io: Server): void {
    this.io = io;
  }

  get connectionCount(): number {
    return this.sessions.size;
  }

  /** Stops the timers of every connection (the server itself is closed by its owner). */
  close(): void {
    for (const session of this.sessions.values()) {
      if (session.expiry) clearTimeout(session.expiry);
      if (session.idle) clearTimeout(session.idle);
    }
  }

  /** A new connection: signed out until it authenticates, closed when it does not in time. */
  accept(socket: Socket): void {
    const session: SocketSession = { user: null, accessToken: null, expiry: null, idle: null, inFlight: 0, sid: null };
    this.sessions.set(socket.id, session);
    this.startIdleTimer(socket, session);
    socket.on('disconnect', () => {
      if (session.expiry) clearTimeout(session.expiry);
      if (session.idle) clearTimeout(session.idle);
      this.sessions.delete(socket.id);
    });
    const maxInFlight = this.options.maxCallsInFlight ?? DEFAULT_MAX_CALLS_IN_FLIGHT;
    socket.onAny((method: unknown, ...rest: unknown[]) => {
      const ack = rest[rest.length - 1];
      if (typeof ack !== 'function') return; // nobody to answer: drop
      if (session.inFlight >= maxInFlight) {
        (ack as Ack)(toWireError(TooManyRequests(`At most ${maxInFlight} calls of one connection are answered at a time.`), () => undefined));
        return;
      }
      session.inFlight += 1;
      const args = rest.slice(0, -1);
      // Each call is a request of its own in the logs; its commands record the id as correlation id.
      const requestId = randomUUID();
      runWithLogContext({ requestId, correlationId: requestId }, () => this.handleCall(socket, session, method, args))
        .then((result) => (ack as Ack)(null, result))
        .catch((error: unknown) => (ack as Ack)(toWireError(error, (e) => this.options.log(`call ${String(method)} failed`, e))))
        .finally(() => {
          session.inFlight -= 1;
        });
    });
  }

  private async handleCall(socket: Socket, session: SocketSession, method: unknown, args: unknown[]): Promise<unknown> {
    if (typeof method !== 'string' || method.length > 50) throw BadRequest('Invalid method.');
    const [path, ...methodArgs] = args;
    if (typeof path !== 'string' || path.length > 100) throw BadRequest('Invalid service path.');
    if (path === SERVICES.authentication) return this.handleAuthentication(socket, session, method, methodArgs);
    const caller = session.user && session.accessToken ? { user: session.user, accessToken: session.accessToken } : null;
    return this.services.call(caller, method, path, methodArgs);
  }

  private async handleAuthentication(socket: Socket, session: SocketSession, method: string, args: unknown[]): Promise<unknown> {
    if (method === 'create') {
      const { result, expiresAt } = await this.authenticator.authenticate(args[0]);
      this.signIn(socket, session, result.user, result.accessToken, expiresAt);
      const sid = result.authentication.payload?.sid;
      session.sid = typeof sid === 'string' ? sid : null;
      return result;
    }
    if (method === 'remove') {
      const previous = session.accessToken;
      this.signOut(socket, session);
      return { accessToken: previous, authentication: { strategy: 'jwt' } };
    }
    throw BadRequest(`Method '${method}' is not supported by service 'authentication'`);
  }

  /** A connection that never signs in (or stays signed out) is closed after a while. */
  private startIdleTimer(socket: Socket, session: SocketSession): void {
    if (session.idle) clearTimeout(session.idle);
    session.idle = setTimeout(() => {
      if (!session.user) socket.disconnect(true);
    }, this.options.unauthenticatedTimeoutMs ?? DEFAULT_UNAUTHENTICATED_TIMEOUT_MS);
  }

  private signIn(socket: Socket, session: SocketSession, user: User, accessToken: string, expiresAt: number): void {
    this.signOut(socket, session);
    if (session.idle) clearTimeout(session.idle);
    session.idle = null;
    session.user = user;
    session.accessToken = accessToken;
    void socket.join(AUTHENTICATED_ROOM);
    if (user.all_clients) void socket.join(ALL_CLIENTS_ROOM);
    else for (const c of user.klienten_array) void socket.join(clientRoom(c));
    const ms = Math.min(Math.max(expiresAt - Date.now(), 0), 2_147_000_000);
    session.expiry = setTimeout(() => this.signOut(socket, session), ms);
  }

  private signOut(socket: Socket, session: SocketSession): void {
    if (session.expiry) clearTimeout(session.expiry);
    session.expiry = null;
    session.user = null;
    session.accessToken = null;
    for (const room of [...socket.rooms]) if (room !== socket.id) void socket.leave(room);
    this.startIdleTimer(socket, session);
  }

  /** Ends the login of every connection of a user (a disabled account stops working at once). */
  signOutUser(keycloakId: string): void {
    for (const [socketId, session] of this.sessions) {
      const socket = this.io?.sockets.sockets.get(socketId);
      if (socket && session.user?.keycloakId === keycloakId) this.signOut(socket, session);
    }
  }

  /** Ends the connections signed in with tokens of these provider sessions (a device signed out). */
  signOutSessions(sids: readonly string[]): void {
    if (sids.length === 0) return;
    const ended = new Set(sids);
    for (const [socketId, session] of this.sessions) {
      const socket = this.io?.sockets.sockets.get(socketId);
      if (socket && session.sid && ended.has(session.sid)) this.signOut(socket, session);
    }
  }

  /** Pushes one batch of the change feed (records loaded by the feed reader) to the connections that may read each record. */
  publish(batch: LoadedFeedBatch): void {
    if (!this.io || batch.changes.length === 0) return;
    for (const change of batch.changes) {
      for (const service of this.services.all()) {
        if (service.mirror?.collection === change.collection) this.push(service, change);
      }
    }
  }

  /** A custom event (e.g. `documents progress`) to the connections that may read `path` for that client. */
  emitCustom(path: string, event: string, clientNo: number | null, payload: unknown, visibleTo?: (user: User) => boolean): void {
    const service = this.services.get(path);
    if (!service) return;
    const groups = new PushGroups();
    for (const { socket, user } of this.readersOf(service, clientNo)) if (visibleTo?.(user) ?? true) groups.add(socket.id, `${path} ${event}`, payload);
    if (this.io) groups.send(this.io);
  }

  /**
   * A change goes to each connection that may read the record now; a patched record that a connection could
   * read before and no longer can (marked payroll, moved to another client) goes to it as `removed`. The record
   * is as the store holds it now (a record gone since is skipped: its removal follows); the record as it was
   * comes from the feed in its small form, which is what the read rules look at.
   */
  private push(service: ServiceDefinition, change: LoadedFeedChange): void {
    const mirror = service.mirror;
    if (!mirror) return;
    const present = (doc: Doc) => (mirror.present ? mirror.present(doc) : doc);
    const reads = (user: User, clientNo: number | null, doc: Doc) =>
      (clientNo === null || mayAccessClient(user, clientNo)) && (mirror.visibleTo?.(user, doc) ?? true);
    const groups = new PushGroups();
    const presentations = new Presentations(mirror);
    // One name per event of the change, not a new string per connection (the groups look each one up).
    const names = new Map<string, string>();
    const nameOf = (event: string) => names.get(event) ?? names.set(event, `${service.path} ${event}`).get(event)!;
    const emit = (socket: Socket, user: User, event: string, shown: unknown) => groups.add(socket.id, nameOf(event), presentations.for(user, shown));
    if (change.event === 'removed') {
      const before = change.before ?? { id: change.id };
      const clientBefore = tolerant(() => mirror.clientOf(before), -1);
      const shown = tolerant(() => present(before), before);
      for (const { socket, user } of this.readersOf(service, clientBefore))
        if (tolerant(() => reads(user, clientBefore, before), false)) emit(socket, user, 'removed', shown);
      if (this.io) groups.send(this.io);
      return;
    }
    const doc = change.doc;
    if (!doc) return;
    const client = mirror.clientOf(doc);
    const before = change.event === 'patched' ? change.before : undefined;
    const clientBefore = before ? tolerant(() => mirror.clientOf(before), -1) : client;
    const payload = present(doc);
    let shownBefore: unknown;
    for (const { socket, user } of this.readersOf(service, client, clientBefore)) {
      if (reads(user, client, doc)) emit(socket, user, change.event, payload);
      else if (before && tolerant(() => reads(user, clientBefore, before), false))
        emit(socket, user, 'removed', (shownBefore ??= tolerant(() => present(before), before)));
    }
    if (this.io) groups.send(this.io);
  }

  /** Signed-in connections whose user may read the service for the clients (null: firm-wide records). */
  private *readersOf(service: ServiceDefinition, ...clients: Array<number | null>): Generator<{ socket: Socket; user: User }> {
    const io = this.io;
    const reader = service.methods.get ?? service.methods.find;
    if (!io || !reader) return;
    const rooms = [...new Set(clients.flatMap((c) => (c === null ? [AUTHENTICATED_ROOM] : [clientRoom(c), ALL_CLIENTS_ROOM])))];
    const seen = new Set<string>();
    for (const room of rooms) {
      for (const socketId of io.sockets.adapter.rooms.get(room) ?? []) {
        if (seen.has(socketId)) continue;
        seen.add(socketId);
        const user = this.sessions.get(socketId)?.user;
        const socket = io.sockets.sockets.get(socketId);
        if (user && socket && permits(user, reader)) yield { socket, user };
      }
    }
  }
}

/**
 * A read rule or presentation applied to the small form of a record as it was may miss a long field it looks
 * at; then the fallback stands (not readable, or the small form itself) instead of a failed push.
 */
function tolerant<T>(work: () => T, fallback: T): T {
  try {
    return work();
  } catch {
    return fallback;
  }
}
