import { documentDecider, documentStreamId, openItemDecider, openItemStreamId, type OpenItemTerms } from '@portal/domain';
import { ORIGIN } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/ocr-worker';
import type { SeedContext } from '../../seed/feature-seeds';

const PER_COMPANY = 10;

/**
 * Demo unpaid items: per company ten generated invoices uploaded, filled in, confirmed and booked by the
 * accountant, some partly or fully paid, one overdue receivable reminded. Reports and open items show them.
 */
export async function seedDemoOpenItems(seed: SeedContext): Promise<void> {
  const accountant = seed.userIds.accountant ?? 'system';
  for (const company of seed.companies) {
    const invoices = await generateDemoInvoices({ companyNo: company.company_no, companyName: company.company_name, companyPlace: company.company_place, count: PER_COMPANY, seed: company.company_no + 7000, today: seed.now });
    for (const [i, invoice] of invoices.entries()) {
      if (invoice.kind === 'scanned') continue;
      const f = invoice.expected;
      const documentId = company.company_no * 1000 + 900 + i;
      const stream = documentStreamId(documentId);
      const step = (name: string) => ({ ...seed.context(company.company_no, `open-items:${documentId}:${name}`), userId: accountant });
      const sha256 = await seed.blobs.put(invoice.bytes);
      const category = invoice.direction === 'incoming' ? 'ER_U' : 'AR_U';
      await seed.runtime.execute(documentDecider, stream, { type: 'UploadDocument', documentId, clientNo: company.company_no, fileName: invoice.fileName, mediaType: 'application/pdf', size: invoice.bytes.length, sha256, category }, step('upload'));
      // The generated values as the extraction result (what the worker would read), so the seed does not queue OCR work.
      const origin = invoice.kind === 'zugferd' ? ORIGIN.EInvoice_XML : ORIGIN.PDF_Parse;
      const fieldOrigins = Object.fromEntries(Object.keys(f).map((k) => [k, origin]));
      await seed.runtime.execute(documentDecider, stream, { type: 'RecordExtraction', text: null, fields: { origin, fields: f, fieldOrigins, einvoice: null }, problem: null }, { ...step('extract'), originCode: origin });
      const discount = i % 3 === 0 && f.invoice_date ? { discount_percent: 2, discount_due_date: addDays(seed.now.toISOString().slice(0, 10), 5) } : {};
      const fields = { gross_amount: f.gross_amount ?? null, due_date: f.due_date ?? null, invoice_date: f.invoice_date ?? null, ...discount };
      try {
        if (Object.keys(discount).length) await seed.runtime.execute(documentDecider, stream, { type: 'EditDocumentFields', fields: discount }, step('fields'));
        await seed.runtime.execute(documentDecider, stream, { type: 'ConfirmDocument' }, step('confirm'));
        if (i === 7) continue; // one confirmed but not booked: the processing backlog has something to show
        await seed.runtime.execute(documentDecider, stream, { type: 'BookDocument' }, step('book'));
      } catch {
        continue; // an invoice whose generated fields do not pass the checks stays unconfirmed, as it would for a person
      }
      const gross = fields.gross_amount ?? 0;
      const terms: OpenItemTerms = { documentId, clientNo: company.company_no, kind: invoice.direction === 'incoming' ? 'payable' : 'receivable', gross, dueDate: fields.due_date ?? fields.invoice_date, discountPercent: null, discountDueDate: null };
      const today = seed.now.toISOString().slice(0, 10);
      if (i % 4 === 1 && gross > 0) {
        await seed.runtime.execute(openItemDecider, openItemStreamId(documentId), { type: 'RecordPayment', terms, paymentId: `demo-${documentId}-1`, amount: Math.round(gross * 40) / 100, date: today, note: 'Teilzahlung', source: { kind: 'manual', reference: null } }, step('pay'));
      } else if (i % 4 === 2 && gross > 0) {
        await seed.runtime.execute(openItemDecider, openItemStreamId(documentId), { type: 'RecordPayment', terms, paymentId: `demo-${documentId}-1`, amount: gross, date: today, note: '', source: { kind: 'manual', reference: null } }, step('pay'));
      } else if (terms.kind === 'receivable' && terms.dueDate && terms.dueDate < addDays(today, -20)) {
        await seed.runtime.execute(openItemDecider, openItemStreamId(documentId), { type: 'RecordDunning', terms, dunningDays: [14, 28, 42] }, step('dun')).catch(() => undefined);
      }
    }
  }
}

const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
