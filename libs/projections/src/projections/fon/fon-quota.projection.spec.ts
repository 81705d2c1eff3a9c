import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  cashRegisterDecider,
  cashRegisterStreamId,
  domainEventsOf,
  foldEvents,
  quotaBookDecider,
  quotaBookStreamId,
  responsibilityDecider,
  responsibilityStreamId,
  type Decider,
  type DomainEvent,
  type FonRecord,
  type NtcsRecord,
} from '@portal/domain';
import { sealEvents, SqliteEventStore, type EventStore } from '@portal/event-store';
import { SqliteReadStore, type ReadStore } from '@portal/read-store';
import { FON_CONFLICTS, FON_QUOTA_COUNTS, FON_QUOTA_FILINGS, FON_QUOTA_ITEMS } from '@portal/read-models';
import type { QuotaCounts, QuotaFilings } from '@portal/read-models';
import { Projector } from '../../runtime/projector';
import { replayInto } from '../../runtime/replay';
import { fonQuotaProjection } from './fon-quota.projection';

let tick = 0;
/** How the events of a command are recorded: as decided, or as an earlier version of the portal recorded them. */
let recorded = (data: Record<string, unknown>) => data;
/** Decides a command on the stream's events and appends what it decides (the runtime's job, without its cache). */
async function send<S, C, E extends DomainEvent>(events: EventStore, decider: Decider<S, C, E>, stream: string, command: C): Promise<void> {
  const history = await events.readStream(stream);
  const state = foldEvents(decider, decider.initialState, domainEventsOf<E>(history));
  const decided = decider.decide(command, state, { now: '2026-11-10T10:00:00.000Z', userId: 'anna' });
  if (!decided.length) return;
  tick++;
  const metadata = {
    userId: 'anna',
    clientNo: null,
    time: `2026-11-10T10:${String(Math.floor(tick / 60)).padStart(2, '0')}:${String(tick % 60).padStart(2, '0')}.000Z`,
    commandId: `c${tick}`,
    correlationId: 'x',
  };
  const last = history[history.length - 1];
  await events.append(
    stream,
    sealEvents(
      stream,
      last?.metadata.hash ?? null,
      decided.map((e) => ({ type: e.type, data: recorded(e.data as Record<string, unknown>), metadata })),
    ),
    last ? last.revision : 'no_stream',
  );
}

const book = quotaBookStreamId('firm-1', 2025, '46');
const fon = (n: number, abgabedatum: string | null, over: Partial<FonRecord> = {}): FonRecord => ({
  taxId: `46${String(n).padStart(7, '0')}`,
  returnType: 'ESt',
  name: `Mandant ${n}`,
  businessIncome: false,
  counted: true,
  abgabedatum,
  eingangsDatum: abgabedatum,
  officeName: 'Linz',
  ...over,
});
const ntcs = (n: number, filingDate: string | null, over: Partial<NtcsRecord> = {}): NtcsRecord => ({
  taxId: `46${String(n).padStart(7, '0')}`,
  returnType: 'ESt',
  persNr: `P${n}`,
  name: `Mandant ${n}`,
  filingDate,
  responsible: 'Berger',
  clientNo: null,
  ...over,
});

