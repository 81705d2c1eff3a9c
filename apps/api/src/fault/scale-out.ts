import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteEventStore } from '@portal/event-store';
import { signedInPeer, type FeathersPeer } from '../bench/clients';
import { exited, freePort, PROJECTOR_MAIN, removeDir, sleep, spawnNode, startPortal, tokenFor, type PortalProc } from '../bench/proc';
import { percentile, sortNumbers } from '../bench/stats';
import { headOf, lowestCheckpoint, replayMatches, type ReplayVerdict } from './crash';

/**
 * Scale-out on one machine: one projector (and a standby started at the same moment), two api processes
 * (PORTAL_ROLE=api) on one data dir, official Feathers clients on both. Company renames stream in at a fixed
 * rate, half through each api; api A and the active projector are SIGKILLed during the run and restarted.
 * Shared by the fault suite (Jest) and the bench item `scale-out`.
 */
export type Log = (line: string) => void;

export interface ScaleOutOptions {
  writes: number;
  perSecond: number;
  /** Kill api A after this share of the writes was sent (null: no kill). */
  killApiAt?: number | null;
  /** Kill the active projector after this share of the writes was sent (null: no kill). */
  killProjectorAt?: number | null;
  /** socket.io's ackTimeout of every client. */
  ackTimeoutMs?: number;
  log?: Log;
}

export interface ScaleOutReport {
  writes: number;
  acknowledged: number;
  /** Acknowledged writes found exactly once in the log. */
  exactlyOnce: number;
  missing: string[];
  doubled: string[];
  /** Writes answered with an error other than a lost connection (listed, not retried). */
  errors: string[];
  /** Writes re-sent to the other api with the same command id after their api died. */
  retried: number;
  /** Which projector held the lease at the start, and whether the other said it waits. */
  projectorsAtStart: { holding: number; waiting: number };
  pushes: {
    /** Per client: pushes expected (acknowledged writes it may see), received, missing, and received though it may not see them. */
    clients: Array<{ name: string; expected: number; received: number; missing: number; forbidden: number }>;
  };
  latency: {
    /** Write sent through api A until the push reached a client of api B, in ms (outside the kill windows). */
    pushAtoB: { count: number; p50: number; p99: number; max: number };
    /** Command reply (acknowledgement) in ms, both apis (outside the kill windows). */
    reply: { count: number; p50: number; p99: number; max: number };
    /** The same over the whole run, kills included. */
    pushAtoBAll: { count: number; p50: number; p99: number; max: number };
    replyAll: { count: number; p50: number; p99: number; max: number };
  };
  apiKill: { inFlight: number; failedWithinMs: number | null; hung: number } | null;
  projectorKill: { takeoverMs: number | null } | null;
  /** Achieved send rate, writes/s. */
  rate: number;
  replay: ReplayVerdict;
  ms: number;
}

interface Write {
  seq: number;
  commandId: string;
  companyNo: number;
  name: string;
  /** Which api it was first sent to. */
  via: 'A' | 'B';
  sentAt: number;
  ackAt: number | null;
  error: string | null;
  retried: boolean;
}

const COMPANIES_A = [1001, 1002, 1003];
const COMPANIES_B = [1004, 1005, 1006];
/** client1 reads company 1001 only (demo data). */
const RESTRICTED_COMPANY = 1001;
const WRITERS_PER_API = 6;

const summary = (values: number[]) => {
  const sorted = sortNumbers(values);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
};

class Disconnected extends Error {}

