import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ALL_PERMISSIONS, DEFAULT_TIME_ZONE, type OpenItemsPage, type User } from '@portal/contracts';
import { computeReport } from '@portal/domain';
import { sealEvents, SqliteEventStore, type EventData } from '@portal/event-store';
import { ALL_PROJECTIONS, ledgerAsOf, liveLedger, openItemsProjection, replayInto, reportLedgerProjection } from '@portal/projections';
import { seededRandom } from '@portal/demo-data';
import { SqliteReadStore } from '@portal/read-store';
import type { CommandSender } from '@portal/api';
import { openItemsService } from '@portal/api';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { percentile, sortNumbers } from '../stats';

const VAT_CLIENT = 7001;
const OPEN_CLIENT = 7002;
const YEAR_START = Date.parse('2025-01-01T08:00:00Z');
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
/** The same user without dpv: its queries filter payroll != true, which only the indexes' last column answers cheaply. */
const NO_DPV_USER: User = { ...BENCH_USER, username: 'bench-no-dpv', permissions_array: ALL_PERMISSIONS.filter((p) => p !== 'dpv') };

/**
 * One year of invoices for a client: upload, fields, confirmation, booking (and ERP import for most), spread
 * over the year. `paidShare` of them stay unpaid (open items). Events interleave across clients by time.
 */
function documentsOf(
  clientNo: number,
  count: number,
  firstId: number,
  random: () => number,
): Array<{ at: number; stream: string; drafts: Array<{ type: string; data: Record<string, unknown> }> }> {
  const docs = [];
  for (let i = 0; i < count; i++) {
    const id = firstId + i;
    const at = YEAR_START + Math.floor(random() * 360 * 86_400_000);
    const net = Math.round(random() * 500_000) / 100;
    const rate = [20, 10, 13, 19, 7][Math.floor(random() * 5)]!;
    const tax = Math.round(net * rate) / 100;
    const date = new Date(at).toISOString().slice(0, 10);
    const outgoing = random() < 0.3;
    const drafts: Array<{ type: string; data: Record<string, unknown> }> = [
      {
        type: 'DocumentUploaded',
        data: {
          documentId: id,
          clientNo,
          fileName: `r-${id}.pdf`,
          mediaType: 'application/pdf',
          size: 1000,
          sha256: id.toString(16).padStart(64, '0'),
          category: outgoing ? 'AR_U' : 'ER_U',
          title: `Rechnung ${id}`,
        },
      },
      {
        type: 'DocumentFieldsEdited',
        data: {
          changes: {
            invoice_number: { old: null, new: `R-${id}` },
            invoice_date: { old: null, new: date },
            due_date: { old: null, new: new Date(at + 30 * 86_400_000).toISOString().slice(0, 10) },
            biller: { old: null, new: `Lieferant ${id % 97}` },
            recipient: { old: null, new: `Kunde ${id % 53}` },
            net_amount: { old: null, new: net },
            tax_amount: { old: null, new: tax },
            gross_amount: { old: null, new: Math.round((net + tax) * 100) / 100 },
            tax_rate: { old: null, new: rate },
          },
          correction: false,
        },
      },
      { type: 'DocumentConfirmed', data: { category: outgoing ? 'AR' : 'ER' } },
      { type: 'DocumentBooked', data: {} },
    ];
    if (random() < 0.7) drafts.push({ type: 'DocumentErpStatusRecorded', data: { status: 'imported', reason: '' } });
    docs.push({ at, stream: `document-${id}`, drafts });
  }
  return docs;
}

async function buildLog(dir: string, totalEvents: number, log: (line: string) => void) {
  const random = seededRandom(10);
  const events = new SqliteEventStore(join(dir, 'events.sqlite'), { synchronous: 'OFF' });
  // The measured clients (10,000 and 20,000 invoices) and many smaller ones up to `totalEvents`.
  const docs = [...documentsOf(VAT_CLIENT, 10_000, 1, random), ...documentsOf(OPEN_CLIENT, 20_000, 100_001, random)];
  let planned = docs.reduce((n, d) => n + d.drafts.length, 0);
  for (let c = 0; planned < totalEvents; c++) {
    const more = documentsOf(8000 + c, 1000, 1_000_000 + c * 1000, random);
    docs.push(...more);
    planned += more.reduce((n, d) => n + d.drafts.length, 0);
  }
  docs.sort((a, b) => a.at - b.at);
  const started = performance.now();
  let written = 0;
  for (const doc of docs) {
    const clientNo = doc.drafts[0]!.data.clientNo as number;
    const data: EventData[] = sealEvents(
      doc.stream,
      null,
      doc.drafts.map((d, i) => ({
        ...d,
        metadata: {
          userId: 'bench',
          clientNo,
          time: new Date(doc.at + i * 3_600_000).toISOString(),
          commandId: `${doc.stream}-${i}`,
          correlationId: doc.stream,
        },
      })),
    );
    await events.append(doc.stream, data, 'no_stream');
    written += data.length;
    if (written % 100_000 < data.length) log(`  reports: ${written} events written`);
  }
  log(`  reports: ${written} events in ${Math.round(performance.now() - started)} ms`);
  return { events, written };
}

