import { BOOK_KINDS, PERSON_ACCOUNT_TYPES, VALIDATION_MESSAGES, type BookKind, type PostalAddress } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';
import { isSixDigits, isValidIban, normalizeIban, personAccountTypeOf } from './account.rules';
import type { AccountingEvent } from './accounting.events';
import { evolveAccounting, initialAccountingState, masterKey, type AccountingState } from './accounting.state';

export type DefineExpenseAccount = { type: 'DefineExpenseAccount'; accounting: number | null; account: string; name: string; tax_rate?: number | null };
export type DefineCostCentre = { type: 'DefineCostCentre'; accounting: number; code: string; name: string };
export type DefineBook = { type: 'DefineBook'; accounting: number; code: string; name: string; kind: BookKind };
export type CreatePersonAccount = {
  type: 'CreatePersonAccount';
  accounting: number;
  account: string;
  name: string;
  vat_id?: string | null;
  iban?: string | null;
  address?: Partial<PostalAddress>;
  /** Marks the partner as customer and supplier (type 4). */
  both?: boolean;
};

export type AccountingCommand = DefineExpenseAccount | DefineCostCentre | DefineBook | CreatePersonAccount;

const cleanName = (value: string, field: string) => {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length < 1) throw invalid(`${field} must not be empty.`);
  if (name.length > 200) throw invalid(`${field} must be at most 200 characters.`);
  return name;
};

const period = (accounting: number) => {
  if (!Number.isInteger(accounting) || accounting < 1990 || accounting > 2100) throw invalid('accounting must be a year between 1990 and 2100.');
  return accounting;
};

const account = (value: string, field: string) => {
  if (!isSixDigits(value)) throw invalid(`${field}: ${VALIDATION_MESSAGES.sixDigits}`, { field, key: 'sixDigits' });
  return value;
};

const code = (value: string, field: string) => {
  const c = value.trim();
  if (!/^[A-Za-z0-9_-]{1,10}$/.test(c)) throw invalid(`${field} must be 1 to 10 letters, digits, - or _.`);
  return c;
};

const optional = (value: string | null | undefined) => {
  const v = value?.trim().replace(/\s+/g, ' ');
  return v ? v : null;
};

/** The VAT id format check: country prefix and 2 to 12 characters. */
function vatId(value: string | null | undefined): string | null {
  const v =
    optional(value)
      ?.replace(/[\s.-]/g, '')
      .toUpperCase() ?? null;
  if (v !== null && !/^[A-Z]{2}[A-Z0-9+*]{2,12}$/.test(v)) throw invalid('VAT ID format error', { field: 'vat_id', key: 'vatFormat' });
  return v;
}

function address(value: Partial<PostalAddress> | undefined): PostalAddress {
  const country = optional(value?.country)?.toUpperCase() ?? null;
  if (country !== null && !/^[A-Z]{2}$/.test(country)) throw invalid('country must be a two-letter ISO code.');
  return { street: optional(value?.street), postcode: optional(value?.postcode), city: optional(value?.city), country };
}

export function defineExpenseAccount(command: DefineExpenseAccount, state: AccountingState): AccountingEvent[] {
  const accounting = command.accounting === null ? null : period(command.accounting);
  const data = { accounting, account: account(command.account, 'account'), name: cleanName(command.name, 'name'), tax_rate: command.tax_rate ?? null };
  if (data.tax_rate !== null && !(data.tax_rate >= 0 && data.tax_rate <= 100)) throw invalid('tax_rate must be a percentage between 0 and 100.');
  const known = state.expenseAccounts[masterKey(accounting, data.account)];
  if (known && known.name === data.name && known.tax_rate === data.tax_rate) return [];
  return [{ type: 'ExpenseAccountDefined', data }];
}

export function defineCostCentre(command: DefineCostCentre, state: AccountingState): AccountingEvent[] {
  const data = { accounting: period(command.accounting), code: code(command.code, 'code'), name: cleanName(command.name, 'name') };
  return state.costCentres[masterKey(data.accounting, data.code)] === data.name ? [] : [{ type: 'CostCentreDefined', data }];
}

export function defineBook(command: DefineBook, state: AccountingState): AccountingEvent[] {
  if (!BOOK_KINDS.includes(command.kind)) throw invalid(`kind must be one of ${BOOK_KINDS.join(', ')}.`);
  const data = { accounting: period(command.accounting), code: code(command.code, 'code'), name: cleanName(command.name, 'name'), kind: command.kind };
  const known = state.books[masterKey(data.accounting, data.code)];
  return known && known.name === data.name && known.kind === data.kind ? [] : [{ type: 'BookDefined', data }];
}

export function createPersonAccount(command: CreatePersonAccount, state: AccountingState): AccountingEvent[] {
  const accounting = period(command.accounting);
  const number = account(command.account, 'account');
  if (state.personAccounts[masterKey(accounting, number)] !== undefined) throw conflict(`Account ${number} already exists in ${accounting}.`);
  const iban = optional(command.iban);
  if (iban !== null && !isValidIban(iban)) throw invalid(VALIDATION_MESSAGES.ibanInvalid, { field: 'iban', key: 'ibanInvalid' });
  return [
    {
      type: 'PersonAccountCreated',
      data: {
        accounting,
        account: number,
        type: command.both ? PERSON_ACCOUNT_TYPES.both : personAccountTypeOf(number),
        name: cleanName(command.name, 'name'),
        vat_id: vatId(command.vat_id),
        iban: iban === null ? null : normalizeIban(iban),
        address: address(command.address),
      },
    },
  ];
}

export function decideAccounting(command: AccountingCommand, state: AccountingState): AccountingEvent[] {
  switch (command.type) {
    case 'DefineExpenseAccount':
      return defineExpenseAccount(command, state);
    case 'DefineCostCentre':
      return defineCostCentre(command, state);
    case 'DefineBook':
      return defineBook(command, state);
    case 'CreatePersonAccount':
      return createPersonAccount(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const accountingDecider: Decider<AccountingState, AccountingCommand, AccountingEvent> = {
  initialState: initialAccountingState,
  evolve: evolveAccounting,
  decide: decideAccounting,
};
