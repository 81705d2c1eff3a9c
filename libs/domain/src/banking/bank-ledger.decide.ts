import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { ENTRIES_PER_EVENT, ledgerPeriodOf, type Allocation, type BankLedgerEvent, type LedgerEntry } from './bank-ledger.events';
import { evolveBankLedger, initialBankLedgerState, type BankLedgerState } from './bank-ledger.state';
import { checkEntry } from './ledger-entry.rules';
import { overAllocation } from './match-status';

export type RecordTransactions = { type: 'RecordTransactions'; importId: string; clientNo: number; accountId: string; entries: LedgerEntry[] };
export type ConfirmMatch = { type: 'ConfirmMatch'; matchId: string; transactionId: string; allocations: Allocation[] };
export type UndoMatch = { type: 'UndoMatch'; matchId: string };
export type BankLedgerCommand = RecordTransactions | ConfirmMatch | UndoMatch;

const sum = (allocations: readonly Allocation[]) => allocations.reduce((s, a) => s + a.amountCents, 0);

/**
 * Adds the entries whose key the quarter has not seen (a re-imported statement adds nothing twice), in events of
 * at most 500. A batch booking comes once: as the whole booking (a statement's lump sum) or as its transactions
 * (the parts a notification or a detailed statement splits it into, each naming the booking's key as batchRef),
 * whichever is recorded first.
 */
function record(command: RecordTransactions, state: BankLedgerState): BankLedgerEvent[] {
  const period = command.entries[0] ? ledgerPeriodOf(command.entries[0].bookingDate) : null;
  const added = new Set<string>();
  const seen = (key: string) => state.keys.has(key) || added.has(key);
  const fresh: LedgerEntry[] = [];
  for (const entry of command.entries) {
    checkEntry(entry, period);
    if (seen(entry.key)) continue;
    if (entry.batchRef !== null && entry.batchRef !== undefined ? seen(entry.batchRef) : state.batches.has(entry.key)) continue;
    added.add(entry.key);
    fresh.push(entry);
  }
  const events: BankLedgerEvent[] = [];
  for (let i = 0; i < fresh.length; i += ENTRIES_PER_EVENT) {
    events.push({
      type: 'TransactionsRecorded',
      data: { importId: command.importId, client_no: command.clientNo, accountId: command.accountId, entries: fresh.slice(i, i + ENTRIES_PER_EVENT) },
    });
  }
  return events;
}

/**
 * A confirmed match allocates (part of) a transaction to one or more open items. Each allocation has the
 * transaction's sign, and together with earlier matches they never exceed the transaction's amount.
 */
function confirm(command: ConfirmMatch, state: BankLedgerState): BankLedgerEvent[] {
  const tx = state.transactions.get(command.transactionId);
  if (!tx) throw notFound('The transaction does not exist (or is still pending).');
  if (tx.matched.has(command.matchId)) return [];
  if (command.allocations.length === 0) throw invalid('A match allocates the transaction to at least one open item.');
  const items = new Set<string>();
  for (const a of command.allocations) {
    if (!Number.isSafeInteger(a.amountCents) || a.amountCents === 0) throw invalid('Every allocation needs an amount.');
    if (Math.sign(a.amountCents) !== Math.sign(tx.amountCents))
      throw invalid('An allocation has the sign of the transaction (money in pays receivables, money out pays payables).');
    if (items.has(a.openItemId)) throw invalid('A match lists each open item once.');
    items.add(a.openItemId);
  }
  const already = [...tx.matched.values()].reduce((s, list) => s + sum(list), 0);
  const left = tx.amountCents - already;
  const wanted = sum(command.allocations);
  const refused = overAllocation(wanted, left);
  if (refused) throw conflict(refused);
  return [{ type: 'TransactionMatched', data: { matchId: command.matchId, transactionId: command.transactionId, allocations: command.allocations } }];
}

function undo(command: UndoMatch, state: BankLedgerState): BankLedgerEvent[] {
  for (const [transactionId, tx] of state.transactions) {
    const allocations = tx.matched.get(command.matchId);
    if (allocations) return [{ type: 'MatchUndone', data: { matchId: command.matchId, transactionId, allocations } }];
  }
  throw notFound('The match does not exist or was already undone.');
}

export function decideBankLedger(command: BankLedgerCommand, state: BankLedgerState): BankLedgerEvent[] {
  switch (command.type) {
    case 'RecordTransactions':
      return record(command, state);
    case 'ConfirmMatch':
      return confirm(command, state);
    case 'UndoMatch':
      return undo(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/**
 * Booked transactions of one account and quarter (`bankLedgerStreamId`): recorded once per key, matched to
 * open items, matches undone.
 */
export const bankLedgerDecider: Decider<BankLedgerState, BankLedgerCommand, BankLedgerEvent> = {
  initialState: initialBankLedgerState,
  evolve: evolveBankLedger,
  decide: (command, state) => decideBankLedger(command, state),
};
