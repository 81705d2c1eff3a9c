import type { BankPendingEvent } from './bank-pending.events';

/** The keys of the pending entries, sorted and joined: an import reporting the same set changes nothing. */
export type BankPendingState = { keys: string };

export const initialBankPendingState: BankPendingState = { keys: '' };

export const pendingKeysOf = (entries: readonly { key: string }[]) =>
  entries
    .map((e) => e.key)
    .sort()
    .join('\n');

export const evolveBankPending = (_state: BankPendingState, event: BankPendingEvent): BankPendingState => ({ keys: pendingKeysOf(event.data.entries) });
