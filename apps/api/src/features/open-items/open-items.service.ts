/**
 * open-items: unpaid items of a client — payables from booked incoming invoices (ER),
 * receivables from booked outgoing ones (AR) — minus payments. Read with `rep`; changed with `acc` or `pay`.
 *
 * API for other features (banking records a confirmed match as a payment, and takes it back):
 *
 *   recordOpenItemPayment(store, commands, context, documentId, { amount, date, note, paymentId, source })
 *     source = { kind: 'bank', reference: <bank transaction id> }; paymentId should be stable per match
 *     (e.g. `bank-<transactionId>`) so a retry is refused as "already recorded" instead of paying twice.
 *     One active payment per bank reference and item. Answers the updated OpenItem.
 *   cancelOpenItemPayment(store, commands, context, documentId, paymentId, reason)
 *     undoes it (PaymentCancelled); the reference may then be matched again.
 *
 * Both emit events on the stream `open-item-<documentId>` (PaymentRecorded / PaymentCancelled); the
 * `open_items` read model (OPEN_ITEMS) and the gateway's `open-items patched` push follow. Over the wire the
 * same is `patch open-items <documentId> { action: 'pay' | 'cancel-payment', ... }` (OpenItemPatch).
 */
import { randomUUID } from 'node:crypto';
import {
  BadRequest,
  dayIn,
  DEFAULT_TIME_ZONE,
  mayAccessClient,
  NotFound,
  SERVICES,
  type CompanySettings,
  type OpenItem,
  type OpenItemRecord,
  type OpenItemsPage,
  type Query,
  type User,
  type Where,
} from '@portal/contracts';
import {
  AGEING_BUCKETS,
  ageingBucket,
  daysOverdue,
  DEFAULT_DUNNING_DAYS,
  discountFor,
  dueDateRangeOf,
  lateInterest,
  openItemDecider,
  openItemStreamId,
  round2,
  type InterestCountry,
  type OpenItemTerms,
  type PaymentSource,
} from '@portal/domain';
import { COMPANY_SETTINGS, OPEN_ITEM_DUE_TOTALS, OPEN_ITEMS, type StoredOpenItem } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import { z } from 'zod';
import { firmTimeZone, firmToday } from '../../config/firm-time-zone';
import { mirrorOf, type CallContext, type ServiceDefinition } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import { validate } from '../validate';
import { maySeePayroll } from '../documents/document-read-rule';
import { countryOfClient } from './client-country';

export const OPEN_ITEMS_READ = ['rep'] as const;
/** Payment ids of confirmed bank matches (`bank-<matchId>`): no payment by hand may take one. */
export const BANK_PAYMENT_PREFIX = 'bank-';
export const OPEN_ITEMS_WRITE = ['acc', 'pay'] as const;
const DATE = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Use YYYY-MM-DD.');
const SORTABLE = ['due_date', 'invoice_date', 'outstanding', 'party', 'invoice_number', 'gross'] as const;

const findSchema = z.strictObject({
  client_no: z.coerce.number().int().positive(),
  kind: z.enum(['payable', 'receivable']).optional(),
  status: z.enum(['open', 'all', 'settled']).optional(),
  bucket: z.enum(AGEING_BUCKETS).optional(),
  search: z.string().max(100).optional(),
  $skip: z.coerce.number().int().min(0).optional(),
  $limit: z.coerce.number().int().min(0).max(500).optional(),
  $sort: z.partialRecord(z.enum(SORTABLE), z.coerce.number().pipe(z.union([z.literal(1), z.literal(-1)]))).optional(),
});

const sourceSchema = z.strictObject({ kind: z.enum(['manual', 'bank']), reference: z.string().trim().min(1).max(200).nullable() });
const patchSchema = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('pay'),
    amount: z.number().positive('A payment amount must be greater than zero.').max(1e12),
    date: DATE,
    note: z.string().max(500).optional(),
    paymentId: z.string().trim().min(1).max(100).optional(),
    source: sourceSchema.optional(),
  }),
  z.strictObject({
    action: z.literal('cancel-payment'),
    paymentId: z.string().min(1).max(100),
    reason: z.string().trim().min(1, 'A reason is required.').max(500),
  }),
  z.strictObject({ action: z.literal('dun') }),
  z.strictObject({ action: z.literal('block'), blocked: z.boolean(), reason: z.string().max(500) }),
]);

