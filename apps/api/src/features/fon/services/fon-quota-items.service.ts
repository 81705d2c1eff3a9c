import { BadRequest, dayIn, SERVICES } from '@portal/contracts';
import { firmTimeZone } from '../../../config/firm-time-zone';
import { quotaBookDecider, quotaBookStreamId } from '@portal/domain';
import { FON_QUOTA_COUNTS, FON_QUOTA_FILINGS, FON_QUOTA_ITEMS, presentFonQuotaItem, type QuotaCounts, type QuotaFilings } from '@portal/read-models';
import { parseQuery, type ReadStore } from '@portal/read-store';
import { readModelService } from '../../../gateway/read-model-service';
import type { ServiceDefinition } from '../../../gateway/service-definition';
import type { CommandSender } from '../../../platform/domain-command';
import { commandContextOf } from '../../command-context';
import { validate } from '../../validate';
import { relevanceSchema } from '../fon.schema';
import { facetsOf, quotaSummaryOf } from '../quota/quota-summary';
import { ADM } from './adm';

const FIELDS = [
  'firm_id',
  'tax_year',
  'tax_office',
  'status',
  'name',
  'taxId',
  'ntcsPersNr',
  'abgabedatum',
  'eingangsDatum',
  'quotenArt',
  'zustMa',
  'conflict_kind',
  'registered',
  'client_no',
] as const;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * fon-quota-items (adm): the returns of the quota (spec §3 columns), filtered by firm_id, tax_year, status,
 * zustMa, tax_office, conflict_kind, `search` (name, tax number, NTCS number). `view: 'quota'` answers the
 * quota per tax office instead (QuotaSummary, as of `as_of` or today in the firm's time zone: a deadline day begins
 * at Vienna's midnight), `view: 'facets'` the filter choices.
 * patch `{ not_relevant, remark }` takes a return off the quota (a remark is required) or back on.
 */
export function fonQuotaItemsService(
  store: ReadStore,
  commands: CommandSender,
  clock: () => Date = () => new Date(),
  timeZone: () => Promise<string> = () => firmTimeZone(store),
): ServiceDefinition {
  const base = readModelService(store, {
    collection: FON_QUOTA_ITEMS,
    fields: FIELDS,
    defaultLimit: 200,
    maxLimit: 20_000,
    clientField: null,
    read: ADM,
    parseId: (raw) => String(raw),
    present: presentFonQuotaItem,
    extraKeys: ['view', 'as_of', 'search'],
  });
  const bookOf = (query: Record<string, unknown>) => {
    const firmId = query.firm_id;
    const taxYear = Number(query.tax_year);
    if (typeof firmId !== 'string' || !Number.isInteger(taxYear)) throw BadRequest('The quota needs firm_id and tax_year.');
    return { firm_id: firmId, tax_year: taxYear };
  };
  const countsOf = async (query: Record<string, unknown>): Promise<QuotaCounts[]> => {
    const page = await store.find(FON_QUOTA_COUNTS, { where: bookOf(query), sort: [['tax_office', 1]], skip: 0, limit: 1000 });
    return page.data;
  };
  /** The filings per month of every office of the firm and year, by office. */
  const filingsOf = async (query: Record<string, unknown>): Promise<Map<string, QuotaFilings[]>> => {
    const byOffice = new Map<string, QuotaFilings[]>();
    const page = await store.find(FON_QUOTA_FILINGS, { where: bookOf(query), sort: [['id', 1]], skip: 0, limit: 100_000 });
    for (const filings of page.data) {
      byOffice.set(filings.tax_office, [...(byOffice.get(filings.tax_office) ?? []), filings]);
    }
    return byOffice;
  };
  return {
    path: SERVICES.fonQuotaItems,
    mirror: base.mirror,
    methods: {
      find: {
        anyOf: ADM,
        async run(context, args) {
          const { view, as_of: asOf, search } = args.query;
          if (view === 'quota') {
            const now = clock();
            if (asOf !== undefined && (typeof asOf !== 'string' || !DATE.test(asOf))) throw BadRequest('as_of is a date YYYY-MM-DD.');
            const day = (asOf as string | undefined) ?? dayIn(await timeZone(), now);
            const filings = await filingsOf(args.query);
            const data = (await countsOf(args.query))
              .filter((c) => c.items > 0)
              .map((c) => quotaSummaryOf(c, filings.get(c.tax_office) ?? [], day, now.toISOString()));
            return { total: data.length, limit: data.length, skip: 0, data };
          }
          if (view === 'facets') return facetsOf(await countsOf(args.query));
          if (view !== undefined) throw BadRequest("view is 'quota' or 'facets'.");
          if (search === undefined || search === '') return base.find.run(context, args);
          if (typeof search !== 'string' || search.length > 200) throw BadRequest('search must be a text of at most 200 characters.');
          const { query } = parseQuery(args.query, { fields: FIELDS, defaultLimit: 200, maxLimit: 20_000, extraKeys: ['view', 'as_of', 'search'] });
          const page = await store.search(FON_QUOTA_ITEMS, { text: search, where: query.where, skip: query.skip, limit: query.limit });
          return { total: page.total, limit: page.limit, skip: page.skip, data: page.data.map((h) => presentFonQuotaItem(h.doc)) };
        },
      },
      get: base.get,
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const item = presentFonQuotaItem(await base.load(context.user, args.id));
          const input = validate(relevanceSchema, args.data, 'relevance');
          await commands.send(
            quotaBookDecider,
            quotaBookStreamId(item.firm_id, item.tax_year, item.tax_office),
            { type: 'SetFonItemRelevance', itemId: item.id, notRelevant: input.not_relevant, remark: input.remark ?? null },
            commandContextOf(context, item.client_no),
          );
          return presentFonQuotaItem((await store.get(FON_QUOTA_ITEMS, item.id))!);
        },
      },
    },
  };
}
