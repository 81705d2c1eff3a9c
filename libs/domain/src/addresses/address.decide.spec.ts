import { specFor } from '../../test/given-when-then';
import { addressDecider } from './address.decide';
import type { AddressEvent } from './address.events';
import { EMPTY_ADDRESS_FIELDS } from './address.rules';

const spec = specFor(addressDecider);
const IBAN = 'AT611904300234573201';
const created = (
  id: number,
  fields: Partial<typeof EMPTY_ADDRESS_FIELDS> = {},
  accounts = [{ client_no: 1001, supplier_account: '330100', customer_account: null }],
): AddressEvent => ({
  type: 'AddressCreated',
  data: { addressId: id, fields: { ...EMPTY_ADDRESS_FIELDS, name: 'Alpenstrom Energie AG', ...fields }, accounts },
});

describe('address decider', () => {
  describe('when new', () => {
    it('creates an address with normalised VAT ID, country and IBANs', () =>
      spec([])
        .when({
          type: 'CreateAddress',
          addressId: 7,
          fields: { name: ' Alpenstrom  Energie AG ', vat_id: 'atu 1358-5627', country: 'at', ibans: ['AT61 1904 3002 3457 3201', IBAN] },
        })
        .then([
          {
            type: 'AddressCreated',
            data: {
              addressId: 7,
              fields: { ...EMPTY_ADDRESS_FIELDS, name: 'Alpenstrom Energie AG', vat_id: 'ATU13585627', country: 'AT', ibans: [IBAN] },
              accounts: [],
            },
          },
        ]));

    it('refuses an IBAN with a wrong checksum', () =>
      spec([])
        .when({ type: 'CreateAddress', addressId: 7, fields: { name: 'X', ibans: ['AT611904300234573202'] } })
        .thenThrows('IBAN invalid: AT611904300234573202'));

    it('refuses account numbers that are not six digits and a client listed twice', () => {
      spec([])
        .when({ type: 'CreateAddress', addressId: 7, fields: { name: 'X' }, accounts: [{ client_no: 1001, supplier_account: '3301', customer_account: null }] })
        .thenThrows('Six digits required');
      spec([])
        .when({
          type: 'CreateAddress',
          addressId: 7,
          fields: { name: 'X' },
          accounts: [
            { client_no: 1001, supplier_account: '330100', customer_account: null },
            { client_no: 1001, supplier_account: '330200', customer_account: null },
          ],
        })
        .thenThrows('Client 1001 is listed twice.');
    });

    it('refuses an invalid e-mail address', () =>
      spec([])
        .when({ type: 'CreateAddress', addressId: 7, fields: { name: 'X', email: 'no-at-sign' } })
        .thenThrows('Invalid e-mail address.'));
  });

  describe('when active', () => {
    it('records only the fields that change, old and new', () =>
      spec([created(7, { place: 'Innsbruck' })])
        .when({ type: 'EditAddress', fields: { place: 'Innsbruck', street: 'Kraftwerkstraße 4' } })
        .then([{ type: 'AddressEdited', data: { changes: { street: { old: null, new: 'Kraftwerkstraße 4' } } } }]));

    it('replaces the per-client accounts and keeps the previous ones in the event', () =>
      spec([created(7)])
        .when({ type: 'ChangeAddressAccounts', accounts: [{ client_no: 1002, supplier_account: '330100', customer_account: '200100' }] })
        .then([
          {
            type: 'AddressAccountsChanged',
            data: {
              accounts: [{ client_no: 1002, supplier_account: '330100', customer_account: '200100' }],
              previous: [{ client_no: 1001, supplier_account: '330100', customer_account: null }],
            },
          },
        ]));

    it('records a VAT check with its time and checker', () =>
      spec([created(7, { vat_id: 'ATU13585627' })])
        .when({
          type: 'RecordVatCheck',
          check: {
            vat_id: 'ATU13585627',
            country: 'AT',
            result: 'check_failed',
            source: 'vies',
            request_date: null,
            registered_name: null,
            registered_address: null,
            consultation_number: null,
            fault: 'MS_UNAVAILABLE',
          },
        })
        .then([
          {
            type: 'VatIdChecked',
            data: {
              check: {
                vat_id: 'ATU13585627',
                country: 'AT',
                result: 'check_failed',
                source: 'vies',
                request_date: null,
                registered_name: null,
                registered_address: null,
                consultation_number: null,
                fault: 'MS_UNAVAILABLE',
                checked_at: '2026-01-15T10:00:00.000Z',
                checked_by: 'user-1',
              },
            },
          },
        ]));
  });

  describe('merging duplicates', () => {
    const target = created(1, { place: 'Innsbruck', ibans: [IBAN] });
    const source = {
      fields: {
        ...EMPTY_ADDRESS_FIELDS,
        name: 'Alpenstrom Energie',
        street: 'Kraftwerkstraße 4',
        place: 'Wien',
        vat_id: 'ATU13585627',
        ibans: ['DE89370400440532013000', IBAN],
      },
      accounts: [
        { client_no: 1001, supplier_account: '339999', customer_account: null },
        { client_no: 1003, supplier_account: '330700', customer_account: null },
      ],
    };

    it('fills the survivor’s empty fields, unites IBANs and takes accounts of clients it lacks', () =>
      spec([target])
        .when({ type: 'AbsorbAddress', sourceId: 2, source })
        .then([
          {
            type: 'AddressAbsorbed',
            data: {
              sourceId: 2,
              changes: {
                street: { old: null, new: 'Kraftwerkstraße 4' },
                vat_id: { old: null, new: 'ATU13585627' },
                ibans: { old: [IBAN], new: [IBAN, 'DE89370400440532013000'] },
              },
              accounts: [
                { client_no: 1001, supplier_account: '330100', customer_account: null },
                { client_no: 1003, supplier_account: '330700', customer_account: null },
              ],
            },
          },
        ]));

    it('marks the duplicate merged, once, and refuses changes to it afterwards', () => {
      spec([created(2)])
        .when({ type: 'MarkAddressMerged', targetId: 1 })
        .then([{ type: 'AddressMergedInto', data: { targetId: 1 } }]);
      const merged: AddressEvent[] = [created(2), { type: 'AddressMergedInto', data: { targetId: 1 } }];
      spec(merged).when({ type: 'MarkAddressMerged', targetId: 1 }).then([]);
      spec(merged)
        .when({ type: 'EditAddress', fields: { place: 'Graz' } })
        .thenThrows('Cannot change: the address was merged into address 1.');
    });

    it('refuses merging an address with itself', () =>
      spec([created(1)])
        .when({ type: 'AbsorbAddress', sourceId: 1, source })
        .thenThrows('An address cannot be merged with itself.'));
  });

  describe('deleting', () => {
    it('deletes once and refuses edits afterwards', () => {
      spec([created(3)])
        .when({ type: 'DeleteAddress' })
        .then([{ type: 'AddressDeleted', data: {} }]);
      spec([created(3), { type: 'AddressDeleted', data: {} }])
        .when({ type: 'DeleteAddress' })
        .then([]);
      spec([created(3), { type: 'AddressDeleted', data: {} }])
        .when({ type: 'EditAddress', fields: { name: 'Y' } })
        .thenThrows('Cannot change: the address was deleted.');
    });
  });
});
