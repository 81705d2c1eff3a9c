import { randomUUID } from 'node:crypto';
import { BadRequest, NotFound, SERVICES, type SvImportResult, type SvTransaction, type User } from '@portal/contracts';
import { SV_RATES_STREAM, svAccountDecider, svAccountStreamId, svRatesDecider, type SvAccountDetails, type SvBooking, type SvRateTable } from '@portal/domain';
import { SV_ACCOUNTS, SV_INTEREST_RATES, SV_TRANSACTIONS, type StoredSvAccount } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { firmToday } from '../../config/firm-time-zone';
import type { z } from 'zod';
import type { CommandSender } from '../../platform/domain-command';
import { readModelService } from '../../gateway/read-model-service';
import type { CallContext, ServiceDefinition } from '../../gateway/service-definition';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { computeAccount } from './sv-figures';
import { parseStatement, statementError } from './statement-csv';
import { join } from 'node:path';
import { offLoop } from '../../platform/off-loop';

/** The compiled worker that reads statement CSVs off the event loop (see offLoop). */
const PARSE_WORKER = join(__dirname, 'statement-parse-worker.js');
import { accountDetailsSchema, correctionSchema, openAccountSchema, rateSchema, transactionCreateSchema } from './sv-tool.schema';

const ADM = ['adm' as const];
/** Accounts computed at once for `in_arrears` (arrears depend on the day asked, so the filter runs on computed figures). */
const MAX_ACCOUNTS = 5000;

type DetailsInput = z.infer<typeof accountDetailsSchema>;

/** The wire's snake_case details as the domain's. */
function detailsOf(input: DetailsInput): Partial<SvAccountDetails> {
  const out: Partial<SvAccountDetails> = {};
  if (input.kind !== undefined) out.kind = input.kind;
  if (input.ntcs_id !== undefined) out.ntcsId = input.ntcs_id ?? null;
  if (input.kanzlei_id !== undefined) out.kanzleiId = input.kanzlei_id ?? null;
  if (input.kassa_mandant !== undefined) out.kassaMandant = input.kassa_mandant ?? null;
  if (input.responsible !== undefined) out.responsible = input.responsible ?? null;
  if (input.verzugszinsatz_pro_jahr !== undefined) out.rateOverride = input.verzugszinsatz_pro_jahr;
  if (input.sepa !== undefined) {
    out.sepa = input.sepa && {
      mandateReference: input.sepa.mandate_reference,
      scheme: input.sepa.scheme,
      sequence: input.sepa.sequence,
      creditorId: input.sepa.creditor_id,
      debtorName: input.sepa.debtor_name,
      debtorIban: input.sepa.debtor_iban,
      signatureDate: input.sepa.signature_date,
    };
  }
  if (input.pension)
    out.pension = {
      insuranceNumber: input.pension.insurance_number ?? null,
      pensionType: input.pension.pension_type ?? null,
      since: input.pension.since ?? null,
    };
  if (input.partner)
    out.partner = { name: input.partner.name ?? null, insuranceNumber: input.partner.insurance_number ?? null, relation: input.partner.relation ?? null };
  if (input.power_of_attorney) {
    const p = input.power_of_attorney;
    out.powerOfAttorney = { holder: p.holder ?? null, grantedOn: p.granted_on ?? null, validUntil: p.valid_until ?? null, scope: p.scope ?? null };
  }
  return out;
}

const EMPTY_DETAILS: SvAccountDetails = {
  kind: 'OEGK',
  ntcsId: null,
  kanzleiId: null,
  kassaMandant: null,
  responsible: null,
  rateOverride: null,
  sepa: null,
  pension: { insuranceNumber: null, pensionType: null, since: null },
  partner: { name: null, insuranceNumber: null, relation: null },
  powerOfAttorney: { holder: null, grantedOn: null, validUntil: null, scope: null },
};

export async function rateTable(store: ReadStore): Promise<SvRateTable> {
  const page = await store.find(SV_INTEREST_RATES, { where: {}, sort: [], skip: 0, limit: 1000 });
  return Object.fromEntries(page.data.map((r) => [r.year as number, r.rate as number]));
}

/** Every booking of one account, oldest first (its count is on the account, so nothing is cut off). */
export async function bookingsOf(store: ReadStore, account: Pick<StoredSvAccount, 'id' | 'transaction_count'>): Promise<SvTransaction[]> {
  const page = await store.find(SV_TRANSACTIONS, {
    where: { account_id: account.id },
    sort: [
      ['buchungsDatum', 1],
      ['id', 1],
    ],
    skip: 0,
    limit: Math.max(1, account.transaction_count),
  });
  return page.data;
}

/** Account reads in flight at once (the read store answers them from its worker threads). */
const CONCURRENT_READS = 8;

