import { SERVICES, type BankAccount, type BankBalanceSeries } from '@portal/contracts';
import { BANK_ACCOUNT_DAYS, BANK_ACCOUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { BANKING } from './banking-permissions';

/** The end-of-day balances of an account from its opening date on: one point per booking day. */
export async function balanceSeries(store: ReadStore, account: BankAccount): Promise<BankBalanceSeries> {
  const days = await store.find(BANK_ACCOUNT_DAYS, {
    where: { account_id: account.id, date: { $gte: account.opening_date } },
    sort: [['date', 1]],
    skip: 0,
    limit: 100_000,
    select: ['date', 'sum_cents'],
  });
  let balance = account.opening_balance_cents;
  const points = [{ date: account.opening_date, balance_cents: balance }];
  for (const d of days.data) {
    balance += d.sum_cents as number;
    if (d.date === account.opening_date) points[0]!.balance_cents = balance;
    else points.push({ date: d.date as string, balance_cents: balance });
  }
  return { id: account.id, account_id: account.id, currency: account.currency, points };
}

/** bank-balances (adm or ban, client scope): get with an account id answers its balance series for the chart. */
export function bankBalancesService(store: ReadStore): ServiceDefinition {
  const accounts = readModelService(store, {
    collection: BANK_ACCOUNTS,
    fields: [],
    defaultLimit: 1,
    maxLimit: 1,
    clientField: 'client_no',
    read: BANKING,
    parseId: (raw) => String(raw),
  });
  return {
    path: SERVICES.bankBalances,
    methods: {
      get: { anyOf: BANKING, run: async (context, args) => balanceSeries(store, await accounts.load(context.user, args.id)) },
    },
  };
}
