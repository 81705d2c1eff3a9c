import { io } from 'socket.io-client';
import type { SocketTransport } from './feathers-client';

/** Spec 9: reconnection delay 1000 ms, max 5000 ms, randomisation 0.5, unlimited attempts, timeout 20000 ms. */
export const SOCKET_OPTIONS = {
  transports: ['websocket'],
  reconnection: true,
  reconnectionDelay: 1000,
  reconnectionDelayMax: 5000,
  randomizationFactor: 0.5,
  reconnectionAttempts: Infinity,
  timeout: 20000,
} as const;

/** The real socket: same origin, default path, websocket only. */
export function createSocket(url?: string): SocketTransport {
  const options = { ...SOCKET_OPTIONS, transports: [...SOCKET_OPTIONS.transports] };
  return url ? io(url, options) : io(options);
}
