import { CASH_REGISTER_STATES, type CashRegisterState } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, mustBeNumber, notFound, requiredField } from '../shared/domain-error';
import type { CashRegisterEvent, CashRegisterValues } from './cash-register.events';
import { evolveCashRegister, initialCashRegisterState, type CashRegisterAggregateState } from './cash-register.state';

export type RegisterCashRegister = {
  type: 'RegisterCashRegister';
  registerId: string;
  values: CashRegisterValues;
  status: CashRegisterState;
  statusTime: string;
};
export type ChangeCashRegisterStatus = { type: 'ChangeCashRegisterStatus'; status: CashRegisterState; statusTime: string };
export type CheckAnnualReceipt = { type: 'CheckAnnualReceipt'; year: number };
export type RemoveCashRegister = { type: 'RemoveCashRegister' };
export type CashRegisterCommand = RegisterCashRegister | ChangeCashRegisterStatus | CheckAnnualReceipt | RemoveCashRegister;

const DATE = /^\d{4}-\d{2}-\d{2}$/;

function registerCashRegister(command: RegisterCashRegister, state: CashRegisterAggregateState): CashRegisterEvent[] {
  if (state.status !== 'none') throw conflict('The cash register already exists.');
  const v = command.values;
  if (v.regKassaId.trim() === '') throw requiredField('regKassaId');
  if (v.name.trim() === '') throw requiredField('name');
  if (!DATE.test(v.registeredDate)) throw invalid('registered_date must be a date (YYYY-MM-DD).', { field: 'registered_date' });
  if (!CASH_REGISTER_STATES.includes(command.status)) throw invalid('Unknown cash register status.', { field: 'status' });
  return [
    {
      type: 'CashRegisterRegistered',
      data: {
        registerId: command.registerId,
        ...v,
        regKassaId: v.regKassaId.trim(),
        name: v.name.trim(),
        status: command.status,
        statusTime: command.statusTime,
      },
    },
  ];
}

function changeCashRegisterStatus(command: ChangeCashRegisterStatus, state: CashRegisterAggregateState): CashRegisterEvent[] {
  if (state.status !== 'active') throw notFound('The cash register does not exist.');
  if (!CASH_REGISTER_STATES.includes(command.status)) throw invalid('Unknown cash register status.', { field: 'status' });
  if (state.state === command.status) return [];
  if (command.statusTime < state.statusTime) throw invalid('The new status cannot be older than the current one.', { field: 'status_time' });
  return [{ type: 'CashRegisterStatusChanged', data: { status: command.status, statusTime: command.statusTime, previous: state.state } }];
}

function checkAnnualReceipt(command: CheckAnnualReceipt, state: CashRegisterAggregateState): CashRegisterEvent[] {
  if (state.status !== 'active') throw notFound('The cash register does not exist.');
  if (!Number.isInteger(command.year) || command.year < 2016 || command.year > 2100) throw mustBeNumber('year');
  return state.checkedYears.includes(command.year) ? [] : [{ type: 'AnnualReceiptChecked', data: { year: command.year } }];
}

function removeCashRegister(state: CashRegisterAggregateState): CashRegisterEvent[] {
  if (state.status === 'removed') return [];
  if (state.status === 'none') throw notFound('The cash register does not exist.');
  return [{ type: 'CashRegisterRemoved', data: {} }];
}

export function decideCashRegister(command: CashRegisterCommand, state: CashRegisterAggregateState): CashRegisterEvent[] {
  switch (command.type) {
    case 'RegisterCashRegister':
      return registerCashRegister(command, state);
    case 'ChangeCashRegisterStatus':
      return changeCashRegisterStatus(command, state);
    case 'CheckAnnualReceipt':
      return checkAnnualReceipt(command, state);
    case 'RemoveCashRegister':
      return removeCashRegister(state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** An RKSV cash register: registered, its state over time, the annual receipt checks, removed. */
export const cashRegisterDecider: Decider<CashRegisterAggregateState, CashRegisterCommand, CashRegisterEvent> = {
  initialState: initialCashRegisterState,
  evolve: evolveCashRegister,
  decide: (command, state) => decideCashRegister(command, state),
};
