import type { BankAccountType, CsvMapping } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export interface BankAccountDetails {
  bic: string | null;
  bankName: string;
  accountType: BankAccountType;
  currency: string;
  label: string;
  openingBalanceCents: number;
  openingDate: string;
}

export type BankAccountOpened = DomainEvent<'BankAccountOpened', BankAccountDetails & { accountId: string; client_no: number; iban: string }>;
export type BankAccountChanged = DomainEvent<'BankAccountChanged', { changes: Partial<BankAccountDetails> }>;
export type BankAccountCsvMappingSaved = DomainEvent<'BankAccountCsvMappingSaved', { mapping: CsvMapping | null }>;
export type BankAccountArchived = DomainEvent<'BankAccountArchived', Record<string, never>>;
export type BankAccountRestored = DomainEvent<'BankAccountRestored', Record<string, never>>;

export type BankAccountEvent = BankAccountOpened | BankAccountChanged | BankAccountCsvMappingSaved | BankAccountArchived | BankAccountRestored;

export const BANK_ACCOUNT_EVENT_TYPES = [
  'BankAccountOpened',
  'BankAccountChanged',
  'BankAccountCsvMappingSaved',
  'BankAccountArchived',
  'BankAccountRestored',
] as const;

/** An IBAN is one account per client: the id is the client number and the IBAN. */
export const bankAccountId = (clientNo: number, iban: string) => `${clientNo}-${iban}`;
export const bankAccountStreamId = (accountId: string) => `bank-account-${accountId}`;
