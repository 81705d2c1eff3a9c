import { specFor } from '../../test/given-when-then';
import { companyDecider } from './company.decide';
import type { CompanyEvent } from './company.events';

const spec = specFor(companyDecider);
const registered: CompanyEvent = { type: 'CompanyRegistered', data: { company_no: 1001, company_name: 'Alpenblick GmbH', company_place: 'Innsbruck' } };
const opened2025: CompanyEvent = { type: 'AccountingPeriodOpened', data: { accounting: 2025, start: '2025-01-01', end: '2025-12-31' } };

describe('company decider', () => {
  describe('when unregistered', () => {
    it('registers a company with trimmed name and place', () =>
      spec([]).when({ type: 'RegisterCompany', company_no: 1001, company_name: '  Alpenblick   GmbH ', company_place: 'Innsbruck' }).then([registered]));

    it('refuses an empty name', () =>
      spec([])
        .when({ type: 'RegisterCompany', company_no: 1001, company_name: '  ', company_place: 'Innsbruck' })
        .thenThrows('company_name must not be empty.'));

    it('refuses a company number that is not a positive whole number', () =>
      spec([])
        .when({ type: 'RegisterCompany', company_no: 1.5, company_name: 'A', company_place: 'B' })
        .thenThrows('company_no must be a positive whole number.'));

    it('refuses to rename a company that does not exist', () =>
      spec([]).when({ type: 'RenameCompany', company_name: 'New' }).thenThrows('Cannot rename: the company does not exist.'));
  });

  describe('when registered', () => {
    it('refuses a second registration', () =>
      spec([registered]).when({ type: 'RegisterCompany', company_no: 1001, company_name: 'X', company_place: 'Y' }).thenThrows('Company 1001 already exists.'));

    it('renames the company and keeps the place', () =>
      spec([registered])
        .when({ type: 'RenameCompany', company_name: 'Alpenblick Gastro GmbH' })
        .then([{ type: 'CompanyRenamed', data: { company_name: 'Alpenblick Gastro GmbH', company_place: 'Innsbruck' } }]));

    it('records nothing for a rename to the same name', () => spec([registered]).when({ type: 'RenameCompany', company_name: 'Alpenblick GmbH' }).then([]));

    it('opens an accounting period for a calendar year', () => spec([registered]).when({ type: 'OpenAccountingPeriod', accounting: 2025 }).then([opened2025]));

    it('refuses to open the same period twice', () =>
      spec([registered, opened2025]).when({ type: 'OpenAccountingPeriod', accounting: 2025 }).thenThrows('Accounting period 2025 is already open.'));

    it('refuses an implausible year', () =>
      spec([registered])
        .when({ type: 'OpenAccountingPeriod', accounting: 20250 })
        .thenThrows(/between 1990 and 2100/));

    it('sets an open period as the current one', () =>
      spec([registered, opened2025])
        .when({ type: 'SetCurrentAccountingPeriod', accounting: 2025 })
        .then([{ type: 'CurrentAccountingPeriodSet', data: { accounting: 2025 } }]));

    it('refuses a current period that is not open', () =>
      spec([registered]).when({ type: 'SetCurrentAccountingPeriod', accounting: 2024 }).thenThrows('Accounting period 2024 is not open.'));

    it('records only the settings that change', () =>
      spec([registered])
        .when({ type: 'ChangeCompanySettings', changes: { account_system: 'DATEV', document_language: 'en' } })
        .then([{ type: 'CompanySettingsChanged', data: { changes: { document_language: 'en' } } }]));

    it('changes settings loaded before a rename and a new period: neither touches the settings', () =>
      spec([registered, { type: 'CompanyRenamed', data: { company_name: 'Alpenblick Gastro GmbH', company_place: 'Innsbruck' } }, opened2025])
        .when({ type: 'ChangeCompanySettings', changes: { document_language: 'en' }, basedOn: 0 })
        .then([{ type: 'CompanySettingsChanged', data: { changes: { document_language: 'en' } } }]));

    it('refuses settings loaded before another settings change, naming both revisions', () =>
      spec([registered, { type: 'CompanySettingsChanged', data: { changes: { retention_years: 9 } } }])
        .when({ type: 'ChangeCompanySettings', changes: { document_language: 'en' }, basedOn: 0 })
        .thenThrows('The settings were changed in the meantime (revision 1, you sent 0). Reload and try again.'));

    it('refuses a default expense account that is not six digits', () =>
      spec([registered])
        .when({ type: 'ChangeCompanySettings', changes: { default_expense_account: '12ab' } })
        .thenThrows(/default_expense_account: Six digits required/));
  });
});
