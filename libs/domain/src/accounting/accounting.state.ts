import type { BookKind } from '@portal/contracts';
import type { AccountingEvent } from './accounting.events';

/** Keys: `${accounting}:${account|code}`; accounting 'default' for company-wide expense accounts. */
export interface AccountingState {
  expenseAccounts: Record<string, { name: string; tax_rate: number | null }>;
  costCentres: Record<string, string>;
  books: Record<string, { name: string; kind: BookKind }>;
  personAccounts: Record<string, string>;
}

export const initialAccountingState: AccountingState = { expenseAccounts: {}, costCentres: {}, books: {}, personAccounts: {} };

export const masterKey = (accounting: number | null, code: string) => `${accounting ?? 'default'}:${code}`;

export function evolveAccounting(state: AccountingState, event: AccountingEvent): AccountingState {
  const d = event.data;
  switch (event.type) {
    case 'ExpenseAccountDefined':
      return {
        ...state,
        expenseAccounts: { ...state.expenseAccounts, [masterKey(d.accounting, event.data.account)]: { name: event.data.name, tax_rate: event.data.tax_rate } },
      };
    case 'CostCentreDefined':
      return { ...state, costCentres: { ...state.costCentres, [masterKey(d.accounting, event.data.code)]: event.data.name } };
    case 'BookDefined':
      return { ...state, books: { ...state.books, [masterKey(d.accounting, event.data.code)]: { name: event.data.name, kind: event.data.kind } } };
    case 'PersonAccountCreated':
      return { ...state, personAccounts: { ...state.personAccounts, [masterKey(d.accounting, event.data.account)]: event.data.name } };
  }
}
