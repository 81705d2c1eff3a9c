import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateEvents } from '../event-generator';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket } from '../../harness/clients';
import { waitUntilCaughtUp, type Figure, type Options } from '../items';
import { freePort, procCpuMs, removeDir, ROOT, sleep, spawnNode, startPortal, type PortalProc } from '../../harness/proc';
import { percentile, sortNumbers } from '../stats';
import { sideBySide } from './side-by-side';

const FEATHERS_SERVER = join(ROOT, 'tools/dist/bench/peers/feathers-server.js');

/** What differs between the two servers: where to connect, how to sign in, which write, which event. */
interface Server {
  url: string;
  /** The server process, for its CPU time. */
  pid: number;
  token?: string;
  event: string;
  write(seq: number, tag: string): [string, unknown[]];
  /** The sequence number a pushed record carries, if it is one of this run's. */
  seqOf(record: Record<string, unknown>, tag: string): number | undefined;
}

const marker = (tag: string) => `Peer ${tag} `;
function seqIn(text: unknown, tag: string): number | undefined {
  if (typeof text !== 'string' || !text.startsWith(marker(tag))) return undefined;
  return Number.parseInt(text.slice(marker(tag).length), 10);
}

async function socketFor(server: Server): Promise<Socket> {
  const socket = rawSocket(server.url);
  await connected(socket, 60_000);
  if (server.token) await authenticateRaw(socket, server.token);
  return socket;
}

async function openSockets(server: Server, n: number): Promise<Socket[]> {
  const sockets: Socket[] = [];
  for (let i = 0; i < n; i += 100) {
    const batch = await Promise.all(Array.from({ length: Math.min(100, n - i) }, () => socketFor(server)));
    sockets.push(...batch);
  }
  return sockets;
}

/** Writes at `rate` for `seconds`; p50/p99 from each write's send until each listener got its push. */
async function writeToPush(
  server: Server,
  listeners: Socket[],
  senders: Socket[],
  rate: number,
  seconds: number,
  tag: string,
): Promise<{ p50: number; p99: number; lost: number; errors: string[] }> {
  const sentAt = new Map<number, number>();
  const samples: number[] = [];
  const handler = (record: Record<string, unknown>) => {
    const seq = server.seqOf(record, tag);
    const t = seq === undefined ? undefined : sentAt.get(seq);
    if (t !== undefined) samples.push(performance.now() - t);
  };
  for (const s of listeners) s.on(server.event, handler);
  const total = Math.round(rate * seconds);
  const t0 = performance.now();
  const acks: Array<Promise<unknown>> = [];
  const errors: string[] = [];
  for (let i = 0; i < total; i++) {
    const wait = t0 + (i * 1000) / rate - performance.now();
    if (wait > 1) await sleep(wait);
    sentAt.set(i, performance.now());
    const [method, args] = server.write(i, tag);
    acks.push(
      call(senders[i % senders.length]!, method, args, 60_000).then(
        ([error]) => error && errors.push(`${error.name}: ${error.message}`),
        (timeout: Error) => errors.push(timeout.message),
      ),
    );
  }
  await Promise.all(acks);
  const expected = total * listeners.length;
  const deadline = Date.now() + 10_000;
  while (samples.length < expected && Date.now() < deadline) await sleep(50);
  for (const s of listeners) s.off(server.event, handler);
  const sorted = sortNumbers(samples);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), lost: expected - samples.length, errors };
}

