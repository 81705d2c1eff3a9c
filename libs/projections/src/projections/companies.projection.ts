import type { Company } from '@portal/contracts';
import type { CompanyEvent, DocumentEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import { collectionSpecs, COMPANIES, collection, put, putBuilt, remove } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { contribution, countedAfter, COUNTING_EVENTS, type CountedDocument, type Notifications } from './document-counts';

const COUNTED_DOCUMENTS = collection<CountedDocument>('company_counted_documents');

/** Keeps a company's notification counts in step with its documents. */
async function recount(recorded: Parameters<Projection['project']>[0], view: ProjectionView): Promise<ChangeIntent[]> {
  const documentId = Number(recorded.streamId.replace(/^document-/, ''));
  const before = await view.get(COUNTED_DOCUMENTS, documentId);
  const after = countedAfter(before, domainEventOf<DocumentEvent>(recorded), documentId);
  const clientNo = after?.client_no ?? before?.client_no;
  const changes: ChangeIntent[] = after ? [put(COUNTED_DOCUMENTS, { ...after })] : [remove(COUNTED_DOCUMENTS, documentId)];
  const split = (doc: CountedDocument | null) => {
    const c = contribution(doc);
    const none = { invoices: 0, documents: 0 };
    return doc?.payroll ? { open: none, payroll: c } : { open: c, payroll: none };
  };
  const was = split(before);
  const now = split(after);
  const same = (a: Notifications, b: Notifications) => a.invoices === b.invoices && a.documents === b.documents;
  if (clientNo === undefined || (same(was.open, now.open) && same(was.payroll, now.payroll))) return changes;
  const company = await view.get(COMPANIES, clientNo);
  if (!company) return changes;
  const add = (base: Notifications, a: Notifications, b: Notifications) => ({
    invoices: base.invoices + a.invoices - b.invoices,
    documents: base.documents + a.documents - b.documents,
  });
  const notifications = add(company.notifications, now.open, was.open);
  const payroll_notifications = add(company.payroll_notifications ?? { invoices: 0, documents: 0 }, now.payroll, was.payroll);
  return [...changes, put(COMPANIES, { ...company, notifications, payroll_notifications })];
}

/** accounting-client: one record per company, with the stream revision for optimistic concurrency. */
export const companiesProjection: Projection = {
  name: 'companies',
  version: 3,
  collections: [...collectionSpecs(COMPANIES), { name: COUNTED_DOCUMENTS, indexes: [] }],
  handles: ['CompanyRegistered', 'CompanyRenamed', 'AccountingPeriodOpened', 'CurrentAccountingPeriodSet', 'CompanySettingsChanged', ...COUNTING_EVENTS],
  async project(recorded, view) {
    if (recorded.type.startsWith('Document')) return recount(recorded, view);
    const event = domainEventOf<CompanyEvent>(recorded);
    const at = recorded.metadata.time;
    if (event.type === 'CompanyRegistered') {
      const company: Company = {
        id: event.data.company_no,
        company_no: event.data.company_no,
        company_name: event.data.company_name,
        company_place: event.data.company_place,
        current_accounting: null,
        notifications: { invoices: 0, documents: 0 },
        payroll_notifications: { invoices: 0, documents: 0 },
        revision: recorded.revision,
        created_at: at,
        updated_at: at,
      };
      return [putBuilt(COMPANIES, company)];
    }
    const companyNo = recorded.metadata.clientNo;
    if (companyNo === null) return [];
    const current = await view.get(COMPANIES, companyNo);
    if (!current) return [];
    const next: Company = { ...current, revision: recorded.revision, updated_at: at };
    if (event.type === 'CompanyRenamed') Object.assign(next, { company_name: event.data.company_name, company_place: event.data.company_place });
    if (event.type === 'CurrentAccountingPeriodSet') next.current_accounting = event.data.accounting;
    return [putBuilt(COMPANIES, next)];
  },
};
