import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PDFDocument, PDFName, PDFStream } from 'pdf-lib';
import type { ExtractedFields, LineItem, Party, TaxBreakdownLine } from '@portal/contracts';
import { FACTURX_FILE_NAME, generateDemoInvoices, isValidVatId, type DemoInvoice, type DemoInvoiceOptions } from './index';
import { drawnText, pageContent, readAttachments, resourceNames } from '../../test/pdf-inspect';
import { formatMoney } from './texts';

// ibantools ships ESM type declarations; a dynamic import keeps this CommonJS spec type-correct under node16.
let isValidIBAN: (iban: string) => boolean;
let isValidBIC: (bic: string) => boolean;
beforeAll(async () => {
  ({ isValidIBAN, isValidBIC } = await import('ibantools'));
});

const TODAY = new Date('2026-11-22T10:00:00Z');
const AUSTRIAN: DemoInvoiceOptions = {
  companyNo: 1001,
  companyName: 'Alpenblick Gastronomie GmbH',
  companyPlace: 'Innsbruck',
  count: 40,
  seed: 20260101,
  today: TODAY,
};
const GERMAN: DemoInvoiceOptions = {
  companyNo: 1004,
  companyName: 'Müller Elektrotechnik GmbH',
  companyPlace: 'München',
  count: 40,
  seed: 20260101,
  today: TODAY,
};

const cents = (amount: number | undefined): number => Math.round((amount ?? NaN) * 100);
const count = <T>(items: readonly T[], value: T): number => items.filter((i) => i === value).length;

let austrian: DemoInvoice[];
let german: DemoInvoice[];

beforeAll(async () => {
  [austrian, german] = await Promise.all([generateDemoInvoices(AUSTRIAN), generateDemoInvoices(GERMAN)]);
});

