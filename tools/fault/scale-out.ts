import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { onHopClock } from '@portal/event-store';
import { signedInPeer, type FeathersPeer } from '../harness/clients';
import { exited, freePort, HOP_RECORDER, PROJECTOR_MAIN, removeDir, sleep, spawnNode, startPortal, tokenFor, type PortalProc } from '../harness/proc';
import { percentile, sortNumbers } from '../bench/stats';
import { commandPositions, headOf, lowestCheckpoint, replayMatches, type ReplayVerdict } from './crash';
import { attributeHops, formatHops, readStamps, type HopAttribution } from './hop-attribution';

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
  /**
   * Writes sent at the same rate before the measured ones, as the first seconds after every process's start: counted for
   * exactly-once and delivery, not for the steady latency (the same allowance a restarted process gets after a kill).
   */
  warmupWrites?: number;
  /** Kill api A after this share of the (measured) writes was sent (null: no kill). */
  killApiAt?: number | null;
  /** Kill the active projector after this share of the writes was sent (null: no kill). */
  killProjectorAt?: number | null;
  /** socket.io's ackTimeout of every client. */
  ackTimeoutMs?: number;
  /** Stamp each hop of a write in every process (a preloaded recorder) and attribute write → push to them. */
  traceHops?: boolean;
  log?: Log;
}

/** Count, median, 99th percentile and maximum of a set of latencies, in ms. */
export interface LatencySummary {
  count: number;
  p50: number;
  p99: number;
  max: number;
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
    /**
     * Per client: acknowledged writes it may see (`expected`), those whose change reached it (`received`: a push of
     * the company showing this write or one later in the log; a reader that lags loads the record as it stands then, so it
     * may skip straight to the newer state), those pushed exactly as written (`exact`), the ones that never reached
     * it (`missing`), and pushes of companies it may not see (`forbidden`).
     */
    clients: Array<{ name: string; expected: number; received: number; exact: number; missing: number; forbidden: number }>;
  };
  /** Calls refused with TooManyRequests (more than 16 in flight on one connection), sent again after a pause. */
  refused: number;
  latency: {
    /** Write sent through api A until the push reached a client of api B, in ms (outside the warm-up and the kill windows). */
    pushAtoB: LatencySummary;
    /** Command reply (acknowledgement) in ms, both apis (outside the warm-up and the kill windows). */
    reply: LatencySummary;
    /** The same in the warm-up: the first seconds of load on freshly started processes. */
    pushAtoBWarmup: LatencySummary;
    replyWarmup: LatencySummary;
    /** The same over the whole run, warm-up and kills included. */
    pushAtoBAll: LatencySummary;
    replyAll: LatencySummary;
  };
  apiKill: { inFlight: number; failedWithinMs: number | null; hung: number } | null;
  projectorKill: { takeoverMs: number | null } | null;
  /** Api B's commands that appended, and the replies among them that waited the full PORTAL_COMMAND_WAIT_MS (its metrics). */
  waitsOnB: { commands: number; timedOut: number };
  /** Achieved send rate, writes/s. */
  rate: number;
  /** Acknowledged writes per second, from the first send to the last acknowledgement: what the setup sustained. */
  ackRate: number;
  /** The change feed at the end: batches, changes, and the bytes its rows hold (what the projector writes besides the read models). */
  feed: { batches: number; changes: number; bytes: number };
  replay: ReplayVerdict;
  /** Where write on A → push on B spent its time, hop by hop (with `traceHops`; steady writes only). */
  hops: HopAttribution | null;
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
/** The gateway's limit of calls in flight on one connection (more are refused with TooManyRequests). */
const CALLS_IN_FLIGHT_PER_CONNECTION = 16;

const summary = (values: number[]): LatencySummary => {
  const sorted = sortNumbers(values);
  return { count: sorted.length, p50: percentile(sorted, 50), p99: percentile(sorted, 99), max: sorted[sorted.length - 1] ?? NaN };
};

class Disconnected extends Error {}

/** From an api's metrics: commands that appended events, and replies that went out only when the wait ran out. */
async function commandWaits(url: string): Promise<{ commands: number; timedOut: number }> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const sum = (pattern: RegExp) => [...text.matchAll(pattern)].reduce((n, m) => n + Number(m[1]), 0);
  return { commands: sum(/^portal_commands_total\{[^}]*outcome="appended"[^}]*\} (\d+)$/gm), timedOut: sum(/^portal_command_wait_timeouts_total (\d+)$/gm) };
}

