import type { Decider } from '../shared/decider';
import type { LedgerEntry } from './bank-ledger.events';
import type { BankPendingEvent } from './bank-pending.events';
import { evolveBankPending, initialBankPendingState, pendingKeysOf, type BankPendingState } from './bank-pending.state';
import { checkEntry } from './ledger-entry.rules';

export type ReplacePendingTransactions = { type: 'ReplacePendingTransactions'; importId: string; clientNo: number; accountId: string; entries: LedgerEntry[] };
export type BankPendingCommand = ReplacePendingTransactions;

function replace(command: ReplacePendingTransactions, state: BankPendingState): BankPendingEvent[] {
  for (const entry of command.entries) checkEntry(entry, null);
  if (pendingKeysOf(command.entries) === state.keys) return [];
  return [
    {
      type: 'PendingTransactionsReplaced',
      data: { importId: command.importId, client_no: command.clientNo, accountId: command.accountId, entries: command.entries },
    },
  ];
}

export function decideBankPending(command: BankPendingCommand, state: BankPendingState): BankPendingEvent[] {
  switch (command.type) {
    case 'ReplacePendingTransactions':
      return replace(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

/** The account's pending transactions: replaced as a whole by each import that reports them; nothing when unchanged. */
export const bankPendingDecider: Decider<BankPendingState, BankPendingCommand, BankPendingEvent> = {
  initialState: initialBankPendingState,
  evolve: evolveBankPending,
  decide: (command, state) => decideBankPending(command, state),
};
