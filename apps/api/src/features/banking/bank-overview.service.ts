import { mayAccessClient, SERVICES, type BankAccount, type BankOverviewRow } from '@portal/contracts';
import { BANK_ACCESSES, BANK_ACCOUNTS, COMPANIES } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { validate } from '../validate';
import { presentAccess } from './bank-accesses.service';
import type { BankingConfig } from './banking-config';
import { BANKING_ADMIN } from './banking-permissions';

/** "No statement for 7 days". */
export const STALE_DAYS = 7;
const SORTS = ['days_left', 'last_statement_date', 'balance_cents', 'client_no'] as const;
const findSchema = z.strictObject({
  filter: z.enum(['all', 'expired', 'expiring', 'stale']).optional(),
  client_no: z.coerce.number().int().positive().optional(),
  $sort: z.partialRecord(z.enum(SORTS), z.coerce.number().pipe(z.union([z.literal(1), z.literal(-1)]))).optional(),
  $skip: z.coerce.number().int().min(0).optional(),
  $limit: z.coerce.number().int().min(0).max(1000).optional(),
});

const maxDate = (dates: Array<string | null>) => dates.reduce<string | null>((m, d) => (d && (m === null || d > m) ? d : m), null);

/** Every client's accesses and the accounts without one, with days left, last statement and balance. */
export async function overviewRows(store: ReadStore, config: BankingConfig): Promise<BankOverviewRow[]> {
  const all = { where: {}, sort: [] as [string, 1 | -1][], skip: 0, limit: 1_000_000 };
  const [accesses, accounts, companies] = await Promise.all([
    store.find(BANK_ACCESSES, all),
    store.find(BANK_ACCOUNTS, { ...all, where: { archived: false } }),
    store.find(COMPANIES, all),
  ]);
  const names = new Map(companies.data.map((c) => [c.company_no, c.company_name]));
  const byId = new Map(accounts.data.map((a) => [a.id, a]));
  const now = config.clock();
  const staleBefore = new Date(now.getTime() - STALE_DAYS * 86_400_000).toISOString().slice(0, 10);
  const rows: BankOverviewRow[] = [];
  const covered = new Set<string>();
  const row = (base: Omit<BankOverviewRow, 'balance_cents' | 'currency' | 'ibans' | 'last_statement_date' | 'stale'>, list: BankAccount[]): BankOverviewRow => {
    const last = maxDate(list.map((a) => maxDate([a.last_statement_date, a.last_booking_date])));
    return {
      ...base,
      ibans: list.map((a) => a.iban),
      balance_cents: list.reduce((s, a) => s + a.balance_cents, 0),
      currency: list[0]?.currency ?? 'EUR',
      last_statement_date: last,
      stale: last === null || last < staleBefore,
    };
  };
  for (const doc of accesses.data) {
    const access = presentAccess(doc, now, config.warningDays);
    if (access.validity === 'revoked') continue;
    const list = access.account_ids.map((id) => byId.get(id)).filter((a): a is BankAccount => a !== undefined);
    list.forEach((a) => covered.add(a.id));
    rows.push(
      row(
        {
          id: `access-${access.id}`,
          client_no: access.client_no,
          company_name: names.get(access.client_no) ?? '',
          kind: 'access',
          access_id: access.id,
          institution_name: access.institution_name,
          account_ids: access.account_ids,
          validity: access.validity,
          days_left: access.days_left,
          valid_until: access.valid_until,
        },
        list,
      ),
    );
  }
  for (const a of byId.values()) {
    if (covered.has(a.id)) continue;
    rows.push(
      row(
        {
          id: `account-${a.id}`,
          client_no: a.client_no,
          company_name: names.get(a.client_no) ?? '',
          kind: 'account',
          access_id: null,
          institution_name: a.bank_name,
          account_ids: [a.id],
          validity: null,
          days_left: null,
          valid_until: null,
        },
        [a],
      ),
    );
  }
  return rows;
}

/**
 * bank-overview (adm only; the admin banking overview): find { filter: expired | expiring | stale, client_no,
 * $sort by days_left (default), last_statement_date, balance_cents or client_no }. `expiring` counts what
 * the drawer badge shows.
 */
export function bankOverviewService(store: ReadStore, config: BankingConfig): ServiceDefinition {
  return {
    path: SERVICES.bankOverview,
    methods: {
      find: {
        anyOf: BANKING_ADMIN,
        async run(context, args) {
          const q = validate(findSchema, args.query, 'query');
          // An administrator sees the clients assigned to them (all, for most firms' administrators).
          let rows = (await overviewRows(store, config)).filter((r) => mayAccessClient(context.user, r.client_no));
          if (q.client_no) rows = rows.filter((r) => r.client_no === q.client_no);
          if (q.filter === 'expired') rows = rows.filter((r) => r.validity === 'expired');
          if (q.filter === 'expiring') rows = rows.filter((r) => r.validity === 'expiring');
          if (q.filter === 'stale') rows = rows.filter((r) => r.stale);
          const [field, direction] = (Object.entries(q.$sort ?? { days_left: 1 })[0] ?? ['days_left', 1]) as [(typeof SORTS)[number], 1 | -1];
          const value = (r: BankOverviewRow) => r[field];
          rows.sort((a, b) => {
            const x = value(a);
            const y = value(b);
            if (x === y) return a.client_no - b.client_no || a.id.localeCompare(b.id);
            if (x === null) return 1;
            if (y === null) return -1;
            return (x < y ? -1 : 1) * direction;
          });
          const skip = q.$skip ?? 0;
          const limit = q.$limit ?? 200;
          return { total: rows.length, limit, skip, data: rows.slice(skip, skip + limit) };
        },
      },
    },
  };
}