export interface PaymentInput {
  amount: number;
  date: string;
  note?: string;
  paymentId?: string;
  source?: PaymentSource;
}

export const termsOf = (item: OpenItemRecord): OpenItemTerms => ({
  documentId: item.id,
  clientNo: item.client_no,
  kind: item.kind,
  gross: item.gross,
  dueDate: item.due_date,
  discountPercent: item.discount_percent,
  discountDueDate: item.discount_due_date,
});

export interface SkontoDefault {
  days: number;
  percent: number;
}

/** The client's default Skonto (settings' payment terms, first tier) for invoices that name none. */
export async function skontoOf(store: ReadStore, clientNo: number): Promise<SkontoDefault | null> {
  const settings = (await store.get(COMPANY_SETTINGS, clientNo)) as Partial<CompanySettings> | null;
  const tier = settings?.payment_terms?.skonto?.[0];
  return tier && tier.percent > 0 && tier.days > 0 ? { days: tier.days, percent: tier.percent } : null;
}

/** An invoice without its own Skonto gets the client's default terms, counted from the invoice date. */
export function withDefaultSkonto<T extends OpenItemRecord>(record: T, skonto: SkontoDefault | null): T {
  if (!skonto || record.discount_percent || !record.invoice_date || record.gross <= 0) return record;
  const until = new Date(Date.parse(record.invoice_date) + skonto.days * 86_400_000).toISOString().slice(0, 10);
  return { ...record, discount_percent: skonto.percent, discount_due_date: until };
}

/** What a client sees of a record: the stored fact stays on the server; today's figures are added. */
export function presentOpenItem(doc: StoredOpenItem, day: string, country: InterestCountry, skonto: SkontoDefault | null = null): OpenItem {
  const { fact: _fact, ...stored } = doc;
  const record = withDefaultSkonto(stored, skonto);
  const days = record.open ? daysOverdue(record.due_date, day) : 0;
  const discountAvailable = record.open
    ? discountFor(
        termsOf(record),
        Math.abs(record.outstanding),
        round2(Math.abs(record.outstanding) * (1 - (record.discount_percent ?? 0) / 100)),
        day,
        record.discount,
      )
    : 0;
  const interest =
    record.open && record.kind === 'receivable' && days > 0 && record.due_date ? lateInterest(country, record.outstanding, record.due_date, day) : null;
  return {
    ...record,
    days_overdue: days,
    bucket: ageingBucket(days),
    discount_available: discountAvailable,
    late_interest: interest ? { law: interest.law, days: interest.days, rate: interest.rate, interest: interest.interest, flatFee: interest.flatFee } : null,
  };
}

/** The item of a payroll document exists only for users with dpv (not listed, not counted, not pushed). */
export const maySeeItem = (user: User, doc: Pick<OpenItemRecord, 'payroll'> | Doc): boolean => doc.payroll !== true || maySeePayroll(user);

/** The filter of a user's open-item queries: payroll items only with dpv. */
export const itemScope = (user: User): Where => (maySeePayroll(user) ? {} : { payroll: { $ne: true } });

async function loadItem(store: ReadStore, context: CallContext, rawId: string | number | null): Promise<StoredOpenItem> {
  const id = typeof rawId === 'number' ? rawId : Number(rawId);
  if (rawId === null || !Number.isSafeInteger(id) || id <= 0) throw BadRequest(`Invalid id '${String(rawId)}'.`);
  const doc = await store.get(OPEN_ITEMS, id);
  if (!doc || doc.listed !== true || !mayAccessClient(context.user, doc.client_no as number) || !maySeeItem(context.user, doc))
    throw NotFound(`No open item found for id '${String(rawId)}'`);
  return doc;
}

async function present(store: ReadStore, id: number): Promise<OpenItem> {
  const doc = await store.get(OPEN_ITEMS, id);
  if (!doc) throw NotFound(`No open item found for id '${id}'`);
  return presentOpenItem(doc, await firmToday(store), await countryOfClient(store, doc.client_no as number), await skontoOf(store, doc.client_no as number));
}

