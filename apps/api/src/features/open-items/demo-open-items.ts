import { documentDecider, documentStreamId, openItemDecider, openItemStreamId, type OpenItemTerms } from '@portal/domain';
import { ORIGIN, type ExtractedFields } from '@portal/contracts';
import { seededRandom } from '@portal/demo-data';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { SeedContext } from '../../seed/feature-seeds';

const PER_COMPANY = 10;

/**
 * Demo unpaid items: per company ten generated invoices uploaded, filled in, confirmed and booked by the
 * accountant, some partly or fully paid, one overdue receivable reminded. Reports and open items show them.
 */
export async function seedDemoOpenItems(seed: SeedContext): Promise<void> {
  if (!seed.documents) return;
  const accountant = seed.userIds.accountant ?? 'system';
  for (const company of seed.companies) {
    const invoices = await demoInvoices(company.company_no, company.company_name, seed.now);
    for (const [i, invoice] of invoices.entries()) {
      const f = invoice.expected;
      const documentId = company.company_no * 1000 + 900 + i;
      const stream = documentStreamId(documentId);
      const step = (name: string) => ({ ...seed.context(company.company_no, `open-items:${documentId}:${name}`), userId: accountant });
      const sha256 = await seed.blobs.put(invoice.bytes);
      const category = invoice.direction === 'incoming' ? 'ER_U' : 'AR_U';
      await seed.runtime.execute(
        documentDecider,
        stream,
        {
          type: 'UploadDocument',
          documentId,
          clientNo: company.company_no,
          fileName: invoice.fileName,
          mediaType: 'application/pdf',
          size: invoice.bytes.length,
          sha256,
          category,
        },
        step('upload'),
      );
      // The generated values as the extraction result (what the worker would read), so the seed does not queue OCR work.
      const origin = invoice.kind === 'zugferd' ? ORIGIN.EInvoice_XML : ORIGIN.PDF_Parse;
      const fieldOrigins = Object.fromEntries(Object.keys(f).map((k) => [k, origin]));
      await seed.runtime.execute(
        documentDecider,
        stream,
        { type: 'RecordExtraction', text: null, fields: { origin, fields: f, fieldOrigins, einvoice: null }, problem: null },
        { ...step('extract'), originCode: origin },
      );
      // Skonto for five days, never past the invoice's due date (a discount date after it is refused).
      const discountUntil = addDays(seed.now.toISOString().slice(0, 10), 5);
      const discount =
        i % 3 === 0 && f.invoice_date ? { discount_percent: 2, discount_due_date: f.due_date && f.due_date < discountUntil ? f.due_date : discountUntil } : {};
      const fields = { gross_amount: f.gross_amount ?? null, due_date: f.due_date ?? null, invoice_date: f.invoice_date ?? null, ...discount };
      // The accountant's accounts: booking needs what the export needs.
      const accounts =
        invoice.direction === 'incoming'
          ? { supplier_account: '330000', expense_account: '510000' }
          : { supplier_account: '200000', expense_account: '400000' };
      try {
        await seed.runtime.execute(documentDecider, stream, { type: 'EditDocumentFields', fields: { ...accounts, ...discount } }, step('fields'));
        await seed.runtime.execute(documentDecider, stream, { type: 'ConfirmDocument' }, step('confirm'));
        if (i === 7) continue; // one confirmed but not booked: the processing backlog has something to show
        await seed.runtime.execute(documentDecider, stream, { type: 'BookDocument' }, step('book'));
      } catch {
        continue; // an invoice whose generated fields do not pass the checks stays unconfirmed, as it would for a person
      }
      const gross = fields.gross_amount ?? 0;
      const terms: OpenItemTerms = {
        documentId,
        clientNo: company.company_no,
        kind: invoice.direction === 'incoming' ? 'payable' : 'receivable',
        gross,
        dueDate: fields.due_date ?? fields.invoice_date,
        discountPercent: null,
        discountDueDate: null,
      };
      const today = seed.now.toISOString().slice(0, 10);
      if (i % 4 === 1 && gross > 0) {
        await seed.runtime.execute(
          openItemDecider,
          openItemStreamId(documentId),
          {
            type: 'RecordPayment',
            terms,
            paymentId: `demo-${documentId}-1`,
            amount: Math.round(gross * 40) / 100,
            date: today,
            note: 'Teilzahlung',
            source: { kind: 'manual', reference: null },
          },
          step('pay'),
        );
      } else if (i % 4 === 2 && gross > 0) {
        await seed.runtime.execute(
          openItemDecider,
          openItemStreamId(documentId),
          {
            type: 'RecordPayment',
            terms,
            paymentId: `demo-${documentId}-1`,
            amount: gross,
            date: today,
            note: '',
            source: { kind: 'manual', reference: null },
          },
          step('pay'),
        );
      } else if (terms.kind === 'receivable' && terms.dueDate && terms.dueDate < addDays(today, -20)) {
        await seed.runtime
          .execute(openItemDecider, openItemStreamId(documentId), { type: 'RecordDunning', terms, dunningDays: [14, 28, 42] }, step('dun'))
          .catch(() => undefined);
      }
    }
  }
}