/** One write, pushed to every socket: p50/p99 of the arrival times. */
async function fanOut(server: Server, sockets: Socket[], sender: Socket, tag: string): Promise<{ p50: number; p99: number; lost: number }> {
  const samples: number[] = [];
  let start = 0;
  const done = new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, 30_000);
    for (const s of sockets) {
      const handler = (record: Record<string, unknown>) => {
        if (server.seqOf(record, tag) !== 0) return;
        s.off(server.event, handler);
        samples.push(performance.now() - start);
        if (samples.length === sockets.length) {
          clearTimeout(timer);
          resolve();
        }
      };
      s.on(server.event, handler);
    }
  });
  start = performance.now();
  const [method, args] = server.write(0, tag);
  const [error] = await call(sender, method, args, 60_000);
  if (error) throw new Error(`fan-out write failed: ${error.message}`);
  await done;
  for (const s of sockets) s.off(server.event);
  const sorted = sortNumbers(samples);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99), lost: sockets.length - samples.length };
}

/**
 * The portal with the demo users and `companies` generated companies, read models caught up. The writes go
 * round these companies: the gateway pushes a record's latest state, so writes to a handful of records
 * faster than the projector's batches would be pushed merged (as the latency item spreads its renames).
 */
async function startOurs(companies: number): Promise<{ portal: PortalProc; first: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-peer-portal-'));
  const env = { PORTAL_SEED_DOCUMENTS: '0' };
  const seed = await startPortal({ dataDir, env, timeoutMs: 300_000 });
  await seed.stop('SIGTERM');
  const generated = await generateEvents(join(dataDir, 'events.sqlite'), { events: companies * 6, companies, users: companies / 10, seed: 19 });
  const portal = await startPortal({ dataDir, env, timeoutMs: 300_000 });
  const stop = portal.stop.bind(portal);
  portal.stop = async (signal) => {
    await stop(signal);
    removeDir(dataDir);
  };
  await waitUntilCaughtUp(portal);
  return { portal, first: generated.companyNos[0] };
}

/** CPU seconds the server process spent while `work` ran (user + system, from /proc). */
async function withServerCpu<T>(pid: number, work: () => Promise<T>): Promise<{ result: T; cpuSeconds: number }> {
  const before = procCpuMs(pid) ?? 0;
  const result = await work();
  return { result, cpuSeconds: ((procCpuMs(pid) ?? 0) - before) / 1000 };
}

async function startFeathers(): Promise<{ url: string; pid: number; stop(): Promise<void> }> {
  const port = await freePort();
  const { child, output } = spawnNode(FEATHERS_SERVER, [String(port)]);
  const deadline = Date.now() + 60_000;
  while (!output().includes('READY')) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`Feathers peer did not start:\n${output()}`);
    await sleep(50);
  }
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * Realtime: the portal (socket.io gateway, command -> event store -> projection -> push) vs an official
 * Feathers 5 server (@feathersjs/socketio, a @feathersjs/knex SQLite service), each its own process.
 */
