import { mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@portal/event-store';
import type { Socket } from 'socket.io-client';
import { generateEvents } from '../bench/event-generator';
import { authenticateRaw, connected, rawSocket, type WireError } from '../harness/clients';
import { exited, freePort, PROJECTOR_MAIN, REPLAY_CLI, removeDir, runNode, sleep, spawnNode, startPortal, type PortalProc } from '../harness/proc';

/**
 * Crash scenarios shared by the fast fault suite (Jest) and `npm run soak`: SIGKILL the projector
 * while it catches up, and the api while commands stream in; then prove nothing was lost or doubled.
 */
export type Log = (line: string) => void;

/** Lowest checkpoint over all projections in a read-model file; null before the first commit. */
export function lowestCheckpoint(readModelsFile: string): number | null {
  let db: Database.Database | null = null;
  try {
    db = new Database(readModelsFile, { readonly: true, fileMustExist: true });
    const rows = db.prepare('SELECT position FROM _checkpoints').all() as { position: number | null }[];
    if (rows.length === 0 || rows.some((r) => r.position === null)) return null;
    return Math.min(...rows.map((r) => r.position as number));
  } catch {
    return null;
  } finally {
    db?.close();
  }
}

export function headOf(eventsFile: string): number {
  const db = new Database(eventsFile, { readonly: true });
  try {
    return (db.prepare('SELECT MAX(position) FROM events').pluck().get() as number | null) ?? 0;
  } finally {
    db.close();
  }
}

/** How many events each command whose id starts with `prefix` appended, over the whole log. */
export async function commandCounts(eventsFile: string, prefix: string): Promise<Map<string, number>> {
  const positions = await commandPositions(eventsFile, prefix);
  return new Map([...positions].map(([commandId, at]) => [commandId, at.length]));
}

/** Per command id with this prefix: the log positions of its events, in log order. */
export async function commandPositions(eventsFile: string, prefix: string): Promise<Map<string, number[]>> {
  const store = new SqliteEventStore(eventsFile);
  const positions = new Map<string, number[]>();
  try {
    for (let after: number | null = null; ;) {
      const page = await store.readAll(after, 5000);
      if (page.length === 0) break;
      for (const e of page) {
        const id = e.metadata.commandId;
        if (!id.startsWith(prefix)) continue;
        const at = positions.get(id);
        if (at) at.push(e.position);
        else positions.set(id, [e.position]);
      }
      after = page[page.length - 1]!.position;
    }
  } finally {
    await store.close();
  }
  return positions;
}

export interface ReplayVerdict {
  ok: boolean;
  collections: { name: string; checksum: string; match: boolean }[];
  output: string;
}

/** Runs the replay CLI against a data dir: rebuilds into a scratch store and compares checksums with the live read models. */
export async function replayMatches(dataDir: string): Promise<ReplayVerdict> {
  const run = await runNode(REPLAY_CLI, ['--data-dir', dataDir], { ...process.env, PORTAL_DATA_DIR: dataDir });
  const collections = [...run.output.matchAll(/^(\S+)\s+([0-9a-f]{64})\s+live: (match|DIFFERS)$/gm)].map((m) => ({
    name: m[1]!,
    checksum: m[2]!,
    match: m[3] === 'match',
  }));
  return { ok: run.code === 0 && collections.length > 0 && collections.every((c) => c.match), collections, output: run.output };
}

export interface ProjectorCrashReport {
  events: number;
  kills: number;
  /** Kills that landed while the projector had work left (checkpoint below the head afterwards). */
  killsMidCatchUp: number;
  /** Checkpoint after each kill. */
  checkpoints: (number | null)[];
  replay: ReplayVerdict;
  companiesGenerated: number;
  companiesProjected: number;
  ms: number;
}

/**
 * N generated events; the projector (its own process) is SIGKILLed K times at random moments while
 * it catches up, restarted each time, then allowed to finish; its read models must equal a clean replay.
 */
export async function projectorCrashScenario(options: { events: number; kills: number; seed?: number; log?: Log }): Promise<ProjectorCrashReport> {
  const log = options.log ?? (() => undefined);
  const t0 = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'fault-projector-'));
  try {
    const eventsFile = join(dataDir, 'events.sqlite');
    const readsFile = join(dataDir, 'read-models.sqlite');
    const generated = await generateEvents(eventsFile, { events: options.events, seed: options.seed ?? 7 });
    const head = headOf(eventsFile);
    log(`generated ${generated.events} events (${generated.companies} companies, ${generated.users} users) in ${(generated.ms / 1000).toFixed(1)} s`);
    const env = { ...process.env, PORTAL_DATA_DIR: dataDir, PORTAL_SEED: '0' };
    let rng = (options.seed ?? 7) * 2654435761;
    const random = () => {
      rng = (rng * 1103515245 + 12345) % 2147483648;
      return rng / 2147483648;
    };
    const checkpoints: (number | null)[] = [];
    let mid = 0;
    for (let k = 0; k < options.kills; k++) {
      const before = lowestCheckpoint(readsFile) ?? 0;
      const remaining = head - before;
      // Kill once progress passed a random point of this kill's share of what is left (or during start-up), plus 0-8 ms,
      // so that every kill, also the last ones, lands while the projector still has work.
      const target = before + Math.floor(random() * (remaining / (options.kills - k + 1)));
      const { child } = spawnNode(PROJECTOR_MAIN, [], env);
      const deadline = Date.now() + 120_000;
      while (child.exitCode === null && Date.now() < deadline) {
        const cp = lowestCheckpoint(readsFile) ?? 0;
        if (cp >= target) break;
        await sleep(5);
      }
      await sleep(Math.floor(random() * 8));
      const done = exited(child);
      child.kill('SIGKILL');
      await done;
      const after = lowestCheckpoint(readsFile);
      checkpoints.push(after);
      if ((after ?? 0) < head) mid++;
      log(`kill ${k + 1}/${options.kills}: checkpoint ${String(before)} -> ${String(after)} of ${head}`);
    }
    // Final run: let it finish, then stop it politely.
    const { child, output } = spawnNode(PROJECTOR_MAIN, [], env);
    const deadline = Date.now() + 300_000;
    while ((lowestCheckpoint(readsFile) ?? 0) < head) {
      if (child.exitCode !== null) throw new Error(`projector exited early:\n${output()}`);
      if (Date.now() > deadline) throw new Error('projector did not catch up within 300 s');
      await sleep(20);
    }
    const done = exited(child);
    child.kill('SIGTERM');
    await done;
    const replay = await replayMatches(dataDir);
    const reads = new Database(readsFile, { readonly: true });
    const companiesProjected = reads.prepare('SELECT COUNT(*) FROM "companies"').pluck().get() as number;
    reads.close();
    log(`replay: ${replay.ok ? 'checksums match' : 'DIFFERS'} (${replay.collections.map((c) => `${c.name}=${c.match ? 'match' : 'DIFFERS'}`).join(', ')})`);
    return {
      events: generated.events,
      kills: options.kills,
      killsMidCatchUp: mid,
      checkpoints,
      replay,
      companiesGenerated: generated.companies,
      companiesProjected,
      ms: performance.now() - t0,
    };
  } finally {
    removeDir(dataDir);
  }
}

