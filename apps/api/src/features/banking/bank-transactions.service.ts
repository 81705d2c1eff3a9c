import { BadRequest, SERVICES, type BankTransaction, type MatchStatus, type Query, type User, type Where } from '@portal/contracts';
import { matchStatusSeenOf } from '@portal/domain';
import { BANK_TRANSACTIONS, type StoredBankTransaction } from '@portal/read-models';
import { parseQuery, type ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { mayReadPayrollMarked, maySeePayroll } from '../documents/document-read-rule';
import { BANKING } from './banking-permissions';

const FIELDS = [
  'client_no',
  'account_id',
  'status',
  'booking_date',
  'value_date',
  'amount_cents',
  'abs_cents',
  'direction',
  'match_status',
  'import_id',
  'counterparty_name',
  'counterparty_iban',
  'reversal',
  'currency',
  'batch_ref',
] as const;

/** The record without its search helpers; the status kept for users without dpv goes on to `transactionFor`. */
const present = (doc: StoredBankTransaction) => {
  const { abs_cents: _a, search_refs: _s, ...rest } = doc;
  return rest;
};

const STATUS = 'match_status';
const STATUS_WITHOUT_PAYROLL = 'match_status_without_payroll';

/** A filter on match_status, read from the status stored with payroll allocations left out. */
function whereWithoutPayroll(where: Where): Where {
  return Object.fromEntries(
    Object.entries(where).map(([key, value]) =>
      key === '$and' || key === '$or' ? [key, (value as Where[]).map(whereWithoutPayroll)] : [key === STATUS ? STATUS_WITHOUT_PAYROLL : key, value],
    ),
  );
}

/** Without dpv, match_status in a filter, sort or selection means the status this user sees, so a hidden match cannot be found by it. */
export function transactionQueryFor(user: User, query: Query): Query {
  if (maySeePayroll(user)) return query;
  const field = (name: string) => (name === STATUS ? STATUS_WITHOUT_PAYROLL : name);
  return {
    ...query,
    where: whereWithoutPayroll(query.where),
    sort: query.sort.map(([name, direction]) => [field(name), direction]),
    ...(query.select ? { select: query.select.map(field) } : {}),
  };
}

/**
 * What one user sees of a transaction: without dpv, its matches hold no allocation to a payroll document, and
 * the matched amount and status are those matchStatusSeenOf gives: a hidden allocation shows the transaction
 * as matched, with nothing left to suggest or allocate and no amount of the hidden allocation.
 */
export function transactionFor(user: User, presented: unknown): unknown {
  const { [STATUS_WITHOUT_PAYROLL]: statusWithoutPayroll, ...tx } = presented as BankTransaction & { [STATUS_WITHOUT_PAYROLL]?: MatchStatus };
  if (maySeePayroll(user)) return tx;
  const seen = statusWithoutPayroll === undefined ? tx : { ...tx, match_status: statusWithoutPayroll };
  if (!seen.matches?.some((m) => m.allocations.some((a) => a.payroll === true))) return seen;
  const hiding = seen.matches.map((m) => ({
    allocations: m.allocations.map((a) => ({ amount_cents: a.amount_cents, hidden: !mayReadPayrollMarked(user, a) })),
  }));
  const matches = seen.matches
    .map((m) => ({ ...m, allocations: m.allocations.filter((a) => mayReadPayrollMarked(user, a)) }))
    .filter((m) => m.allocations.length > 0);
  return { ...seen, matches, ...matchStatusSeenOf(seen.amount_cents, hiding) };
}

/** A stored transaction as one user receives it (also the reply of bank-matches). */
export const transactionReply = (user: User, doc: StoredBankTransaction | null): unknown => (doc ? transactionFor(user, present(doc)) : null);

/**
 * bank-transactions (adm or ban, client scope): find with the Feathers filters (account_id, status booked |
 * pending, booking_date ranges, abs_cents ranges for the amount, direction credit | debit, match_status),
 * `search` for party, purpose, IBAN and references (full text, best hits first); get by id.
 */
export function bankTransactionsService(store: ReadStore): ServiceDefinition {
  const base = readModelService(store, {
    collection: BANK_TRANSACTIONS,
    fields: FIELDS,
    defaultLimit: 100,
    maxLimit: 1000,
    clientField: 'client_no',
    read: BANKING,
    parseId: (raw) => String(raw),
    present,
    extraKeys: ['search'],
    queryFor: transactionQueryFor,
  });
  return {
    path: SERVICES.bankTransactions,
    mirror: { ...base.mirror, presentFor: transactionFor },
    methods: {
      find: {
        anyOf: BANKING,
        async run(context, args) {
          const search = args.query.search;
          if (search === undefined || search === '') {
            const page = (await base.find.run(context, args)) as { data: unknown[] };
            return { ...page, data: page.data.map((tx) => transactionFor(context.user, tx)) };
          }
          if (typeof search !== 'string' || search.length > 200) throw BadRequest('search must be a text of at most 200 characters.');
          const query = transactionQueryFor(
            context.user,
            parseQuery(args.query, { fields: FIELDS, defaultLimit: 100, maxLimit: 1000, extraKeys: ['search'] }).query,
          );
          const where = context.user.all_clients ? query.where : { $and: [query.where, { client_no: { $in: context.user.klienten_array } }] };
          const page = await store.search(BANK_TRANSACTIONS, { text: search, where, skip: query.skip, limit: query.limit });
          return { total: page.total, limit: page.limit, skip: page.skip, data: page.data.map((h) => transactionFor(context.user, present(h.doc))) };
        },
      },
      get: { anyOf: BANKING, run: async (context, args) => transactionFor(context.user, await base.get.run(context, args)) },
    },
  };
}
