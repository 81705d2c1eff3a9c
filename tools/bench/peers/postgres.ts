import { execFile, execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, renameSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Client } from 'pg';
import type { CollectionSpec } from '@portal/read-store';
import { seededRandom } from '@portal/demo-data';
import { SqliteReadStore } from '@portal/read-store';
import { syntheticInvoice } from '../read-store/synthetic-invoices';
import type { Figure, Options } from '../items';
import { freePort, removeDir, ROOT } from '../../harness/proc';
import { percentile, sortNumbers } from '../stats';
import { sideBySide, skipped } from './side-by-side';

const run = promisify(execFile);
const SPEC: CollectionSpec = { name: 'documents', indexes: [['clientId'], ['category'], ['clientId', 'category']], fullText: ['title', 'text'] };
const PG_BIN = ['/usr/lib/postgresql/15/bin', '/usr/local/bin', '/usr/bin'];

/** The query kinds of the issue: the portal's search text and the same search as a PostgreSQL tsquery. */
const KINDS = [
  { kind: 'rare word', ours: 'RE-2022-001234', tsquery: `plainto_tsquery('german', 'RE-2022-001234')` },
  { kind: 'common word', ours: 'Rechnung', tsquery: `plainto_tsquery('german', 'Rechnung')` },
  { kind: 'two words', ours: 'Rechnungen Telekom', tsquery: `plainto_tsquery('german', 'Rechnungen Telekom')` },
  { kind: 'prefix', ours: 'Telek*', tsquery: `to_tsquery('german', 'Telek:*')` },
] as const;
const PAGE = 20;

function pgBinary(name: string): string | null {
  for (const dir of PG_BIN) if (existsSync(join(dir, name))) return join(dir, name);
  return null;
}

