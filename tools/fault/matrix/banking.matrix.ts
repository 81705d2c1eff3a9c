import { composeIBAN } from '@portal/domain';
import { call } from '../../harness/clients';
import { none, type MatrixFeature, type Target } from './matrix-types';
import { BANKING, BANKING_ADMIN } from '@portal/api';
import { SANDBOX_INSTITUTION } from '@portal/api';

/** Per company: one account, transaction, access and import of the demo data, found as admin. */
const ids: Record<number, { account: string; transaction: string; access: string; accessAccounts: string[]; import: string }> = {};
const of = (t: Target) => ids[t.client] ?? { account: `${t.client}-none`, transaction: 'none', access: 'none', accessAccounts: ['none'], import: 'none' };

/**
 * Matches: per company booked credits not matched yet and one receivable. Each create call takes the next credit
 * (one cent to the receivable, under its own commandId so the match id is known); the same user's remove call
 * then undoes that match.
 */
const credits: Record<number, string[]> = {};
const receivableOf: Record<number, string> = {};
const matchOf = new Map<string, { transaction: string; match: string }>();
const matchCall = (t: Target) => {
  const transaction = credits[t.client]?.shift() ?? 'none';
  const commandId = `matrix-match-${t.year}`;
  matchOf.set(`${t.client}:${t.userId}`, { transaction, match: `m-${commandId}` });
  return [{ transaction_id: transaction, allocations: [{ open_item_id: receivableOf[t.client] ?? '0', amount_cents: 1 }] }, { commandId }];
};
const undoCall = (t: Target) => {
  const made = matchOf.get(`${t.client}:${t.userId}`) ?? { transaction: 'none', match: 'none' };
  return [made.match, { transaction_id: made.transaction }];
};
const first = async (admin: Parameters<NonNullable<MatrixFeature['prepare']>>[0], service: string, query: Record<string, unknown>) => {
  const [error, page] = await call(admin, 'find', [service, { ...query, $limit: 1 }]);
  if (error) throw new Error(`${service}: ${error.message}`);
  return (page as { data: Array<Record<string, unknown>> }).data[0] ?? null;
};

/** Banking: adm or ban with client scope; the overview adm only. */
export const bankingMatrix: MatrixFeature = {
  name: 'banking',
  async prepare(admin, companies) {
    for (const client of companies) {
      const account = await first(admin, 'bank-accounts', { client_no: client });
      const transaction = await first(admin, 'bank-transactions', { client_no: client });
      const access = await first(admin, 'bank-accesses', { client_no: client, revoked_at: null });
      const record = await first(admin, 'bank-imports', { client_no: client });
      if (account && transaction && access && record)
        ids[client] = {
          account: String(account.id),
          transaction: String(transaction.id),
          access: String(access.id),
          accessAccounts: access.account_ids as string[],
          import: String(record.id),
        };
      const [, open] = await call(admin, 'find', [
        'bank-transactions',
        { client_no: client, status: 'booked', direction: 'credit', match_status: 'unmatched', $limit: 20 },
      ]);
      credits[client] = ((open as { data: Array<{ id: string }> } | undefined)?.data ?? []).map((x) => x.id);
      const receivable = await first(admin, 'open-items', { client_no: client, kind: 'receivable', status: 'open' });
      if (receivable) receivableOf[client] = String(receivable.id);
    }
  },
  // prettier-ignore
  rows: [
    { service: 'bank-accounts', method: 'find',   gate: BANKING, scope: 'client-list', call: (t) => [{ client_no: t.client }] },
    { service: 'bank-accounts', method: 'get',    gate: BANKING, scope: 'client', call: (t) => [of(t).account, {}] },
    { service: 'bank-accounts', method: 'create', gate: BANKING, scope: 'client', call: (t) => [{ client_no: t.client, iban: composeIBAN({ countryCode: 'AT', bban: `12000${String(t.year * 10 + (t.client % 10)).padStart(11, '0')}` }), bic: null, bank_name: 'Matrixbank', type: 'savings', currency: 'EUR', label: 'Matrix', opening_balance_cents: 0, opening_date: '2026-01-01' }, {}] },
    { service: 'bank-accounts', method: 'patch',  gate: BANKING, scope: 'client', call: (t) => [of(t).account, { label: 'Geschäftskonto' }, {}] },
    ...none('bank-accounts', 'update', 'remove'),
    { service: 'bank-transactions', method: 'find', gate: BANKING, scope: 'client-list', call: (t) => [{ client_no: t.client, $limit: 5 }] },
    { service: 'bank-transactions', method: 'get',  gate: BANKING, scope: 'client', call: (t) => [of(t).transaction, {}] },
    ...none('bank-transactions', 'create', 'update', 'patch', 'remove'),
    { service: 'bank-accesses', method: 'find',  gate: BANKING, scope: 'client-list', call: (t) => [{ client_no: t.client }] },
    { service: 'bank-accesses', method: 'get',   gate: BANKING, scope: 'client', call: (t) => [of(t).access, {}] },
    { service: 'bank-accesses', method: 'create', gate: BANKING, scope: 'client', note: 'sandbox', call: (t) => [{ client_no: t.client, source: 'sandbox', institution_id: SANDBOX_INSTITUTION.id }, {}] },
    { service: 'bank-accesses', method: 'patch', gate: BANKING, scope: 'client', note: 'same accounts', call: (t) => [of(t).access, { action: 'update', account_ids: of(t).accessAccounts }, {}] },
    ...none('bank-accesses', 'update', 'remove'),
    { service: 'bank-imports', method: 'find', gate: BANKING, scope: 'client-list', call: (t) => [{ client_no: t.client }] },
    { service: 'bank-imports', method: 'get',  gate: BANKING, scope: 'client', call: (t) => [of(t).import, {}] },
    ...none('bank-imports', 'create', 'update', 'patch', 'remove'),
    { service: 'bank-balances', method: 'get', gate: BANKING, scope: 'client', call: (t) => [of(t).account, {}] },
    ...none('bank-balances', 'find', 'create', 'update', 'patch', 'remove'),
    { service: 'bank-matches', method: 'find', gate: BANKING, scope: 'client-list', call: (t) => [{ client_no: t.client, $limit: 5 }] },
    { service: 'bank-matches', method: 'create', gate: BANKING, scope: 'client', note: 'one cent', call: matchCall },
    { service: 'bank-matches', method: 'remove', gate: BANKING, scope: 'client', note: 'that match', call: undoCall },
    ...none('bank-matches', 'get', 'update', 'patch'),
    { service: 'bank-overview', method: 'find', gate: BANKING_ADMIN, scope: 'firm', call: () => [{ filter: 'expiring' }] },
    ...none('bank-overview', 'get', 'create', 'update', 'patch', 'remove'),
    { service: 'bank-institutions', method: 'find', gate: BANKING, scope: 'firm', call: () => [{}] },
    ...none('bank-institutions', 'get', 'create', 'update', 'patch', 'remove'),
  ],
};
