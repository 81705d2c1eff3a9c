import type { DocumentBookingFields, DocumentRecord } from '@portal/contracts';
import type { FakeSocket } from './fake-socket';

export const emptyBooking: DocumentBookingFields = {
  subject: null,
  invoice_number: null,
  biller: null,
  recipient: null,
  invoice_date: null,
  date_received: null,
  currency: null,
  net_amount: null,
  tax_amount: null,
  gross_amount: null,
  tax_rate: null,
  tax_code: null,
  cost_center: null,
  payment_method: null,
  due_date: null,
  discount_percent: null,
  discount_due_date: null,
  accrual_start: null,
  accrual_end: null,
  payment_reference: null,
  iban: null,
  supplier_account: null,
  expense_account: null,
  document_type: null,
};

/** A documents record of an extracted incoming invoice. */
export type InvoiceOverrides = Partial<Omit<DocumentRecord, 'booking'>> & { booking?: Partial<DocumentBookingFields> };

export function invoice(id: number, overrides: InvoiceOverrides = {}): DocumentRecord {
  const { booking, ...rest } = overrides;
  return {
    id,
    client_no: 1001,
    category: 'ER_U',
    title: `Invoice ${id}`,
    file_name: `invoice-${id}.pdf`,
    media_type: 'application/pdf',
    size: 1000,
    sha256: 'x',
    uploaded_at: `2026-01-${String(10 + (id % 20)).padStart(2, '0')}T10:00:00Z`,
    uploaded_by: 'system',
    updated_at: '2026-01-01T00:00:00Z',
    revision: 2,
    flags: 0,
    confirmed: false,
    booked: false,
    locked: false,
    invalid: false,
    deleted: false,
    trashed_at: null,
    purge_after: null,
    problem: null,
    extraction: 'done',
    origin: 2,
    pages: 1,
    page_origins: [2],
    language: 'de',
    invoice_number: `R-${id}`,
    invoice_date: '2026-03-01',
    due_date: null,
    biller_name: 'Alpenstrom Energie AG',
    recipient_name: null,
    gross_amount: 120,
    currency: 'EUR',
    fields: {},
    field_origins: {},
    einvoice: null,
    text_sha256: null,
    booking: {
      ...emptyBooking,
      invoice_number: `R-${id}`,
      biller: 'Alpenstrom Energie AG',
      invoice_date: '2026-03-01',
      currency: 'EUR',
      net_amount: 100,
      tax_amount: 20,
      gross_amount: 120,
      ...booking,
    },
    booking_origins: { invoice_number: 2, biller: 7, net_amount: 2, tax_amount: 2, gross_amount: 50 },
    issues: [],
    erp_status: null,
    erp_reason: null,
    confirmed_by: null,
    booked_by: null,
    ...rest,
  };
}

export const conflictError = (current: DocumentRecord) => ({
  name: 'Conflict',
  message: 'Expected revision 2, found 3',
  code: 409,
  className: 'conflict',
  data: { revision: current.revision, current },
});

/** Answers documents find / get / patch from an in-memory table, like the server (revision check included). */
export function serveDocuments(socket: FakeSocket, docs: DocumentRecord[]): Map<number, DocumentRecord> {
  const table = new Map(docs.map((d) => [d.id, d]));
  socket
    .handle('find', 'documents', (q: { tab: string; client_no: number }) => {
      const data = [...table.values()].filter((d) => d.category === q.tab && d.client_no === q.client_no && !d.deleted);
      data.sort((a, b) => (a.uploaded_at < b.uploaded_at ? 1 : -1));
      return { total: data.length, limit: 500, skip: 0, data };
    })
    .handle('get', 'documents', (id: number) => {
      const doc = table.get(id);
      if (!doc) throw { name: 'NotFound', message: 'document does not exist or access denied', code: 404 };
      return doc;
    })
    .handle('patch', 'documents', (id: number, data: Record<string, unknown>, query: { revision?: number }) => {
      const doc = table.get(id)!;
      if (query.revision !== undefined && query.revision !== doc.revision) throw conflictError(doc);
      let next: DocumentRecord = { ...doc, revision: doc.revision + 1 };
      if ('fields' in data) next = { ...next, booking: { ...next.booking, ...(data.fields as Partial<DocumentBookingFields>) } };
      if (data.action === 'confirm') next = { ...next, confirmed: true, flags: next.flags | 1, category: next.category === 'ER_U' ? 'ER' : next.category };
      if (data.action === 'book') next = { ...next, booked: true, locked: true, flags: next.flags | 2 };
      if (data.action === 'mark-exported') next = { ...next, flags: next.flags | 4, erp_status: 'imported', locked: true };
      table.set(id, next);
      socket.push('documents patched', next);
      return next;
    });
  return table;
}
