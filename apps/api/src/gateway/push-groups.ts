import type { Server } from 'socket.io';

interface Group {
  event: string;
  payload: unknown;
  socketIds: string[];
}

/**
 * The pushes of one change, collected per connection and sent as one broadcast per distinct event and payload:
 * socket.io then encodes the packet and its WebSocket frame once for the group instead of once per connection
 * (Feathers' channels and `socket.emit` serialise per connection). Who receives what is decided before, per
 * connection; a payload made for one user (`presentFor`) joins a group only when it serialises the same.
 */
export class PushGroups {
  /** The same payload object (no per-user presentation): grouped without serialising it. */
  private readonly byObject = new Map<string, Map<unknown, Group>>();
  private readonly byJson = new Map<string, Group>();

  add(socketId: string, event: string, payload: unknown): void {
    let objects = this.byObject.get(event);
    if (!objects) this.byObject.set(event, (objects = new Map()));
    let group = objects.get(payload);
    if (!group) {
      const key = `${event}\n${JSON.stringify(payload)}`;
      group = this.byJson.get(key);
      if (!group) this.byJson.set(key, (group = { event, payload, socketIds: [] }));
      objects.set(payload, group);
    }
    group.socketIds.push(socketId);
  }

  /** One broadcast per group, in the order the groups began (each connection gets at most one message of a change). */
  send(io: Server): void {
    for (const group of this.byJson.values()) io.to(group.socketIds).emit(group.event, group.payload);
  }
}
