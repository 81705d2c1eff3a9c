import type { CompanyEvent, CompanySettingsValues } from './company.events';
import { DEFAULT_COMPANY_SETTINGS } from './company.events';

export type CompanyState =
  | { status: 'unregistered' }
  | {
      status: 'registered';
      companyNo: number;
      name: string;
      place: string;
      periods: number[];
      currentAccounting: number | null;
      settings: CompanySettingsValues;
      /** How often the settings were changed: what the settings form's concurrency is checked against. */
      settingsRevision: number;
    };

export const initialCompanyState: CompanyState = { status: 'unregistered' };

export function evolveCompany(state: CompanyState, event: CompanyEvent): CompanyState {
  if (event.type === 'CompanyRegistered') {
    return {
      status: 'registered',
      companyNo: event.data.company_no,
      name: event.data.company_name,
      place: event.data.company_place,
      periods: [],
      currentAccounting: null,
      settings: { ...DEFAULT_COMPANY_SETTINGS },
      settingsRevision: 0,
    };
  }
  if (state.status !== 'registered') return state;
  switch (event.type) {
    case 'CompanyRenamed':
      return { ...state, name: event.data.company_name, place: event.data.company_place };
    case 'AccountingPeriodOpened':
      return { ...state, periods: [...state.periods, event.data.accounting].sort((a, b) => a - b) };
    case 'CurrentAccountingPeriodSet':
      return { ...state, currentAccounting: event.data.accounting };
    case 'CompanySettingsChanged':
      return { ...state, settings: { ...state.settings, ...event.data.changes }, settingsRevision: state.settingsRevision + 1 };
  }
}