/** The bookings of each account, read account by account. */
export async function transactionsOf(
  store: ReadStore,
  accounts: ReadonlyArray<Pick<StoredSvAccount, 'id' | 'transaction_count'>>,
): Promise<Map<string, SvTransaction[]>> {
  const byAccount = new Map<string, SvTransaction[]>();
  for (let i = 0; i < accounts.length; i += CONCURRENT_READS) {
    const chunk = accounts.slice(i, i + CONCURRENT_READS);
    const lists = await Promise.all(chunk.map((account) => bookingsOf(store, account)));
    chunk.forEach((account, j) => byAccount.set(account.id, lists[j]!));
  }
  return byAccount;
}

/**
 * sv-accounts (adm): the contribution accounts with their figures computed for today (`as_of` in the query
 * picks another day); `in_arrears=true` keeps the accounts in arrears. get adds the periods and the balance
 * over time; create opens an account, patch changes its details (SEPA mandate, pension, partner, power of attorney).
 */
export function svAccountsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: SV_ACCOUNTS,
    fields: ['id', 'company_no', 'kontonr', 'state', 'responsible', 'updated_at'],
    defaultLimit: 100,
    maxLimit: 5000,
    clientField: 'company_no',
    read: ADM,
    parseId: (raw) => String(raw),
    extraKeys: ['as_of', 'in_arrears'],
  });
  const today = () => firmToday(store);
  const dayOf = async (query: Record<string, unknown>) => {
    const asOf = query.as_of;
    if (asOf === undefined) return today();
    if (typeof asOf !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(asOf)) throw BadRequest('as_of is a date YYYY-MM-DD.');
    return asOf;
  };
  const detail = async (user: User, id: string | number, day: string) => {
    const account = await base.load(user, id);
    return computeAccount(account, await bookingsOf(store, account), await rateTable(store), day);
  };
  return {
    path: SERVICES.svAccounts,
    mirror: base.mirror,
    methods: {
      find: {
        anyOf: ADM,
        async run(context, args) {
          const day = await dayOf(args.query);
          const inArrears = args.query.in_arrears === true || args.query.in_arrears === 'true';
          // In arrears is a figure of the day: every matching account is computed, then the page is cut from those in arrears.
          const query = inArrears ? { ...args.query, $skip: 0, $limit: MAX_ACCOUNTS } : args.query;
          const page = (await base.find.run(context, { ...args, query })) as { total: number; limit: number; skip: number; data: StoredSvAccount[] };
          const accounts = page.data;
          const [txs, rates] = await Promise.all([transactionsOf(store, accounts), rateTable(store)]);
          const data = accounts.map((a) => {
            const { periods: _p, balance_over_time: _b, missing_rate_years: _m, ...listed } = computeAccount(a, txs.get(a.id) ?? [], rates, day);
            return listed;
          });
          if (!inArrears) return { ...page, data };
          const owing = data.filter((a) => a.arrears > 0);
          const skip = Number(args.query.$skip ?? 0) || 0;
          const limit = args.query.$limit === undefined ? page.limit : Number(args.query.$limit);
          return { total: owing.length, skip, limit, data: owing.slice(skip, skip + limit) };
        },
      },
      get: { anyOf: ADM, run: async (context, args) => detail(context.user, args.id!, await dayOf(args.query)) },
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(openAccountSchema, args.data, 'account');
          const { company_no, kontonr, ...rest } = input;
          const accountId = `${company_no}-${kontonr}`;
          await commands.send(
            svAccountDecider,
            svAccountStreamId(accountId),
            { type: 'OpenSvAccount', accountId, companyNo: company_no, kontonr, details: { ...EMPTY_DETAILS, ...detailsOf(rest) } },
            commandContextOf(context, company_no),
          );
          return detail(context.user, accountId, await today());
        },
      },
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const account = await base.load(context.user, args.id);
          const changes = detailsOf(validate(accountDetailsSchema, args.data, 'account'));
          await commands.send(
            svAccountDecider,
            svAccountStreamId(account.id),
            { type: 'ChangeSvAccount', changes },
            commandContextOf(context, account.company_no),
          );
          return detail(context.user, account.id, await today());
        },
      },
    },
  };
}

const bookingOf = (
  id: string,
  e: {
    buchungsDatum: string;
    wertstellungsDatum?: string | null;
    buchungstext: string;
    beitragszeitraum?: string | null;
    soll?: number;
    haben?: number;
    buchungszustand?: SvBooking['state'];
  },
): SvBooking => ({
  id,
  bookingDate: e.buchungsDatum,
  valueDate: e.wertstellungsDatum ?? null,
  text: e.buchungstext,
  period: e.beitragszeitraum ?? null,
  debit: e.soll ?? 0,
  credit: e.haben ?? 0,
  state: e.buchungszustand ?? '',
});

/**
 * sv-transactions (adm): the bookings of an account (find by account_id). create imports a statement (CSV,
 * base64; idempotent: bookings already there are skipped; unreadable lines come back with their reasons) or
 * records one manual booking; patch corrects a booking with a reason. Each is an event with who and when.
 */
