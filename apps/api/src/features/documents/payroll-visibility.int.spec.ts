import type { AddressInfo } from 'node:net';
import type {
  BankTransaction,
  DocumentRecord,
  ExportJob,
  FirmOverviewRow,
  MatchSuggestion,
  OpenItemsPage,
  Paginated,
  ReportResult,
  RpaErrorRecord,
  User,
} from '@portal/contracts';
import { bankLedgerStreamId } from '@portal/domain';
import { sealEvents, SqliteEventStore } from '@portal/event-store';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { BANK_TRANSACTIONS, EXPORT_JOBS, OPEN_ITEMS, RPA_ERRORS } from '@portal/read-models';
import { SqliteReadStore, type Doc } from '@portal/read-store';
import express from 'express';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { bankMatchesService } from '../banking/bank-matches.service';
import { bankTransactionsService } from '../banking/bank-transactions.service';
import { erpExportsService } from '../exports/erp-exports.service';
import { exportsRouter } from '../exports/erp-exports.routes';
import { documentsToExport } from '../exports/export-selection';
import { openItemsService } from '../open-items/open-items.service';
import { firmOverviewService } from '../overview/firm-overview.service';
import { ReportEngine } from '../reports/report-engine';
import { reportsService } from '../reports/reports.service';
import { rpaErrorsService } from '../rpa-errors/rpa-errors.service';

/**
 * Payroll documents (dpv) on every surface built from documents: the firm overview's counts, open items
 * (find, get, changes, pushes), reports, bank-match suggestions and labels, export selections and export
 * jobs leave them out for a user without dpv, and show them to a user with it. The read models come from
 * a real event log.
 */
const at = (n: number) => `2026-03-0${n}T10:00:00.000Z`;
const meta = (n: number, originCode?: number) => ({
  userId: 'u-admin',
  clientNo: 1001,
  time: at(n),
  commandId: `c${n}-${Math.random()}`,
  correlationId: 'x',
  ...(originCode ? { originCode } : {}),
});
const PAYROLL_PARTY = 'Lohnverrechnung Zwetschke';

function bookedInvoice(id: number, n: number, party: string, payroll: boolean) {
  return [
    {
      type: 'DocumentUploaded',
      data: {
        documentId: id,
        clientNo: 1001,
        fileName: `${id}.pdf`,
        mediaType: 'application/pdf',
        size: 1,
        sha256: String(id).padStart(64, '0'),
        category: 'ER_U',
        title: `${party} ${id}`,
        ...(payroll ? { payroll: true } : {}),
      },
      metadata: meta(n),
    },
    {
      type: 'DocumentFieldsExtracted',
      data: {
        origin: 2,
        fields: {
          invoice_number: `N-${id}`,
          invoice_date: '2026-02-01',
          due_date: '2026-02-15',
          net_amount: 3200,
          tax_amount: 0,
          gross_amount: 3200,
          currency: 'EUR',
          biller: { name: party },
        },
        fieldOrigins: {},
        einvoice: null,
      },
      metadata: meta(n),
    },
    { type: 'DocumentConfirmed', data: { category: 'ER' }, metadata: meta(n, 12) },
    { type: 'DocumentBooked', data: {}, metadata: meta(n, 13) },
  ];
}

const user = (dpv: boolean): User => ({
  keycloakId: dpv ? 'with-dpv' : 'without-dpv',
  username: dpv ? 'payroll' : 'staff',
  permissions_array: ['rep', 'ove', 'ban', 'exp', 'acc', 'doc', ...(dpv ? (['dpv'] as const) : [])],
  firstName: '',
  lastName: '',
  email: '',
  locale: 'en',
  klienten_array: [1001],
  all_clients: false,
  favClient: null,
  enabled: true,
});
const WITH = user(true);
const WITHOUT = user(false);
const context = (u: User): CallContext => ({ user: u, accessToken: '' });
const run = (
  service: ServiceDefinition,
  method: 'find' | 'get' | 'patch' | 'create',
  u: User,
  args: { id?: number | string | null; data?: Record<string, unknown> | null; query?: Record<string, unknown> },
) => service.methods[method]!.run(context(u), { id: args.id ?? null, data: args.data ?? null, query: args.query ?? {} });
const noCommands = { send: () => Promise.reject(new Error('no command expected')) } as never;