/** A book with every item state, a resolved and a closed conflict, a responsible person from the view, cash registers. */
async function history(events: EventStore): Promise<void> {
  await send(events, cashRegisterDecider, cashRegisterStreamId('r1'), {
    type: 'RegisterCashRegister',
    registerId: 'r1',
    values: { firmId: 'firm-1', clientNo: 1001, taxId: '46-000/0001', name: 'Kassa 1', regKassaId: 'K1', registeredDate: '2024-01-02' },
    status: 'in_operation',
    statusTime: '2024-01-02T08:00:00.000Z',
  });
  await send(events, quotaBookDecider, book, {
    type: 'ApplyFonRecords',
    importId: 'i1',
    firmId: 'firm-1',
    taxYear: 2025,
    records: [fon(1, '2026-10-01', { businessIncome: true }), fon(2, null), fon(3, '2026-10-05'), fon(4, '2026-10-06'), fon(5, null, { counted: false })],
  });
  await send(events, quotaBookDecider, book, {
    type: 'ApplyNtcsRecords',
    importId: 'n1',
    firmId: 'firm-1',
    taxYear: 2025,
    records: [ntcs(1, '2026-10-01', { clientNo: 1001 }), ntcs(2, '2026-10-20'), ntcs(3, null), ntcs(6, null)],
  });
  await send(events, responsibilityDecider, responsibilityStreamId(1001), {
    type: 'AssignResponsibility',
    clientNo: 1001,
    responsible: { id: 'u7', name: 'Clara Wimmer' },
    deputies: [],
  });
  await send(events, cashRegisterDecider, cashRegisterStreamId('r2'), {
    type: 'RegisterCashRegister',
    registerId: 'r2',
    values: { firmId: 'firm-1', clientNo: 1001, taxId: '460000001', name: 'Kassa 2', regKassaId: 'K2', registeredDate: '2024-01-02' },
    status: 'registered',
    statusTime: '2024-01-02T08:00:00.000Z',
  });
  await send(events, cashRegisterDecider, cashRegisterStreamId('r1'), {
    type: 'ChangeCashRegisterStatus',
    status: 'failure',
    statusTime: '2026-11-01T08:00:00.000Z',
  });
  await send(events, quotaBookDecider, book, {
    type: 'ResolveFonConflict',
    conflictId: 'firm-1:2025:460000003:ESt|ntcs_mismatch|abgabedatum|1',
    remark: 'Per Post eingereicht',
  });
  await send(events, quotaBookDecider, book, { type: 'SetFonItemRelevance', itemId: 'firm-1:2025:460000002:ESt', notRelevant: true, remark: 'Mandat beendet' });
  // NTCS catches up on client 3: the resolved conflict closes, the remark stays.
  await send(events, quotaBookDecider, book, {
    type: 'ApplyNtcsRecords',
    importId: 'n2',
    firmId: 'firm-1',
    taxYear: 2025,
    records: [ntcs(1, '2026-10-01', { clientNo: 1001 }), ntcs(2, '2026-10-20'), ntcs(3, '2026-10-05'), ntcs(6, null)],
  });
}

