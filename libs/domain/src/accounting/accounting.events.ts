import type { BookKind, PersonAccountType, PostalAddress } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type ExpenseAccountDefined = DomainEvent<'ExpenseAccountDefined', { accounting: number | null; account: string; name: string; tax_rate: number | null }>;
export type CostCentreDefined = DomainEvent<'CostCentreDefined', { accounting: number; code: string; name: string }>;
export type BookDefined = DomainEvent<'BookDefined', { accounting: number; code: string; name: string; kind: BookKind }>;
export type PersonAccountCreated = DomainEvent<
  'PersonAccountCreated',
  { accounting: number; account: string; type: PersonAccountType; name: string; vat_id: string | null; iban: string | null; address: PostalAddress }
>;

export type AccountingEvent = ExpenseAccountDefined | CostCentreDefined | BookDefined | PersonAccountCreated;

export const ACCOUNTING_EVENT_TYPES: readonly AccountingEvent['type'][] = ['ExpenseAccountDefined', 'CostCentreDefined', 'BookDefined', 'PersonAccountCreated'];

/** Accounting master data of one client company lives in one stream. */
export const accountingStreamId = (clientNo: number) => `accounting-${clientNo}`;
