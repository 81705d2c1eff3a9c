import { feathers, type Application } from '@feathersjs/feathers';
import authentication from '@feathersjs/authentication-client';
import socketio from '@feathersjs/socketio-client';
import { io, type Socket } from 'socket.io-client';

export interface FeathersPeer {
  app: Application;
  socket: Socket;
  close(): void;
}

/** The official Feathers v5 client over socket.io (websocket only), as a protocol peer in tests. */
export function connectFeathers(url: string): FeathersPeer {
  const socket = io(url, { transports: ['websocket'], forceNew: true, reconnectionDelay: 100, reconnectionDelayMax: 200 });
  const app = feathers();
  app.configure(socketio(socket, { timeout: 10_000 }));
  app.configure(authentication({ storage: new MemoryStorage() }));
  return { app, socket, close: () => socket.close() };
}

class MemoryStorage {
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
