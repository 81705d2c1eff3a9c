import { BadRequest, SERVICES } from '@portal/contracts';
import { BANK_TRANSACTIONS } from '@portal/projector';
import { parseQuery, type Doc, type ReadStore } from '@portal/read-store';
import { readModelService } from '../../gateway/read-model-service';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { BANKING } from './banking-permissions';

const FIELDS = ['client_no', 'account_id', 'status', 'booking_date', 'value_date', 'amount_cents', 'abs_cents', 'direction', 'match_status', 'import_id', 'counterparty_name', 'counterparty_iban', 'reversal', 'currency', 'batch_ref'] as const;

/** What leaves the server: the record without its search helpers. */
const present = (doc: Doc) => {
  const { abs_cents: _a, search_refs: _s, ...rest } = doc;
  return rest;
};

/**
 * bank-transactions (adm or ban, client scope): find with the Feathers filters (account_id, status booked |
 * pending, booking_date ranges, abs_cents ranges for the amount, direction credit | debit, match_status),
 * `search` for party, purpose, IBAN and references (full text, best hits first); get by id.
 */
export function bankTransactionsService(store: ReadStore): ServiceDefinition {
  const base = readModelService(store, { collection: BANK_TRANSACTIONS, fields: FIELDS, defaultLimit: 100, maxLimit: 1000, clientField: 'client_no', read: BANKING, parseId: (raw) => String(raw), present, extraKeys: ['search'] });
  return {
    path: SERVICES.bankTransactions,
    mirror: base.mirror,
    methods: {
      find: {
        anyOf: BANKING,
        async run(context, args) {
          const search = args.query.search;
          if (search === undefined || search === '') return base.find.run(context, args);
          if (typeof search !== 'string' || search.length > 200) throw BadRequest('search must be a text of at most 200 characters.');
          const { query } = parseQuery(args.query, { fields: FIELDS, defaultLimit: 100, maxLimit: 1000, extraKeys: ['search'] });
          const where = context.user.all_clients ? query.where : { $and: [query.where, { client_no: { $in: context.user.klienten_array } }] };
          const page = await store.search(BANK_TRANSACTIONS, { text: search, where, skip: query.skip, limit: query.limit });
          return { total: page.total, limit: page.limit, skip: page.skip, data: page.data.map((h) => present(h.doc)) };
        },
      },
      get: base.get,
    },
  };
}