export async function scaleOutScenario(options: ScaleOutOptions): Promise<ScaleOutReport> {
  const log = options.log ?? (() => undefined);
  const t0 = performance.now();
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'scale-out-'));
  const [portA, portB] = [await freePort(), await freePort()];
  // One issuer for both apis, as behind one load balancer: a token of either is valid on the other.
  const publicUrl = `http://localhost:${portA}`;
  const common = { PORTAL_DATA_DIR: dataDir, PORTAL_SEED_DOCUMENTS: '0', PUBLIC_URL: publicUrl, PORTAL_LEASE_TTL_MS: '5000' };
  const projectorEnv = { ...process.env, ...common };
  const apiEnv = (id: string) => ({ ...common, PORTAL_ROLE: 'api', PORTAL_INSTANCE_ID: id, PORTAL_COMMAND_WAIT_MS: '5000' });
  const projectors: Array<{ child: ReturnType<typeof spawnNode>['child']; output(): string }> = [];
  const peers: FeathersPeer[] = [];
  let apiA: PortalProc | null = null;
  let apiB: PortalProc | null = null;
  try {
    // Two projectors started at once: one holds the lease and projects, the other waits.
    projectors.push(spawnNode(PROJECTOR_MAIN, [], projectorEnv), spawnNode(PROJECTOR_MAIN, [], projectorEnv));
    apiA = await startPortal({ dataDir, port: portA, env: apiEnv('A'), timeoutMs: 180_000 });
    apiB = await startPortal({ dataDir, port: portB, env: apiEnv('B'), timeoutMs: 180_000 });
    const held = projectors.map((p) => /Holding the projector lease/.test(p.output()));
    const waited = projectors.map((p) => /Waiting for the projector lease/.test(p.output()));
    const projectorsAtStart = { holding: held.filter(Boolean).length, waiting: waited.filter(Boolean).length };
    log(`projectors: ${projectorsAtStart.holding} holding the lease, ${projectorsAtStart.waiting} waiting; apis A :${portA}, B :${portB}`);

    const admin = await tokenFor(apiA.env, 'admin');
    const client1 = await tokenFor(apiA.env, 'client1');
    const run = `so-${Date.now().toString(36)}`;
    const received = new Map<string, Map<string, number>>();
    const listen = async (url: string, token: string, label: string) => {
      const peer = await signedInPeer(url, token, ackTimeoutMs);
      peers.push(peer);
      const names = new Map<string, number>();
      received.set(label, names);
      peer.app.service('accounting-client').on('patched', (company: { company_name?: string }) => {
        const name = company.company_name;
        if (name?.startsWith(run) && !names.has(name)) names.set(name, performance.now());
      });
      return peer;
    };
    const watchers = {
      'A admin': await listen(apiA.url, admin, 'A admin'),
      'A client1': await listen(apiA.url, client1, 'A client1'),
      'B admin': await listen(apiB.url, admin, 'B admin'),
      'B client1': await listen(apiB.url, client1, 'B client1'),
    };
    const writers = { A: [] as FeathersPeer[], B: [] as FeathersPeer[] };
    for (let i = 0; i < WRITERS_PER_API; i++) {
      writers.A.push(await signedInPeer(apiA.url, admin, ackTimeoutMs));
      writers.B.push(await signedInPeer(apiB.url, admin, ackTimeoutMs));
    }
    peers.push(...writers.A, ...writers.B);

    const writes: Write[] = [];
    const inFlightA = new Set<Write>();
    let aDown = false;
    let killAAt: number | null = null;
    const killAFailures: number[] = [];
    let killPAt: number | null = null;
    let takeoverMs: number | null = null;
    let retried = 0;
    const kills: Array<[number, number]> = [];

    const call = (peer: FeathersPeer, write: Write): Promise<void> => {
      if (!peer.socket.connected) return Promise.reject(new Disconnected('not connected'));
      return peer.app
        .service('accounting-client')
        .patch(write.companyNo, { company_name: write.name }, { query: { commandId: write.commandId } })
        .then(
          () => undefined,
          (error: { message?: string; code?: number; name?: string }) => {
            // A lost connection (socket.io's own errors carry no code) may or may not have applied the write.
            if (error.code === undefined || error.name === 'Timeout') throw new Disconnected(error.message ?? 'lost');
            throw error;
          },
        );
    };
    const send = async (write: Write, via: 'A' | 'B', attempt = 0): Promise<void> => {
      const pool = writers[via];
      const peer = pool[write.seq % pool.length]!;
      const onA = via === 'A';
      if (onA) inFlightA.add(write);
      try {
        await call(peer, write);
        write.ackAt = performance.now();
      } catch (error) {
        if (error instanceof Disconnected) {
          if (onA && killAAt !== null && inFlightA.has(write)) killAFailures.push(performance.now() - killAAt);
          if (attempt > 40) {
            write.error = `gave up: ${error.message}`;
            return;
          }
          // Same command id on the other api (or again, once this one is back): applied once either way.
          write.retried = true;
          retried += attempt === 0 ? 1 : 0;
          await sleep(attempt === 0 ? 0 : 50);
          const other = via === 'A' ? 'B' : 'A';
          return send(write, other === 'A' && aDown ? 'B' : other, attempt + 1);
        }
        const e = error as { name?: string; message?: string };
        write.error = `${e.name}: ${e.message}`;
      } finally {
        if (onA) inFlightA.delete(write);
      }
    };

    const started = performance.now();
    const pending: Array<Promise<void>> = [];
    const killApiSeq = options.killApiAt == null ? -1 : Math.floor(options.writes * options.killApiAt);
    const killProjectorSeq = options.killProjectorAt == null ? -1 : Math.floor(options.writes * options.killProjectorAt);
    let restartA: Promise<void> | null = null;
    let restartP: Promise<void> | null = null;
    for (let seq = 0; seq < options.writes; seq++) {
      const due = started + (seq * 1000) / options.perSecond;
      const wait = due - performance.now();
      if (wait > 1) await sleep(wait);
      if (seq === killApiSeq && apiA) {
        const victim = apiA;
        killAAt = performance.now();
        aDown = true;
        kills.push([killAAt, Infinity]);
        await victim.kill('SIGKILL');
        log(`kill -9 api A at write ${seq}: ${inFlightA.size} calls in flight on it`);
        restartA = (async () => {
          apiA = await startPortal({ dataDir, port: portA, env: apiEnv('A'), timeoutMs: 180_000 });
          // The official client re-authenticates on its own after a reconnect; make sure it did before counting on it.
          for (const peer of [watchers['A admin'], watchers['A client1'], ...writers.A]) {
            for (let i = 0; i < 200 && !peer.socket.connected; i++) await sleep(25);
            await peer.app.reAuthenticate(true).catch(() => undefined);
          }
          aDown = false;
          kills[0]![1] = performance.now();
          log(`api A back after ${Math.round(performance.now() - killAAt!)} ms`);
        })();
      }
      if (seq === killProjectorSeq) {
        const active = projectors.find((p) => p.child.exitCode === null && p.child.signalCode === null && /Holding the projector lease/.test(p.output()) && !/Lost the projector lease/.test(p.output()));
        if (active) {
          const head = lowestCheckpoint(join(dataDir, 'read-models.sqlite')) ?? 0;
          killPAt = performance.now();
          const done = exited(active.child);
          active.child.kill('SIGKILL');
          await done;
          kills.push([killPAt, Infinity]);
          log(`kill -9 the active projector at write ${seq} (checkpoint ${head})`);
          const standby = projectors.find((p) => p !== active && p.child.exitCode === null);
          restartP = (async () => {
            for (let i = 0; i < 400; i++) {
              if (standby && /Holding the projector lease/.test(standby.output())) break;
              await sleep(10);
            }
            takeoverMs = performance.now() - killPAt!;
            kills[kills.length - 1]![1] = performance.now();
            log(`standby projector took over after ${Math.round(takeoverMs)} ms`);
            // The killed one comes back as the new standby.
            projectors.push(spawnNode(PROJECTOR_MAIN, [], projectorEnv));
          })();
        }
      }
      const companyNo = seq % 2 === 0 ? COMPANIES_A[(seq / 2) % 3]! : COMPANIES_B[((seq - 1) / 2) % 3]!;
      const via: 'A' | 'B' = seq % 2 === 0 && !aDown ? 'A' : 'B';
      const write: Write = { seq, commandId: `${run}-${seq}`, companyNo, name: `${run}-${seq}`, via, sentAt: performance.now(), ackAt: null, error: null, retried: false };
      writes.push(write);
      pending.push(send(write, via));
    }
    const rate = options.writes / ((performance.now() - started) / 1000);
    await Promise.all(pending);
    await restartA;
    await restartP;
    // Quiet: the read models at the head, then a moment for the last pushes.
    const eventsFile = join(dataDir, 'events.sqlite');
    const readsFile = join(dataDir, 'read-models.sqlite');
    for (let i = 0; i < 600 && (lowestCheckpoint(readsFile) ?? -1) < headOf(eventsFile); i++) await sleep(50);
    await sleep(1000);

    const acknowledged = writes.filter((w) => w.ackAt !== null);
    const store = new SqliteEventStore(eventsFile);
    const counts = new Map<string, number>();
    for (let after: number | null = null; ; ) {
      const page = await store.readAll(after, 5000);
      if (page.length === 0) break;
      for (const e of page) if (e.metadata.commandId.startsWith(run)) counts.set(e.metadata.commandId, (counts.get(e.metadata.commandId) ?? 0) + 1);
      after = page[page.length - 1]!.position;
    }
    await store.close();
    const missing = acknowledged.filter((w) => !counts.has(w.commandId)).map((w) => w.commandId);
    const doubled = [...counts].filter(([, n]) => n > 1).map(([id]) => id);

    // Who should have seen what: B's clients everything they may read; A's clients all but what happened while
    // A was down (from its kill until its clients were signed in again, with 250 ms either side).
    const downA = kills[0] && killAAt !== null ? [killAAt - 250, kills[0][1] + 250] : null;
    const pushTime = (w: Write) => received.get('B admin')?.get(w.name) ?? w.ackAt ?? w.sentAt;
    const clients = Object.keys(watchers).map((label) => {
      const names = received.get(label)!;
      const restricted = label.endsWith('client1');
      const onA = label.startsWith('A');
      const mayRead = (w: Write) => !restricted || w.companyNo === RESTRICTED_COMPANY;
      const expected = acknowledged.filter((w) => mayRead(w) && !(onA && downA && pushTime(w) >= downA[0]! && pushTime(w) <= downA[1]!));
      const forbidden = [...names.keys()].filter((name) => {
        const w = writes.find((x) => x.name === name);
        return w !== undefined && !mayRead(w);
      }).length;
      return { name: label, expected: expected.length, received: expected.filter((w) => names.has(w.name)).length, missing: expected.filter((w) => !names.has(w.name)).length, forbidden };
    });

    const inKill = (w: Write) => kills.some(([from, to]) => w.sentAt >= from - 100 && w.sentAt <= to + 2000);
    const bAdmin = received.get('B admin')!;
    const aToB = (list: Write[]) => list.filter((w) => w.via === 'A' && !w.retried && bAdmin.has(w.name)).map((w) => bAdmin.get(w.name)! - w.sentAt);
    const replies = (list: Write[]) => list.filter((w) => w.ackAt !== null && !w.retried).map((w) => w.ackAt! - w.sentAt);
    const steady = acknowledged.filter((w) => !inKill(w));
    const replay = await replayMatches(dataDir);
    const report: ScaleOutReport = {
      writes: writes.length,
      acknowledged: acknowledged.length,
      exactlyOnce: acknowledged.filter((w) => counts.get(w.commandId) === 1).length,
      missing,
      doubled,
      errors: writes.filter((w) => w.error).map((w) => `${w.commandId}: ${w.error}`),
      retried,
      projectorsAtStart,
      pushes: { clients },
      latency: { pushAtoB: summary(aToB(steady)), reply: summary(replies(steady)), pushAtoBAll: summary(aToB(acknowledged)), replyAll: summary(replies(acknowledged)) },
      apiKill: killAAt === null ? null : { inFlight: killAFailures.length, failedWithinMs: killAFailures.length ? Math.max(...killAFailures) : null, hung: writes.filter((w) => w.ackAt === null && w.error === null).length },
      projectorKill: killPAt === null ? null : { takeoverMs },
      rate,
      replay,
      ms: performance.now() - t0,
    };
    const l = report.latency;
    log(
      `scale-out: ${report.writes} writes at ${rate.toFixed(0)}/s, ${report.acknowledged} acknowledged, ${report.exactlyOnce} exactly once, ${missing.length} missing, ${doubled.length} doubled, ${report.errors.length} errors, ${retried} retried; ` +
        `push A->B p50 ${l.pushAtoB.p50.toFixed(1)} p99 ${l.pushAtoB.p99.toFixed(1)} ms, reply p50 ${l.reply.p50.toFixed(1)} p99 ${l.reply.p99.toFixed(1)} ms (steady); ` +
        `with kills: push p99 ${l.pushAtoBAll.p99.toFixed(0)} ms, reply p99 ${l.replyAll.p99.toFixed(0)} ms; ` +
        `clients ${clients.map((c) => `${c.name} ${c.received}/${c.expected}${c.forbidden ? ` FORBIDDEN ${c.forbidden}` : ''}`).join(', ')}; replay ${replay.ok ? 'matches' : 'DIFFERS'}`,
    );
    return report;
  } finally {
    for (const peer of peers) peer.close();
    await apiA?.kill('SIGKILL').catch(() => undefined);
    await apiB?.kill('SIGKILL').catch(() => undefined);
    for (const p of projectors) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(projectors.map((p) => exited(p.child)));
    removeDir(dataDir);
  }
}
