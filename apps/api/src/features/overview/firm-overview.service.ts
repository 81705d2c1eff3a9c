import { mayAccessClient, SERVICES, type FirmOverviewRow, type User, type Where } from '@portal/contracts';
import { COMPANIES, DOCUMENTS, EXPORT_JOBS, OPEN_ITEMS, RESPONSIBILITIES } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { round2 } from '@portal/domain';
import type { ServiceDefinition } from '../../gateway/service-definition';
import { maySeePayroll } from '../documents/document-read-rule';
import { itemScope } from '../open-items/open-items.service';

export const OVERVIEW_READ = ['ove'] as const;

/**
 * The figures of one client company as this user may know them, each from an indexed query of a live read
 * model: payroll documents (and their open items) count only for users with dpv.
 */
export async function overviewRow(store: ReadStore, company: Record<string, unknown>, today: string, user: User): Promise<FirmOverviewRow> {
  const clientNo = company.company_no as number;
  const documents = (where: Where): Where => (maySeePayroll(user) ? where : { ...where, payroll: { $ne: true } });
  const count = async (collection: string, where: Where) => (await store.find(collection, { where, sort: [], skip: 0, limit: 0 })).total;
  const overdue = async (kind: 'payable' | 'receivable') => {
    const page = await store.find(OPEN_ITEMS, { where: { client_no: clientNo, listed: true, kind, open: true, due_date: { $lt: today }, ...itemScope(user) }, sort: [], skip: 0, limit: 1_000_000, select: ['outstanding'] });
    return { count: page.total, amount: round2(page.data.reduce((s, d) => s + (d.outstanding as number), 0)) };
  };
  const [unconfirmed, unbooked, receivables, payables, upload, exp, resp] = await Promise.all([
    count(DOCUMENTS, documents({ client_no: clientNo, deleted: false, category: { $in: ['ER_U', 'AR_U'] } })),
    count(DOCUMENTS, documents({ client_no: clientNo, deleted: false, category: { $in: ['ER', 'AR'] }, confirmed: true, booked: false })),
    overdue('receivable'),
    overdue('payable'),
    store.find(DOCUMENTS, { where: documents({ client_no: clientNo, deleted: false }), sort: [['uploaded_at', -1]], skip: 0, limit: 1, select: ['uploaded_at'] }),
    store.find(EXPORT_JOBS, { where: { client_no: clientNo }, sort: [['requested_at', -1]], skip: 0, limit: 1, select: ['requested_at', 'status'] }),
    store.get(RESPONSIBILITIES, clientNo),
  ]);
  return {
    id: clientNo,
    client_no: clientNo,
    company_name: String(company.company_name ?? ''),
    company_place: String(company.company_place ?? ''),
    unconfirmed,
    unbooked,
    overdue_receivables: receivables.amount,
    overdue_receivables_count: receivables.count,
    overdue_payables: payables.amount,
    overdue_payables_count: payables.count,
    last_upload: (upload.data[0]?.uploaded_at as string | undefined) ?? null,
    last_export: (exp.data[0]?.requested_at as string | undefined) ?? null,
    last_export_status: (exp.data[0]?.status as string | undefined) ?? null,
    responsible_id: (resp?.responsible_id as string | undefined) ?? null,
    responsible_name: (resp?.responsible_name as string | undefined) ?? null,
  };
}

/**
 * firm-overview: `find` answers one row per client company of the user (ove) with its live figures;
 * the web refreshes on pushed changes of documents, open items, exports and responsibilities.
 */
export function firmOverviewService(store: ReadStore): ServiceDefinition {
  return {
    path: SERVICES.firmOverview,
    methods: {
      find: {
        anyOf: [...OVERVIEW_READ, 'adm'],
        async run(context) {
          const companies = await store.find(COMPANIES, { where: {}, sort: [['company_no', 1]], skip: 0, limit: 100_000 });
          const mine = companies.data.filter((c) => mayAccessClient(context.user, c.company_no as number));
          const today = new Date().toISOString().slice(0, 10);
          const rows: FirmOverviewRow[] = [];
          for (const company of mine) rows.push(await overviewRow(store, company, today, context.user));
          return { total: rows.length, limit: rows.length, skip: 0, data: rows };
        },
      },
    },
  };
}
