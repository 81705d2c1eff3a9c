import { reconcile } from './reconcile';
import { readText } from '../test/samples';

/** An MT940 message of one account: opening, entries and closing balance in cents. */
const message = (n: number, opening: number, entries: number[], closing: number | null, account = 'AT483200000012345864') => {
  const amount = (c: number) => `${(Math.abs(c) / 100).toFixed(2).replace('.', ',')}`;
  const balance = (tag: string, c: number) => `:${tag}:${c < 0 ? 'D' : 'C'}26010${n}EUR${amount(c)}\n`;
  return `:20:S${n}\n:25:${account}\n:28C:${n}/1\n${balance('60F', opening)}${entries.map((c) => `:61:26010${n}0${n}0${n}${c < 0 ? 'D' : 'C'}${amount(c)}NTRFNONREF\n`).join('')}${closing === null ? '' : balance('62F', closing)}-\n`;
};
const statementsOf = (...messages: string[]) => readText(messages.join('')).statements;

describe('reconciling statements', () => {
  it('finds nothing when each statement adds up and opens with the previous closing balance', () => {
    expect(reconcile(statementsOf(message(1, 1_000, [500, -200], 1_300), message(2, 1_300, [-300], 1_000)))).toEqual([]);
  });

  it('warns with both figures when opening plus entries is not the closing balance', () => {
    expect(reconcile(statementsOf(message(1, 1_000, [500], 1_400)))).toEqual([
      { kind: 'balance-mismatch', statement: 'S1', statement_index: 1, expected_cents: 1_500, actual_cents: 1_400, difference_cents: -100 },
    ]);
  });

  it('warns of a gap when a statement does not open with the closing balance of the one before it, in the file or from an earlier import', () => {
    expect(reconcile(statementsOf(message(1, 1_000, [], 1_000), message(2, 900, [], 900)))).toEqual([
      {
        kind: 'gap',
        statement: 'S2',
        statement_index: 2,
        expected_cents: 1_000,
        actual_cents: 900,
        difference_cents: -100,
        previous: '2026-01-01',
        current: '2026-01-02',
      },
    ]);
    const previous = new Map([['AT483200000012345864', { date: '2025-12-31', cents: 700 }]]);
    expect(reconcile(statementsOf(message(1, 1_000, [], 1_000)), { previous })).toMatchObject([{ kind: 'gap', expected_cents: 700, actual_cents: 1_000 }]);
  });

  it('does not chain statements of different accounts, nor a statement older than the last one seen', () => {
    expect(reconcile(statementsOf(message(1, 1_000, [], 1_000), message(2, 5, [], 5, 'AT611904300234573201')))).toEqual([]);
    const previous = new Map([['AT483200000012345864', { date: '2026-03-31', cents: 700 }]]);
    expect(reconcile(statementsOf(message(1, 1_000, [], 1_000)), { previous })).toEqual([]);
  });

  it('finds no gap for a statement imported again: it closes where the account was left', () => {
    const previous = new Map([['AT483200000012345864', { date: '2026-01-01', cents: 1_500 }]]);
    expect(reconcile(statementsOf(message(1, 1_000, [500], 1_500)), { previous })).toEqual([]);
  });

  it('says a statement cannot be reconciled when it states one balance only', () => {
    expect(reconcile(statementsOf(message(1, 1_000, [500], null)))).toEqual([
      { kind: 'missing-balance', statement: 'S1', statement_index: 1, current: 'closing' },
    ]);
  });

  it('compares the entries with the numbers and sums of debits and credits a report states', () => {
    const report = readText(
      ':20:R\n:25:AT483200000012345864\n:34F:EURD0,\n:13D:2601091733+0100\n:61:260109C10,00NTRFNONREF\n:61:260109C5,00NTRFNONREF\n:90D:0EUR0,00\n:90C:1EUR10,00\n',
    ).statements;
    expect(reconcile(report)).toEqual([
      {
        kind: 'totals-mismatch',
        statement: 'R',
        statement_index: 1,
        expected_cents: 1_000,
        actual_cents: 1_500,
        difference_cents: 500,
        previous: '1 credit',
        current: '2 credit',
      },
    ]);
  });
});
