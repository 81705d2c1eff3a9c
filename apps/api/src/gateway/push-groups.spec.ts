import type { Server } from 'socket.io';
import { PushGroups } from './push-groups';

function recordingServer(): { io: Server; sent: Array<{ ids: string[]; event: string; payload: unknown }> } {
  const sent: Array<{ ids: string[]; event: string; payload: unknown }> = [];
  const io = { to: (ids: string[]) => ({ emit: (event: string, payload: unknown) => sent.push({ ids: [...ids], event, payload }) }) };
  return { io: io as unknown as Server, sent };
}

describe('PushGroups', () => {
  it('sends one broadcast to every connection that gets the same payload object', () => {
    const { io, sent } = recordingServer();
    const groups = new PushGroups();
    const record = { id: 1, name: 'A' };
    for (const id of ['s1', 's2', 's3']) groups.add(id, 'companies patched', record);
    groups.send(io);
    expect(sent).toEqual([{ ids: ['s1', 's2', 's3'], event: 'companies patched', payload: record }]);
  });

  it('groups payloads made per user when they serialise the same, and keeps different ones apart', () => {
    const { io, sent } = recordingServer();
    const groups = new PushGroups();
    groups.add('s1', 'companies patched', { id: 1, total: 2 });
    groups.add('s2', 'companies patched', { id: 1, total: 5 });
    groups.add('s3', 'companies patched', { id: 1, total: 2 });
    groups.send(io);
    expect(sent.map((s) => [s.ids, s.payload])).toEqual([
      [['s1', 's3'], { id: 1, total: 2 }],
      [['s2'], { id: 1, total: 5 }],
    ]);
  });

  it('keeps the events of the same payload apart', () => {
    const { io, sent } = recordingServer();
    const groups = new PushGroups();
    const record = { id: 1 };
    groups.add('s1', 'companies patched', record);
    groups.add('s2', 'companies removed', record);
    groups.send(io);
    expect(sent.map((s) => [s.ids, s.event])).toEqual([
      [['s1'], 'companies patched'],
      [['s2'], 'companies removed'],
    ]);
  });

  it('sends nothing when no connection was added', () => {
    const { io, sent } = recordingServer();
    new PushGroups().send(io);
    expect(sent).toEqual([]);
  });
});
