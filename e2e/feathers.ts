import authentication, { MemoryStorage } from '@feathersjs/authentication-client';
import { feathers } from '@feathersjs/feathers';
import socketio from '@feathersjs/socketio-client';
import { io } from 'socket.io-client';

/** The official Feathers 5 client as the test's peer: commands and reads straight to the gateway. */
export async function feathersClient(baseUrl: string, accessToken: string) {
  const socket = io(baseUrl, { transports: ['websocket'], forceNew: true });
  const app = feathers();
  app.configure(socketio(socket, { timeout: 30_000 }));
  app.configure(authentication({ storage: new MemoryStorage() }));
  await app.authenticate({ strategy: 'jwt', accessToken });
  return { app, close: () => socket.close() };
}
