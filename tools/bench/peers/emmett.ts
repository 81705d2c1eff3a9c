import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import type { Figure, Options } from '../items';
import { removeDir } from '../../harness/proc';
import { sideBySide } from './side-by-side';

const data = (i: number) => ({ company_name: `Peer ${i} GmbH`, company_place: 'Graz' });
const metadata = (stream: string, i: number) => ({
  userId: 'bench',
  clientNo: null,
  time: new Date().toISOString(),
  commandId: `${stream}-${i}`,
  correlationId: stream,
});

/** Appends and reads of one side: a store in a fresh temp dir, the same events, the same time per figure. */
interface StoreUnderTest {
  appendOne(stream: string, i: number, expected: number): Promise<void>;
  appendBatch(stream: string, size: number): Promise<void>;
  /** Reads every event from the start in pages; answers how many. */
  readAll(): Promise<number>;
  close(): Promise<void>;
}

function ours(dir: string): StoreUnderTest {
  const store = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'FULL' });
  return {
    async appendOne(stream, i, expected) {
      await store.append(
        stream,
        sealEvents(stream, null, [{ type: 'CompanyRenamed', data: data(i), metadata: metadata(stream, i) }]),
        expected < 0 ? 'no_stream' : expected,
      );
    },
    async appendBatch(stream, size) {
      await store.append(
        stream,
        sealEvents(
          stream,
          null,
          Array.from({ length: size }, (_, i) => ({ type: 'CompanyRenamed', data: data(i), metadata: metadata(stream, i) })),
        ),
        'no_stream',
      );
    },
    async readAll() {
      let count = 0;
      for (let after: number | null = null; ;) {
        const page = await store.readAll(after, 10_000);
        count += page.length;
        if (page.length < 10_000) return count;
        after = page[page.length - 1]!.position;
      }
    },
    close: () => store.close(),
  };
}

/**
 * Emmett opens a connection per call and sets WAL without waiting for it; now and then a commit then meets
 * that statement still running (SQLITE_BUSY): such an append is tried again, as its caller would, and counted.
 */
let emmettRetries = 0;
async function retried(append: () => Promise<unknown>): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await append();
      return;
    } catch (error) {
      if ((error as { code?: string }).code !== 'SQLITE_BUSY' || attempt >= 5) throw error;
      emmettRetries++;
    }
  }
}

type EmmettSqlite = typeof import('@event-driven-io/emmett-sqlite');

/**
 * Emmett's SQLite store runs on the `sqlite3` package, which only this comparison needs: `npm install` does not
 * compile its native binding (a minute of both cores on every clean install), so the first comparison builds it
 * here from the sources in node_modules, offline, and then loads Emmett.
 */
function loadEmmett(log: (line: string) => void): EmmettSqlite {
  const require = createRequire(__filename);
  try {
    require('sqlite3');
  } catch {
    // npm's own node-gyp and its nodedir (npm exports both to `npm run` scripts): the node-gyp that sqlite3 lists
    // is too old for this Python, and without the nodedir node-gyp would download the Node headers.
    const nodeGyp = process.env.npm_config_node_gyp;
    if (!nodeGyp) throw new Error("The Emmett comparison builds sqlite3 with npm's node-gyp: run it through `npm run bench`.");
    log('Emmett SQLite: building the sqlite3 binding once (node-gyp, about a minute)');
    execFileSync(process.execPath, [nodeGyp, 'rebuild'], { cwd: dirname(require.resolve('sqlite3/package.json')), stdio: 'ignore' });
  }
  return require('@event-driven-io/emmett-sqlite') as EmmettSqlite;
}

/** Emmett's SQLite event store as its README sets it up: a file, WAL (its default), SQLite's default synchronous=FULL. */
function emmett(dir: string, { getSQLiteEventStore, readMessagesBatch, sqliteConnection }: EmmettSqlite): StoreUnderTest {
  const fileName = join(dir, 'emmett.sqlite');
  const store = getSQLiteEventStore({ fileName });
  return {
    async appendOne(stream, i, expected) {
      await retried(() =>
        store.appendToStream(stream, [{ type: 'CompanyRenamed', data: data(i), metadata: metadata(stream, i) }], {
          expectedStreamVersion: expected < 0 ? 'STREAM_DOES_NOT_EXIST' : BigInt(expected + 1),
        }),
      );
    },
    async appendBatch(stream, size) {
      await retried(() =>
        store.appendToStream(
          stream,
          Array.from({ length: size }, (_, i) => ({ type: 'CompanyRenamed', data: data(i), metadata: metadata(stream, i) })),
          { expectedStreamVersion: 'STREAM_DOES_NOT_EXIST' },
        ),
      );
    },
    async readAll() {
      const connection = sqliteConnection({ fileName });
      try {
        let count = 0;
        for (let after = -1n; ;) {
          const page = await readMessagesBatch(connection, { after, batchSize: 10_000 });
          count += page.messages.length;
          if (page.messages.length < 10_000) return count;
          after = page.currentGlobalPosition;
        }
      } finally {
        connection.close();
      }
    },
    close: async () => undefined,
  };
}

async function measure(make: (dir: string) => StoreUnderTest, seconds: number): Promise<Record<string, number>> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-peer-store-'));
  const store = make(dir);
  try {
    const streams = 100;
    const revisions = new Array<number>(streams).fill(-1);
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < seconds * 1000) {
      const s = n % streams;
      await store.appendOne(`company-${s}`, n, revisions[s]!);
      revisions[s]!++;
      n++;
    }
    const single = n / ((performance.now() - t0) / 1000);
    let events = 0;
    let batch = 0;
    const t1 = performance.now();
    while (performance.now() - t1 < seconds * 1000) {
      await store.appendBatch(`batch-${batch++}`, 100);
      events += 100;
    }
    const batched = events / ((performance.now() - t1) / 1000);
    const t2 = performance.now();
    const read = await store.readAll();
    const readRate = read / ((performance.now() - t2) / 1000);
    return { 'single-event appends': single, 'appends in batches of 100': batched, 'read all events': readRate };
  } finally {
    await store.close();
    removeDir(dir);
  }
}

/** Event store: ours vs Emmett's SQLite event store, both fsyncing every commit. */
export async function emmettPeer(options: Options): Promise<Figure[]> {
  const seconds = options.quick ? 1.5 : 5;
  emmettRetries = 0;
  const emmettSqlite = loadEmmett(options.log);
  const figures = await sideBySide(
    {
      item: 2,
      peer: 'Emmett SQLite',
      runs: options.runs,
      measures: [
        { name: 'single-event appends', unit: 'appends/s', higherIsBetter: true },
        { name: 'appends in batches of 100', unit: 'events/s', higherIsBetter: true },
        { name: 'read all events', unit: 'events/s', higherIsBetter: true },
      ],
      dataset: `${seconds} s per append figure, one append at a time, 100 streams with expected revisions; read all = every event appended in the run, pages of 10,000; both WAL + synchronous=FULL (fsync per commit), temp dir on the system disk; @event-driven-io/emmett-sqlite 0.38.5 (sqlite3)`,
      log: options.log,
    },
    (side) => measure(side === 'ours' ? ours : (dir) => emmett(dir, emmettSqlite), seconds),
  );
  options.log(`Emmett SQLite: ${emmettRetries} appends tried again after SQLITE_BUSY`);
  return figures;
}