const SUPPLIERS = [
  'Metro Cash & Carry Österreich GmbH',
  'Installateur Gruber GmbH',
  'Bürobedarf Schreiber GmbH',
  'Brau Union Österreich AG',
  'Reinigungsservice Blitzblank GmbH',
];
const CUSTOMERS = ['Hotel Goldener Hirsch Betriebs GmbH', 'Tourismusverband Innsbruck', 'Alpin Events KG'];

/**
 * Small text-layer invoices with known values (fast to make at every first start, unlike the OCR demo set):
 * seven incoming and three outgoing, dated over the last four months.
 */
async function demoInvoices(companyNo: number, companyName: string, now: Date) {
  const random = seededRandom(companyNo);
  const invoices: Array<{ fileName: string; bytes: Buffer; kind: 'text' | 'zugferd'; direction: 'incoming' | 'outgoing'; expected: ExtractedFields }> = [];
  for (let i = 0; i < PER_COMPANY; i++) {
    const direction = i % 10 < 7 ? 'incoming' : 'outgoing';
    const party = direction === 'incoming' ? SUPPLIERS[i % SUPPLIERS.length]! : CUSTOMERS[i % CUSTOMERS.length]!;
    const date = addDays(now.toISOString().slice(0, 10), -Math.floor(random() * 120));
    const net = Math.round(50_00 + random() * 4_000_00) / 100;
    const rate = i % 4 === 3 ? 10 : 20;
    const tax = Math.round(net * rate) / 100;
    const gross = Math.round((net + tax) * 100) / 100;
    const number = `${direction === 'incoming' ? 'RE' : 'AR'}-${companyNo}-${String(i + 1).padStart(3, '0')}`;
    const expected: ExtractedFields = {
      invoice_number: number,
      invoice_date: date,
      due_date: addDays(date, 30),
      currency: 'EUR',
      net_amount: net,
      tax_amount: tax,
      gross_amount: gross,
      tax_rates: [rate],
      biller: { name: direction === 'incoming' ? party : companyName },
      recipient: { name: direction === 'incoming' ? companyName : party },
    };
    const pdf = await PDFDocument.create();
    const page = pdf.addPage([595, 842]);
    const helvetica = await pdf.embedFont(StandardFonts.Helvetica);
    const lines = [
      expected.biller!.name!,
      '',
      `Rechnung ${number}`,
      `Rechnungsdatum: ${date}`,
      `An: ${expected.recipient!.name}`,
      '',
      `Netto: ${net.toFixed(2)} EUR`,
      `USt ${rate} %: ${tax.toFixed(2)} EUR`,
      `Gesamtbetrag: ${gross.toFixed(2)} EUR`,
      `Zahlbar bis ${addDays(date, 30)}`,
    ];
    lines.forEach((line, n) => page.drawText(line, { x: 56, y: 780 - n * 20, size: n === 2 ? 16 : 11, font: helvetica }));
    invoices.push({ fileName: `${number}.pdf`, bytes: Buffer.from(await pdf.save()), kind: i % 5 === 4 ? 'zugferd' : 'text', direction, expected });
  }
  return invoices;
}

const addDays = (date: string, days: number) => new Date(Date.parse(date) + days * 86_400_000).toISOString().slice(0, 10);