interface PendingCommand {
  commandId: string;
  companyNo: number;
  name: string;
  sends: number;
}

export interface ApiCrashReport {
  kills: number;
  commandsSent: number;
  /** Sends in total, including re-sends of unacknowledged commands. */
  sends: number;
  acknowledged: number;
  /** Acknowledged commands found exactly once in the log. */
  exactlyOnce: number;
  missing: string[];
  doubled: string[];
  /** Commands still unacknowledged when the run ended (should be 0: the last round drains the queue). */
  unacknowledgedAtEnd: number;
  /** Commands answered with an error (other than a lost connection); listed, not retried. */
  errors: { commandId: string; error: string }[];
  replay: ReplayVerdict;
  ms: number;
}

class Disconnected extends Error {}

function callUntilDisconnect(socket: Socket, args: unknown[], timeoutMs: number): Promise<[WireError | null, unknown]> {
  return new Promise((resolve, reject) => {
    if (!socket.connected) return reject(new Disconnected('not connected'));
    const onDisconnect = () => {
      clearTimeout(timer);
      reject(new Disconnected('disconnected'));
    };
    const timer = setTimeout(() => {
      socket.off('disconnect', onDisconnect);
      reject(new Disconnected('timeout'));
    }, timeoutMs);
    socket.once('disconnect', onDisconnect);
    socket.emit('patch', ...args, (error: WireError | null, result: unknown) => {
      clearTimeout(timer);
      socket.off('disconnect', onDisconnect);
      resolve([error ?? null, result]);
    });
  });
}