const stats = (ms: number[]) => {
  const sorted = sortNumbers(ms);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

/** Reports' figures: VAT report live, as of a random past moment, open-items page at 20,000 open items. */
export const REPORTS_BENCH: FeatureBenchItem = {
  name: 'reports',
  async run(options: Options): Promise<Figure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'bench-reports-'));
    const total = options.quick ? 200_000 : 1_000_000;
    try {
      const { events, written } = await buildLog(dir, total, options.log);
      const reads = new SqliteReadStore(join(dir, 'read-models.sqlite'));
      const replay = await replayInto(events, reads, [reportLedgerProjection(), openItemsProjection]);
      options.log(`  reports: replayed ${replay.events} events in ${Math.round(replay.ms)} ms`);
      // The open-items service also reads the client's settings and company (country, Skonto): empty collections here.
      await reads.ensureCollections(ALL_PROJECTIONS.flatMap((p) => p.collections));
      const head = (await events.headPosition()) ?? 0;
      const period = { from: '2025-01-01', to: '2025-12-31' };
      const service = openItemsService(reads, null as unknown as CommandSender);
      const calls = options.quick ? 30 : 100;
      const live: number[][] = [];
      const asOf: number[][] = [];
      const page: number[][] = [];
      const pageNoDpv: number[][] = [];
      for (let run = 0; run < options.runs; run++) {
        const l: number[] = [];
        const a: number[] = [];
        const p: number[] = [];
        const q: number[] = [];
        for (let i = 0; i < calls; i++) {
          let t = performance.now();
          computeReport('vat', await liveLedger(reads, VAT_CLIENT), { period, country: 'AT', timeZone: DEFAULT_TIME_ZONE });
          l.push(performance.now() - t);
          const position = 1 + Math.floor(Math.random() * head);
          t = performance.now();
          computeReport('vat', await ledgerAsOf(events, reads, VAT_CLIENT, { position }), { period, country: 'AT', timeZone: DEFAULT_TIME_ZONE });
          a.push(performance.now() - t);
          t = performance.now();
          const result = (await service.methods.find!.run(
            { user: BENCH_USER, accessToken: '' },
            { id: null, data: null, query: { client_no: OPEN_CLIENT, $limit: 50, $skip: Math.floor(Math.random() * 100) * 50 } },
          )) as OpenItemsPage;
          p.push(performance.now() - t);
          t = performance.now();
          await service.methods.find!.run(
            { user: NO_DPV_USER, accessToken: '' },
            { id: null, data: null, query: { client_no: OPEN_CLIENT, $limit: 50, $skip: Math.floor(Math.random() * 100) * 50 } },
          );
          q.push(performance.now() - t);
          if (run === 0 && i === 0) options.log(`  reports: open items of client ${OPEN_CLIENT}: ${result.ageing.reduce((n, b) => n + b.count, 0)}`);
        }
        live.push(l);
        asOf.push(a);
        page.push(p);
        pageNoDpv.push(q);
      }
      const dataset = `${written.toLocaleString('en')} generated events; client ${VAT_CLIENT}: 10,000 invoices over 2025; client ${OPEN_CLIENT}: 20,000 unpaid invoices; snapshots every 1,000 client events`;
      const figure = (item: number, name: string, runs: number[][], pick: 'p50' | 'p99', note: string): Figure => ({
        item,
        name,
        unit: 'ms',
        runs: runs.map((r) => Math.round(stats(r)[pick] * 10) / 10),
        dataset,
        note,
      });
      await reads.close();
      await events.close();
      return [
        figure(20, 'VAT report, one client, a year of 10,000 documents, live p50', live, 'p50', `${calls} reports per run, read model + fold in-process`),
        figure(20, 'VAT report, one client, a year of 10,000 documents, live p99', live, 'p99', `${calls} reports per run`),
        figure(21, 'VAT report as of a random past position, p50', asOf, 'p50', `snapshot + tail, ${calls} per run`),
        figure(21, 'VAT report as of a random past position, p99', asOf, 'p99', 'goal: < 300 ms'),
        figure(22, 'open-items page (50 rows + ageing) at 20,000 open items, p50', page, 'p50', 'service find in-process'),
        figure(22, 'open-items page (50 rows + ageing) at 20,000 open items, p99', page, 'p99', 'service find in-process'),
        figure(22, 'open-items page at 20,000 open items, user without dpv, p50', pageNoDpv, 'p50', 'payroll != true from the index'),
        figure(22, 'open-items page at 20,000 open items, user without dpv, p99', pageNoDpv, 'p99', 'payroll != true from the index'),
      ];
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  },
};