const opened: Array<{ events: SqliteEventStore; reads: ReadStore; dir: string }> = [];
/** Read stores a spec opens beside its history's, closed before their folder is removed. */
const alsoOpened: ReadStore[] = [];
afterEach(async () => {
  recorded = (data) => data;
  for (const reads of alsoOpened.splice(0)) await reads.close();
  for (const { events, reads, dir } of opened.splice(0)) {
    await reads.close();
    await events.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

async function projected(before: () => Promise<void> = async () => undefined): Promise<{ events: SqliteEventStore; reads: ReadStore; dir: string }> {
  tick = 0;
  const dir = mkdtempSync(join(tmpdir(), 'fon-quota-spec-'));
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  await before();
  await history(events);
  const reads = new SqliteReadStore(join(dir, 'replayed.sqlite'));
  await replayInto(events, reads, [fonQuotaProjection]);
  opened.push({ events, reads, dir });
  return { events, reads, dir };
}

describe('fon-quota projection', () => {
  it('shows each item with its state, the responsible person of the responsibility view and the worst cash register', async () => {
    const { reads } = await projected();
    const item = async (n: number) => reads.get(FON_QUOTA_ITEMS, `firm-1:2025:46${String(n).padStart(7, '0')}:ESt`);
    expect(await item(1)).toMatchObject({
      status: 'submitted',
      taxId: '46-000/0001',
      zustMa: 'Clara Wimmer',
      client_no: 1001,
      regKassa: { count: 2, worst: 'failure' },
      business_income: true,
    });
    expect(await item(2)).toMatchObject({ status: 'not_relevant', not_relevant_remark: 'Mandat beendet', zustMa: 'Berger', regKassa: null });
    expect(await item(3)).toMatchObject({ status: 'submitted', conflict_kind: null });
    expect(await item(4)).toMatchObject({ status: 'no_ntcs_record', conflict_kind: 'no_ntcs_record', ntcsPersNr: null });
    expect(await item(6)).toMatchObject({ status: 'data_conflict', conflict_kind: 'fon_mismatch', registered: false });
    const closed = await reads.get(FON_CONFLICTS, 'firm-1:2025:460000003:ESt|ntcs_mismatch|abgabedatum|1');
    expect(closed).toMatchObject({ status: 'closed', remark: 'Per Post eingereicht', resolved_by: 'anna', fon_value: '2026-10-05', ntcs_value: null });
  });

  it('counts the base, the filings per day and the filter facets per office', async () => {
    const { reads } = await projected();
    const counts = (await reads.get(FON_QUOTA_COUNTS, 'firm-1|2025|46')) as unknown as QuotaCounts;
    // 1, 3 and 4 counted (2 not relevant, 5 not counted, 6 not registered); 1 and 3 and 4 filed.
    expect(counts).toMatchObject({ office_name: 'Linz', items: 6, base: 3, business_base: 1 });
    const october = (await reads.get(FON_QUOTA_FILINGS, 'firm-1|2025|46|2026-10')) as unknown as QuotaFilings;
    expect(october).toMatchObject({ month: '2026-10', business_filed: { '01': 1 } });
    expect(october.filed).toEqual({ '01': 1, '05': 1, '06': 1 });
    expect(counts.statuses).toEqual({ submitted: 2, not_relevant: 1, no_ntcs_record: 2, data_conflict: 1 });
    expect(counts.employees).toEqual({ 'Clara Wimmer': 1, Berger: 3, '': 2 });
  });

  it('moves a filing to its new day and month when FinanzOnline reports another submission date', async () => {
    const { events, dir } = await projected();
    await send(events, quotaBookDecider, book, {
      type: 'ApplyFonRecords',
      importId: 'i2',
      firmId: 'firm-1',
      taxYear: 2025,
      records: [fon(1, '2026-10-01', { businessIncome: true }), fon(2, null), fon(3, '2026-11-02'), fon(4, '2026-10-06'), fon(5, null, { counted: false })],
    });
    const reads = new SqliteReadStore(join(dir, 'moved.sqlite'));
    await replayInto(events, reads, [fonQuotaProjection]);
    const month = async (m: string) => (await reads.get(FON_QUOTA_FILINGS, `firm-1|2025|46|${m}`)) as unknown as QuotaFilings;
    expect(await month('2026-10')).toMatchObject({ month: '2026-10', filed: { '01': 1, '06': 1 }, business_filed: { '01': 1 } });
    expect((await month('2026-10')).filed).toEqual({ '01': 1, '06': 1 });
    expect((await month('2026-11')).filed).toEqual({ '02': 1 });
    expect((await month('2026-11')).business_filed).toEqual({});
    expect(await reads.get(FON_QUOTA_COUNTS, 'firm-1|2025|46')).toMatchObject({ base: 3, business_base: 1 });
  });

  it('keeps returns registered late apart in the counts, with their registration and filing day, and shows the day on the item', async () => {
    const { events, dir } = await projected();
    await send(events, quotaBookDecider, book, {
      type: 'ApplyFonRecords',
      importId: 'i3',
      firmId: 'firm-1',
      taxYear: 2025,
      records: [
        fon(1, '2026-10-01', { businessIncome: true }),
        fon(2, null),
        fon(3, '2026-10-05'),
        fon(4, '2026-10-06', { registeredOn: '2026-06-30' }),
        fon(5, null, { counted: false }),
        fon(7, '2026-11-03', { registeredOn: '2026-10-15' }),
        fon(8, null, { registeredOn: '2026-10-15' }),
      ],
    });
    const reads = new SqliteReadStore(join(dir, 'late.sqlite'));
    await replayInto(events, reads, [fonQuotaProjection]);
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-1:2025:460000007:ESt')).toMatchObject({ registered_late_on: '2026-10-15', abgabedatum: '2026-11-03' });
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-1:2025:460000004:ESt')).toMatchObject({ registered_late_on: null });
    const counts = (await reads.get(FON_QUOTA_COUNTS, 'firm-1|2025|46')) as unknown as QuotaCounts;
    expect(counts).toMatchObject({ base: 3, business_base: 1 });
    expect(counts.late).toEqual({ '2026-10-15|2026-11-03|0': 1, '2026-10-15||0': 1 });
    expect(await reads.get(FON_QUOTA_FILINGS, 'firm-1|2025|46|2026-11')).toBeNull();
  });

  it("shows the responsibility view's person on an item linked after the assignment, follows a reassignment and moves the employee counts", async () => {
    const { events, dir } = await projected();
    await send(events, responsibilityDecider, responsibilityStreamId(1002), {
      type: 'AssignResponsibility',
      clientNo: 1002,
      responsible: { id: 'u8', name: 'Eva Moser' },
      deputies: [],
    });
    await send(events, quotaBookDecider, book, {
      type: 'ApplyNtcsRecords',
      importId: 'n3',
      firmId: 'firm-1',
      taxYear: 2025,
      records: [ntcs(1, '2026-10-01', { clientNo: 1001 }), ntcs(2, '2026-10-20'), ntcs(3, '2026-10-05', { clientNo: 1002 }), ntcs(6, null)],
    });
    await send(events, responsibilityDecider, responsibilityStreamId(1001), {
      type: 'AssignResponsibility',
      clientNo: 1001,
      responsible: { id: 'u8', name: 'Eva Moser' },
      deputies: [],
    });
    const reads = new SqliteReadStore(join(dir, 'reassigned.sqlite'));
    await replayInto(events, reads, [fonQuotaProjection]);
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-1:2025:460000003:ESt')).toMatchObject({ client_no: 1002, zustMa: 'Eva Moser' });
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-1:2025:460000001:ESt')).toMatchObject({ client_no: 1001, zustMa: 'Eva Moser' });
    expect(((await reads.get(FON_QUOTA_COUNTS, 'firm-1|2025|46')) as unknown as QuotaCounts).employees).toEqual({ 'Eva Moser': 2, Berger: 2, '': 2 });
  });

  it("keeps another firm's return with the same tax number and year apart: importing one firm's list leaves the other firm's items and counts unchanged", async () => {
    const { events, reads: before, dir } = await projected();
    const other = quotaBookStreamId('firm-2', 2025, '46');
    const counts = async (reads: ReadStore, firmId: string) => reads.get(FON_QUOTA_COUNTS, `${firmId}|2025|46`);
    // firm-2 holds returns 1 and 3 of firm-1, then its next list no longer lists return 1.
    await send(events, quotaBookDecider, other, {
      type: 'ApplyFonRecords',
      importId: 'o1',
      firmId: 'firm-2',
      taxYear: 2025,
      records: [fon(1, '2026-10-02'), fon(3, null)],
    });
    await send(events, quotaBookDecider, other, { type: 'ApplyFonRecords', importId: 'o2', firmId: 'firm-2', taxYear: 2025, records: [fon(3, null)] });
    const reads = new SqliteReadStore(join(dir, 'two-firms.sqlite'));
    await replayInto(events, reads, [fonQuotaProjection]);
    expect(await counts(reads, 'firm-1')).toEqual(await counts(before, 'firm-1'));
    expect(await reads.get(FON_QUOTA_FILINGS, 'firm-1|2025|46|2026-10')).toEqual(await before.get(FON_QUOTA_FILINGS, 'firm-1|2025|46|2026-10'));
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-1:2025:460000001:ESt')).toMatchObject({
      firm_id: 'firm-1',
      registered: true,
      abgabedatum: '2026-10-01',
      status: 'submitted',
    });
    expect(await reads.get(FON_QUOTA_ITEMS, 'firm-2:2025:460000001:ESt')).toMatchObject({ firm_id: 'firm-2', registered: false });
    expect(await counts(reads, 'firm-2')).toMatchObject({ items: 2, base: 1 });
    expect(((await reads.get(FON_QUOTA_FILINGS, 'firm-2|2025|46|2026-10')) as unknown as QuotaFilings).filed).toEqual({});
    await reads.close();
  });

  describe('a book recorded before item ids named the firm, imported into again after the upgrade', () => {
    /** The ids an earlier version recorded: `<taxYear>:<taxId>:<returnType>`, and conflict ids starting with them. */
    const recordedBefore = async () => {
      recorded = (data) => JSON.parse(JSON.stringify(data).replaceAll('"firm-1:2025:', '"2025:')) as Record<string, unknown>;
    };
    /** After the upgrade: FinanzOnline reports return 3 filed later and a new return 7; NTCS has not changed. */
    async function upgradedAndImported(events: EventStore): Promise<void> {
      recorded = (data) => data;
      await send(events, quotaBookDecider, book, {
        type: 'ApplyFonRecords',
        importId: 'i2',
        firmId: 'firm-1',
        taxYear: 2025,
        records: [
          fon(1, '2026-10-01', { businessIncome: true }),
          fon(2, null),
          fon(3, '2026-11-02'),
          fon(4, '2026-10-06'),
          fon(5, null, { counted: false }),
          fon(7, null),
        ],
      });
      await send(events, quotaBookDecider, book, {
        type: 'ApplyNtcsRecords',
        importId: 'n3',
        firmId: 'firm-1',
        taxYear: 2025,
        records: [ntcs(1, '2026-10-01', { clientNo: 1001 }), ntcs(2, '2026-10-20'), ntcs(3, '2026-10-05'), ntcs(6, null)],
      });
    }
    async function built(before?: () => Promise<void>) {
      const { events, dir } = await projected(before);
      await upgradedAndImported(events);
      const reads = new SqliteReadStore(join(dir, 'upgraded.sqlite'));
      alsoOpened.push(reads);
      await replayInto(events, reads, [fonQuotaProjection]);
      return { events, reads, dir };
    }
    const itemIds = async (reads: ReadStore) =>
      (await reads.find(FON_QUOTA_ITEMS, { where: {}, sort: [['id', 1]], skip: 0, limit: 100 })).data.map((i) => i.id);

    it('holds the old ids in its log', async () => {
      const { events } = await built(recordedBefore);
      const ids = (await events.readStream(book)).map((e) => e.data.itemId);
      expect(ids).toContain('2025:460000003:ESt');
      expect(ids).toContain('firm-1:2025:460000007:ESt');
    });

    it('shows one item per return with its decisions and the counts of a book recorded today, by replay and live', async () => {
      const { reads: today } = await built();
      const { events, reads, dir } = await built(recordedBefore);
      const returns = ['1', '2', '3', '4', '5', '6', '7'].map((n) => `firm-1:2025:46000000${n}:ESt`);
      expect(await itemIds(reads)).toEqual(returns);
      expect(await reads.get(FON_QUOTA_ITEMS, returns[1]!)).toMatchObject({ status: 'not_relevant', not_relevant_remark: 'Mandat beendet' });
      expect(await reads.get(FON_CONFLICTS, 'firm-1:2025:460000003:ESt|ntcs_mismatch|abgabedatum|1')).toMatchObject({
        status: 'closed',
        remark: 'Per Post eingereicht',
        resolved_by: 'anna',
      });
      const counts = (await reads.get(FON_QUOTA_COUNTS, 'firm-1|2025|46')) as unknown as QuotaCounts;
      expect(counts).toMatchObject({ items: 7, base: 4 });
      for (const c of fonQuotaProjection.collections) expect([c.name, await reads.checksum(c.name)]).toEqual([c.name, await today.checksum(c.name)]);

      const live = new SqliteReadStore(join(dir, 'upgraded-live.sqlite'));
      alsoOpened.push(live);
      const projector = new Projector(events, live, [fonQuotaProjection], { batchSize: 2 });
      await projector.start();
      for (let i = 0; i < 500 && projector.currentPosition !== (await events.headPosition()); i++) await new Promise((r) => setTimeout(r, 10));
      await projector.stop();
      for (const c of fonQuotaProjection.collections) expect([c.name, await live.checksum(c.name)]).toEqual([c.name, await today.checksum(c.name)]);
    });
  });

  it('rebuilds the same read models live in small batches as by replay', async () => {
    const { events, reads, dir } = await projected();
    const live = new SqliteReadStore(join(dir, 'live.sqlite'));
    const projector = new Projector(events, live, [fonQuotaProjection], { batchSize: 2 });
    await projector.start();
    for (let i = 0; i < 500 && projector.currentPosition !== (await events.headPosition()); i++) await new Promise((r) => setTimeout(r, 10));
    await projector.stop();
    for (const c of fonQuotaProjection.collections) expect(await live.checksum(c.name)).toBe(await reads.checksum(c.name));
  });
});
