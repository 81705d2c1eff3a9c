import type { CashRegisterState } from '@portal/contracts';
import type { CashRegisterEvent } from './cash-register.events';

/** `status`: whether the register exists; `state`: its RKSV status (the wire's `CashRegisterState`). */
export type CashRegisterAggregateState =
  { status: 'none' | 'removed' } | { status: 'active'; state: CashRegisterState; statusTime: string; checkedYears: number[] };
export const initialCashRegisterState: CashRegisterAggregateState = { status: 'none' };

export function evolveCashRegister(state: CashRegisterAggregateState, event: CashRegisterEvent): CashRegisterAggregateState {
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
