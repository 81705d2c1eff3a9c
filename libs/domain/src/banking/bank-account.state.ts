import type { BankAccountDetails, BankAccountEvent } from './bank-account.events';

export type BankAccountState =
  { status: 'none' } | { status: 'open' | 'archived'; accountId: string; clientNo: number; iban: string; details: BankAccountDetails };

export const initialBankAccountState: BankAccountState = { status: 'none' };

export function evolveBankAccount(state: BankAccountState, event: BankAccountEvent): BankAccountState {
  switch (event.type) {
    case 'BankAccountOpened': {
      const { accountId, client_no, iban, ...details } = event.data;
      return { status: 'open', accountId, clientNo: client_no, iban, details };
    }
    case 'BankAccountChanged':
      return state.status === 'none' ? state : { ...state, details: { ...state.details, ...event.data.changes } };
    case 'BankAccountCsvMappingSaved':
      return state;
    case 'BankAccountArchived':
      return state.status === 'none' ? state : { ...state, status: 'archived' };
    case 'BankAccountRestored':
      return state.status === 'none' ? state : { ...state, status: 'open' };
  }
}
