import { io } from 'socket.io-client';
import type { SocketTransport } from './feathers-client';

/** Spec 7 / 9: acknowledgement timeout of every call. */
export const ACK_TIMEOUT_MS = 120000;

/**
 * Spec 9: reconnection delay 1000 ms, max 5000 ms, randomisation 0.5, unlimited attempts, timeout 20000 ms;
 * every call's acknowledgement times out after 120000 ms (socket.io's `ackTimeout`, which the official
 * Feathers client reads from the socket).
 */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
  ackTimeout: ACK_TIMEOUT_MS,
} as const;

/** The real socket: same origin, default path, websocket only. */
export function createSocket(url?: string): SocketTransport {
  const options = { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] };
  return url ? io(url, options) : io(options);
}
