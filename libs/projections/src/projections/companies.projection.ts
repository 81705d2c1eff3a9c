import type { Company } from '@portal/contracts';
import type { CompanyEvent, DocumentEvent } from '@portal/domain';
import { collectionSpecs, COMPANIES } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { contribution, countedAfter, COUNTING_EVENTS, type CountedDocument, type Notifications } from './document-counts';

const COUNTED_DOCUMENTS = 'company_counted_documents';

/** Keeps a company's notification counts in step with its documents. */
async function recount(recorded: Parameters<Projection['project']>[0], view: ProjectionView): Promise<ChangeIntent[]> {
  const documentId = Number(recorded.streamId.replace(/^document-/, ''));
  const before = (await view.get(COUNTED_DOCUMENTS, documentId)) as unknown as CountedDocument | null;
  const after = countedAfter(before, recorded as unknown as DocumentEvent, documentId);
  const clientNo = after?.client_no ?? before?.client_no;
  const changes: ChangeIntent[] = after ? [{ op: 'put', collection: COUNTED_DOCUMENTS, doc: { ...after } }] : [{ op: 'remove', collection: COUNTED_DOCUMENTS, id: documentId }];
  const split = (doc: CountedDocument | null) => {
    const c = contribution(doc);
    const none = { invoices: 0, documents: 0 };
    return doc?.payroll ? { open: none, payroll: c } : { open: c, payroll: none };
  };
  const was = split(before);
  const now = split(after);
  const same = (a: Notifications, b: Notifications) => a.invoices === b.invoices && a.documents === b.documents;
  if (clientNo === undefined || (same(was.open, now.open) && same(was.payroll, now.payroll))) return changes;
  const company = (await view.get(COMPANIES, clientNo)) as unknown as Company | null;
  if (!company) return changes;
  const add = (base: Notifications, a: Notifications, b: Notifications) => ({ invoices: base.invoices + a.invoices - b.invoices, documents: base.documents + a.documents - b.documents });
  const notifications = add(company.notifications, now.open, was.open);
  const payroll_notifications = add(company.payroll_notifications ?? { invoices: 0, documents: 0 }, now.payroll, was.payroll);
  return [...changes, { op: 'put', collection: COMPANIES, doc: { ...company, notifications, payroll_notifications } }];
}

/** accounting-client: one record per company, with the stream revision for optimistic concurrency. */
export const companiesProjection: Projection = {
  name: 'companies',
  version: 3,
  collections: [...collectionSpecs(COMPANIES), { name: COUNTED_DOCUMENTS, indexes: [] }],
  handles: ['CompanyRegistered', 'CompanyRenamed', 'AccountingPeriodOpened', 'CurrentAccountingPeriodSet', 'CompanySettingsChanged', ...COUNTING_EVENTS],
  async project(recorded, view) {
    if (recorded.type.startsWith('Document')) return recount(recorded, view);
    const event = recorded as unknown as CompanyEvent;
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
      return [{ op: 'put', collection: COMPANIES, doc: { ...company } }];
    }
    const companyNo = recorded.metadata.clientNo;
    if (companyNo === null) return [];
    const current = (await view.get(COMPANIES, companyNo)) as unknown as Company | null;
    if (!current) return [];
    const next: Company = { ...current, revision: recorded.revision, updated_at: at };
    if (event.type === 'CompanyRenamed') Object.assign(next, { company_name: event.data.company_name, company_place: event.data.company_place });
    if (event.type === 'CurrentAccountingPeriodSet') next.current_accounting = event.data.accounting;
    return [{ op: 'put', collection: COMPANIES, doc: { ...next } }];
  },
};
