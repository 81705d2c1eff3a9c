/**
 * Full-text search on 200,000 synthetic invoices (~300 words each) in the SQLite read store.
 * Not a test: run `npx tsc -b tools && node tools/dist/bench/read-store/search-bench.js [docs] [file]`;
 * with a file that already holds the docs, the build is skipped.
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Where } from '@portal/contracts';
import { SqliteReadStore, type CollectionSpec } from '@portal/read-store';
import { seededRandom } from '@portal/demo-data';
import { syntheticInvoice } from './synthetic-invoices';

const SPEC: CollectionSpec = { name: 'documents', indexes: [['clientId'], ['category'], ['clientId', 'category']], fullText: ['title', 'text'] };
const BATCH = 5_000;
const RUNS = 40;

interface Case {
  name: string;
  text: string;
  where: Where;
}

const CASES: Case[] = [
  { name: 'common word, first page', text: 'Rechnung', where: {} },
  { name: 'rare word, first page', text: 'RE-2022-001234', where: {} },
  { name: 'one company, ~5 % of all docs', text: 'Telekom', where: {} },
  { name: 'two words, ~5 % hits', text: 'Rechnungen Telekom', where: {} },
  { name: 'company within one category', text: 'Telekom', where: { category: 'invoice' } },
  { name: 'company within one client (scope)', text: 'Rechnungen Telekom', where: { clientId: 'client-3' } },
  { name: 'umlaut spelling variant', text: 'Mueller', where: {} },
  { name: 'English plural', text: 'invoices', where: { category: 'receipt' } },
  { name: 'tax term with percent', text: 'Umsatzsteuer 20%', where: {} },
  { name: 'prefix', text: 'Telek*', where: { clientId: 'client-7' } },
  { name: 'invoice number', text: 'RE-2022-001234', where: {} },
  { name: 'unindexed where field (join strategy)', text: 'Telekom', where: { date: '2021-02-15' } },
  { name: 'very common word, page 3', text: 'Rechnung', where: {} },
];

async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 200_000);
  const dir = mkdtempSync(join(tmpdir(), 'search-bench-'));
  const file = process.argv[3] ?? join(dir, 'bench.sqlite');
  const store = new SqliteReadStore(file);
  try {
    await store.ensureCollections([SPEC]);
    const existing = (await store.find(SPEC.name, { where: {}, sort: [], skip: 0, limit: 0 })).total;
    const next = seededRandom(42);
    const started = performance.now();
    for (let from = existing === count ? count : 0; from < count; from += BATCH) {
      await store.transaction(async (tx) => {
        for (let i = from; i < Math.min(count, from + BATCH); i++) await tx.put(SPEC.name, syntheticInvoice(i, next));
      });
    }
    const buildSeconds = (performance.now() - started) / 1000;
    if (existing !== count)
      console.log(
        `indexed ${count} docs in ${buildSeconds.toFixed(1)} s (${Math.round(count / buildSeconds)} docs/s), file ${(statSync(file).size / 2 ** 20).toFixed(0)} MiB`,
      );
    // CPU time beside the wall clock: on a shared machine the wall clock mostly measures the wait for a core.
    console.log('| search | where | hits | p50 ms | p99 ms | CPU p50 ms | CPU p99 ms |');
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const testCase of CASES) {
      const skip = testCase.text === 'Rechnung' && !testCase.name.endsWith('first page') ? 40 : 0;
      const times: number[] = [];
      const cpu: number[] = [];
      let total = 0;
      for (let run = 0; run < RUNS; run++) {
        const t0 = performance.now();
        const c0 = process.cpuUsage();
        const page = await store.search(SPEC.name, { text: testCase.text, where: testCase.where, skip, limit: 20 });
        const c1 = process.cpuUsage(c0);
        times.push(performance.now() - t0);
        cpu.push((c1.user + c1.system) / 1000);
        total = page.total;
      }
      times.sort((a, b) => a - b);
      cpu.sort((a, b) => a - b);
      const at = (list: number[], q: number) => list[Math.min(list.length - 1, Math.floor(q * list.length))]!.toFixed(1);
      console.log(
        `| ${testCase.text} (${testCase.name}) | ${JSON.stringify(testCase.where)} | ${total} | ${at(times, 0.5)} | ${at(times, 0.99)} | ${at(cpu, 0.5)} | ${at(cpu, 0.99)} |`,
      );
    }
  } finally {
    await store.close();
    if (process.argv[3] === undefined) rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
