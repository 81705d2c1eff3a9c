import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { CompanyEvent, CompanySettingsValues } from './company.events';
import { sameSetting, settingsIssues } from './company-settings.rules';
import { evolveCompany, initialCompanyState, type CompanyState } from './company.state';

export type RegisterCompany = { type: 'RegisterCompany'; company_no: number; company_name: string; company_place: string };
export type RenameCompany = { type: 'RenameCompany'; company_name?: string; company_place?: string };
export type OpenAccountingPeriod = { type: 'OpenAccountingPeriod'; accounting: number };
export type SetCurrentAccountingPeriod = { type: 'SetCurrentAccountingPeriod'; accounting: number };
/**
 * `basedOn`: the settings revision the form was loaded at. Only a settings change in between is a conflict; a
 * rename or a new accounting period is not (they do not touch what the form shows).
 */
export type ChangeCompanySettings = { type: 'ChangeCompanySettings'; changes: Partial<CompanySettingsValues>; basedOn?: number };

export type CompanyCommand = RegisterCompany | RenameCompany | OpenAccountingPeriod | SetCurrentAccountingPeriod | ChangeCompanySettings;

type Registered = Extract<CompanyState, { status: 'registered' }>;

function registered(state: CompanyState, what: string): Registered {
  if (state.status !== 'registered') throw notFound(`Cannot ${what}: the company does not exist.`);
  return state;
}

const cleanName = (value: string, field: string) => {
  const name = value.trim().replace(/\s+/g, ' ');
  if (name.length < 1) throw invalid(`${field} must not be empty.`);
  if (name.length > 200) throw invalid(`${field} must be at most 200 characters.`);
  return name;
};

export function registerCompany(command: RegisterCompany, state: CompanyState): CompanyEvent[] {
  if (state.status === 'registered') throw conflict(`Company ${command.company_no} already exists.`);
  if (!Number.isInteger(command.company_no) || command.company_no < 1) throw invalid('company_no must be a positive whole number.');
  return [
    {
      type: 'CompanyRegistered',
      data: {
        company_no: command.company_no,
        company_name: cleanName(command.company_name, 'company_name'),
        company_place: cleanName(command.company_place, 'company_place'),
      },
    },
  ];
}

export function renameCompany(command: RenameCompany, state: CompanyState): CompanyEvent[] {
  const company = registered(state, 'rename');
  const name = command.company_name === undefined ? company.name : cleanName(command.company_name, 'company_name');
  const place = command.company_place === undefined ? company.place : cleanName(command.company_place, 'company_place');
  if (name === company.name && place === company.place) return [];
  return [{ type: 'CompanyRenamed', data: { company_name: name, company_place: place } }];
}

const validYear = (year: number) => Number.isInteger(year) && year >= 1990 && year <= 2100;

export function openAccountingPeriod(command: OpenAccountingPeriod, state: CompanyState): CompanyEvent[] {
  const company = registered(state, 'open an accounting period');
  if (!validYear(command.accounting)) throw invalid('accounting must be a year between 1990 and 2100.');
  if (company.periods.includes(command.accounting)) throw conflict(`Accounting period ${command.accounting} is already open.`);
  return [
    { type: 'AccountingPeriodOpened', data: { accounting: command.accounting, start: `${command.accounting}-01-01`, end: `${command.accounting}-12-31` } },
  ];
}

export function setCurrentAccountingPeriod(command: SetCurrentAccountingPeriod, state: CompanyState): CompanyEvent[] {
  const company = registered(state, 'set the accounting period');
  if (!company.periods.includes(command.accounting)) throw invalid(`Accounting period ${command.accounting} is not open.`);
  if (company.currentAccounting === command.accounting) return [];
  return [{ type: 'CurrentAccountingPeriodSet', data: { accounting: command.accounting } }];
}

export function changeCompanySettings(command: ChangeCompanySettings, state: CompanyState): CompanyEvent[] {
  const company = registered(state, 'change settings');
  if (command.basedOn !== undefined && command.basedOn !== company.settingsRevision) {
    throw conflict(`The settings were changed in the meantime (revision ${company.settingsRevision}, you sent ${command.basedOn}). Reload and try again.`, {
      revision: company.settingsRevision,
    });
  }
  const changes: Partial<CompanySettingsValues> = {};
  for (const [key, value] of Object.entries(command.changes) as Array<[keyof CompanySettingsValues, unknown]>) {
    if (value !== undefined && !sameSetting(company.settings[key], value)) Object.assign(changes, { [key]: value });
  }
  if (Object.keys(changes).length === 0) return [];
  const issues = settingsIssues({ ...company.settings, ...changes });
  if (issues.length > 0) throw invalid(`Invalid settings: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}`, { issues });
  return [{ type: 'CompanySettingsChanged', data: { changes } }];
}

export function decideCompany(command: CompanyCommand, state: CompanyState): CompanyEvent[] {
  switch (command.type) {
    case 'RegisterCompany':
      return registerCompany(command, state);
    case 'RenameCompany':
      return renameCompany(command, state);
    case 'OpenAccountingPeriod':
      return openAccountingPeriod(command, state);
    case 'SetCurrentAccountingPeriod':
      return setCurrentAccountingPeriod(command, state);
    case 'ChangeCompanySettings':
      return changeCompanySettings(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const companyDecider: Decider<CompanyState, CompanyCommand, CompanyEvent> = {
  initialState: initialCompanyState,
  evolve: evolveCompany,
  decide: decideCompany,
};