describe('generateDemoInvoices', () => {
  it('generates the same bytes and expected values for the same seed', async () => {
    const again = await generateDemoInvoices(AUSTRIAN);
    expect(again.map((i) => i.fileName)).toEqual(austrian.map((i) => i.fileName));
    expect(again.map((i) => i.expected)).toEqual(austrian.map((i) => i.expected));
    again.forEach((invoice, i) => expect(invoice.bytes.equals(austrian[i].bytes)).toBe(true));
  });

  it('generates different invoices for a different seed', async () => {
    const other = await generateDemoInvoices({ ...AUSTRIAN, seed: 7, count: 5 });
    expect(other.map((i) => i.expected.invoice_number)).not.toEqual(austrian.slice(0, 5).map((i) => i.expected.invoice_number));
  });

  it('mixes 70 % text, 15 % ZUGFeRD and 15 % scanned PDFs, 70 % German and 20 % outgoing for 40 invoices', () => {
    for (const invoices of [austrian, german]) {
      const kinds = invoices.map((i) => i.kind);
      expect([count(kinds, 'text'), count(kinds, 'zugferd'), count(kinds, 'scanned')]).toEqual([28, 6, 6]);
      const languages = invoices.map((i) => i.language);
      expect([count(languages, 'de'), count(languages, 'en')]).toEqual([28, 12]);
      const directions = invoices.map((i) => i.direction);
      expect([count(directions, 'incoming'), count(directions, 'outgoing')]).toEqual([32, 8]);
    }
  });

  it('gives every invoice a unique PDF file name', () => {
    for (const invoices of [austrian, german]) {
      expect(new Set(invoices.map((i) => i.fileName)).size).toBe(invoices.length);
      for (const invoice of invoices) {
        expect(invoice.fileName).toMatch(/^[A-Za-z0-9_.-]+\.pdf$/);
        expect(invoice.mediaType).toBe('application/pdf');
      }
    }
  });

  it('makes the company the recipient of incoming and the biller of outgoing invoices', () => {
    for (const invoice of austrian) {
      const own = invoice.direction === 'incoming' ? invoice.expected.recipient : invoice.expected.biller;
      const other = invoice.direction === 'incoming' ? invoice.expected.biller : invoice.expected.recipient;
      expect(own?.name).toBe('Alpenblick Gastronomie GmbH');
      expect(own?.city).toBe('Innsbruck');
      expect(other?.name).not.toBe('Alpenblick Gastronomie GmbH');
    }
  });

  it('uses checksum-valid IBANs, valid BICs and valid VAT ids of the biller country', () => {
    for (const [invoices, country] of [
      [austrian, 'AT'],
      [german, 'DE'],
    ] as const) {
      for (const { expected } of invoices) {
        expect(isValidIBAN(expected.iban ?? '')).toBe(true);
        expect(expected.iban?.slice(0, 2)).toBe(country);
        expect(isValidBIC(expected.bic ?? '')).toBe(true);
        expect(isValidVatId(expected.biller?.vat_id ?? '')).toBe(true);
        expect(expected.biller?.vat_id?.slice(0, 2)).toBe(country);
        if (expected.recipient?.vat_id) expect(isValidVatId(expected.recipient.vat_id)).toBe(true);
      }
    }
  });

  it('adds up: line items to the breakdown, the breakdown to net and tax, net plus tax to gross', () => {
    for (const { expected } of [...austrian, ...german]) {
      const lines = expected.line_items ?? [];
      const breakdown = expected.tax_breakdown ?? [];
      expect(lines.length).toBeGreaterThanOrEqual(1);
      expect(lines.length).toBeLessThanOrEqual(8);
      for (const line of lines) expect(cents(line.net_amount)).toBe(Math.round((Math.round((line.quantity ?? NaN) * 100) * cents(line.unit_price)) / 100));
      for (const tax of breakdown) {
        const net = lines.filter((l) => l.tax_rate === tax.rate).reduce((sum, l) => sum + cents(l.net_amount), 0);
        expect(cents(tax.net)).toBe(net);
        expect(cents(tax.tax)).toBe(Math.round((net * tax.rate) / 100));
      }
      expect(breakdown.reduce((sum, t) => sum + cents(t.net), 0)).toBe(cents(expected.net_amount));
      expect(breakdown.reduce((sum, t) => sum + cents(t.tax), 0)).toBe(cents(expected.tax_amount));
      expect(cents(expected.net_amount) + cents(expected.tax_amount)).toBe(cents(expected.gross_amount));
      expect(expected.tax_rates).toEqual(breakdown.map((t) => t.rate).sort((a, b) => a - b));
      expect(expected.currency).toBe('EUR');
    }
  });

  it('uses Austrian VAT rates for Austrian billers and German rates for German billers', () => {
    const rates = (invoices: DemoInvoice[]): number[] => [...new Set(invoices.flatMap((i) => i.expected.tax_rates ?? []))].sort((a, b) => a - b);
    expect(rates(austrian)).toEqual(expect.arrayContaining([10, 20]));
    expect(rates(austrian).every((r) => [10, 13, 20].includes(r))).toBe(true);
    expect(rates(german).every((r) => [7, 19].includes(r))).toBe(true);
    expect(rates(german)).toContain(19);
  });

  it('dates invoices within the 14 months before today and makes them due 14 or 30 days later', () => {
    const earliest = Date.parse('2025-09-22');
    for (const { expected } of [...austrian, ...german]) {
      const issued = Date.parse(expected.invoice_date ?? '');
      expect(issued).toBeGreaterThanOrEqual(earliest);
      expect(issued).toBeLessThan(TODAY.getTime());
      expect([14, 30]).toContain((Date.parse(expected.due_date ?? '') - issued) / 86_400_000);
    }
  });

  it('produces PDFs that pdf-lib can re-open, each with one A4 page', async () => {
    for (const invoice of [...austrian, ...german]) {
      const doc = await PDFDocument.load(invoice.bytes);
      expect(doc.getPageCount()).toBe(1);
      const { width, height } = doc.getPage(0).getSize();
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    }
  });

  it('prints the expected number, dates, amounts, IBAN and payment reference in the text layer', async () => {
    for (const invoice of [...austrian, ...german].filter((i) => i.kind !== 'scanned')) {
      const doc = await PDFDocument.load(invoice.bytes);
      const text = drawnText(doc.getPage(0)).join('\n');
      const e = invoice.expected;
      expect(text).toContain(e.invoice_number);
      expect(text).toContain(formatMoney(cents(e.gross_amount), invoice.language));
      expect(text).toContain(e.iban?.replace(/(.{4})(?=.)/g, '$1 '));
      expect(text).toContain(e.bic);
      expect(text).toContain(e.payment_reference);
      expect(text).toContain(e.biller?.vat_id);
      expect(text).toContain(invoice.language === 'de' ? 'Rechnung' : 'Invoice');
      for (const line of e.line_items ?? []) expect(text).toContain(line.description.split(' ')[0]);
    }
  });

  it('attaches factur-x.xml to ZUGFeRD invoices whose values equal the expected ones', async () => {
    const zugferd = [...austrian, ...german].filter((i) => i.kind === 'zugferd');
    expect(zugferd).toHaveLength(12);
    for (const invoice of zugferd) {
      const doc = await PDFDocument.load(invoice.bytes);
      const attachments = readAttachments(doc);
      expect(attachments.map((a) => a.name)).toEqual([FACTURX_FILE_NAME]);
      expect(attachments[0].relationship).toBe('Alternative');
      expect(attachments[0].subtype).toBe('text/xml');
      expect(doc.catalog.has(PDFName.of('AF'))).toBe(true);
      expect(doc.catalog.lookup(PDFName.of('Metadata'), PDFStream)).toBeDefined();
      const xml = Buffer.from(attachments[0].bytes).toString('utf8');
      expect(XMLValidator.validate(xml)).toBe(true);
      expect(xml).toContain('<ram:ID>urn:cen.eu:en16931:2017</ram:ID>');
      expect(fieldsFromCii(xml)).toEqual({ ...invoice.expected, line_items: invoice.expected.line_items?.map(dropUnit) });
    }
  });

  it('leaves the other PDFs without attachments', async () => {
    for (const invoice of austrian.filter((i) => i.kind !== 'zugferd')) {
      expect(readAttachments(await PDFDocument.load(invoice.bytes))).toEqual([]);
    }
  });

  it('renders scanned invoices as a single image without fonts or text operators', async () => {
    const scanned = [...austrian, ...german].filter((i) => i.kind === 'scanned');
    expect(scanned).toHaveLength(12);
    for (const invoice of scanned) {
      const page = (await PDFDocument.load(invoice.bytes)).getPage(0);
      const content = pageContent(page);
      expect(content).not.toMatch(/\bBT\b|\bTj\b|\bTJ\b/);
      expect(content).toMatch(/\bDo\b/);
      expect(resourceNames(page, 'Font')?.keys() ?? []).toEqual([]);
      const xobjects = resourceNames(page, 'XObject');
      expect(xobjects?.keys()).toHaveLength(1);
      const image = xobjects?.lookup(xobjects.keys()[0], PDFStream);
      expect(image?.dict.lookup(PDFName.of('Subtype'))).toBe(PDFName.of('Image'));
      expect(image?.dict.lookup(PDFName.of('Filter'))).toBe(PDFName.of('DCTDecode'));
      expect(String(image?.dict.lookup(PDFName.of('Width')))).toBe('1654');
    }
  });
});