/** A throwaway cluster in a temp dir on a loopback port; as the postgres user when this runs as root. */
async function startPostgres(): Promise<{ client: Client; stop(): Promise<void> }> {
  const initdb = pgBinary('initdb')!;
  const pgCtl = pgBinary('pg_ctl')!;
  const dir = mkdtempSync(join(tmpdir(), 'bench-pg-'));
  const data = join(dir, 'data');
  mkdirSync(data);
  const asRoot = process.getuid?.() === 0;
  const as = async (file: string, args: string[]) => {
    if (!asRoot) return run(file, args);
    return run('runuser', ['-u', 'postgres', '--', file, ...args]);
  };
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const { stdout: gid } = await run('id', ['-g', 'postgres']);
    chownSync(dir, Number(stdout), Number(gid));
    chownSync(data, Number(stdout), Number(gid));
  }
  await as(initdb, ['-D', data, '-U', 'bench', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  // Durable commits like the portal's read store; the query figures do not write.
  await as(pgCtl, [
    '-D',
    data,
    '-l',
    join(dir, 'log'),
    '-w',
    '-t',
    '120',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c shared_buffers=256MB -c fsync=on`,
    'start',
  ]);
  // pg_ctl starts a daemon the bench's child tracking does not know: stop it even when the bench is interrupted.
  const stopNow = () => {
    try {
      execFileSync(asRoot ? 'runuser' : pgCtl, [...(asRoot ? ['-u', 'postgres', '--', pgCtl] : []), '-D', data, '-m', 'immediate', '-w', 'stop'], {
        stdio: 'ignore',
      });
    } catch {
      // already stopped
    }
    removeDir(dir);
  };
  process.once('exit', stopNow);
  const client = new Client({ host: '127.0.0.1', port, user: 'bench', database: 'postgres' });
  await client.connect();
  return {
    client,
    stop: async () => {
      await client.end().catch(() => undefined);
      process.off('exit', stopNow);
      stopNow();
    },
  };
}

/** The same synthetic invoices in the portal's SQLite read store (cached in bench-results/cache) and in PostgreSQL. */
async function ourStore(count: number, log: (line: string) => void): Promise<SqliteReadStore> {
  const cache = join(ROOT, 'bench-results', 'cache');
  mkdirSync(cache, { recursive: true });
  const file = join(cache, `search-${count}-v1.sqlite`);
  if (!existsSync(file)) {
    log(`full-text: indexing ${count} synthetic invoices in the portal's read store (not timed; cached)`);
    const building = new SqliteReadStore(`${file}.tmp`);
    await building.ensureCollections([SPEC]);
    const next = seededRandom(42);
    for (let from = 0; from < count; from += 5_000) {
      await building.transaction(async (tx) => {
        for (let i = from; i < Math.min(count, from + 5_000); i++) await tx.put(SPEC.name, syntheticInvoice(i, next));
      });
    }
    await building.close();
    renameSync(`${file}.tmp`, file);
  }
  const store = new SqliteReadStore(file);
  await store.ensureCollections([SPEC]);
  return store;
}

async function loadPostgres(client: Client, count: number, log: (line: string) => void): Promise<void> {
  log(`full-text: loading ${count} synthetic invoices into PostgreSQL (german tsvector, GIN index; not timed)`);
  await client.query('CREATE TABLE docs (id text PRIMARY KEY, client_id text, category text, title text, body text, tsv tsvector)');
  const next = seededRandom(42);
  for (let from = 0; from < count; from += 1_000) {
    const rows = Array.from({ length: Math.min(1_000, count - from) }, (_, i) => syntheticInvoice(from + i, next));
    await client.query(
      `INSERT INTO docs (id, client_id, category, title, body, tsv)
       SELECT id, client_id, category, title, body, to_tsvector('german', title || ' ' || body)
       FROM json_to_recordset($1::json) AS r(id text, client_id text, category text, title text, body text)`,
      [JSON.stringify(rows.map((d) => ({ id: d.id, client_id: d.clientId, category: d.category, title: d.title, body: d.text })))],
    );
  }
  await client.query('CREATE INDEX docs_tsv ON docs USING gin (tsv)');
  await client.query('VACUUM ANALYZE docs');
}

/** Full-text search: the portal's SQLite FTS5 search vs PostgreSQL 15 (german configuration, GIN index). */
export async function postgresPeer(options: Options): Promise<Figure[]> {
  if (!pgBinary('initdb') || !pgBinary('pg_ctl')) return skipped(4, 'PostgreSQL 15', 'initdb/pg_ctl not found (apt-get install -y postgresql-15)');
  const count = options.quick ? 20_000 : 200_000;
  const queries = options.quick ? 20 : 100;
  const ours = await ourStore(count, options.log);
  const pg = await startPostgres();
  try {
    await loadPostgres(pg.client, count, options.log);
    // At most `queries` per kind and run, and no more than fit in 20 s once 5 are in (PostgreSQL ranks every hit of a common word).
    const time = async (search: () => Promise<unknown>) => {
      const samples: number[] = [];
      await search();
      const until = performance.now() + 20_000;
      for (let i = 0; i < queries && (i < 5 || performance.now() < until); i++) {
        const t = performance.now();
        await search();
        samples.push(performance.now() - t);
      }
      const sorted = sortNumbers(samples);
      return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
    };
    return await sideBySide(
      {
        item: 4,
        peer: 'PostgreSQL 15',
        runs: options.runs,
        measures: KINDS.flatMap((k) => [
          { name: `search ${k.kind} p50`, unit: 'ms', higherIsBetter: false },
          { name: `search ${k.kind} p99`, unit: 'ms', higherIsBetter: false },
        ]),
        dataset: `${count} synthetic invoices (~300 words, German/English, libs/read-store synthetic-invoices), first page of ${PAGE} ranked hits with the total and a snippet each, up to ${queries} queries per kind and run (at most 20 s of them once 5 are in); ours: SqliteReadStore.search in this process (FTS5, bm25, German stems); peer: PostgreSQL 15 on loopback (to_tsvector('german'), GIN, ts_rank over every hit, count(*) OVER (), ts_headline on the page)`,
        log: options.log,
      },
      async (side) => {
        const values: Record<string, number> = {};
        for (const k of KINDS) {
          const search =
            side === 'ours'
              ? () => ours.search(SPEC.name, { text: k.ours, where: {}, skip: 0, limit: PAGE })
              : () =>
                  pg.client.query(
                    `WITH q AS (SELECT ${k.tsquery} AS q),
                     hits AS (SELECT id, body, ts_rank(tsv, q.q) AS rank, count(*) OVER () AS total FROM docs, q WHERE tsv @@ q.q ORDER BY rank DESC, id LIMIT ${PAGE})
                     SELECT id, rank, total, ts_headline('german', body, q.q) AS snippet FROM hits, q`,
                  );
          const t = await time(search);
          values[`search ${k.kind} p50`] = t.p50;
          values[`search ${k.kind} p99`] = t.p99;
        }
        return values;
      },
    );
  } finally {
    await ours.close();
    await pg.stop();
  }
}
