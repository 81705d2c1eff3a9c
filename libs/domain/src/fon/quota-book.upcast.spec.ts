import { domainEventOf, domainEventsOf } from '../stored-events';
import { itemIdOf } from './fon-records.rules';
import { quotaBookStreamId, type QuotaBookEvent } from './quota-book.events';
import { upcastQuotaBookEvent } from './quota-book.upcast';

const book = quotaBookStreamId('huber-partner', 2024, '46');
const oldItem = '2024:461234567:ESt';
const oldConflict = `${oldItem}|ntcs_mismatch|abgabedatum|1`;
const newItem = itemIdOf('huber-partner', 2024, '46-123/4567', 'ESt');
const newConflict = `${newItem}|ntcs_mismatch|abgabedatum|1`;
const key = { taxId: '461234567', returnType: 'ESt' as const };
const fonSide = { name: 'Maria Huber', businessIncome: false, counted: true, abgabedatum: '2025-10-05', eingangsDatum: '2025-10-05' };
const ntcsSide = { persNr: 'P567', name: 'Maria Huber', filingDate: null, responsible: 'Anna Berger' };
const conflict = { kind: 'ntcs_mismatch' as const, field: 'abgabedatum', fon_value: '2025-10-05', ntcs_value: null };

/** Each event type that names an item, as recorded before item ids named the firm and as it reads today. */
const recordedBefore: Array<[QuotaBookEvent, QuotaBookEvent]> = [
  [
    { type: 'FonItemFonChanged', data: { itemId: oldItem, ...key, fon: fonSide, importId: 'i1', created: true } },
    { type: 'FonItemFonChanged', data: { itemId: newItem, ...key, fon: fonSide, importId: 'i1', created: true } },
  ],
  [
    { type: 'FonItemNtcsChanged', data: { itemId: oldItem, ...key, ntcs: ntcsSide, importId: 'n1' } },
    { type: 'FonItemNtcsChanged', data: { itemId: newItem, ...key, ntcs: ntcsSide, importId: 'n1' } },
  ],
  [
    { type: 'FonConflictOpened', data: { conflictId: oldConflict, itemId: oldItem, ...conflict } },
    { type: 'FonConflictOpened', data: { conflictId: newConflict, itemId: newItem, ...conflict } },
  ],
  [
    { type: 'FonConflictClosed', data: { conflictId: oldConflict, itemId: oldItem, importId: 'n2' } },
    { type: 'FonConflictClosed', data: { conflictId: newConflict, itemId: newItem, importId: 'n2' } },
  ],
  [
    { type: 'FonConflictResolvedManually', data: { conflictId: oldConflict, itemId: oldItem, remark: 'Per Post eingereicht' } },
    { type: 'FonConflictResolvedManually', data: { conflictId: newConflict, itemId: newItem, remark: 'Per Post eingereicht' } },
  ],
  [
    { type: 'FonItemRelevanceSet', data: { itemId: oldItem, notRelevant: true, remark: 'Mandat beendet' } },
    { type: 'FonItemRelevanceSet', data: { itemId: newItem, notRelevant: true, remark: 'Mandat beendet' } },
  ],
];

describe('reading a quota-book event recorded before item ids named the firm', () => {
  it.each(recordedBefore.map(([before, today]) => [before.type, before, today] as const))(
    'reads %s with the firm of its book in front of the item id and the conflict id',
    (_type, before, today) => {
      expect(upcastQuotaBookEvent(book, before)).toEqual(today);
    },
  );

  it.each(recordedBefore.map(([, today]) => [today.type, today] as const))("answers %s of today's shape as the same object", (_type, today) => {
    expect(upcastQuotaBookEvent(book, today)).toBe(today);
  });

  it('changes nothing when an event is read again', () => {
    for (const [before] of recordedBefore) {
      const once = upcastQuotaBookEvent(book, before);
      expect(upcastQuotaBookEvent(book, once)).toBe(once);
    }
  });

  it('keeps the recorded event as it is (the log is never rewritten)', () => {
    const [before] = recordedBefore[2]!;
    const copy = JSON.parse(JSON.stringify(before)) as unknown;
    upcastQuotaBookEvent(book, before);
    expect(before).toEqual(copy);
  });

  it('takes the firm from the stream even when the firm id contains dashes or reads like a tax year', () => {
    const [before] = recordedBefore[5]!;
    expect(upcastQuotaBookEvent(quotaBookStreamId('a-b-2024', 2024, '46'), before).data).toMatchObject({ itemId: 'a-b-2024:2024:461234567:ESt' });
    const yearLike = quotaBookStreamId('2024', 2024, '46');
    const upcast = upcastQuotaBookEvent(yearLike, before);
    expect(upcast.data).toMatchObject({ itemId: itemIdOf('2024', 2024, '461234567', 'ESt') });
    expect(upcastQuotaBookEvent(yearLike, upcast)).toBe(upcast);
  });

  it('leaves an event of another stream, and the NTCS import marker, unchanged', () => {
    const [before] = recordedBefore[0]!;
    expect(upcastQuotaBookEvent('cash-register-r1', before)).toBe(before);
    const imported: QuotaBookEvent = { type: 'FonNtcsImported', data: { importId: 'n1' } };
    expect(upcastQuotaBookEvent(book, imported)).toBe(imported);
  });

  it('is applied wherever stored events are read back: a recorded event keeps its stream and metadata, and a stream is copied only when an event changed', () => {
    const recorded = (event: QuotaBookEvent, revision: number) => ({ ...event, streamId: book, revision, metadata: { commandId: `c${revision}` } });
    const [before, today] = recordedBefore[5]!;
    expect(domainEventOf<QuotaBookEvent>(recorded(before, 3))).toEqual(recorded(today, 3));
    const current = recordedBefore.map(([, now], i) => recorded(now, i));
    expect(domainEventsOf<QuotaBookEvent>(current)).toBe(current);
    const mixed = [...recordedBefore.map(([old], i) => recorded(old, i)), ...current];
    expect(domainEventsOf<QuotaBookEvent>(mixed)).toEqual([...current, ...current]);
  });
});