export async function feathersPeer(options: Options): Promise<Figure[]> {
  const seconds = options.quick ? 3 : 10;
  const fanSockets = options.quick ? 300 : 2000;
  // Ours signs every socket in (a token check per connection); the peer's sockets stay anonymous.
  const connectName = `connect (ours: + sign-in) of ${fanSockets - 50} sockets`;
  let portal: PortalProc | null = null;
  let peer: { url: string; pid: number; stop(): Promise<void> } | null = null;
  try {
    const companies = 500;
    const ours = await startOurs(companies);
    portal = ours.portal;
    peer = await startFeathers();
    const servers: Record<'ours' | 'peer', Server> = {
      ours: {
        url: portal.url,
        pid: portal.pid,
        token: await portal.token('admin'),
        event: 'accounting-client patched',
        write: (seq, tag) => ['patch', ['accounting-client', ours.first + (seq % companies), { company_name: `${marker(tag)}${seq} GmbH` }, {}]],
        seqOf: (record, tag) => seqIn(record.company_name, tag),
      },
      peer: {
        url: peer.url,
        pid: peer.pid,
        event: 'messages created',
        write: (seq, tag) => ['create', ['messages', { text: `${marker(tag)}${seq}`, createdAt: Date.now() }, {}]],
        seqOf: (record, tag) => seqIn(record.text, tag),
      },
    };
    return await sideBySide(
      {
        item: 1,
        peer: 'Feathers 5 + knex',
        runs: options.runs,
        measures: [
          { name: 'write->push p50 @200 writes/s, 50 clients', unit: 'ms', higherIsBetter: false },
          { name: 'write->push p99 @200 writes/s, 50 clients', unit: 'ms', higherIsBetter: false },
          { name: 'server CPU per write @200 writes/s, 50 clients', unit: 'ms', higherIsBetter: false },
          { name: `one write pushed to ${fanSockets} sockets p50`, unit: 'ms', higherIsBetter: false },
          { name: `one write pushed to ${fanSockets} sockets p99`, unit: 'ms', higherIsBetter: false },
          { name: `one write pushed to ${fanSockets} sockets, server CPU`, unit: 's', higherIsBetter: false },
          { name: connectName, unit: 's', higherIsBetter: false },
          { name: `${connectName}, server CPU`, unit: 's', higherIsBetter: false },
        ],
        dataset: `ours: patch of a company (renames over 500 generated companies, admin sockets signed in) -> command, event store, projection, push; peer: create on a @feathersjs/knex service (better-sqlite3, WAL, synchronous=FULL), no authentication, one channel; raw socket.io clients in this process (the 50 clients write in turn and each listens), ${seconds} s per rate run after 2 s of the same load not counted, ${fanSockets} sockets for the fan-out`,
        log: options.log,
      },
      async (side, run) => {
        const server = servers[side];
        // The 50 clients write in turn and each gets every push (the portal answers at most 16 calls of one connection at a time).
        // The other sockets of the fan-out connect after the steady run: open during it, each of them would get
        // every one of the 200 writes a second too (400,000 pushes a second to 2,000 sockets, not the figure asked for).
        const clients = await openSockets(server, 50);
        const sockets = [...clients];
        const writer = await socketFor(server);
        try {
          // Both sides first get 2 s of the same load, not counted: the figure is the steady rate's, not a cold start's
          // (the first second of load on a fresh process is its JIT warming, and the portal has more code to warm).
          await writeToPush(server, clients, clients, 200, options.quick ? 1 : 2, `${side}${run}w`);
          const { result: steady, cpuSeconds: steadyCpu } = await withServerCpu(server.pid, () =>
            writeToPush(server, clients, clients, 200, seconds, `${side}${run}r`),
          );
          const t0 = performance.now();
          const opened = await withServerCpu(server.pid, () => openSockets(server, fanSockets - clients.length));
          const connectSeconds = (performance.now() - t0) / 1000;
          sockets.push(...opened.result);
          await sleep(500);
          const { result: fan, cpuSeconds: fanCpu } = await withServerCpu(server.pid, () => fanOut(server, sockets, writer, `${side}${run}f`));
          if (steady.lost || fan.lost) options.log(`${side}: ${steady.lost} pushes lost at 200/s, ${fan.lost} in the fan-out`);
          if (steady.errors.length) options.log(`${side}: ${steady.errors.length} writes answered an error, first: ${steady.errors[0]}`);
          return {
            'write->push p50 @200 writes/s, 50 clients': steady.p50,
            'write->push p99 @200 writes/s, 50 clients': steady.p99,
            // Every process of the server's side counts alike: one process each (the portal's worker threads included).
            'server CPU per write @200 writes/s, 50 clients': (steadyCpu * 1000) / (200 * seconds),
            [`one write pushed to ${fanSockets} sockets p50`]: fan.p50,
            [`one write pushed to ${fanSockets} sockets p99`]: fan.p99,
            [`one write pushed to ${fanSockets} sockets, server CPU`]: fanCpu,
            [connectName]: connectSeconds,
            [`${connectName}, server CPU`]: opened.cpuSeconds,
          };
        } finally {
          for (const s of [...sockets, writer]) s.close();
          await sleep(1000);
        }
      },
    );
  } finally {
    await peer?.stop();
    await portal?.stop('SIGTERM');
  }
}
