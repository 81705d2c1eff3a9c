import { specFor } from '../../test/given-when-then';
import type { DecisionContext } from '../shared/decider';
import { deepFreeze } from '../shared/deep-freeze';
import type { FonRecord, NtcsRecord } from './fon-records.rules';
import { quotaBookDecider, type QuotaBookCommand } from './quota-book.decide';
import { quotaBookStreamId, type QuotaBookEvent } from './quota-book.events';
import { domainEventsOf } from '../stored-events';

const ctx: DecisionContext = { now: '2025-11-10T10:00:00.000Z', userId: 'u' };
const fon = (taxId: string, abgabedatum: string | null, over: Partial<FonRecord> = {}): FonRecord => ({
  taxId,
  returnType: 'ESt',
  name: `Client ${taxId}`,
  businessIncome: false,
  counted: true,
  abgabedatum,
  eingangsDatum: abgabedatum,
  ...over,
});
const ntcs = (taxId: string, filingDate: string | null, over: Partial<NtcsRecord> = {}): NtcsRecord => ({
  taxId,
  returnType: 'ESt',
  persNr: `P${taxId.slice(-3)}`,
  name: `Client ${taxId}`,
  filingDate,
  responsible: 'Anna Berger',
  ...over,
});

/**
 * Runs commands one after another on one book and answers each command's events. Every state is frozen, as
 * the command runtime caches it, so a decide or evolve that changed one in place would fail here.
 */
function run(...commands: QuotaBookCommand[]): QuotaBookEvent[][] {
  const freeze = <T>(value: T) => deepFreeze(value, { persistentValues: true });
  let state = freeze(quotaBookDecider.initialState);
  return commands.map((command) => {
    const events = quotaBookDecider.decide(command, state, ctx);
    state = events.reduce((folded, event) => freeze(quotaBookDecider.evolve(folded, event)), state);
    return events;
  });
}

const fonImport = (id: string, records: FonRecord[], firmId = 'f1'): QuotaBookCommand => ({
  type: 'ApplyFonRecords',
  importId: id,
  firmId,
  taxYear: 2024,
  records,
});
const ntcsImport = (id: string, records: NtcsRecord[], firmId = 'f1'): QuotaBookCommand => ({
  type: 'ApplyNtcsRecords',
  importId: id,
  firmId,
  taxYear: 2024,
  records,
});
const types = (events: QuotaBookEvent[]) => events.map((e) => e.type);

