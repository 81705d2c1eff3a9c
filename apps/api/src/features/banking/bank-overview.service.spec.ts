import type { BankOverviewRow } from '@portal/contracts';
import { BANK_ACCESSES, BANK_ACCOUNTS, COMPANIES } from '@portal/read-models';
import type { CallContext } from '../../gateway/service-definition';
import { bankOverviewService } from './bank-overview.service';

const account = (client_no: number) => ({
  id: `${client_no}-AT${client_no}`,
  client_no,
  iban: `AT${client_no}`,
  bank_name: 'Bank',
  balance_cents: 100,
  currency: 'EUR',
  archived: false,
  last_statement_date: '2026-03-01',
  last_booking_date: null,
});
const store = {
  find: async (collection: string) => ({
    total: 0,
    limit: 0,
    skip: 0,
    data:
      collection === COMPANIES
        ? [1001, 1002, 1003].map((no) => ({ id: no, company_no: no, company_name: `Firma ${no}` }))
        : collection === BANK_ACCOUNTS
          ? [account(1001), account(1002), account(1003)]
          : collection === BANK_ACCESSES
            ? []
            : [],
  }),
};
const service = bankOverviewService(
  store as never,
  { warningDays: 14, clock: () => new Date('2026-03-10T00:00:00Z'), gocardless: null, maxStatementBytes: 1 } as never,
);
const rowsFor = async (user: Partial<CallContext['user']>) =>
  (
    (await service.methods.find!.run(
      { user: { permissions_array: ['adm'], klienten_array: [], all_clients: false, ...user }, accessToken: '' } as unknown as CallContext,
      { id: null, data: null, query: {} },
    )) as { data: BankOverviewRow[] }
  ).data;

describe('the admin banking overview', () => {
  it('lists every client to an administrator of all clients and only the assigned ones to another', async () => {
    expect((await rowsFor({ all_clients: true })).map((r) => r.client_no)).toEqual([1001, 1002, 1003]);
    expect((await rowsFor({ klienten_array: [1002] })).map((r) => r.client_no)).toEqual([1002]);
  });
});