/** Records a payment against an open item (by hand, or a matched bank transaction); see the top of this file. */
export async function recordOpenItemPayment(
  store: ReadStore,
  commands: CommandSender,
  context: CallContext,
  documentId: number,
  input: PaymentInput,
): Promise<OpenItem> {
  const loaded = await loadItem(store, context, documentId);
  const item = withDefaultSkonto(loaded, await skontoOf(store, loaded.client_no));
  await commands.send(
    openItemDecider,
    openItemStreamId(item.id),
    {
      type: 'RecordPayment',
      terms: termsOf(item),
      paymentId: input.paymentId ?? randomUUID(),
      amount: input.amount,
      date: input.date,
      note: input.note ?? '',
      source: input.source ?? { kind: 'manual', reference: null },
    },
    { ...commandContextOf(context, item.client_no), expectedRevision: undefined, today: await firmToday(store) },
  );
  return present(store, item.id);
}

/** Undoes a payment; the bank reference may then be matched again. */
export async function cancelOpenItemPayment(
  store: ReadStore,
  commands: CommandSender,
  context: CallContext,
  documentId: number,
  paymentId: string,
  reason: string,
): Promise<OpenItem> {
  const item = await loadItem(store, context, documentId);
  await commands.send(
    openItemDecider,
    openItemStreamId(item.id),
    { type: 'CancelPayment', paymentId, reason },
    { ...commandContextOf(context, item.client_no), expectedRevision: undefined },
  );
  return present(store, item.id);
}

async function dunningDaysOf(store: ReadStore, clientNo: number): Promise<readonly number[]> {
  // The client settings' dunning levels (1 to 3, days after the due date); levels not configured cannot be reached.
  const settings = (await store.get(COMPANY_SETTINGS, clientNo)) as Partial<CompanySettings> | null;
  const levels = settings?.dunning_levels;
  if (!Array.isArray(levels) || levels.length === 0) return DEFAULT_DUNNING_DAYS;
  return levels.map((l) => l.days_after_due);
}

function whereOf(q: z.infer<typeof findSchema>, day: string, withBucket: boolean, user: User): Where {
  const where: Where = { client_no: q.client_no, listed: true, ...itemScope(user) };
  if (q.kind) where.kind = q.kind;
  const status = q.status ?? 'open';
  if (status !== 'all') where.open = status === 'open';
  if (withBucket && q.bucket) {
    const range = dueDateRangeOf(q.bucket, day);
    where.due_date = { ...(range.from ? { $gte: range.from } : {}), ...(range.to ? { $lte: range.to } : {}) };
  }
  return where;
}

/** The due-date totals the ageing folds: the client's, of the kind asked for, payroll only for dpv. */
function dueTotalsWhere(q: z.infer<typeof findSchema>, user: User): Where {
  const where: Where = { client_no: q.client_no, ...itemScope(user) };
  if (q.kind) where.kind = q.kind;
  return where;
}