let events: SqliteEventStore;
let reads: SqliteReadStore;
const heads = new Map<string, { revision: number; hash: string }>();
async function append(stream: string, list: Array<{ type: string; data: Record<string, unknown>; metadata: ReturnType<typeof meta> }>) {
  const head = heads.get(stream);
  const sealed = sealEvents(stream, head?.hash ?? null, list);
  const appended = await events.append(stream, sealed, head ? head.revision : 'no_stream');
  heads.set(stream, { revision: appended.nextRevision, hash: String(sealed[sealed.length - 1]!.metadata.hash) });
}

const PAYROLL_LABEL = 'N-7001 · Lohnverrechnung Zwetschke';
const MIXED_JOB = '11111111-1111-4111-8111-111111111111';
const PAYROLL_JOB = '22222222-2222-4222-8222-222222222222';
const ledgerEntry = (id: string, amountCents: number, party: string) => ({
  id,
  key: `k-${id}`,
  bookingDate: '2026-02-21',
  valueDate: null,
  amountCents,
  currency: 'EUR',
  reversal: false,
  counterpartyName: party,
  counterpartyIban: null,
  counterpartyBic: null,
  remittance: '',
  reference: null,
  endToEndId: null,
  mandateId: null,
  bankReference: null,
  bankCode: null,
  batchRef: null,
});

/** Marks Metro's booked invoice (7002) as payroll, or not, after the fact; each test that does so takes the mark back. */
async function remarkMetro(payroll: boolean) {
  await append('document-7002', [{ type: 'DocumentPayrollMarked', data: { payroll, suggested: false }, metadata: meta(9) }]);
  await replayInto(events, reads, ALL_PROJECTIONS);
}

