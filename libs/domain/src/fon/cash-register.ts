import { CASH_REGISTER_STATES, type CashRegisterState } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';

/** An RKSV cash register of a client: registered in FinanzOnline, its state over time, the annual receipt checks. */
export interface CashRegisterValues {
  firmId: string;
  clientNo: number | null;
  taxId: string;
  name: string;
  regKassaId: string;
  registeredDate: string;
}

export type CashRegisterRegistered = DomainEvent<'CashRegisterRegistered', CashRegisterValues & { registerId: string; status: CashRegisterState; statusTime: string }>;
export type CashRegisterStatusChanged = DomainEvent<'CashRegisterStatusChanged', { status: CashRegisterState; statusTime: string; previous: CashRegisterState }>;
/** The annual receipt (December's monthly receipt) of `year` was checked; due by 15 February. */
export type AnnualReceiptChecked = DomainEvent<'AnnualReceiptChecked', { year: number }>;
export type CashRegisterRemoved = DomainEvent<'CashRegisterRemoved', Record<string, never>>;
export type CashRegisterEvent = CashRegisterRegistered | CashRegisterStatusChanged | AnnualReceiptChecked | CashRegisterRemoved;
export const CASH_REGISTER_EVENT_TYPES: readonly CashRegisterEvent['type'][] = ['CashRegisterRegistered', 'CashRegisterStatusChanged', 'AnnualReceiptChecked', 'CashRegisterRemoved'];

export type RegisterCashRegister = { type: 'RegisterCashRegister'; registerId: string; values: CashRegisterValues; status: CashRegisterState; statusTime: string };
export type ChangeCashRegisterStatus = { type: 'ChangeCashRegisterStatus'; status: CashRegisterState; statusTime: string };
export type CheckAnnualReceipt = { type: 'CheckAnnualReceipt'; year: number };
export type RemoveCashRegister = { type: 'RemoveCashRegister' };
export type CashRegisterCommand = RegisterCashRegister | ChangeCashRegisterStatus | CheckAnnualReceipt | RemoveCashRegister;

type State = { status: 'none' | 'removed' } | { status: 'active'; state: CashRegisterState; statusTime: string; checkedYears: number[] };
export const cashRegisterStreamId = (registerId: string) => `cash-register-${registerId}`;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function decide(command: CashRegisterCommand, state: State): CashRegisterEvent[] {
  switch (command.type) {
    case 'RegisterCashRegister': {
      if (state.status !== 'none') throw conflict('The cash register already exists.');
      const v = command.values;
      if (v.regKassaId.trim() === '') throw invalid('Required field', { key: 'required', field: 'regKassaId' });
      if (v.name.trim() === '') throw invalid('Required field', { key: 'required', field: 'name' });
      if (!DATE.test(v.registeredDate)) throw invalid('registered_date must be a date (YYYY-MM-DD).', { field: 'registered_date' });
      if (!CASH_REGISTER_STATES.includes(command.status)) throw invalid('Unknown cash register status.', { field: 'status' });
      return [{ type: 'CashRegisterRegistered', data: { registerId: command.registerId, ...v, regKassaId: v.regKassaId.trim(), name: v.name.trim(), status: command.status, statusTime: command.statusTime } }];
    }
    case 'ChangeCashRegisterStatus': {
      if (state.status !== 'active') throw notFound('The cash register does not exist.');
      if (!CASH_REGISTER_STATES.includes(command.status)) throw invalid('Unknown cash register status.', { field: 'status' });
      if (state.state === command.status) return [];
      if (command.statusTime < state.statusTime) throw invalid('The new status cannot be older than the current one.', { field: 'status_time' });
      return [{ type: 'CashRegisterStatusChanged', data: { status: command.status, statusTime: command.statusTime, previous: state.state } }];
    }
    case 'CheckAnnualReceipt': {
      if (state.status !== 'active') throw notFound('The cash register does not exist.');
      if (!Number.isInteger(command.year) || command.year < 2016 || command.year > 2100) throw invalid('must be a number', { key: 'mustBeNumber', field: 'year' });
      return state.checkedYears.includes(command.year) ? [] : [{ type: 'AnnualReceiptChecked', data: { year: command.year } }];
    }
    case 'RemoveCashRegister':
      if (state.status === 'removed') return [];
      if (state.status === 'none') throw notFound('The cash register does not exist.');
      return [{ type: 'CashRegisterRemoved', data: {} }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function evolve(state: State, event: CashRegisterEvent): State {
  switch (event.type) {
    case 'CashRegisterRegistered':
      return { status: 'active', state: event.data.status, statusTime: event.data.statusTime, checkedYears: [] };
    case 'CashRegisterStatusChanged':
      return state.status === 'active' ? { ...state, state: event.data.status, statusTime: event.data.statusTime } : state;
    case 'AnnualReceiptChecked':
      return state.status === 'active' ? { ...state, checkedYears: [...state.checkedYears, event.data.year] } : state;
    case 'CashRegisterRemoved':
      return { status: 'removed' };
  }
}

export const cashRegisterDecider: Decider<State, CashRegisterCommand, CashRegisterEvent> = { initialState: { status: 'none' }, evolve, decide: (c, s) => decide(c, s) };

/**
 * The RKSV flags of a register as of `now`: a failure lasting over 48 hours must be reported within a week
 * (due 48 h + 7 days after it began); the annual receipt of last year is due by 15 February and overdue after.
 */
export function cashRegisterFlags(register: { status: CashRegisterState; statusTime: string; checkedYears: readonly number[] }, now: string) {
  const hours = (Date.parse(now) - Date.parse(register.statusTime)) / 3_600_000;
  const outage = register.status === 'failure' && hours > 48;
  const year = Number(now.slice(0, 4));
  const checked = register.checkedYears.includes(year - 1);
  const inOperation = register.status === 'in_operation' || register.status === 'failure';
  const beforeDue = now.slice(5, 10) <= '02-15';
  return {
    outage_over_48h: outage,
    outage_report_due: outage ? new Date(Date.parse(register.statusTime) + (48 + 7 * 24) * 3_600_000).toISOString() : null,
    annual_receipt_due: inOperation && !checked && beforeDue,
    annual_receipt_overdue: inOperation && !checked && !beforeDue,
  };
}
