import { specFor } from '../../test/given-when-then';
import { accountingDecider } from './accounting.decide';
import type { AccountingEvent } from './accounting.events';

const spec = specFor(accountingDecider);
const noAddress = { street: null, postcode: null, city: null, country: null };
const supplier: AccountingEvent = {
  type: 'PersonAccountCreated',
  data: {
    accounting: 2026,
    account: '700010',
    type: 3,
    name: 'Tiroler Wasserkraft AG',
    vat_id: 'ATU12345678',
    iban: 'AT611904300234573201',
    address: { street: 'Eduard-Wallnöfer-Platz 2', postcode: '6020', city: 'Innsbruck', country: 'AT' },
  },
};
const defaultAccount: AccountingEvent = { type: 'ExpenseAccountDefined', data: { accounting: null, account: '720000', name: 'Materialaufwand', tax_rate: 20 } };

describe('accounting master data decider', () => {
  describe('when no master data exists', () => {
    it('creates a supplier with a normalised IBAN, VAT id and address', () =>
      spec([])
        .when({
          type: 'CreatePersonAccount',
          accounting: 2026,
          account: '700010',
          name: ' Tiroler  Wasserkraft AG ',
          vat_id: 'atu 1234 5678',
          iban: 'AT61 1904 3002 3457 3201',
          address: { street: 'Eduard-Wallnöfer-Platz 2', postcode: '6020', city: 'Innsbruck', country: 'at' },
        })
        .then([supplier]));

    it('files accounts from 200000 to 299999 as customers', () =>
      spec([])
        .when({ type: 'CreatePersonAccount', accounting: 2026, account: '200100', name: 'Hotel Post' })
        .then([
          {
            type: 'PersonAccountCreated',
            data: { accounting: 2026, account: '200100', type: 2, name: 'Hotel Post', vat_id: null, iban: null, address: noAddress },
          },
        ]));

    it('marks a partner as both customer and supplier on request', () =>
      spec([])
        .when({ type: 'CreatePersonAccount', accounting: 2026, account: '330000', name: 'Brauerei Zillertal', both: true })
        .then([
          {
            type: 'PersonAccountCreated',
            data: { accounting: 2026, account: '330000', type: 4, name: 'Brauerei Zillertal', vat_id: null, iban: null, address: noAddress },
          },
        ]));

    it('refuses an account number that is not six digits with the spec text', () =>
      spec([]).when({ type: 'CreatePersonAccount', accounting: 2026, account: '70001', name: 'X' }).thenThrows('account: Six digits required'));

    it('refuses an IBAN whose check digits are wrong with the spec text', () =>
      spec([])
        .when({ type: 'CreatePersonAccount', accounting: 2026, account: '700011', name: 'X', iban: 'AT61 1904 3002 3457 3202' })
        .thenThrows('IBAN invalid'));

    it('refuses a VAT id in the wrong format', () =>
      spec([]).when({ type: 'CreatePersonAccount', accounting: 2026, account: '700011', name: 'X', vat_id: '12345' }).thenThrows('VAT ID format error'));

    it('refuses an empty name', () =>
      spec([]).when({ type: 'CreatePersonAccount', accounting: 2026, account: '700011', name: ' ' }).thenThrows('name must not be empty.'));

    it('refuses an implausible accounting period', () =>
      spec([])
        .when({ type: 'CreatePersonAccount', accounting: 26, account: '700011', name: 'X' })
        .thenThrows(/between 1990 and 2100/));

    it('defines a company default expense account valid in every period', () =>
      spec([]).when({ type: 'DefineExpenseAccount', accounting: null, account: '720000', name: 'Materialaufwand', tax_rate: 20 }).then([defaultAccount]));

    it('refuses an expense account with a tax rate above 100 percent', () =>
      spec([])
        .when({ type: 'DefineExpenseAccount', accounting: 2026, account: '720000', name: 'X', tax_rate: 120 })
        .thenThrows(/between 0 and 100/));

    it('defines a cost centre of a period', () =>
      spec([])
        .when({ type: 'DefineCostCentre', accounting: 2026, code: 'KST10', name: 'Küche' })
        .then([{ type: 'CostCentreDefined', data: { accounting: 2026, code: 'KST10', name: 'Küche' } }]));

    it('refuses a cost centre code with spaces', () =>
      spec([])
        .when({ type: 'DefineCostCentre', accounting: 2026, code: 'K 10', name: 'Küche' })
        .thenThrows(/1 to 10 letters/));

    it('defines a purchases book', () =>
      spec([])
        .when({ type: 'DefineBook', accounting: 2026, code: 'ER', name: 'Eingangsrechnungen', kind: 'purchases' })
        .then([{ type: 'BookDefined', data: { accounting: 2026, code: 'ER', name: 'Eingangsrechnungen', kind: 'purchases' } }]));

    it('refuses a book of an unknown kind', () =>
      spec([])
        .when({ type: 'DefineBook', accounting: 2026, code: 'X', name: 'X', kind: 'weird' as never })
        .thenThrows(/kind must be one of/));
  });

  describe('when master data exists', () => {
    it('refuses a second account with the same number in the same period', () =>
      spec([supplier])
        .when({ type: 'CreatePersonAccount', accounting: 2026, account: '700010', name: 'Other' })
        .thenThrows('Account 700010 already exists in 2026.'));

    it('allows the same number in another period', () =>
      spec([supplier])
        .when({ type: 'CreatePersonAccount', accounting: 2025, account: '700010', name: 'Tiroler Wasserkraft AG' })
        .then([
          {
            type: 'PersonAccountCreated',
            data: { accounting: 2025, account: '700010', type: 3, name: 'Tiroler Wasserkraft AG', vat_id: null, iban: null, address: noAddress },
          },
        ]));

    it('records nothing when an expense account is defined again unchanged', () =>
      spec([defaultAccount]).when({ type: 'DefineExpenseAccount', accounting: null, account: '720000', name: 'Materialaufwand', tax_rate: 20 }).then([]));

    it('renames an expense account by defining it again', () =>
      spec([defaultAccount])
        .when({ type: 'DefineExpenseAccount', accounting: null, account: '720000', name: 'Wareneinsatz', tax_rate: 20 })
        .then([{ type: 'ExpenseAccountDefined', data: { accounting: null, account: '720000', name: 'Wareneinsatz', tax_rate: 20 } }]));
  });
});
