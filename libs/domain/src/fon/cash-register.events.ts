import type { CashRegisterState } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/** An RKSV cash register of a client: registered in FinanzOnline, its state over time, the annual receipt checks. */
export interface CashRegisterValues {
  firmId: string;
  clientNo: number | null;
  taxId: string;
  name: string;
  regKassaId: string;
  registeredDate: string;
}

export type CashRegisterRegistered = DomainEvent<
  'CashRegisterRegistered',
  CashRegisterValues & { registerId: string; status: CashRegisterState; statusTime: string }
>;
export type CashRegisterStatusChanged = DomainEvent<
  'CashRegisterStatusChanged',
  { status: CashRegisterState; statusTime: string; previous: CashRegisterState }
>;
/** The annual receipt (December's monthly receipt) of `year` was checked; due by 15 February. */
export type AnnualReceiptChecked = DomainEvent<'AnnualReceiptChecked', { year: number }>;
export type CashRegisterRemoved = DomainEvent<'CashRegisterRemoved', Record<string, never>>;
export type CashRegisterEvent = CashRegisterRegistered | CashRegisterStatusChanged | AnnualReceiptChecked | CashRegisterRemoved;
export const CASH_REGISTER_EVENT_TYPES: readonly CashRegisterEvent['type'][] = [
  'CashRegisterRegistered',
  'CashRegisterStatusChanged',
  'AnnualReceiptChecked',
  'CashRegisterRemoved',
];

export const cashRegisterStreamId = (registerId: string) => `cash-register-${registerId}`;
