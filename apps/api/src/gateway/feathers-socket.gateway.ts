import type { OnApplicationShutdown } from '@nestjs/common';
import { WebSocketGateway, type OnGatewayConnection, type OnGatewayInit } from '@nestjs/websockets';
import type { Server, Socket } from 'socket.io';
import { FeathersGateway } from './feathers-gateway';

/**
 * The socket.io server of the portal as a Nest WebSocket gateway: Nest creates it on the HTTP server
 * (through PortalIoAdapter, which applies the gateway's options), hands every connection to the
 * Feathers protocol, and closes it with the application. The protocol itself (positional arguments,
 * error-first acks, pushes) stays in FeathersGateway: its calls are not Nest message handlers.
 */
@WebSocketGateway()
export class FeathersSocketGateway implements OnGatewayInit<Server>, OnGatewayConnection<Socket>, OnApplicationShutdown {
  constructor(private readonly feathers: FeathersGateway) {}

  afterInit(server: Server): void {
    this.feathers.bind(server);
  }

  handleConnection(socket: Socket): void {
    this.feathers.accept(socket);
  }

  onApplicationShutdown(): void {
    this.feathers.close();
  }
}