/** The XML carries UN/ECE unit codes (C62), the PDF prints words (Stk), so units are compared elsewhere. */
function dropUnit(item: LineItem): LineItem {
  const copy = { ...item };
  delete copy.unit;
  return copy;
}

type Node = Record<string, unknown>;
const node = (value: unknown): Node => (value ?? {}) as Node;
const list = (value: unknown): Node[] => (Array.isArray(value) ? value : value === undefined ? [] : [value]).map(node);
const text = (value: unknown): string => (typeof value === 'object' && value !== null ? String((value as Node)['#text']) : String(value));
const date102 = (value: unknown): string => text(node(value).DateTimeString).replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

function partyFromCii(value: unknown): Party {
  const p = node(value);
  const address = node(p.PostalTradeAddress);
  const out: Party = {
    name: text(p.Name),
    street: text(address.LineOne),
    postcode: text(address.PostcodeCode),
    city: text(address.CityName),
    country: text(address.CountryID),
  };
  const registration = list(p.SpecifiedTaxRegistration).find((r) => node(r.ID)['@_schemeID'] === 'VA');
  if (registration) out.vat_id = text(registration.ID);
  return out;
}

/** Reads the invoice fields from the CII XML independently of the generator, as an extraction would. */
function fieldsFromCii(xml: string): ExtractedFields {
  const parsed = new XMLParser({ ignoreAttributes: false, removeNSPrefix: true, parseTagValue: false }).parse(xml) as Node;
  const root = node(parsed.CrossIndustryInvoice);
  const doc = node(root.ExchangedDocument);
  const tx = node(root.SupplyChainTradeTransaction);
  const agreement = node(tx.ApplicableHeaderTradeAgreement);
  const settlement = node(tx.ApplicableHeaderTradeSettlement);
  const sums = node(settlement.SpecifiedTradeSettlementHeaderMonetarySummation);
  const means = node(settlement.SpecifiedTradeSettlementPaymentMeans);
  expect(text(doc.TypeCode)).toBe('380');
  expect(text(means.TypeCode)).toBe('58');
  expect(node(sums.TaxTotalAmount)['@_currencyID']).toBe('EUR');
  expect(text(sums.LineTotalAmount)).toBe(text(sums.TaxBasisTotalAmount));
  expect(text(sums.DuePayableAmount)).toBe(text(sums.GrandTotalAmount));
  const breakdown: TaxBreakdownLine[] = list(settlement.ApplicableTradeTax).map((t) => ({
    rate: Number(text(t.RateApplicablePercent)),
    net: Number(text(t.BasisAmount)),
    tax: Number(text(t.CalculatedAmount)),
  }));
  return {
    invoice_number: text(doc.ID),
    invoice_date: date102(node(doc.IssueDateTime)),
    due_date: date102(node(settlement.SpecifiedTradePaymentTerms).DueDateDateTime),
    biller: partyFromCii(agreement.SellerTradeParty),
    recipient: partyFromCii(agreement.BuyerTradeParty),
    currency: text(settlement.InvoiceCurrencyCode),
    net_amount: Number(text(sums.TaxBasisTotalAmount)),
    tax_amount: Number(text(sums.TaxTotalAmount)),
    gross_amount: Number(text(sums.GrandTotalAmount)),
    tax_rates: breakdown.map((t) => t.rate).sort((a, b) => a - b),
    tax_breakdown: breakdown,
    line_items: list(tx.IncludedSupplyChainTradeLineItem).map((item) => {
      const settlementLine = node(item.SpecifiedLineTradeSettlement);
      return {
        position: text(node(item.AssociatedDocumentLineDocument).LineID),
        description: text(node(item.SpecifiedTradeProduct).Name),
        quantity: Number(text(node(item.SpecifiedLineTradeDelivery).BilledQuantity)),
        unit_price: Number(text(node(node(item.SpecifiedLineTradeAgreement).NetPriceProductTradePrice).ChargeAmount)),
        net_amount: Number(text(node(settlementLine.SpecifiedTradeSettlementLineMonetarySummation).LineTotalAmount)),
        tax_rate: Number(text(node(settlementLine.ApplicableTradeTax).RateApplicablePercent)),
      };
    }),
    iban: text(node(means.PayeePartyCreditorFinancialAccount).IBANID),
    bic: text(node(means.PayeeSpecifiedCreditorFinancialInstitution).BICID),
    payment_reference: text(settlement.PaymentReference),
  };
}