export async function scaleOutScenario(options: ScaleOutOptions): Promise<ScaleOutReport> {
  const log = options.log ?? (() => undefined);
  const t0 = performance.now();
  const ackTimeoutMs = options.ackTimeoutMs ?? 10_000;
  const dataDir = mkdtempSync(join(tmpdir(), 'scale-out-'));
  const traceDir = options.traceHops ? mkdtempSync(join(tmpdir(), 'scale-out-hops-')) : null;
  const [portA, portB] = [await freePort(), await freePort()];
  // One issuer for both apis, as behind one load balancer: a token of either is valid on the other.
  const publicUrl = `http://localhost:${portA}`;
  const tracing = traceDir ? { NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ''} --require ${HOP_RECORDER}`.trim(), PORTAL_HOP_TRACE: traceDir } : {};
  const common = { PORTAL_DATA_DIR: dataDir, PORTAL_SEED_DOCUMENTS: '0', PUBLIC_URL: publicUrl, PORTAL_LEASE_TTL_MS: '5000', ...tracing };
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

    // The official client re-authenticates by itself after a disconnect; while its api is down that attempt times
    // out, and nobody else awaits it: mark it handled (the scenario signs the clients in again itself).
    const signed = async (url: string, token: string) => {
      const peer = await signedInPeer(url, token, ackTimeoutMs);
      peers.push(peer);
      peer.socket.on('disconnect', () => void (peer.app.get('authentication') as Promise<unknown> | undefined)?.catch(() => undefined));
      return peer;
    };
    const admin = await tokenFor(apiA.env, 'admin');
    const client1 = await tokenFor(apiA.env, 'client1');
    const run = `so-${Date.now().toString(36)}`;
    /** Per client, per company: the write sequence numbers its pushes showed, with when each arrived. */
    const received = new Map<string, Map<number, Array<{ seq: number; at: number }>>>();
    const forbiddenPushes = new Map<string, number>();
    const listen = async (url: string, token: string, label: string, mayRead: (companyNo: number) => boolean) => {
      const peer = await signed(url, token);
      const byCompany = new Map<number, Array<{ seq: number; at: number }>>();
      received.set(label, byCompany);
      peer.socket.on('disconnect', (reason) => log(`${label} disconnected (${String(reason)}) at +${Math.round(performance.now() - t0)} ms`));
      peer.app.service('accounting-client').on('patched', (company: { company_no?: number; company_name?: string }) => {
        const name = company.company_name;
        if (!name?.startsWith(`${run}-`) || typeof company.company_no !== 'number') return;
        if (!mayRead(company.company_no)) forbiddenPushes.set(label, (forbiddenPushes.get(label) ?? 0) + 1);
        let pushes = byCompany.get(company.company_no);
        if (!pushes) byCompany.set(company.company_no, (pushes = []));
        pushes.push({ seq: Number(name.slice(run.length + 1)), at: performance.now() });
      });
      return peer;
    };
    /** When a client first saw this write or a later one of the same company; undefined: never. */
    /**
     * Where each write landed in the log (by its sequence number), known once the run is over: a client that
     * backs off and resends applies writes out of their send order, so "a later state" is later in the log.
     */
    const logPosition = new Map<number, number>();
    const later = (shown: number, w: Write) => {
      const [a, b] = [logPosition.get(shown), logPosition.get(w.seq)];
      return a !== undefined && b !== undefined ? a >= b : shown >= w.seq;
    };
    const seenAt = (label: string, w: Write): number | undefined =>
      received
        .get(label)
        ?.get(w.companyNo)
        ?.find((p) => later(p.seq, w))?.at;
    const seenExactly = (label: string, w: Write): boolean =>
      received
        .get(label)
        ?.get(w.companyNo)
        ?.some((p) => p.seq === w.seq) ?? false;
    const everyCompany = () => true;
    const onlyRestricted = (companyNo: number) => companyNo === RESTRICTED_COMPANY;
    const watchers = {
      'A admin': await listen(apiA.url, admin, 'A admin', everyCompany),
      'A client1': await listen(apiA.url, client1, 'A client1', onlyRestricted),
      'B admin': await listen(apiB.url, admin, 'B admin', everyCompany),
      'B client1': await listen(apiB.url, client1, 'B client1', onlyRestricted),
    };
    const writers = { A: [] as FeathersPeer[], B: [] as FeathersPeer[] };
    for (let i = 0; i < WRITERS_PER_API; i++) {
      writers.A.push(await signed(apiA.url, admin));
      writers.B.push(await signed(apiB.url, admin));
    }

    const writes: Write[] = [];
    const inFlightA = new Set<Write>();
    let aDown = false;
    let killAAt: number | null = null;
    const killAFailures: number[] = [];
    let killPAt: number | null = null;
    let takeoverMs: number | null = null;
    let retried = 0;
    let refused = 0;
    const kills: Array<[number, number]> = [];

    // A well-behaved client keeps at most the server's limit of calls in flight per connection and queues the rest.
    const slots = new Map<FeathersPeer, { free: number; queue: Array<() => void> }>();
    const slotOf = (peer: FeathersPeer) => {
      let slot = slots.get(peer);
      if (!slot) slots.set(peer, (slot = { free: CALLS_IN_FLIGHT_PER_CONNECTION, queue: [] }));
      return slot;
    };
    const acquire = (peer: FeathersPeer): Promise<void> => {
      const slot = slotOf(peer);
      if (slot.free > 0) {
        slot.free -= 1;
        return Promise.resolve();
      }
      return new Promise((resolve) => slot.queue.push(resolve));
    };
    const release = (peer: FeathersPeer) => {
      const slot = slotOf(peer);
      const next = slot.queue.shift();
      if (next) next();
      else slot.free += 1;
    };
    const call = async (peer: FeathersPeer, write: Write): Promise<void> => {
      await acquire(peer);
      try {
        await callNow(peer, write);
      } finally {
        release(peer);
      }
    };
    const callNow = (peer: FeathersPeer, write: Write): Promise<void> => {
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
        if (e.name === 'TooManyRequests' && attempt < 200) {
          // A well-behaved client backs off and sends the same command again.
          refused += 1;
          if (onA) inFlightA.delete(write);
          await sleep(100);
          return send(write, via === 'A' && aDown ? 'B' : via, attempt + 1);
        }
        write.error = `${e.name}: ${e.message}`;
      } finally {
        if (onA) inFlightA.delete(write);
      }
    };

    const started = performance.now();
    const pending: Array<Promise<void>> = [];
    const warmup = options.warmupWrites ?? 0;
    const total = warmup + options.writes;
    const killApiSeq = options.killApiAt == null ? -1 : warmup + Math.floor(options.writes * options.killApiAt);
    const killProjectorSeq = options.killProjectorAt == null ? -1 : warmup + Math.floor(options.writes * options.killProjectorAt);
    let restartA: Promise<void> | null = null;
    let restartP: Promise<void> | null = null;
    for (let seq = 0; seq < total; seq++) {
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
        const active = projectors.find(
          (p) =>
            p.child.exitCode === null &&
            p.child.signalCode === null &&
            /Holding the projector lease/.test(p.output()) &&
            !/Lost the projector lease/.test(p.output()),
        );
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
      const write: Write = {
        seq,
        commandId: `${run}-${seq}`,
        companyNo,
        name: `${run}-${seq}`,
        via,
        sentAt: performance.now(),
        ackAt: null,
        error: null,
        retried: false,
      };
      writes.push(write);
      pending.push(send(write, via));
    }
    const rate = total / ((performance.now() - started) / 1000);
    await Promise.all(pending);
    await restartA;
    await restartP;
    // Quiet: the read models at the head, then a moment for the last pushes.
    const eventsFile = join(dataDir, 'events.sqlite');
    const readsFile = join(dataDir, 'read-models.sqlite');
    for (let i = 0; i < 600 && (lowestCheckpoint(readsFile) ?? -1) < headOf(eventsFile); i++) await sleep(50);
    const acknowledged = writes.filter((w) => w.ackAt !== null);
    const positions = await commandPositions(eventsFile, run);
    for (const [commandId, at] of positions) logPosition.set(Number(commandId.slice(run.length + 1)), at[0]!);
    const feed = feedStats(readsFile);
    // Then until B's clients saw every acknowledged change (or 30 s: what is still missing then is reported).
    for (
      let i = 0;
      i < 300 && acknowledged.some((w) => seenAt('B admin', w) === undefined || (w.companyNo === RESTRICTED_COMPANY && seenAt('B client1', w) === undefined));
      i++
    )
      await sleep(100);
    await sleep(500);
    const waitsOnB = await commandWaits(apiB.url);

    const counts = new Map([...positions].map(([commandId, at]) => [commandId, at.length]));
    const missing = acknowledged.filter((w) => !counts.has(w.commandId)).map((w) => w.commandId);
    const doubled = [...counts].filter(([, n]) => n > 1).map(([id]) => id);

    // Who should have seen what: B's clients every change they may read; A's clients all but what happened while
    // A was down. A follows the feed in order, a little behind B (more on a busy machine): what it had pushed
    // before it died ends with the last push its admin client got; from 200 ms before that until its clients
    // were signed in again (plus 500 ms) A's clients are not counted on.
    const lastBefore = (label: string, at: number) =>
      Math.max(
        -Infinity,
        ...[...(received.get(label)?.values() ?? [])]
          .flat()
          .filter((p) => p.at < at)
          .map((p) => p.at),
      );
    const downA = kills[0] && killAAt !== null ? [Math.min(killAAt, lastBefore('A admin', killAAt)) - 200, kills[0][1] + 500] : null;
    const visibleAt = (w: Write) => seenAt('B admin', w) ?? w.ackAt ?? w.sentAt;
    const clients = Object.keys(watchers).map((label) => {
      const restricted = label.endsWith('client1');
      const onA = label.startsWith('A');
      const expected = acknowledged.filter(
        (w) => (!restricted || w.companyNo === RESTRICTED_COMPANY) && !(onA && downA && visibleAt(w) >= downA[0]! && visibleAt(w) <= downA[1]!),
      );
      const got = expected.filter((w) => seenAt(label, w) !== undefined);
      const lost = expected.filter((w) => seenAt(label, w) === undefined).slice(0, 5);
      if (lost.length > 0) {
        const api = onA ? apiA : apiB;
        const problems = (api?.output() ?? '')
          .split('\n')
          .filter((line) => /change feed|error/i.test(line))
          .slice(-5);
        for (const line of problems) log(`${onA ? 'A' : 'B'}: ${line.slice(0, 300)}`);
      }
      for (const w of lost) {
        const pushes = received.get(label)?.get(w.companyNo) ?? [];
        log(
          `${label} never saw write ${w.seq} (company ${w.companyNo}, via ${w.via}${w.retried ? ', retried' : ''}, sent +${Math.round(w.sentAt - started)} ms, acked +${Math.round((w.ackAt ?? NaN) - started)} ms); its last push of that company showed write ${pushes[pushes.length - 1]?.seq ?? 'none'}; log positions: this write ${logPosition.get(w.seq) ?? '?'}, the last pushed ${logPosition.get(pushes[pushes.length - 1]?.seq ?? -1) ?? '?'}`,
        );
      }
      return {
        name: label,
        expected: expected.length,
        received: got.length,
        exact: expected.filter((w) => seenExactly(label, w)).length,
        missing: expected.length - got.length,
        forbidden: forbiddenPushes.get(label) ?? 0,
      };
    });

    const inKill = (w: Write) => kills.some(([from, to]) => w.sentAt >= from - 100 && w.sentAt <= to + 2000);
    /** Writes sent through A (and not re-sent) whose change reached B's admin, with when they were sent and how long it took. */
    const seenOnB = (list: Write[]) =>
      list.flatMap((w) => {
        const seen = w.via === 'A' && !w.retried ? seenAt('B admin', w) : undefined;
        return seen === undefined ? [] : [{ sentAt: w.sentAt, ms: seen - w.sentAt }];
      });
    const aToB = (list: Write[]) => seenOnB(list).map((w) => w.ms);
    const replies = (list: Write[]) => list.filter((w) => w.ackAt !== null && !w.retried).map((w) => w.ackAt! - w.sentAt);
    const steady = acknowledged.filter((w) => w.seq >= warmup && !inKill(w));
    // Where in the run the slowest 1 % of the steady writes through A were sent, beside the kill windows: a tail that
    // clusters after a start or a kill is a cold process's cost, one spread over the run is the path's own.
    const throughA = seenOnB(steady);
    const slowest = throughA.sort((x, y) => y.ms - x.ms).slice(0, Math.max(1, Math.ceil(throughA.length / 100)));
    const secondOfRun = (at: number) => ((at - started) / 1000).toFixed(2);
    log(
      `slowest A->B writes (sent at +s: ms): ${slowest.map((w) => `${secondOfRun(w.sentAt)}: ${w.ms.toFixed(0)}`).join(', ')}; kill windows ${kills.map(([from, to]) => `${secondOfRun(from)}–${secondOfRun(to)}`).join(', ')} (+2 s excluded)`,
    );
    const replay = await replayMatches(dataDir);
    let hops: HopAttribution | null = null;
    if (traceDir) {
      // The recorders write once a second: let the last second land.
      await sleep(1200);
      const traced = steady.flatMap((w) => {
        const position = logPosition.get(w.seq);
        const seen = seenAt('B admin', w);
        if (w.via !== 'A' || w.retried || position === undefined || seen === undefined) return [];
        return [{ position, sentAt: onHopClock(w.sentAt), receivedAt: onHopClock(seen) }];
      });
      hops = attributeHops(readStamps(traceDir), traced);
      log(formatHops(hops));
    }
    const report: ScaleOutReport = {
      writes: writes.length,
      acknowledged: acknowledged.length,
      exactlyOnce: acknowledged.filter((w) => counts.get(w.commandId) === 1).length,
      missing,
      doubled,
      errors: writes.filter((w) => w.error).map((w) => `${w.commandId}: ${w.error}`),
      retried,
      refused,
      projectorsAtStart,
      pushes: { clients },
      latency: {
        pushAtoB: summary(aToB(steady)),
        reply: summary(replies(steady)),
        pushAtoBWarmup: summary(aToB(acknowledged.filter((w) => w.seq < warmup))),
        replyWarmup: summary(replies(acknowledged.filter((w) => w.seq < warmup))),
        pushAtoBAll: summary(aToB(acknowledged)),
        replyAll: summary(replies(acknowledged)),
      },
      apiKill:
        killAAt === null
          ? null
          : {
              inFlight: killAFailures.length,
              failedWithinMs: killAFailures.length ? Math.max(...killAFailures) : null,
              hung: writes.filter((w) => w.ackAt === null && w.error === null).length,
            },
      projectorKill: killPAt === null ? null : { takeoverMs },
      waitsOnB,
      rate,
      ackRate: acknowledged.length / ((Math.max(started, ...acknowledged.map((w) => w.ackAt!)) - started) / 1000 || 1),
      feed,
      replay,
      hops,
      ms: performance.now() - t0,
    };
    const l = report.latency;
    log(
      `scale-out: ${report.writes} writes sent at ${rate.toFixed(0)}/s, ${report.acknowledged} acknowledged (${report.ackRate.toFixed(0)}/s sustained; on B ${waitsOnB.timedOut} of ${waitsOnB.commands} replies waited the full PORTAL_COMMAND_WAIT_MS), ${report.exactlyOnce} exactly once, ${missing.length} missing, ${doubled.length} doubled, ${report.errors.length} errors, ${retried} retried; ` +
        `push A->B p50 ${l.pushAtoB.p50.toFixed(1)} p99 ${l.pushAtoB.p99.toFixed(1)} ms, reply p50 ${l.reply.p50.toFixed(1)} p99 ${l.reply.p99.toFixed(1)} ms (steady); ` +
        (warmup ? `warm-up (${warmup} writes): push p99 ${l.pushAtoBWarmup.p99.toFixed(0)} ms, reply p99 ${l.replyWarmup.p99.toFixed(0)} ms; ` : '') +
        `all, warm-up and kills included: push p99 ${l.pushAtoBAll.p99.toFixed(0)} ms, reply p99 ${l.replyAll.p99.toFixed(0)} ms; ` +
        `feed ${feed.batches} batches, ${feed.changes} changes, ${feed.bytes} bytes; ${refused} refused (TooManyRequests, sent again); clients ${clients.map((c) => `${c.name} ${c.received}/${c.expected} (${c.exact} exact)${c.forbidden ? ` FORBIDDEN ${c.forbidden}` : ''}`).join(', ')}; replay ${replay.ok ? 'matches' : 'DIFFERS'}`,
    );
    return report;
  } finally {
    for (const peer of peers) peer.close();
    await apiA?.kill('SIGKILL').catch(() => undefined);
    await apiB?.kill('SIGKILL').catch(() => undefined);
    for (const p of projectors) if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill('SIGKILL');
    await Promise.all(projectors.map((p) => exited(p.child)));
    removeDir(dataDir);
    if (traceDir) removeDir(traceDir);
  }
}

function feedStats(readsFile: string): { batches: number; changes: number; bytes: number } {
  const db = new Database(readsFile, { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        'SELECT COUNT(*) AS batches, COALESCE(SUM(json_array_length(changes)), 0) AS changes, COALESCE(SUM(length(changes)) + COUNT(*) * 16, 0) AS bytes FROM _feed',
      )
      .get() as { batches: number; changes: number; bytes: number };
    return row;
  } finally {
    db.close();
  }
}
