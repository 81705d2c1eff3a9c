import { Map as PersistentMap, Set as PersistentSet } from 'immutable';
import type { Allocation, BankLedgerEvent } from './bank-ledger.events';

export interface TransactionState {
  amountCents: number;
  /** Allocations by match id. */
  matched: PersistentMap<string, Allocation[]>;
}

/**
 * Persistent collections: a quarter's ledger can hold tens of thousands of entries, and an event changes a
 * few of them without copying the others (structural sharing), so a fold stays linear and a cached state
 * is never changed by the events folded after it.
 */
export interface BankLedgerState {
  /** The keys of the recorded entries: a re-imported entry is recognised by its key. */
  keys: PersistentSet<string>;
  /** The keys of batch bookings whose parts (the batch's transactions) are recorded. */
  batches: PersistentSet<string>;
  transactions: PersistentMap<string, TransactionState>;
}

export const initialBankLedgerState: BankLedgerState = { keys: PersistentSet(), batches: PersistentSet(), transactions: PersistentMap() };

const NO_MATCHES = PersistentMap<string, Allocation[]>();

export function evolveBankLedger(state: BankLedgerState, event: BankLedgerEvent): BankLedgerState {
  switch (event.type) {
    case 'TransactionsRecorded': {
      const { entries } = event.data;
      return {
        keys: state.keys.withMutations((keys) => {
          for (const e of entries) keys.add(e.key);
        }),
        batches: state.batches.withMutations((batches) => {
          for (const e of entries) if (e.batchRef !== null && e.batchRef !== undefined) batches.add(e.batchRef);
        }),
        transactions: state.transactions.withMutations((transactions) => {
          for (const e of entries) transactions.set(e.id, { amountCents: e.amountCents, matched: NO_MATCHES });
        }),
      };
    }
    case 'TransactionMatched':
    case 'MatchUndone': {
      const { transactionId, matchId } = event.data;
      const tx = state.transactions.get(transactionId);
      if (!tx) return state;
      const matched = event.type === 'TransactionMatched' ? tx.matched.set(matchId, event.data.allocations) : tx.matched.delete(matchId);
      return { ...state, transactions: state.transactions.set(transactionId, { ...tx, matched }) };
    }
  }
}