describe('quota book', () => {
  it('registers FON returns, and re-importing the same rows changes nothing', () => {
    const rows = [fon('461234567', null), fon('461234568', '2025-10-02')];
    const [first, again] = run(fonImport('i1', rows), fonImport('i2', rows));
    expect(types(first!)).toEqual(['FonItemFonChanged', 'FonItemFonChanged']);
    expect(again).toEqual([]);
  });

  it('opens a conflict of each kind on the first NTCS import and shows both values', () => {
    const [, second] = run(
      fonImport('i1', [fon('461000001', '2025-10-02'), fon('461000002', null), fon('461000003', '2025-10-05')]),
      ntcsImport('n1', [ntcs('461000002', '2025-10-20'), ntcs('461000003', null), ntcs('461000004', null)]),
    );
    const opened = second!.filter((e) => e.type === 'FonConflictOpened').map((e) => e.data);
    expect(opened).toEqual(
      expect.arrayContaining([
        {
          conflictId: 'f1:2024:461000001:ESt|no_ntcs_record|ntcsPersNr|1',
          itemId: 'f1:2024:461000001:ESt',
          kind: 'no_ntcs_record',
          field: 'ntcsPersNr',
          fon_value: 'Client 461000001',
          ntcs_value: null,
        },
        {
          conflictId: 'f1:2024:461000002:ESt|fon_mismatch|abgabedatum|1',
          itemId: 'f1:2024:461000002:ESt',
          kind: 'fon_mismatch',
          field: 'abgabedatum',
          fon_value: null,
          ntcs_value: '2025-10-20',
        },
        {
          conflictId: 'f1:2024:461000003:ESt|ntcs_mismatch|abgabedatum|1',
          itemId: 'f1:2024:461000003:ESt',
          kind: 'ntcs_mismatch',
          field: 'abgabedatum',
          fon_value: '2025-10-05',
          ntcs_value: null,
        },
        {
          conflictId: 'f1:2024:461000004:ESt|fon_mismatch|registered|1',
          itemId: 'f1:2024:461000004:ESt',
          kind: 'fon_mismatch',
          field: 'registered',
          fon_value: null,
          ntcs_value: 'P004',
        },
      ]),
    );
    expect(opened).toHaveLength(4);
  });

  it('keeps a manually resolved conflict resolved while the values stay the same, and closes it when a later import agrees', () => {
    const conflictId = 'f1:2024:461000003:ESt|ntcs_mismatch|abgabedatum|1';
    const results = run(
      fonImport('i1', [fon('461000003', '2025-10-05')]),
      ntcsImport('n1', [ntcs('461000003', null)]),
      { type: 'ResolveFonConflict', conflictId, remark: 'Erklärung per Post, NTCS wird nachgetragen' },
      ntcsImport('n2', [ntcs('461000003', null)]),
      ntcsImport('n3', [ntcs('461000003', '2025-10-05')]),
    );
    expect(results[2]).toEqual([
      { type: 'FonConflictResolvedManually', data: { conflictId, itemId: 'f1:2024:461000003:ESt', remark: 'Erklärung per Post, NTCS wird nachgetragen' } },
    ]);
    expect(results[3]).toEqual([]);
    expect(types(results[4]!)).toEqual(['FonItemNtcsChanged', 'FonConflictClosed']);
  });

  it('closes an open conflict once the sides agree and opens a new one when the values differ again', () => {
    const results = run(
      fonImport('i1', [fon('461000003', '2025-10-05')]),
      ntcsImport('n1', [ntcs('461000003', null)]),
      ntcsImport('n2', [ntcs('461000003', '2025-10-05')]),
      ntcsImport('n3', [ntcs('461000003', '2025-10-06')]),
    );
    expect(types(results[2]!)).toEqual(['FonItemNtcsChanged', 'FonConflictClosed']);
    expect(results[3]!.find((e) => e.type === 'FonConflictOpened')?.data).toMatchObject({
      conflictId: 'f1:2024:461000003:ESt|ntcs_mismatch|abgabedatum|2',
      ntcs_value: '2025-10-06',
    });
  });

  it('takes a return off the quota when FinanzOnline no longer lists it', () => {
    const [, second] = run(fonImport('i1', [fon('461000001', null), fon('461000002', null)]), fonImport('i2', [fon('461000001', null)]));
    expect(second).toEqual([
      { type: 'FonItemFonChanged', data: { itemId: 'f1:2024:461000002:ESt', taxId: '461000002', returnType: 'ESt', fon: null, importId: 'i2' } },
    ]);
  });

  it('refuses a manual resolution without a remark and marks a return not relevant only with one', () => {
    const history = run(fonImport('i1', [fon('461000001', null)]), ntcsImport('n1', []));
    const state = history.flat().reduce(quotaBookDecider.evolve, quotaBookDecider.initialState);
    expect(() =>
      quotaBookDecider.decide({ type: 'ResolveFonConflict', conflictId: 'f1:2024:461000001:ESt|no_ntcs_record|ntcsPersNr|1', remark: ' ' }, state, ctx),
    ).toThrow('Required field');
    expect(() =>
      quotaBookDecider.decide({ type: 'SetFonItemRelevance', itemId: 'f1:2024:461000001:ESt', notRelevant: true, remark: null }, state, ctx),
    ).toThrow('Required field');
    expect(
      quotaBookDecider.decide({ type: 'SetFonItemRelevance', itemId: 'f1:2024:461000001:ESt', notRelevant: true, remark: 'Mandant verstorben' }, state, ctx),
    ).toEqual([{ type: 'FonItemRelevanceSet', data: { itemId: 'f1:2024:461000001:ESt', notRelevant: true, remark: 'Mandant verstorben' } }]);
  });

  it('marks the first data of a return as created, and leaves the state it decided on as it was', () => {
    const [first] = run(fonImport('i1', [fon('461000001', null)]));
    expect(first![0]!.data).toMatchObject({ created: true });
    const state = first!.reduce(quotaBookDecider.evolve, quotaBookDecider.initialState);
    const before = JSON.stringify([...state.items.entries()]);
    const decided = quotaBookDecider.decide(ntcsImport('n1', []), state, ctx);
    expect(decided.map((e) => e.type)).toEqual(['FonNtcsImported', 'FonConflictOpened']);
    expect(JSON.stringify([...state.items.entries()])).toBe(before);
    expect(state.ntcsImported).toBe(false);
    expect(state.conflicts.size).toBe(0);
  });

  it('folds the same conflict twice into one entry (a cached state brought up to date again)', () => {
    const [, second] = run(fonImport('i1', [fon('461000001', null)]), ntcsImport('n1', []));
    const opened = second!.find((e) => e.type === 'FonConflictOpened')!;
    const state = [...run(fonImport('i1', [fon('461000001', null)]))[0]!, ...second!, opened].reduce(quotaBookDecider.evolve, quotaBookDecider.initialState);
    expect(state.byItem.get('f1:2024:461000001:ESt')).toHaveLength(1);
    expect(quotaBookDecider.decide(ntcsImport('n2', [ntcs('461000001', null)]), state, ctx).filter((e) => e.type === 'FonConflictClosed')).toHaveLength(1);
  });

  it('folds later events onto a frozen state (the runtime cache keeps states frozen) into a copy, leaving it unchanged', () => {
    const [first, second] = run(fonImport('i1', [fon('461000001', null)]), ntcsImport('n1', []));
    const cached = deepFreeze(first!.reduce(quotaBookDecider.evolve, quotaBookDecider.initialState));
    const caughtUp = second!.reduce(quotaBookDecider.evolve, cached);
    expect(caughtUp.ntcsImported).toBe(true);
    expect(caughtUp.conflicts.size).toBe(1);
    expect(cached.ntcsImported).toBe(false);
    expect(cached.conflicts.size).toBe(0);
  });

  it('folds many events at once to the state that folding them one by one gives, leaving the given state unchanged', () => {
    const [first, second] = run(fonImport('i1', [fon('461000001', null), fon('461000002', '2025-10-02')]), ntcsImport('n1', [ntcs('461000002', null)]));
    const cached = deepFreeze(quotaBookDecider.fold!(quotaBookDecider.initialState, first!));
    expect(cached).toEqual(first!.reduce(quotaBookDecider.evolve, quotaBookDecider.initialState));
    const caughtUp = quotaBookDecider.fold!(cached, second!);
    expect(caughtUp).toEqual(second!.reduce(quotaBookDecider.evolve, cached));
    expect(cached.ntcsImported).toBe(false);
    expect(cached.conflicts.size).toBe(0);
    expect(caughtUp.conflicts.size).toBe(2);
  });

  describe('two firms holding the same tax number in the same year', () => {
    const shared = fon('461234567', '2025-10-02');
    const registered = (firmId: string): QuotaBookEvent => ({
      type: 'FonItemFonChanged',
      data: {
        itemId: `${firmId}:2024:461234567:ESt`,
        taxId: '461234567',
        returnType: 'ESt',
        fon: { name: shared.name, businessIncome: false, counted: true, abgabedatum: '2025-10-02', eingangsDatum: '2025-10-02' },
        importId: 'i0',
        created: true,
      },
    });
    const given = specFor(quotaBookDecider, ctx);

    it("keep one item each: each firm's book names the return with its own item id", () => {
      const ids = ['huber-partner', 'mayr-steuer'].map((firmId) =>
        run(fonImport('i1', [shared], firmId))[0]!.map((e) => (e.data as { itemId: string }).itemId),
      );
      expect(ids).toEqual([['huber-partner:2024:461234567:ESt'], ['mayr-steuer:2024:461234567:ESt']]);
    });

    it("importing one firm's list without the return takes only that firm's item off the quota", () => {
      given([registered('huber-partner')])
        .when(fonImport('i2', [fon('461000001', null)], 'huber-partner'))
        .then([
          {
            type: 'FonItemFonChanged',
            data: {
              itemId: 'huber-partner:2024:461000001:ESt',
              taxId: '461000001',
              returnType: 'ESt',
              fon: { name: 'Client 461000001', businessIncome: false, counted: true, abgabedatum: null, eingangsDatum: null },
              importId: 'i2',
              created: true,
            },
          },
          { type: 'FonItemFonChanged', data: { itemId: 'huber-partner:2024:461234567:ESt', taxId: '461234567', returnType: 'ESt', fon: null, importId: 'i2' } },
        ]);
    });

    it("importing one firm's same list again leaves that firm's item unchanged", () => {
      given([registered('mayr-steuer')])
        .when(fonImport('i3', [shared], 'mayr-steuer'))
        .then([]);
    });
  });

  describe('a book recorded before item ids named the firm', () => {
    const stream = quotaBookStreamId('f1', 2024, '46');
    /** What the decider recorded then: the same events, their item and conflict ids `<taxYear>:<taxId>:<returnType>…`. */
    const recordedBefore = (events: QuotaBookEvent[]) => events.map((e) => JSON.parse(JSON.stringify(e).replaceAll('"f1:2024:', '"2024:')) as QuotaBookEvent);
    /** The book as the command runtime reads it back from the log. */
    const readBack = (events: QuotaBookEvent[]) => [...domainEventsOf<QuotaBookEvent>(events.map((e) => ({ ...e, streamId: stream })))];
    const rows = [fon('461000003', '2025-10-05'), fon('461000002', null)];
    const old = recordedBefore(
      run(
        fonImport('i1', rows),
        ntcsImport('n1', [ntcs('461000003', null), ntcs('461000002', null)]),
        { type: 'ResolveFonConflict', conflictId: 'f1:2024:461000003:ESt|ntcs_mismatch|abgabedatum|1', remark: 'Per Post eingereicht' },
        { type: 'SetFonItemRelevance', itemId: 'f1:2024:461000002:ESt', notRelevant: true, remark: 'Mandat beendet' },
      ).flat(),
    );
    const given = specFor(quotaBookDecider, ctx);
    const item = 'f1:2024:461000003:ESt';

    it('holds old ids in its log', () => {
      expect(old.map((e) => (e.data as { itemId?: string }).itemId).filter(Boolean)).toEqual(
        expect.arrayContaining(['2024:461000003:ESt', '2024:461000002:ESt']),
      );
      expect(JSON.stringify(old)).not.toContain('f1:');
    });

    it('a new import of the same returns changes nothing: no second item, none created again', () => {
      given(readBack(old)).when(fonImport('i2', rows)).then([]);
    });

    it('a new import with another submission date changes the one item and continues its conflict numbering', () => {
      given(readBack(old))
        .when(fonImport('i2', [fon('461000003', '2025-10-06'), fon('461000002', null)]))
        .then([
          {
            type: 'FonItemFonChanged',
            data: {
              itemId: item,
              taxId: '461000003',
              returnType: 'ESt',
              fon: { name: 'Client 461000003', businessIncome: false, counted: true, abgabedatum: '2025-10-06', eingangsDatum: '2025-10-06' },
              importId: 'i2',
            },
          },
          { type: 'FonConflictClosed', data: { conflictId: `${item}|ntcs_mismatch|abgabedatum|1`, itemId: item, importId: 'i2' } },
          {
            type: 'FonConflictOpened',
            data: {
              conflictId: `${item}|ntcs_mismatch|abgabedatum|2`,
              itemId: item,
              kind: 'ntcs_mismatch',
              field: 'abgabedatum',
              fon_value: '2025-10-06',
              ntcs_value: null,
            },
          },
        ]);
    });

    it('a relevance decision recorded with the old id still applies to the item', () => {
      given(readBack(old)).when({ type: 'SetFonItemRelevance', itemId: 'f1:2024:461000002:ESt', notRelevant: true, remark: 'Mandat beendet' }).then([]);
      given(readBack(old))
        .when({ type: 'SetFonItemRelevance', itemId: 'f1:2024:461000002:ESt', notRelevant: false, remark: null })
        .then([{ type: 'FonItemRelevanceSet', data: { itemId: 'f1:2024:461000002:ESt', notRelevant: false, remark: null } }]);
    });

    it('a manual resolution recorded with the old id stays with its conflict while NTCS reports the same values', () => {
      given(readBack(old))
        .when(ntcsImport('n2', [ntcs('461000003', null), ntcs('461000002', null)]))
        .then([]);
      given(readBack(old))
        .when({ type: 'ResolveFonConflict', conflictId: `${item}|ntcs_mismatch|abgabedatum|1`, remark: 'noch einmal' })
        .then([]);
    });
  });

  it('never changes the shared initial state while folding', () => {
    run(fonImport('i1', [fon('461000001', null)]));
    expect(quotaBookDecider.initialState.items.size).toBe(0);
  });
});