beforeAll(async () => {
  events = new SqliteEventStore(':memory:');
  await append('company-1001', [
    { type: 'CompanyRegistered', data: { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck' }, metadata: meta(1) },
  ]);
  await append('document-7001', bookedInvoice(7001, 2, PAYROLL_PARTY, true));
  await append('document-7002', bookedInvoice(7002, 3, 'Metro Cash & Carry', false));
  // An unconfirmed payroll document, the latest upload of the client.
  await append('document-7003', [
    {
      type: 'DocumentUploaded',
      data: {
        documentId: 7003,
        clientNo: 1001,
        fileName: 'lohn.pdf',
        mediaType: 'application/pdf',
        size: 1,
        sha256: '3'.repeat(64),
        category: 'ER_U',
        title: 'Lohnkonto',
      },
      metadata: meta(5),
    },
    { type: 'DocumentPayrollMarked', data: { payroll: true, suggested: true }, metadata: meta(5) },
  ]);
  const entry = {
    id: 'tx-1',
    key: 'k1',
    bookingDate: '2026-02-20',
    valueDate: null,
    amountCents: -320000,
    currency: 'EUR',
    reversal: false,
    counterpartyName: PAYROLL_PARTY,
    counterpartyIban: null,
    counterpartyBic: null,
    remittance: 'N-7001',
    reference: null,
    endToEndId: null,
    mandateId: null,
    bankReference: null,
    bankCode: null,
    batchRef: null,
  };
  const ledger = bankLedgerStreamId('acc-1', '2026-02-20');
  await append(ledger, [{ type: 'TransactionsRecorded', data: { importId: 'i1', client_no: 1001, accountId: 'acc-1', entries: [entry] }, metadata: meta(6) }]);
  // A payroll payment and a supplier payment matched together by a dpv user.
  await append(bankLedgerStreamId('acc-1', '2026-02-21'), [
    {
      type: 'TransactionsRecorded',
      data: { importId: 'i2', client_no: 1001, accountId: 'acc-1', entries: [ledgerEntry('tx-2', -640000, 'Sammelüberweisung')] },
      metadata: meta(7),
    },
    {
      type: 'TransactionMatched',
      data: {
        matchId: 'm-2',
        transactionId: 'tx-2',
        allocations: [
          { openItemId: '7001', amountCents: -320000, label: PAYROLL_LABEL },
          { openItemId: '7002', amountCents: -320000, label: 'N-7002 · Metro Cash & Carry' },
        ],
      },
      metadata: meta(7),
    },
  ]);
  // Exports by a dpv user: one with a payroll and an ordinary document, one of the payroll document alone.
  await append(`export-${MIXED_JOB}`, [
    {
      type: 'ExportRequested',
      data: { exportId: MIXED_JOB, client_no: 1001, accounting: 2026, format: 'DATEV', documentIds: [7001, 7002], requestedBy: 'with-dpv' },
      metadata: meta(8),
    },
    {
      type: 'ExportCompleted',
      data: {
        fileSha256: 'e'.repeat(64),
        fileName: 'export.zip',
        count: 2,
        documentResults: [
          { documentId: 7001, status: 'imported', reason: PAYROLL_LABEL },
          { documentId: 7002, status: 'imported', reason: 'N-7002' },
        ],
      },
      metadata: meta(8),
    },
  ]);
  await append(`export-${PAYROLL_JOB}`, [
    {
      type: 'ExportRequested',
      data: { exportId: PAYROLL_JOB, client_no: 1001, accounting: 2026, format: 'DATEV', documentIds: [7001], requestedBy: 'with-dpv' },
      metadata: meta(9),
    },
    { type: 'ExportFailed', data: { reason: 'The original of document 7001 is missing in the file store.' }, metadata: meta(9) },
  ]);
  reads = new SqliteReadStore(':memory:');
  await replayInto(events, reads, ALL_PROJECTIONS);
});

afterAll(async () => {
  await reads.close();
  await events.close();
});

describe('payroll documents on the surfaces built from documents', () => {
  it('open items: listed, counted and aged only for dpv; get and changes answer 404 without it; pushes skip users without it', async () => {
    const service = openItemsService(reads, noCommands);
    const page = async (u: User) => (await run(service, 'find', u, { query: { client_no: 1001, status: 'all' } })) as OpenItemsPage;
    const mine = await page(WITH);
    const theirs = await page(WITHOUT);
    expect(mine.data.map((i) => i.id).sort()).toEqual([7001, 7002]);
    expect(theirs.data.map((i) => i.id)).toEqual([7002]);
    expect(theirs.total).toBe(1);
    expect(theirs.ageing.reduce((n, b) => n + b.count, 0)).toBe(1);
    expect(JSON.stringify(theirs)).not.toContain(PAYROLL_PARTY);
    expect(((await run(service, 'find', WITHOUT, { query: { client_no: 1001, status: 'all', search: 'zwetschke' } })) as OpenItemsPage).total).toBe(0);
    await expect(run(service, 'get', WITHOUT, { id: 7001 })).rejects.toMatchObject({ code: 404 });
    await expect(run(service, 'patch', WITHOUT, { id: 7001, data: { action: 'dun' } })).rejects.toMatchObject({ code: 404 });
    expect(await run(service, 'get', WITH, { id: 7001 })).toMatchObject({ id: 7001, party: PAYROLL_PARTY, payroll: true });
    const stored = (await reads.get<Doc>(OPEN_ITEMS, 7001))!;
    expect(service.mirror!.visibleTo!(WITHOUT, stored)).toBe(false);
    expect(service.mirror!.visibleTo!(WITH, stored)).toBe(true);
  });

  it('firm overview: unconfirmed, overdue and last upload leave payroll documents out without dpv', async () => {
    const row = async (u: User) =>
      ((await run(firmOverviewService(reads), 'find', u, {})) as Paginated<FirmOverviewRow>).data.find((r) => r.client_no === 1001)!;
    const mine = await row(WITH);
    const theirs = await row(WITHOUT);
    expect(mine).toMatchObject({ unconfirmed: 1, overdue_payables_count: 2, overdue_payables: 6400, last_upload: at(5) });
    expect(theirs).toMatchObject({ unconfirmed: 0, overdue_payables_count: 1, overdue_payables: 3200, last_upload: at(3) });
  });

  it('reports: a payroll document adds nothing to the figures and lines of a user without dpv', async () => {
    const service = reportsService(new ReportEngine(events, reads));
    const report = (u: User) =>
      run(service, 'find', u, { query: { client_no: 1001, report: 'parties', from: '2026-01-01', to: '2026-12-31' } }) as Promise<ReportResult>;
    expect(JSON.stringify(await report(WITH))).toContain(PAYROLL_PARTY);
    const theirs = JSON.stringify(await report(WITHOUT));
    expect(theirs).not.toContain(PAYROLL_PARTY);
    expect(theirs).toContain('Metro Cash');
  });

  it('bank matching: suggests a payroll item only to dpv users and refuses a match to it without dpv (404)', async () => {
    const service = bankMatchesService(reads, noCommands);
    const suggested = async (u: User) =>
      ((await run(service, 'find', u, { query: { client_no: 1001, transaction_id: 'tx-1' } })) as { data: MatchSuggestion[] }).data.map((s) =>
        Number(s.open_item_id),
      );
    expect(await suggested(WITH)).toContain(7001);
    expect(await suggested(WITHOUT)).not.toContain(7001);
    await expect(
      run(service, 'create', WITHOUT, { data: { transaction_id: 'tx-1', allocations: [{ open_item_id: 7001, amount_cents: -320000 }] } }),
    ).rejects.toMatchObject({ code: 404 });
  });

  it('exports: a payroll document goes only into the export of a user with dpv', async () => {
    const period = { start: '2026-01-01', end: '2026-12-31' };
    expect((await documentsToExport(reads, 1001, period, { withPayroll: true })).sort()).toEqual([7001, 7002]);
    expect(await documentsToExport(reads, 1001, period, { withPayroll: false })).toEqual([7002]);
  });

  it('export jobs: without dpv a job shows neither the payroll document nor its booking, and a job of payroll documents alone does not exist', async () => {
    const service = erpExportsService(reads, noCommands, {} as never);
    const jobs = async (u: User) => (await run(service, 'find', u, { query: { client_no: 1001 } })) as Paginated<ExportJob>;
    const theirs = await jobs(WITHOUT);
    expect(theirs.data.map((j) => j.id)).toEqual([MIXED_JOB]);
    expect(theirs.total).toBe(1);
    expect(theirs.data[0]).toMatchObject({
      document_ids: [7002],
      count: 1,
      document_results: [{ documentId: 7002, status: 'imported', reason: 'N-7002' }],
      file_name: null,
    });
    expect(JSON.stringify(theirs)).not.toMatch(/Zwetschke|7001|payroll/);
    await expect(run(service, 'get', WITHOUT, { id: PAYROLL_JOB })).rejects.toMatchObject({ code: 404 });
    expect(await run(service, 'get', WITHOUT, { id: MIXED_JOB })).toMatchObject({ document_ids: [7002], count: 1 });
    const mine = await jobs(WITH);
    expect(mine.total).toBe(2);
    expect(mine.data.find((j) => j.id === MIXED_JOB)).toMatchObject({ document_ids: [7001, 7002], count: 2, file_name: 'export.zip' });
    expect(await run(service, 'get', WITH, { id: PAYROLL_JOB })).toMatchObject({
      status: 'failed',
      reason: 'The original of document 7001 is missing in the file store.',
    });
    expect(JSON.stringify(mine)).not.toContain('payroll_document_ids');
    // Pushes: the payroll-only job reaches dpv users only; the mixed one reaches everyone, each as they may see it.
    const mirror = service.mirror!;
    const stored = async (id: string) => (await reads.get<Doc>(EXPORT_JOBS, id))!;
    expect(mirror.visibleTo!(WITHOUT, await stored(PAYROLL_JOB))).toBe(false);
    expect(mirror.visibleTo!(WITH, await stored(PAYROLL_JOB))).toBe(true);
    expect(mirror.presentFor!(WITHOUT, await stored(MIXED_JOB))).toMatchObject({ document_ids: [7002], count: 1 });
    expect(mirror.presentFor!(WITH, await stored(MIXED_JOB))).toMatchObject({ document_ids: [7001, 7002], count: 2 });
    // Metro's invoice marked payroll after the export: the job now holds payroll documents only.
    await remarkMetro(true);
    expect((await jobs(WITHOUT)).total).toBe(0);
    await remarkMetro(false);
    expect((await jobs(WITHOUT)).data[0]).toMatchObject({ document_ids: [7002], count: 1 });
  });

  it('export file: the ZIP of a job with a payroll document (its booking and original) downloads only with dpv', async () => {
    const app = express();
    const authenticator = { authenticate: async ({ accessToken }: { accessToken: string }) => ({ result: { user: accessToken === 'with' ? WITH : WITHOUT } }) };
    app.use(exportsRouter(authenticator as never, reads, { get: async () => Buffer.from('PK zip') } as never));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const file = (token: string) =>
      fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/api/exports/${MIXED_JOB}/file`, { headers: { Authorization: `Bearer ${token}` } });
    try {
      expect((await file('with')).status).toBe(200);
      const refused = await file('without');
      expect(refused.status).toBe(404);
      expect(await refused.text()).not.toContain('PK');
    } finally {
      server.close();
    }
  });

  it('bank matches: an allocation to a payroll document is left out of the transaction for users without dpv, also when marked after the match', async () => {
    const service = bankTransactionsService(reads);
    const labels = async (u: User, id: string) =>
      ((await run(service, 'get', u, { id })) as BankTransaction).matches.flatMap((m) => m.allocations.map((a) => a.label));
    expect(await labels(WITH, 'tx-2')).toEqual([PAYROLL_LABEL, 'N-7002 · Metro Cash & Carry']);
    expect(await labels(WITHOUT, 'tx-2')).toEqual(['N-7002 · Metro Cash & Carry']);
    const listed = (await run(service, 'find', WITHOUT, { query: { client_no: 1001 } })) as Paginated<BankTransaction>;
    expect(JSON.stringify(listed)).not.toContain(PAYROLL_LABEL);
    const found = (await run(service, 'find', WITHOUT, { query: { client_no: 1001, search: 'Sammelüberweisung' } })) as Paginated<BankTransaction>;
    expect(found.total).toBe(1);
    expect(JSON.stringify(found)).not.toContain(PAYROLL_LABEL);
    expect(JSON.stringify(service.mirror!.presentFor!(WITHOUT, (await reads.get(BANK_TRANSACTIONS, 'tx-2'))!))).not.toContain(PAYROLL_LABEL);

    // Metro's invoice marked payroll after the match, and unmarked again.
    await remarkMetro(true);
    expect(((await run(service, 'get', WITHOUT, { id: 'tx-2' })) as BankTransaction).matches).toEqual([]);
    expect(await labels(WITH, 'tx-2')).toEqual([PAYROLL_LABEL, 'N-7002 · Metro Cash & Carry']);
    await remarkMetro(false);
    expect(await labels(WITHOUT, 'tx-2')).toEqual(['N-7002 · Metro Cash & Carry']);
  });

  it('bank matches: a transaction a hidden payroll allocation touches shows as matched to a user without dpv, without the hidden allocation, also when marked after the match', async () => {
    const service = bankTransactionsService(reads);
    const totals = async (u: User) => {
      const tx = (await run(service, 'get', u, { id: 'tx-2' })) as BankTransaction;
      return { matched_cents: tx.matched_cents, match_status: tx.match_status };
    };
    expect(await totals(WITH)).toEqual({ matched_cents: -640000, match_status: 'matched' });
    expect(await totals(WITHOUT)).toEqual({ matched_cents: -640000, match_status: 'matched' });
    const pushed = service.mirror!.presentFor!(
      WITHOUT,
      service.mirror!.present!((await reads.get(BANK_TRANSACTIONS, 'tx-2')) as unknown as Doc),
    ) as BankTransaction;
    expect(pushed).toMatchObject({ matched_cents: -640000, match_status: 'matched' });
    expect(JSON.stringify(pushed)).not.toContain(PAYROLL_LABEL);
    await remarkMetro(true);
    try {
      expect(await totals(WITHOUT)).toEqual({ matched_cents: -640000, match_status: 'matched' });
      const listed = (await run(service, 'find', WITHOUT, { query: { client_no: 1001 } })) as Paginated<BankTransaction>;
      expect(listed.data.find((t) => t.id === 'tx-2')).toMatchObject({ matched_cents: -640000, match_status: 'matched', matches: [] });
    } finally {
      await remarkMetro(false);
    }
  });

  it('bank transactions: a match_status filter, sort or select works on the status the user sees', async () => {
    const service = bankTransactionsService(reads);
    const ids = async (u: User, query: Record<string, unknown>) =>
      ((await run(service, 'find', u, { query: { client_no: 1001, ...query } })) as Paginated<BankTransaction>).data.map((t) => t.id);
    expect(await ids(WITH, { match_status: 'matched' })).toEqual(['tx-2']);
    expect(await ids(WITHOUT, { match_status: 'matched' })).toEqual(['tx-2']);
    expect(await ids(WITHOUT, { match_status: 'partial' })).toEqual([]);
    await remarkMetro(true);
    try {
      expect(await ids(WITHOUT, { match_status: 'matched' })).toEqual(['tx-2']);
      expect(await ids(WITHOUT, { match_status: { $in: ['matched', 'partial'] } })).toEqual(['tx-2']);
      expect(await ids(WITHOUT, { match_status: { $ne: 'unmatched' } })).toEqual(['tx-2']);
      expect(await ids(WITHOUT, { $or: [{ match_status: 'matched' }, { match_status: 'partial' }] })).toEqual(['tx-2']);
      expect(await ids(WITHOUT, { match_status: 'matched', search: 'Sammelüberweisung' })).toEqual(['tx-2']);
      expect(await ids(WITHOUT, { match_status: 'unmatched' })).toEqual(['tx-1']);
      expect(await ids(WITHOUT, { $sort: { match_status: 1, id: 1 } })).toEqual(['tx-2', 'tx-1']);
      const selected = (await run(service, 'find', WITHOUT, {
        query: { client_no: 1001, id: 'tx-2', $select: ['match_status'] },
      })) as Paginated<BankTransaction>;
      expect(selected.data[0]).toMatchObject({ match_status: 'matched' });
      expect(JSON.stringify(selected)).not.toMatch(/without_payroll/);
    } finally {
      await remarkMetro(false);
    }
  });

  it('bank matching without dpv: suggestions and allocations reckon with the transaction as shown, so one a hidden payroll match covers is matched, gets no suggestion and takes no allocation', async () => {
    // Half of a collective transfer paid the payroll item: to a dpv user partial with Metro's invoice suggested for the rest.
    await append(bankLedgerStreamId('acc-1', '2026-02-22'), [
      {
        type: 'TransactionsRecorded',
        data: {
          importId: 'i3',
          client_no: 1001,
          accountId: 'acc-1',
          entries: [{ ...ledgerEntry('tx-3', -640000, 'Sammelüberweisung März'), remittance: 'N-7001 N-7002' }],
        },
        metadata: meta(9),
      },
      {
        type: 'TransactionMatched',
        data: { matchId: 'm-3', transactionId: 'tx-3', allocations: [{ openItemId: '7001', amountCents: -320000, label: PAYROLL_LABEL }] },
        metadata: meta(9),
      },
    ]);
    await replayInto(events, reads, ALL_PROJECTIONS);
    const transactions = bankTransactionsService(reads);
    const matches = bankMatchesService(reads, noCommands);
    const shown = async (u: User) => {
      const tx = (await run(transactions, 'get', u, { id: 'tx-3' })) as BankTransaction;
      return { matched_cents: tx.matched_cents, match_status: tx.match_status, matches: tx.matches.length };
    };
    const suggested = async (u: User) =>
      ((await run(matches, 'find', u, { query: { client_no: 1001, transaction_id: 'tx-3' } })) as { data: MatchSuggestion[] }).data.map((s) => [
        s.open_item_id,
        s.amount_cents,
      ]);
    const bestPerTransaction = async (u: User) =>
      ((await run(matches, 'find', u, { query: { client_no: 1001 } })) as { data: MatchSuggestion[] }).data.map((s) => s.transaction_id);
    const ids = async (u: User, status: string) =>
      ((await run(transactions, 'find', u, { query: { client_no: 1001, match_status: status } })) as Paginated<BankTransaction>).data.map((t) => t.id);

    expect(await shown(WITH)).toEqual({ matched_cents: -320000, match_status: 'partial', matches: 1 });
    expect(await suggested(WITH)).toContainEqual(['7002', -320000]);
    expect(await bestPerTransaction(WITH)).toContain('tx-3');
    expect(await ids(WITH, 'partial')).toEqual(['tx-3']);

    expect(await shown(WITHOUT)).toEqual({ matched_cents: -640000, match_status: 'matched', matches: 0 });
    expect(await suggested(WITHOUT)).toEqual([]);
    expect(await bestPerTransaction(WITHOUT)).not.toContain('tx-3');
    expect(await ids(WITHOUT, 'partial')).toEqual([]);
    expect((await ids(WITHOUT, 'matched')).sort()).toEqual(['tx-2', 'tx-3']);
    const searched = (await run(matches, 'find', WITHOUT, { query: { client_no: 1001, transaction_id: 'tx-3', search: 'Metro' } })) as {
      data: MatchSuggestion[];
    };
    expect(searched.data).toEqual([]);
    // What is left as the user sees it bounds an allocation, and the refusal names no hidden amount.
    const refused = run(matches, 'create', WITHOUT, { data: { transaction_id: 'tx-3', allocations: [{ open_item_id: 7002, amount_cents: -320000 }] } });
    await expect(refused).rejects.toMatchObject({ code: 409, message: 'The allocations (-3200.00) exceed what is left of the transaction (0.00).' });

    // Metro's invoice marked payroll after the match: tx-2, now covered by hidden matches alone, is matched and gets no suggestion.
    await remarkMetro(true);
    try {
      expect(await bestPerTransaction(WITHOUT)).not.toContain('tx-2');
      expect(((await run(matches, 'find', WITHOUT, { query: { client_no: 1001, transaction_id: 'tx-2' } })) as { data: MatchSuggestion[] }).data).toEqual([]);
    } finally {
      await remarkMetro(false);
    }
  });

  it('export failures: a reason naming a payroll document reads "The export failed." without dpv, on the job, in /error and in pushes, also when marked after the failure', async () => {
    const MISSING_PAYSLIP = 'The export failed: The original of "lohnzettel-zwetschke.pdf" is missing in the file store.';
    const MISSING_METRO = 'The export failed: The original of "metro-feb.pdf" is missing in the file store.';
    const failedJob = async (id: string, documentIds: number[], failed: Record<string, unknown>) =>
      append(`export-${id}`, [
        {
          type: 'ExportRequested',
          data: { exportId: id, client_no: 1001, accounting: 2025, format: 'DATEV', documentIds, requestedBy: 'with-dpv' },
          metadata: meta(8),
        },
        { type: 'ExportFailed', data: failed, metadata: meta(8) },
      ]);
    const PAYSLIP_JOB = '33333333-3333-4333-8333-333333333333';
    const METRO_JOB = '44444444-4444-4444-8444-444444444444';
    const UNNAMED_JOB = '55555555-5555-4555-8555-555555555555';
    // An ordinary document beside Metro's, so METRO_JOB keeps one when Metro's invoice is marked payroll.
    await append('document-7004', [
      {
        type: 'DocumentUploaded',
        data: {
          documentId: 7004,
          clientNo: 1001,
          fileName: 'strom.pdf',
          mediaType: 'application/pdf',
          size: 1,
          sha256: '4'.repeat(64),
          category: 'ER_U',
          title: 'Strom',
        },
        metadata: meta(8),
      },
    ]);
    await failedJob(PAYSLIP_JOB, [7001, 7002], { reason: MISSING_PAYSLIP, documentIds: [7001] });
    await failedJob(METRO_JOB, [7001, 7002, 7004], { reason: MISSING_METRO, documentIds: [7002] });
    // Recorded before failures named their documents: the number in the reason is the document.
    await failedJob(UNNAMED_JOB, [7001, 7002], { reason: 'The original of document 7001 is missing in the file store.' });
    await replayInto(events, reads, ALL_PROJECTIONS);

    const jobs = erpExportsService(reads, noCommands, {} as never);
    const job = async (u: User, id: string) => ((await run(jobs, 'get', u, { id })) as ExportJob).reason;
    expect(await job(WITH, PAYSLIP_JOB)).toBe(MISSING_PAYSLIP);
    expect(await job(WITHOUT, PAYSLIP_JOB)).toBe('The export failed.');
    expect(await job(WITHOUT, METRO_JOB)).toBe(MISSING_METRO);
    expect(await job(WITHOUT, UNNAMED_JOB)).toBe('The export failed.');
    expect(jobs.mirror!.presentFor!(WITHOUT, (await reads.get<Doc>(EXPORT_JOBS, PAYSLIP_JOB))!)).toMatchObject({ reason: 'The export failed.' });

    const adm = (u: User): User => ({ ...u, permissions_array: [...u.permissions_array, 'adm'] });
    const failures = rpaErrorsService(reads, noCommands, {});
    const reasons = async (u: User) => {
      const page = (await run(failures, 'find', adm(u), { query: { kind: 'erp_export_failed', $limit: 50 } })) as Paginated<RpaErrorRecord>;
      return Object.fromEntries(page.data.map((e) => [e.id, e.reason]));
    };
    const mine = await reasons(WITH);
    expect(mine).toMatchObject({
      [`export-${PAYSLIP_JOB}`]: MISSING_PAYSLIP,
      [`export-${METRO_JOB}`]: MISSING_METRO,
      [`export-${UNNAMED_JOB}`]: 'The original of document 7001 is missing in the file store.',
    });
    const theirs = await reasons(WITHOUT);
    expect(theirs).toMatchObject({
      [`export-${PAYSLIP_JOB}`]: 'The export failed.',
      [`export-${METRO_JOB}`]: MISSING_METRO,
      [`export-${UNNAMED_JOB}`]: 'The export failed.',
    });
    expect(JSON.stringify(theirs)).not.toMatch(/lohnzettel|7001/);
    expect(((await run(failures, 'get', adm(WITHOUT), { id: `export-${PAYSLIP_JOB}` })) as RpaErrorRecord).reason).toBe('The export failed.');
    const mirror = failures.mirror!;
    const stored = (await reads.get<Doc>(RPA_ERRORS, `export-${PAYSLIP_JOB}`))!;
    const shown = mirror.present ? mirror.present(stored) : stored;
    const pushed = mirror.presentFor ? mirror.presentFor(adm(WITHOUT), shown) : shown;
    expect(JSON.stringify(pushed)).not.toMatch(/lohnzettel|7001/);

    const report = (u: User) =>
      run(reportsService(new ReportEngine(events, reads)), 'find', u, { query: { client_no: 1001, report: 'exports', from: '2026-01-01', to: '2026-12-31' } });
    expect(JSON.stringify(await report(WITH))).toContain('lohnzettel-zwetschke.pdf');
    const reported = JSON.stringify(await report(WITHOUT));
    expect(reported).not.toMatch(/lohnzettel|document 7001/);
    expect(reported).toContain('metro-feb.pdf');
    expect(reported).not.toContain(PAYROLL_JOB);

    // Metro's invoice marked payroll after the failure, and unmarked again.
    await remarkMetro(true);
    try {
      expect((await reasons(WITHOUT))[`export-${METRO_JOB}`]).toBe('The export failed.');
      expect((await reasons(WITH))[`export-${METRO_JOB}`]).toBe(MISSING_METRO);
    } finally {
      await remarkMetro(false);
    }
    expect((await reasons(WITHOUT))[`export-${METRO_JOB}`]).toBe(MISSING_METRO);
  });

  it('/error: the failure of an export of payroll documents only does not exist without dpv, like its job (not listed, 404 to get, resolve and retry), also when marked after the failure', async () => {
    const adm = (u: User): User => ({ ...u, permissions_array: [...u.permissions_array, 'adm'] });
    const failures = rpaErrorsService(reads, noCommands, { erp_export_failed: () => Promise.reject(new Error('no retry expected')) });
    const listed = async (u: User) =>
      ((await run(failures, 'find', adm(u), { query: { kind: 'erp_export_failed', $limit: 50 } })) as Paginated<RpaErrorRecord>).data.map((e) => e.id);
    const PAYROLL_FAILURE = `export-${PAYROLL_JOB}`;
    expect(await listed(WITHOUT)).not.toContain(PAYROLL_FAILURE);
    expect(((await run(failures, 'find', adm(WITHOUT), { query: { id: PAYROLL_FAILURE } })) as Paginated<RpaErrorRecord>).total).toBe(0);
    await expect(run(failures, 'get', adm(WITHOUT), { id: PAYROLL_FAILURE })).rejects.toMatchObject({ code: 404 });
    await expect(run(failures, 'patch', adm(WITHOUT), { id: PAYROLL_FAILURE, data: { action: 'resolve', remark: 'x' } })).rejects.toMatchObject({ code: 404 });
    await expect(run(failures, 'patch', adm(WITHOUT), { id: PAYROLL_FAILURE, data: { action: 'retry' } })).rejects.toMatchObject({ code: 404 });
    expect(await listed(WITH)).toContain(PAYROLL_FAILURE);
    expect(await run(failures, 'get', adm(WITH), { id: PAYROLL_FAILURE })).toMatchObject({ id: PAYROLL_FAILURE, kind: 'erp_export_failed', status: 'open' });
    expect(failures.mirror!.visibleTo!(adm(WITHOUT), (await reads.get<Doc>(RPA_ERRORS, PAYROLL_FAILURE))!)).toBe(false);

    // A failed export of 7001 and Metro's 7002: visible while Metro's invoice is ordinary, hidden once it is payroll.
    const BOTH_JOB = '66666666-6666-4666-8666-666666666666';
    await append(`export-${BOTH_JOB}`, [
      {
        type: 'ExportRequested',
        data: { exportId: BOTH_JOB, client_no: 1001, accounting: 2024, format: 'DATEV', documentIds: [7001, 7002], requestedBy: 'with-dpv' },
        metadata: meta(9),
      },
      { type: 'ExportFailed', data: { reason: 'The export was interrupted.', documentIds: [] }, metadata: meta(9) },
    ]);
    await replayInto(events, reads, ALL_PROJECTIONS);
    expect(await listed(WITHOUT)).toContain(`export-${BOTH_JOB}`);
    await remarkMetro(true);
    try {
      expect(await listed(WITHOUT)).not.toContain(`export-${BOTH_JOB}`);
      await expect(run(failures, 'get', adm(WITHOUT), { id: `export-${BOTH_JOB}` })).rejects.toMatchObject({ code: 404 });
      expect(await listed(WITH)).toContain(`export-${BOTH_JOB}`);
    } finally {
      await remarkMetro(false);
    }
    expect(await listed(WITHOUT)).toContain(`export-${BOTH_JOB}`);
  });

  it('the documents read model carries the payroll mark the rules read', async () => {
    const doc = (await reads.get('documents', 7003)) as unknown as DocumentRecord;
    expect(doc).toMatchObject({ payroll: true, payroll_suggested: true });
  });
});
