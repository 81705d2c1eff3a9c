import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket, signedInPeer, type FeathersPeer } from '../harness/clients';
import { startPortal, type PortalProc } from '../harness/proc';
import { reportCounts } from './report';

/** Fault tests 2 (races) and 3 (retries after dropped acknowledgements). */
jest.setTimeout(120_000);

let portal: PortalProc;
let events: Database.Database;
const peers: FeathersPeer[] = [];
const sockets: Socket[] = [];

const streamLength = (streamId: string) => events.prepare('SELECT COUNT(*) FROM events WHERE stream_id = ?').pluck().get(streamId) as number;
const countCommand = (commandId: string) => events.prepare('SELECT COUNT(*) FROM events WHERE command_id = ?').pluck().get(commandId) as number;

beforeAll(async () => {
  portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' } });
  events = new Database(join(portal.dataDir, 'events.sqlite'), { readonly: true });
  const token = await portal.token('admin');
  for (let i = 0; i < 50; i++) peers.push(await signedInPeer(portal.url, token));
});

afterAll(async () => {
  for (const p of peers) p.close();
  for (const s of sockets) s.close();
  events?.close();
  await portal?.stop();
});

interface Outcome {
  ok: boolean;
  error?: { name: string; code: number };
}

const settle = (promise: Promise<unknown>): Promise<Outcome> =>
  promise.then(
    () => ({ ok: true }),
    (e: { name: string; code: number }) => ({ ok: false, error: { name: e.name, code: e.code } }),
  );

describe('races', () => {
  it('50 clients patching one company with the same revision produce exactly one winner per revision, Conflict for the rest, and no lost event', async () => {
    const rounds = 10;
    const companies = peers.map((p) => p.app.service('accounting-client'));
    let tried = 0;
    let passedRounds = 0;
    const stream = 'company-1002';
    for (let round = 0; round < rounds; round++) {
      const seen = (await companies[0]!.get(1002)) as { revision: number };
      const before = streamLength(stream);
      const outcomes = await Promise.all(
        companies.map((service, i) => settle(service.patch(1002, { company_place: `Salzburg Race ${round}-${i}` }, { query: { revision: seen.revision } }))),
      );
      tried += outcomes.length;
      const winners = outcomes.filter((o) => o.ok).length;
      const conflicts = outcomes.filter((o) => !o.ok && o.error?.name === 'Conflict' && o.error.code === 409).length;
      const after = streamLength(stream);
      const current = (await companies[0]!.get(1002)) as { revision: number };
      expect({ round, winners, conflicts, grew: after - before, revision: current.revision }).toEqual({
        round,
        winners: 1,
        conflicts: 49,
        grew: 1,
        revision: seen.revision + 1,
      });
      passedRounds += 1;
    }
    reportCounts('races-same-revision', { tried, passed: passedRounds * 50, rounds, winnersPerRound: 1 });
  });

  it('50 clients patching one company without a revision never lose an event: the stream grows by exactly the number of successes', async () => {
    const companies = peers.map((p) => p.app.service('accounting-client'));
    const stream = 'company-1003';
    const before = streamLength(stream);
    const outcomes = await Promise.all(
      companies.map((service, i) => settle(service.patch(1003, { company_place: `Linz Free ${i}` }, { query: { commandId: `free-race-${i}` } }))),
    );
    const successes = outcomes.filter((o) => o.ok).length;
    const conflicts = outcomes.filter((o) => !o.ok && o.error?.name === 'Conflict').length;
    const others = outcomes.length - successes - conflicts;
    const grew = streamLength(stream) - before;
    let recorded = 0;
    for (let i = 0; i < 50; i++) recorded += countCommand(`free-race-${i}`);
    reportCounts('races-no-revision', { tried: outcomes.length, passed: successes + conflicts, successes, conflicts, others, streamGrowth: grew });
    expect(others).toBe(0);
    expect(grew).toBe(successes);
    expect(recorded).toBe(successes);
  });
});

describe('retries', () => {
  const openSocket = async () => {
    const socket = rawSocket(portal.url);
    sockets.push(socket);
    await connected(socket);
    await authenticateRaw(socket, await portal.token('admin'));
    return socket;
  };

  it('a command re-sent with the same commandId after its acknowledgement was dropped is applied once', async () => {
    const a = await openSocket();
    const b = await openSocket();
    const commands = 100;
    let passed = 0;
    let sends = 0;
    for (let i = 0; i < commands; i++) {
      const commandId = `retry-${i}`;
      const companyNo = 1004 + (i % 3);
      const args = ['accounting-client', companyNo, { company_name: `Retry Probe ${i} GmbH` }, { commandId }];
      // 1: send and ignore the ack (as if it were lost); 2: resend at once on another connection; 3: resend after that answered.
      a.emit('patch', ...args, () => undefined);
      const [second] = await call(b, 'patch', args);
      const [third, result] = await call(a, 'patch', args);
      sends += 3;
      const n = countCommand(commandId);
      if (second === null && third === null && n === 1 && (result as { company_name: string }).company_name === `Retry Probe ${i} GmbH`) passed++;
      else process.stdout.write(`retry ${i}: second ${JSON.stringify(second)} third ${JSON.stringify(third)} events ${n}\n`);
    }
    reportCounts('retries-same-connection-and-other', { tried: commands, passed, sends });
    expect(passed).toBe(commands);
  });

  it('a command whose connection dropped before the acknowledgement is applied once when re-sent after reconnecting', async () => {
    const commands = 30;
    let passed = 0;
    for (let i = 0; i < commands; i++) {
      const commandId = `drop-${i}`;
      const args = ['accounting-client', 1001, { company_place: `Innsbruck Drop ${i}` }, { commandId }];
      const doomed = await openSocket();
      doomed.emit('patch', ...args, () => undefined);
      doomed.disconnect();
      const fresh = await openSocket();
      const [error] = await call(fresh, 'patch', args);
      const [again] = await call(fresh, 'patch', args);
      fresh.close();
      if (error === null && again === null && countCommand(commandId) === 1) passed++;
    }
    reportCounts('retries-after-disconnect', { tried: commands, passed });
    expect(passed).toBe(commands);
  });
});