export function openItemsService(store: ReadStore, commands: CommandSender): ServiceDefinition {
  /** Countries of the clients read so far, for pushed records (the mirror presents synchronously). */
  const countries = new Map<number, InterestCountry>();
  const skontos = new Map<number, SkontoDefault | null>();
  /** The firm's time zone as last read, for pushed records' "today" (the mirror presents synchronously). */
  let timeZone = DEFAULT_TIME_ZONE;
  const today = async () => {
    timeZone = await firmTimeZone(store);
    return dayIn(timeZone, new Date());
  };
  const countryOf = async (clientNo: number) => {
    const country = await countryOfClient(store, clientNo);
    countries.set(clientNo, country);
    return country;
  };
  const find = async (context: CallContext, raw: Record<string, unknown>): Promise<OpenItemsPage> => {
    const q = validate(findSchema, raw, 'query');
    const day = await today();
    if (!mayAccessClient(context.user, q.client_no)) return { total: 0, limit: q.$limit ?? 50, skip: q.$skip ?? 0, data: [], ageing: [], today: day };
    const country = await countryOf(q.client_no);
    const skonto = await skontoOf(store, q.client_no);
    skontos.set(q.client_no, skonto);
    const where = whereOf(q, day, true, context.user);
    const text = q.search?.trim().toLowerCase();
    const sort: Query['sort'] = q.$sort ? (Object.entries(q.$sort) as Query['sort']) : [['due_date', 1]];
    sort.push(['id', 1]);
    let page: { total: number; data: StoredOpenItem[] };
    if (text) {
      // Search by number or party over the client's items (a few thousand at most per filter).
      const all = await store.find(OPEN_ITEMS, { where, sort, skip: 0, limit: 100_000 });
      const hits = all.data.filter((d) => `${String(d.invoice_number ?? '')} ${String(d.party ?? '')} ${String(d.title ?? '')}`.toLowerCase().includes(text));
      page = { total: hits.length, data: hits.slice(q.$skip ?? 0, (q.$skip ?? 0) + (q.$limit ?? 50)) };
    } else {
      page = await store.find(OPEN_ITEMS, { where, sort, skip: q.$skip ?? 0, limit: q.$limit ?? 50 });
    }
    // Ageing of every open item of the filter (bucket aside), from the projection's totals per due date.
    const byDueDate = await store.find(OPEN_ITEM_DUE_TOTALS, { where: dueTotalsWhere(q, context.user), sort: [], skip: 0, limit: 1_000_000 });
    const totals = new Map(AGEING_BUCKETS.map((b) => [b, { bucket: b, count: 0, amount: 0 }]));
    for (const d of byDueDate.data) {
      const t = totals.get(ageingBucket(daysOverdue((d.due_date as string | null) ?? null, day)))!;
      t.count += d.count as number;
      t.amount += d.amount as number;
    }
    return {
      total: page.total,
      limit: q.$limit ?? 50,
      skip: q.$skip ?? 0,
      data: page.data.map((d) => presentOpenItem(d, day, country, skonto)),
      ageing: [...totals.values()].map((t) => ({ ...t, amount: round2(t.amount) })),
      today: day,
    };
  };

  const patch = async (context: CallContext, rawId: string | number | null, raw: Record<string, unknown> | null): Promise<OpenItem> => {
    const data = validate(patchSchema, raw, 'open item change');
    // Bank payments come from confirmed matches only (bank-matches), so the bank ledger and the item agree.
    if (data.action === 'pay' && (data.source?.kind === 'bank' || data.paymentId?.startsWith(BANK_PAYMENT_PREFIX)))
      throw BadRequest('A bank payment is recorded by matching its bank transaction on the banking screen, not by hand.');
    const item = await loadItem(store, context, rawId);
    const ctx = { ...commandContextOf(context, item.client_no), expectedRevision: undefined };
    switch (data.action) {
      case 'pay':
        return recordOpenItemPayment(store, commands, context, item.id, {
          amount: data.amount,
          date: data.date,
          note: data.note,
          paymentId: data.paymentId,
          source: data.source,
        });
      case 'cancel-payment':
        if (item.payments.some((p) => p.id === data.paymentId && p.source.kind === 'bank'))
          throw BadRequest('A bank payment is taken back by undoing its match on the banking screen.');
        return cancelOpenItemPayment(store, commands, context, item.id, data.paymentId, data.reason);
      case 'dun':
        await commands.send(
          openItemDecider,
          openItemStreamId(item.id),
          { type: 'RecordDunning', terms: termsOf(item), dunningDays: await dunningDaysOf(store, item.client_no) },
          { ...ctx, today: await firmToday(store) },
        );
        return present(store, item.id);
      case 'block':
        await commands.send(openItemDecider, openItemStreamId(item.id), { type: 'SetPaymentBlock', blocked: data.blocked, reason: data.reason }, ctx);
        return present(store, item.id);
    }
  };

  return {
    path: SERVICES.openItems,
    mirror: mirrorOf(OPEN_ITEMS, {
      clientOf: (doc) => (typeof doc.client_no === 'number' ? doc.client_no : -1),
      // Pushed records carry the same figures as find; "today" is the firm's.
      present: (doc) => presentOpenItem(doc, dayIn(timeZone, new Date()), countries.get(doc.client_no) ?? 'AT', skontos.get(doc.client_no) ?? null),
      visibleTo: maySeeItem,
    }),
    methods: {
      find: { anyOf: [...OPEN_ITEMS_READ], run: (context, args) => find(context, args.query) },
      get: {
        anyOf: [...OPEN_ITEMS_READ],
        async run(context, args) {
          const item = await loadItem(store, context, args.id);
          return presentOpenItem(item, await today(), await countryOf(item.client_no), await skontoOf(store, item.client_no));
        },
      },
      patch: { anyOf: [...OPEN_ITEMS_WRITE], run: (context, args) => patch(context, args.id, args.data) },
    },
  };
}
