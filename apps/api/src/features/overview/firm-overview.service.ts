import {
  dayIn,
  exportOutcome,
  mayAccessClient,
  SERVICES,
  startOfDayIn,
  type Company,
  type ExportJob,
  type FirmOverviewRow,
  type User,
  type Where,
} from '@portal/contracts';
import { COMPANIES, DOCUMENTS, EXPORT_JOBS, OPEN_ITEM_DUE_TOTALS } from '@portal/read-models';
import type { Doc, ReadStore } from '@portal/read-store';
import { round2 } from '@portal/domain';
import { z } from 'zod';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { firmTimeZone } from '../../config/firm-time-zone';
import { maySeePayroll } from '../documents/document-read-rule';
import { itemScope } from '../open-items/open-items.service';
import { responsibleNamesOf } from '../responsibility/responsible-names';
import { validate } from '../validate';

/** The firm overview is for holders of ove: the route, the drawer entry and the service ask the same code. */
export const OVERVIEW_READ = ['ove'] as const;

const clientNo = z.coerce.number().int().positive();
const findSchema = z.strictObject({ client_no: z.union([clientNo, z.strictObject({ $in: z.array(clientNo).max(1000) })]).optional() });

/** The fields of an export job the overview selects: its client, when it was asked for, and its outcome. */
type ExportSummary = Pick<ExportJob, 'client_no' | 'requested_at' | 'status' | 'count' | 'document_results'>;

const ALL = { sort: [] as [string, 1 | -1][], skip: 0, limit: 10_000_000 };
const byClient = <R extends Record<string, unknown>>(docs: R[]) => {
  const groups = new Map<number, R[]>();
  for (const d of docs) {
    const list = groups.get(d.client_no as number);
    if (list) list.push(d);
    else groups.set(d.client_no as number, [d]);
  }
  return groups;
};
const newest = <R extends object>(docs: R[] | undefined, field: keyof R) =>
  (docs ?? []).reduce<R | null>((best, d) => (best === null || String(d[field]) > String(best[field]) ? d : best), null);

/**
 * The figures of many client companies, one query per figure for all of them (grouped here by client); the last
 * upload per client is one indexed newest-first lookup each, run together. Payroll documents (and their open
 * items) count only for users with dpv. Days are the firm's (`timeZone`): overdue is due before its today, and invalid
 * e-invoices are those uploaded since the first of its month began there.
 */
export async function overviewRows(store: ReadStore, companies: Company[], timeZone: string, user: User, now: Date = new Date()): Promise<FirmOverviewRow[]> {
  const today = dayIn(timeZone, now);
  const clients = companies.map((c) => c.company_no as number);
  const mine = { client_no: { $in: clients } };
  const documents = (where: Where): Where => (maySeePayroll(user) ? where : { ...where, payroll: { $ne: true } });
  // The figures select a few fields of each record: plain records, not whole rows.
  const monthStart = startOfDayIn(timeZone, `${today.slice(0, 7)}-01`);
  const [unconfirmed, unbooked, invalidEInvoices, overdue, exports, responsibilities, uploads] = await Promise.all([
    store.find<Doc>(DOCUMENTS, { ...ALL, where: documents({ ...mine, deleted: false, category: { $in: ['ER_U', 'AR_U'] } }), select: ['client_no'] }),
    store.find<Doc>(DOCUMENTS, {
      ...ALL,
      where: documents({ ...mine, deleted: false, category: { $in: ['ER', 'AR'] }, confirmed: true, booked: false }),
      select: ['client_no'],
    }),
    store.find<Doc>(DOCUMENTS, {
      ...ALL,
      where: documents({ ...mine, deleted: false, einvoice_validity: 'invalid', uploaded_at: { $gte: monthStart } }),
      select: ['client_no'],
    }),
    // Overdue open items from the projection's totals per client, kind and due date (not every item).
    store.find<Doc>(OPEN_ITEM_DUE_TOTALS, {
      ...ALL,
      where: { ...mine, due_date: { $lt: today }, ...itemScope(user) },
      select: ['client_no', 'kind', 'count', 'amount'],
    }),
    store.find<ExportSummary>(EXPORT_JOBS, { ...ALL, where: mine, select: ['client_no', 'requested_at', 'status', 'count', 'document_results'] }),
    responsibleNamesOf(store, clients),
    Promise.all(
      clients.map((c) =>
        store.find<Doc>(DOCUMENTS, {
          where: documents({ client_no: c, deleted: false }),
          sort: [['uploaded_at', -1]],
          skip: 0,
          limit: 1,
          select: ['client_no', 'uploaded_at'],
        }),
      ),
    ),
  ]);
  const counts = (docs: Doc[]) => new Map([...byClient(docs)].map(([c, list]) => [c, list.length]));
  const unconfirmedOf = counts(unconfirmed.data);
  const unbookedOf = counts(unbooked.data);
  const invalidEInvoicesOf = counts(invalidEInvoices.data);
  const overdueOf = byClient(overdue.data);
  const exportsOf = byClient(exports.data);
  const uploadOf = new Map(uploads.map((page, i) => [clients[i]!, (page.data[0]?.uploaded_at as string | undefined) ?? null]));
  return companies.map((company) => {
    const no = company.company_no as number;
    const items = overdueOf.get(no) ?? [];
    const sum = (kind: string) => {
      const list = items.filter((i) => i.kind === kind);
      return { count: list.reduce((s, i) => s + (i.count as number), 0), amount: round2(list.reduce((s, i) => s + (i.amount as number), 0)) };
    };
    const receivables = sum('receivable');
    const payables = sum('payable');
    const last = newest(exportsOf.get(no), 'requested_at');
    const resp = responsibilities.get(no);
    return {
      id: no,
      client_no: no,
      company_name: String(company.company_name ?? ''),
      company_place: String(company.company_place ?? ''),
      unconfirmed: unconfirmedOf.get(no) ?? 0,
      unbooked: unbookedOf.get(no) ?? 0,
      overdue_receivables: receivables.amount,
      overdue_receivables_count: receivables.count,
      overdue_payables: payables.amount,
      overdue_payables_count: payables.count,
      invalid_einvoices: invalidEInvoicesOf.get(no) ?? 0,
      last_upload: uploadOf.get(no) ?? null,
      last_export: last?.requested_at ?? null,
      // A job that refused invoices is never shown as done (the same rule as the export drawer).
      last_export_status: last ? exportOutcome(last) : null,
      responsible_id: resp?.id ?? null,
      responsible_name: resp?.responsible ?? null,
    };
  });
}

/**
 * firm-overview (ove): `find` answers one row per client company of the user with its live figures; with
 * `client_no` (one, or { $in: [...] }) only those rows, which the web asks for when pushes name them.
 */
export function firmOverviewService(store: ReadStore): ServiceDefinition {
  return {
    path: SERVICES.firmOverview,
    methods: {
      find: {
        anyOf: [...OVERVIEW_READ],
        async run(context, args) {
          const q = validate(findSchema, args.query, 'query');
          const wanted = q.client_no === undefined ? null : new Set(typeof q.client_no === 'number' ? [q.client_no] : q.client_no.$in);
          const companies = await store.find(COMPANIES, { where: {}, sort: [['company_no', 1]], skip: 0, limit: 100_000 });
          const mine = companies.data.filter(
            (c) => mayAccessClient(context.user, c.company_no as number) && (wanted === null || wanted.has(c.company_no as number)),
          );
          const rows = mine.length ? await overviewRows(store, mine, await firmTimeZone(store), context.user) : [];
          return { total: rows.length, limit: rows.length, skip: 0, data: rows };
        },
      },
    },
  };
}
