import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PERMISSIONS, type BankImport, type User } from '@portal/contracts';
import { bankAccountStreamId, bankLedgerStreamId, ENTRIES_PER_EVENT, type LedgerEntry } from '@portal/domain';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { BANK_TRANSACTIONS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { parseStatementFile } from '@portal/bank-statements';
import { bankTransactionsService, StatementImporter, OpenItemIndex, type MatchableItem, type MatchableTransaction } from '@portal/api';
import { camtWith, seeded } from '../../harness/statement-files';
import type { Figure, Options } from '../items';
import type { FeatureBenchItem } from '../feature-items';
import { procStatusBytes } from '../../harness/proc';
import { percentile, sortNumbers } from '../stats';
import { bankingHarness } from '../../harness/banking-harness';

const ITEM = 41;
const BENCH_USER: User = {
  keycloakId: 'bench',
  username: 'bench',
  permissions_array: ALL_PERMISSIONS,
  firstName: 'Bench',
  lastName: 'User',
  email: 'bench@portal.invalid',
  locale: 'en',
  klienten_array: [],
  all_clients: true,
  favClient: null,
  enabled: true,
};

/** 20,000 open items and 10,000 transactions: a third pay by invoice number, a third by amount, a third match nothing. */
export function matchingData(items: number, transactions: number): { open: MatchableItem[]; txs: MatchableTransaction[] } {
  const random = seeded(11);
  const open: MatchableItem[] = Array.from({ length: items }, (_, i) => {
    const gross = Math.round(50 + random() * 9_950) + (i % 100) / 100;
    return {
      id: i + 1,
      kind: i % 2 ? 'payable' : 'receivable',
      outstanding: gross,
      gross,
      invoice_number: `AR-${2026_00000 + i}`,
      payment_reference: null,
      iban: null,
      party: `Partner ${i % 700} GmbH`,
      discount_percent: i % 5 === 0 ? 2 : null,
      discount_due_date: i % 5 === 0 ? '2026-12-31' : null,
      title: `Invoice ${i}`,
    };
  });
  const txs: MatchableTransaction[] = Array.from({ length: transactions }, (_, i) => {
    const target = open[Math.floor(random() * open.length)]!;
    const sign = target.kind === 'receivable' ? 1 : -1;
    const mode = i % 3;
    return {
      id: `tx-${i}`,
      amount_cents: sign * (mode === 2 ? 1_234_567 + i : Math.round(target.outstanding * 100)),
      matched_cents: 0,
      remittance: mode === 0 ? `Zahlung ${target.invoice_number} danke` : `Sammelzahlung ${i}`,
      reference: null,
      end_to_end_id: null,
      counterparty_iban: null,
      counterparty_name: mode === 1 ? (target.party ?? '') : 'Unbekannt',
      booking_date: '2026-06-30',
    };
  });
  return { open, txs };
}

const MiB = 1_048_576;

/** The process's peak RSS (VmHWM) since the last reset; the reset asks the kernel to start counting anew. */
const hwm = () => procStatusBytes(process.pid, 'VmHWM') ?? 0;
function resetHwm(): void {
  try {
    writeFileSync('/proc/self/clear_refs', '5');
  } catch {
    // Without the reset the figure is the peak since the process started (an upper bound).
  }
}

/** A full import: the camt.053 parsed, then StatementImporter into SQLite files (event store, projector, read store). */
async function fullImport(xml: Buffer, entries: number, log: (line: string) => void) {
  const dir = mkdtempSync(join(tmpdir(), 'bench-banking-import-'));
  try {
    const harness = await bankingHarness({ dir });
    const importer = new StatementImporter(harness.reads, harness.commands);
    global.gc?.();
    resetHwm();
    const before = procStatusBytes(process.pid) ?? 0;
    const start = performance.now();
    const file = parseStatementFile(xml);
    const record = (await importer.run({
      clientNo: 1001,
      fileName: 'bench.xml',
      file,
      accountId: null,
      replacePending: false,
      context: { userId: 'bench', clientNo: 1001, commandId: 'bench-import' },
    })) as unknown as BankImport;
    const ms = performance.now() - start;
    const peak = hwm();
    if (record.added !== entries) throw new Error(`imported ${record.added} of ${entries} entries`);
    const stored = (await harness.reads.find(BANK_TRANSACTIONS, { where: { client_no: 1001 }, sort: [], skip: 0, limit: 0 })).total;
    if (stored !== entries) throw new Error(`the read model holds ${stored} of ${entries} transactions`);
    log(`  banking: imported ${entries} entries in ${Math.round(ms)} ms, peak RSS ${Math.round(peak / MiB)} MiB (${Math.round(before / MiB)} MiB before)`);
    await harness.close();
    return { ms, rate: Math.round(entries / (ms / 1000)), peakMiB: Math.round(peak / MiB), growthMiB: Math.round((peak - before) / MiB) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `count` booked transactions of one client on two accounts over two years, written as the ledger's events (500
 * entries each, per account and month) and projected once, as a rebuild would.
 */
async function ledgerOf(count: number, dir: string, log: (line: string) => void) {
  const random = seeded(23);
  const events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'OFF' });
  const reads = new SqliteReadStore(join(dir, 'read-models.sqlite'));
  const accounts = ['7011-AT611904300234573201', '7011-AT483200000012345864'];
  const meta = (i: number) => ({
    userId: 'bench',
    clientNo: 7011,
    time: new Date(Date.UTC(2026, 0, 1) + i).toISOString(),
    commandId: `bench-${i}`,
    correlationId: 'bench',
  });
  let n = 0;
  for (const [a, accountId] of accounts.entries()) {
    const stream = bankAccountStreamId(accountId);
    await events.append(
      stream,
      sealEvents(stream, null, [
        {
          type: 'BankAccountOpened',
          data: {
            clientNo: 7011,
            iban: accountId.slice(5),
            bic: null,
            bankName: 'Benchbank',
            accountType: 'checking',
            currency: 'EUR',
            label: `Konto ${a + 1}`,
            openingBalanceCents: 1_000_000,
            openingDate: '2025-01-01',
          },
          metadata: meta(n++),
        },
      ]),
      'no_stream',
    );
  }
  const perStream = new Map<string, LedgerEntry[]>();
  for (let i = 0; i < count; i++) {
    const accountId = accounts[i % 2]!;
    const day = new Date(Date.UTC(2025, 0, 1) + Math.floor((i / count) * 730) * 86_400_000).toISOString().slice(0, 10);
    const cents = Math.round((random() - 0.45) * 400_000);
    const party = `Partner ${Math.floor(random() * 2000)} GmbH`;
    const entry: LedgerEntry = {
      id: `b${i}`,
      key: `k${i}`,
      bookingDate: day,
      valueDate: day,
      amountCents: cents,
      currency: 'EUR',
      reversal: false,
      counterpartyName: party,
      counterpartyIban: null,
      counterpartyBic: null,
      remittance: `${cents > 0 ? 'Rechnung' : 'Zahlung'} AR-${2025_00000 + i}`,
      reference: null,
      endToEndId: `E2E-${i}`,
      mandateId: null,
      bankReference: `B-${i}`,
      bankCode: null,
      batchRef: null,
    };
    const stream = bankLedgerStreamId(accountId, day);
    perStream.set(stream, [...(perStream.get(stream) ?? []), entry]);
  }
  for (const [stream, entries] of perStream) {
    const accountId = accounts.find((id) => stream.includes(id))!;
    const drafts = [];
    for (let i = 0; i < entries.length; i += ENTRIES_PER_EVENT)
      drafts.push({
        type: 'TransactionsRecorded',
        data: { importId: 'bench', client_no: 7011, accountId, entries: entries.slice(i, i + ENTRIES_PER_EVENT) },
        metadata: meta(n++),
      });
    await events.append(stream, sealEvents(stream, null, drafts), 'no_stream');
  }
  const started = performance.now();
  await replayInto(
    events,
    reads,
    ALL_PROJECTIONS.filter((p) => p.name === 'banking'),
  );
  log(`  banking: ${count} transactions projected in ${Math.round(performance.now() - started)} ms`);
  return { events, reads, accounts };
}

const p99 = (ms: number[]) => percentile(sortNumbers(ms), 99);

/**
 * A camt.053 with 50,000 entries imported end to end (entries/s, peak memory), the transaction list
 * at 500,000 transactions (page p99), matching 10,000 transactions against 20,000 open items (time).
 */
export const bankingBenchItem: FeatureBenchItem = {
  name: 'banking',
  async run(options: Options): Promise<Figure[]> {
    const entries = options.quick ? 5_000 : 50_000;
    const xml = Buffer.from(camtWith(entries));
    const repeats = Math.max(2, options.runs);
    const imports = [];
    for (let r = 0; r < repeats; r++) imports.push(await fullImport(xml, entries, options.log));
    const importSet = `camt.053.001.08, ${entries.toLocaleString('en')} entries (${(xml.length / MiB).toFixed(1)} MiB, every tenth a batch of two TxDtls): parse + StatementImporter + projector into SQLite files, in process`;

    const { open, txs } = matchingData(20_000, 10_000);
    const matchRuns: number[] = [];
    let suggested = 0;
    for (let r = 0; r < repeats; r++) {
      const start = performance.now();
      const index = new OpenItemIndex(open);
      suggested = 0;
      for (const tx of txs) if (index.suggest(tx).length > 0) suggested++;
      matchRuns.push(performance.now() - start);
    }

    const total = options.quick ? 50_000 : 500_000;
    const dir = mkdtempSync(join(tmpdir(), 'bench-banking-list-'));
    try {
      const { events, reads, accounts } = await ledgerOf(total, dir, options.log);
      const service = bankTransactionsService(reads);
      const context = { user: BENCH_USER, accessToken: '' };
      const find = (query: Record<string, unknown>) => service.methods.find!.run(context, { id: null, data: null, query });
      const calls = options.quick ? 30 : 40;
      const first: number[] = [];
      const deep: number[] = [];
      const unmatched: number[] = [];
      const search: number[] = [];
      for (let r = 0; r < repeats; r++) {
        const runs = { first: [] as number[], deep: [] as number[], unmatched: [] as number[], search: [] as number[] };
        for (let i = 0; i < calls; i++) {
          const account = accounts[i % 2]!;
          const time = async (list: number[], query: Record<string, unknown>) => {
            const t = performance.now();
            await find(query);
            list.push(performance.now() - t);
          };
          await time(runs.first, { client_no: 7011, account_id: account, $sort: { booking_date: -1, id: 1 }, $limit: 100 });
          await time(runs.deep, {
            client_no: 7011,
            account_id: account,
            $sort: { booking_date: -1, id: 1 },
            $skip: Math.floor(Math.random() * (total / 2 / 100)) * 100,
            $limit: 100,
          });
          await time(runs.unmatched, { client_no: 7011, match_status: { $ne: 'matched' }, $sort: { booking_date: -1, id: 1 }, $limit: 100 });
          await time(runs.search, { client_no: 7011, search: `AR-${2025_00000 + Math.floor(Math.random() * total)}`, $limit: 100 });
        }
        first.push(p99(runs.first));
        deep.push(p99(runs.deep));
        unmatched.push(p99(runs.unmatched));
        search.push(p99(runs.search));
      }
      await reads.close();
      await events.close();
      const listSet = `${total.toLocaleString('en')} booked transactions of one client on two accounts over two years (SQLite read store with full text), bank-transactions find in process, ${calls} calls per run`;
      return [
        {
          item: ITEM,
          name: `camt.053 full import, ${entries.toLocaleString('en')} entries`,
          unit: 'ms',
          runs: imports.map((i) => Math.round(i.ms)),
          dataset: importSet,
        },
        { item: ITEM, name: 'camt.053 full import rate', unit: 'entries/s', runs: imports.map((i) => i.rate), dataset: importSet },
        {
          item: ITEM,
          name: 'camt.053 full import, peak RSS (VmHWM)',
          unit: 'MiB',
          runs: imports.map((i) => i.peakMiB),
          dataset: importSet,
          note: 'of the bench process, counted from just before the import',
        },
        {
          item: ITEM,
          name: 'camt.053 full import, peak RSS growth',
          unit: 'MiB',
          runs: imports.map((i) => i.growthMiB),
          dataset: importSet,
          note: 'VmHWM minus RSS before the import',
        },
        {
          item: ITEM,
          name: 'matching 10,000 transactions against 20,000 open items (index + suggestions)',
          unit: 'ms',
          runs: matchRuns.map((m) => Math.round(m)),
          dataset: `in process, ${suggested} of 10,000 with a suggestion`,
        },
        {
          item: ITEM,
          name: `transaction list, first page of an account, p99 at ${total.toLocaleString('en')}`,
          unit: 'ms',
          runs: first.map((m) => Math.round(m * 10) / 10),
          dataset: listSet,
          note: '100 rows, newest first',
        },
        {
          item: ITEM,
          name: `transaction list, page at a random position, p99 at ${total.toLocaleString('en')}`,
          unit: 'ms',
          runs: deep.map((m) => Math.round(m * 10) / 10),
          dataset: listSet,
          note: '$skip anywhere in the account (the virtualised list scrolled)',
        },
        {
          item: ITEM,
          name: `transaction list, not matched, p99 at ${total.toLocaleString('en')}`,
          unit: 'ms',
          runs: unmatched.map((m) => Math.round(m * 10) / 10),
          dataset: listSet,
        },
        {
          item: ITEM,
          name: `transaction search by invoice number, p99 at ${total.toLocaleString('en')}`,
          unit: 'ms',
          runs: search.map((m) => Math.round(m * 10) / 10),
          dataset: listSet,
        },
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
