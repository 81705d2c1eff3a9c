import type { SvAccountDetail, SvTransaction } from '@portal/contracts';
import { call } from '../../harness/clients';
import { none, type MatrixFeature } from './matrix-types';

const ADM = ['adm'] as const;
const accounts = new Map<number, string>();
const bookings = new Map<number, string>();
let nextKonto = 700_000;
const accountOf = (client: number) => accounts.get(client) ?? `${client}-missing`;

/** SV tool: every method is for administrators (adm) and scoped to the account's client company. */
export const svToolMatrix: MatrixFeature = {
  name: 'sv-tool',
  async prepare(admin, companies) {
    for (const client of companies) {
      // Prepared once per run: the matrix runs over both transports.
      if (accounts.has(client)) continue;
      const [error, created] = await call(admin, 'create', ['sv-accounts', { company_no: client, kontonr: String(600_000 + client) }, {}]);
      if (error) throw new Error(`sv-accounts create for ${client}: ${error.message}`);
      const account = created as SvAccountDetail;
      accounts.set(client, account.id);
      const [bookingError, recorded] = await call(admin, 'create', [
        'sv-transactions',
        { account_id: account.id, entry: { buchungsDatum: '2025-01-31', buchungstext: 'Beiträge 01/2025', beitragszeitraum: '2025-01', soll: 100 } },
        {},
      ]);
      if (bookingError) throw new Error(`sv-transactions create for ${client}: ${bookingError.message}`);
      bookings.set(client, (recorded as SvTransaction).id);
    }
  },
  rows: [
    { service: 'sv-accounts', method: 'find', gate: ADM, scope: 'client-list', call: (t) => [{ company_no: t.client }] },
    { service: 'sv-accounts', method: 'get', gate: ADM, scope: 'client', call: (t) => [accountOf(t.client), {}] },
    { service: 'sv-accounts', method: 'create', gate: ADM, scope: 'client', call: (t) => [{ company_no: t.client, kontonr: String(nextKonto++) }, {}] },
    { service: 'sv-accounts', method: 'patch', gate: ADM, scope: 'client', call: (t) => [accountOf(t.client), { responsible: 'Anna Berger' }, {}] },
    { service: 'sv-transactions', method: 'find', gate: ADM, scope: 'client-list', call: (t) => [{ company_no: t.client }] },
    { service: 'sv-transactions', method: 'get', gate: ADM, scope: 'client', call: (t) => [bookings.get(t.client) ?? 'missing', {}] },
    {
      service: 'sv-transactions',
      method: 'create',
      gate: ADM,
      scope: 'client',
      call: (t) => [{ account_id: accountOf(t.client), entry: { buchungsDatum: '2025-02-10', buchungstext: 'Zahlung', haben: 1 } }, {}],
    },
    {
      service: 'sv-transactions',
      method: 'patch',
      gate: ADM,
      scope: 'client',
      call: (t) => [bookings.get(t.client) ?? 'missing', { buchungstext: 'Beiträge 01/2025', reason: 'Matrix' }, {}],
    },
    { service: 'sv-interest-rates', method: 'find', gate: ADM, scope: 'firm', call: () => [{}] },
    { service: 'sv-interest-rates', method: 'get', gate: ADM, scope: 'firm', call: () => [2025, {}] },
    { service: 'sv-interest-rates', method: 'create', gate: ADM, scope: 'firm', call: () => [{ year: 2025, rate: 7.03 }, {}] },
    ...none('sv-accounts', 'update', 'remove'),
    ...none('sv-transactions', 'update', 'remove'),
    ...none('sv-interest-rates', 'update', 'patch', 'remove'),
  ],
};