/**
 * The api (with its in-process projector) on one data dir; six lanes rename the demo companies with
 * unique command ids; the process is SIGKILLed at random moments and restarted; unacknowledged
 * commands are re-sent with the same command id. At the end every acknowledged command is in the log once.
 */
export async function apiCrashScenario(options: { kills: number; minUpMs?: number; maxUpMs?: number; log?: Log }): Promise<ApiCrashReport> {
  const log = options.log ?? (() => undefined);
  const t0 = performance.now();
  const dataDir = mkdtempSync(join(tmpdir(), 'fault-api-'));
  mkdirSync(dataDir, { recursive: true });
  const port = await freePort();
  const minUp = options.minUpMs ?? 300;
  const maxUp = options.maxUpMs ?? 1500;
  const companies = [1001, 1002, 1003, 1004, 1005, 1006];
  const run = `crash-${Date.now().toString(36)}`;
  let seq = 0;
  const queue: PendingCommand[][] = companies.map(() => []);
  const acked = new Set<string>();
  const sent = new Set<string>();
  const errors: { commandId: string; error: string }[] = [];
  let sends = 0;
  let portal: PortalProc | null = null;
  let token = '';
  try {
    for (let round = 0; round <= options.kills; round++) {
      portal = await startPortal({ dataDir, port, env: { PORTAL_SEED_DOCUMENTS: '0' } });
      // Same port, issuer and key file after every restart: the first token stays valid.
      if (!token) token = await portal.token('admin');
      const final = round === options.kills;
      const sockets: Socket[] = [];
      let stopping = false;
      const lanes = companies.map(async (companyNo, lane) => {
        const socket = rawSocket(portal!.url);
        sockets.push(socket);
        try {
          await connected(socket);
          await authenticateRaw(socket, token);
        } catch {
          return;
        }
        for (;;) {
          if (stopping && queue[lane]!.length === 0) return;
          if (stopping && !final) return;
          let next = queue[lane]![0];
          if (!next) {
            seq += 1;
            next = { commandId: `${run}-${lane}-${seq}`, companyNo, name: `Crash Test ${lane}-${seq} GmbH`, sends: 0 };
            queue[lane]!.push(next);
          }
          next.sends += 1;
          sends += 1;
          sent.add(next.commandId);
          try {
            const [error] = await callUntilDisconnect(
              socket,
              ['accounting-client', next.companyNo, { company_name: next.name }, { commandId: next.commandId }],
              20_000,
            );
            queue[lane]!.shift();
            if (error) errors.push({ commandId: next.commandId, error: `${error.name}: ${error.message}` });
            else acked.add(next.commandId);
          } catch (e) {
            if (e instanceof Disconnected) return; // unacknowledged: stays queued, re-sent after the restart
            throw e;
          }
        }
      });
      if (!final) {
        await sleep(minUp + Math.random() * (maxUp - minUp));
        await portal.kill('SIGKILL');
        stopping = true;
        log(`kill ${round + 1}/${options.kills}: ${acked.size} acknowledged, ${queue.reduce((n, q) => n + q.length, 0)} in flight`);
      } else {
        // Last round: drain every queued command, send a few more, then stop.
        await sleep(minUp);
        stopping = true;
      }
      await Promise.all(lanes);
      for (const s of sockets) s.close();
      if (final) await portal.stop('SIGTERM');
    }
    const counts = await commandCounts(join(dataDir, 'events.sqlite'), run);
    const missing = [...acked].filter((id) => !counts.has(id));
    const doubled = [...counts].filter(([, n]) => n > 1).map(([id]) => id);
    const exactlyOnce = [...acked].filter((id) => counts.get(id) === 1).length;
    const replay = await replayMatches(dataDir);
    log(
      `api crash: ${sent.size} commands, ${sends} sends, ${acked.size} acknowledged, ${exactlyOnce} exactly once, ${missing.length} missing, ${doubled.length} doubled, ${errors.length} errors; replay ${replay.ok ? 'matches' : 'DIFFERS'}`,
    );
    const unacknowledgedAtEnd = queue.reduce((n, q) => n + q.length, 0);
    return {
      kills: options.kills,
      commandsSent: sent.size,
      sends,
      acknowledged: acked.size,
      exactlyOnce,
      missing,
      doubled,
      unacknowledgedAtEnd,
      errors,
      replay,
      ms: performance.now() - t0,
    };
  } finally {
    await portal?.kill('SIGKILL');
    removeDir(dataDir);
  }
}
