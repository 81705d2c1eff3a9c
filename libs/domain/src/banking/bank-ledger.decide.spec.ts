import { specFor } from '../../test/given-when-then';
import { bankLedgerDecider } from './bank-ledger.decide';
import type { BankLedgerEvent, LedgerEntry } from './bank-ledger.events';
import { ledgerEntry as entry } from '../../test/ledger-entry';

const given = specFor(bankLedgerDecider);
const recorded = (...entries: LedgerEntry[]): BankLedgerEvent => ({
  type: 'TransactionsRecorded',
  data: { importId: 'i-1', client_no: 1001, accountId: 'acc', entries },
});
const record = (...entries: LedgerEntry[]) => ({ type: 'RecordTransactions' as const, importId: 'i-1', clientNo: 1001, accountId: 'acc', entries });

describe('bank ledger: RecordTransactions', () => {
  it('records new entries', () => {
    given([])
      .when(record(entry('a', 10_000), entry('b', -2_500)))
      .then([recorded(entry('a', 10_000), entry('b', -2_500))]);
  });

  it('adds nothing twice: a re-imported statement records only entries with new keys', () => {
    given([recorded(entry('a', 10_000))])
      .when(record(entry('a', 10_000), entry('c', 700)))
      .then([recorded(entry('c', 700))]);
    given([recorded(entry('a', 10_000))])
      .when(record(entry('a', 10_000)))
      .then([]);
  });

  it('records a batch booking once: its transactions after the whole booking add nothing, nor the whole booking after its transactions', () => {
    const part = (key: string, amountCents: number) => ({ ...entry(key, amountCents), batchRef: 'batch' });
    given([recorded(entry('batch', 300))])
      .when(record(part('p1', 100), part('p2', 200)))
      .then([]);
    given([recorded(part('p1', 100), part('p2', 200))])
      .when(record(entry('batch', 300)))
      .then([]);
    given([])
      .when(record(part('p1', 100), part('p2', 200)))
      .then([recorded(part('p1', 100), part('p2', 200))]);
  });

  it('drops a key repeated within one command', () => {
    given([])
      .when(record(entry('a', 1), entry('a', 1)))
      .then([recorded(entry('a', 1))]);
  });

  it('splits many entries into events of at most 500', () => {
    const many = Array.from({ length: 1_201 }, (_, i) => entry(`k${i}`, i + 1));
    const events = bankLedgerDecider.decide(record(...many), bankLedgerDecider.initialState, { now: '', userId: '' });
    expect(events.map((e) => (e.type === 'TransactionsRecorded' ? e.data.entries.length : 0))).toEqual([500, 500, 201]);
  });

  it('refuses entries of another quarter in the same command and amounts that are not whole cents', () => {
    given([])
      .when(record(entry('a', 1, '2026-03-31'), entry('b', 1, '2026-04-01')))
      .thenThrows('Entry b is booked outside 2026-Q1.');
    given([])
      .when(record(entry('a', 1.5)))
      .thenThrows('Entry a: the amount must be whole cents.');
  });
});

describe('bank ledger: matching', () => {
  const booked = [recorded(entry('in', 10_000), entry('out', -4_000))];
  const match = (matchId: string, transactionId: string, ...allocations: Array<[string, number]>) => ({
    type: 'ConfirmMatch' as const,
    matchId,
    transactionId,
    allocations: allocations.map(([openItemId, amountCents]) => ({ openItemId, amountCents, label: openItemId })),
  });
  const matched = (matchId: string, transactionId: string, ...allocations: Array<[string, number]>): BankLedgerEvent => ({
    type: 'TransactionMatched',
    data: { matchId, transactionId, allocations: allocations.map(([openItemId, amountCents]) => ({ openItemId, amountCents, label: openItemId })) },
  });

  it('matches a transaction to one open item', () => {
    given(booked)
      .when(match('m-1', 't-in', ['AR-1', 10_000]))
      .then([matched('m-1', 't-in', ['AR-1', 10_000])]);
  });

  it('splits one transaction over several items', () => {
    given(booked)
      .when(match('m-1', 't-in', ['AR-1', 6_000], ['AR-2', 4_000]))
      .then([matched('m-1', 't-in', ['AR-1', 6_000], ['AR-2', 4_000])]);
  });

  it('refuses allocations beyond what is left of the transaction', () => {
    given([...booked, matched('m-1', 't-in', ['AR-1', 6_000])])
      .when(match('m-2', 't-in', ['AR-2', 4_001]))
      .thenThrows('The allocations (40.01) exceed what is left of the transaction (40.00).');
  });

  it('refuses an allocation against the direction of the money', () => {
    given(booked)
      .when(match('m-1', 't-out', ['ER-1', 4_000]))
      .thenThrows(/sign of the transaction/);
  });

  it('refuses a transaction it does not hold', () => {
    given(booked)
      .when(match('m-1', 't-none', ['AR-1', 1]))
      .thenThrows('The transaction does not exist (or is still pending).');
  });

  it('records nothing when the same match is confirmed again', () => {
    given([...booked, matched('m-1', 't-in', ['AR-1', 10_000])])
      .when(match('m-1', 't-in', ['AR-1', 10_000]))
      .then([]);
  });

  it('undoes a match, which frees the amount again', () => {
    const history = [...booked, matched('m-1', 't-in', ['AR-1', 6_000], ['AR-2', 4_000])];
    given(history)
      .when({ type: 'UndoMatch', matchId: 'm-1' })
      .then([
        {
          type: 'MatchUndone',
          data: {
            matchId: 'm-1',
            transactionId: 't-in',
            allocations: [
              { openItemId: 'AR-1', amountCents: 6_000, label: 'AR-1' },
              { openItemId: 'AR-2', amountCents: 4_000, label: 'AR-2' },
            ],
          },
        },
      ]);
    given([...history, { type: 'MatchUndone', data: { matchId: 'm-1', transactionId: 't-in', allocations: [] } }])
      .when(match('m-2', 't-in', ['AR-3', 10_000]))
      .then([matched('m-2', 't-in', ['AR-3', 10_000])]);
  });

  it('refuses to undo a match that does not exist', () => {
    given(booked).when({ type: 'UndoMatch', matchId: 'm-9' }).thenThrows('The match does not exist or was already undone.');
  });
});