export function svTransactionsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: SV_TRANSACTIONS,
    fields: ['id', 'account_id', 'company_no', 'buchungsDatum', 'beitragszeitraum', 'buchungszustand', 'source'],
    defaultLimit: 500,
    maxLimit: 5000,
    clientField: 'company_no',
    read: ADM,
    parseId: (raw) => String(raw),
  });
  const accounts = readModelService(store, {
    collection: SV_ACCOUNTS,
    fields: ['id'],
    defaultLimit: 1,
    maxLimit: 1,
    clientField: 'company_no',
    read: ADM,
    parseId: (raw) => String(raw),
  });
  const accountOf = async (context: CallContext, id: string) => await accounts.load(context.user, id);
  return {
    path: SERVICES.svTransactions,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const input = validate(transactionCreateSchema, args.data, 'booking');
          const account = await accountOf(context, input.account_id);
          // Booking dates are checked against today in the firm's calendar, not UTC's.
          const ctx = { ...commandContextOf(context, account.company_no), today: await firmToday(store) };
          if ('import' in input) {
            const bytes = Buffer.from(input.import.content_base64, 'base64');
            const parsed = await offLoop<ReturnType<typeof parseStatement>>(PARSE_WORKER, { bytes }, () => parseStatement(bytes));
            const foreign = parsed.lines.filter((l) => l.kontonr.replace(/^0+/, '') !== account.kontonr.replace(/^0+/, ''));
            const errors = [
              ...parsed.errors,
              ...foreign.map((l) => statementError(l.line, [{ key: 'foreignAccount', params: { kontonr: l.kontonr, account: account.kontonr } }])),
            ].sort((a, b) => a.line - b.line);
            const mine = parsed.lines.filter((l) => !foreign.includes(l));
            const bookings = mine.map((l) => bookingOf(l.key, l));
            const legacyIds = Object.fromEntries(mine.map((l) => [l.key, l.legacyKey]));
            let imported = 0;
            if (bookings.length) {
              await commands.send(
                svAccountDecider,
                svAccountStreamId(account.id),
                { type: 'ImportSvStatement', importId: randomUUID(), fileName: input.import.file_name, bookings, legacyIds },
                ctx,
              );
              const after = (await base.find.run(context, { id: null, data: null, query: { account_id: account.id, $limit: 0 } })) as { total: number };
              imported = after.total - account.transaction_count;
            }
            const result: SvImportResult = { account_id: account.id, imported, skipped: bookings.length - imported, errors, encoding: parsed.encoding };
            return result;
          }
          const id = `m-${randomUUID()}`;
          await commands.send(svAccountDecider, svAccountStreamId(account.id), { type: 'RecordSvBooking', booking: bookingOf(id, input.entry) }, ctx);
          return base.present(await base.load(context.user, `${account.id}:${id}`));
        },
      },
      patch: {
        anyOf: ADM,
        async run(context, args) {
          const current = await base.load(context.user, args.id);
          const { reason, ...entry } = validate(correctionSchema, args.data, 'correction');
          const changes: Partial<Omit<SvBooking, 'id'>> = {};
          if (entry.buchungsDatum !== undefined) changes.bookingDate = entry.buchungsDatum;
          if (entry.wertstellungsDatum !== undefined) changes.valueDate = entry.wertstellungsDatum ?? null;
          if (entry.buchungstext !== undefined) changes.text = entry.buchungstext;
          if (entry.beitragszeitraum !== undefined) changes.period = entry.beitragszeitraum ?? null;
          if (entry.soll !== undefined) changes.debit = entry.soll;
          if (entry.haben !== undefined) changes.credit = entry.haben;
          if (entry.buchungszustand !== undefined) changes.state = entry.buchungszustand;
          const bookingId = current.id.slice(current.account_id.length + 1);
          await commands.send(
            svAccountDecider,
            svAccountStreamId(current.account_id),
            { type: 'CorrectSvBooking', bookingId, changes, reason },
            commandContextOf(context, current.company_no),
          );
          return base.present(await base.load(context.user, current.id));
        },
      },
    },
  };
}

/** sv-interest-rates (adm): the yearly rate table; create sets a year's rate (an event each time). */
export function svInterestRatesService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  const base = readModelService(store, {
    collection: SV_INTEREST_RATES,
    fields: ['year', 'rate'],
    defaultLimit: 200,
    maxLimit: 200,
    clientField: null,
    read: ADM,
  });
  return {
    path: SERVICES.svInterestRates,
    mirror: base.mirror,
    methods: {
      find: base.find,
      get: base.get,
      create: {
        anyOf: ADM,
        async run(context, args) {
          const { year, rate } = validate(rateSchema, args.data, 'rate');
          await commands.send(svRatesDecider, SV_RATES_STREAM, { type: 'SetSvInterestRate', year, rate }, commandContextOf(context, null));
          const doc = await store.get(SV_INTEREST_RATES, year);
          if (!doc) throw NotFound(`No record found for id '${year}'`);
          return doc;
        },
      },
    },
  };
}
