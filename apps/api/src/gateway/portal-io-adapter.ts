import type { INestApplicationContext } from '@nestjs/common';
import { IoAdapter } from '@nestjs/platform-socket.io';
import type { Server, ServerOptions } from 'socket.io';

/** Nest's socket.io adapter, creating every server with the portal's options (origin check, transports, message size). */
export class PortalIoAdapter extends IoAdapter {
  constructor(
    app: INestApplicationContext,
    private readonly serverOptions: Partial<ServerOptions>,
  ) {
    super(app);
  }

  override createIOServer(port: number, options?: Partial<ServerOptions>): Server {
    return super.createIOServer(port, { ...options, ...this.serverOptions }) as Server;
  }
}
