import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describeWithFixtures } from '@portal/tools';
import { parseEInvoice } from './parse-einvoice';

// An independent, deliberately naive reading of the same files: regexes over the specific elements.
function block(xml: string, tag: string): string {
  const m = xml.match(new RegExp(`<(?:\\w+:)?${tag}[\\s>][\\s\\S]*?</(?:\\w+:)?${tag}>`));
  return m ? m[0] : '';
}
function blocks(xml: string, tag: string): string[] {
  return xml.match(new RegExp(`<(?:\\w+:)?${tag}[\\s>][\\s\\S]*?</(?:\\w+:)?${tag}>`, 'g')) ?? [];
}
function value(xml: string, tag: string, attrs = ''): string | undefined {
  const m = xml.match(new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?${attrs}[^>]*>([^<]*)</`));
  return m ? m[1].trim() : undefined;
}
const amount = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s));
const vat = (s: string | undefined): string | undefined => s?.replace(/\s/g, '');
const ymd = (s: string | undefined): string | undefined => s?.replace(/^(\d{4})(\d{2})(\d{2})$/, '$1-$2-$3');

interface Expected {
  number?: string;
  date?: string;
  seller?: string;
  buyer?: string;
  sellerVat?: string;
  buyerVat?: string;
  iban?: string;
  net?: number;
  tax?: number;
  gross?: number;
  breakdown: Array<{ rate: number; net: number; tax: number; category?: string; exemption_reason?: string }>;
}

function readUbl(xml: string): Expected {
  const vatOf = (partyXml: string): string | undefined =>
    vat(
      blocks(partyXml, 'PartyTaxScheme')
        .map((b) => (/<cbc:ID>VAT</.test(b) ? value(b, 'CompanyID') : undefined))
        .find(Boolean),
    );
  const seller = block(xml, 'AccountingSupplierParty');
  const buyer = block(xml, 'AccountingCustomerParty');
  const totals = block(xml, 'LegalMonetaryTotal');
  const taxTotal = blocks(xml, 'TaxTotal').find((t) => t.includes('TaxSubtotal')) ?? '';
  return {
    number: value(xml.replace(/<cac:[\s\S]*/, ''), 'ID'),
    date: value(xml, 'IssueDate'),
    seller: value(seller, 'RegistrationName'),
    buyer: value(buyer, 'RegistrationName'),
    sellerVat: vatOf(seller),
    buyerVat: vatOf(buyer),
    iban: vat(value(block(xml, 'PayeeFinancialAccount').replace(/<!--[\s\S]*?-->/g, ''), 'ID')),
    net: amount(value(totals, 'TaxExclusiveAmount')),
    tax: amount(value(taxTotal, 'TaxAmount')),
    gross: amount(value(totals, 'TaxInclusiveAmount')),
    breakdown: blocks(taxTotal, 'TaxSubtotal').map((s) => ({
      rate: Number(value(s, 'Percent') ?? 0),
      net: Number(value(s, 'TaxableAmount')),
      tax: Number(value(s, 'TaxAmount')),
      category: value(block(s, 'TaxCategory'), 'ID'),
      exemption_reason: value(s, 'TaxExemptionReason') ?? value(s, 'TaxExemptionReasonCode'),
    })),
  };
}

function readCii(xml: string): Expected {
  const seller = block(xml, 'SellerTradeParty');
  const buyer = block(xml, 'BuyerTradeParty');
  const settlement = block(xml, 'ApplicableHeaderTradeSettlement');
  const doc = block(xml, 'ExchangedDocument');
  return {
    number: value(doc, 'ID'),
    date: ymd(value(doc, 'DateTimeString')),
    seller: value(seller, 'Name'),
    buyer: value(buyer, 'Name'),
    sellerVat: vat(value(seller, 'ID', 'schemeID="VA"')),
    buyerVat: vat(value(buyer, 'ID', 'schemeID="VA"')),
    iban: vat(value(settlement, 'IBANID')),
    net: amount(value(settlement, 'TaxBasisTotalAmount')),
    tax: amount(value(settlement, 'TaxTotalAmount')),
    gross: amount(value(settlement, 'GrandTotalAmount')),
    breakdown: blocks(settlement, 'ApplicableTradeTax').map((t) => ({
      rate: Number(value(t, 'RateApplicablePercent') ?? 0),
      net: Number(value(t, 'BasisAmount')),
      tax: Number(value(t, 'CalculatedAmount')),
      category: value(t, 'CategoryCode'),
      exemption_reason: value(t, 'ExemptionReason') ?? value(t, 'ExemptionReasonCode'),
    })),
  };
}

describeWithFixtures('xrechnung', 'e-invoice parsing on the official XRechnung test cases', (DIR) => {
  const files = readdirSync(DIR).filter((f) => f.endsWith('.xml'));

  it('finds fixture files in both syntaxes', () => {
    expect(files.some((f) => f.includes('_ubl'))).toBe(true);
    expect(files.some((f) => f.includes('_uncefact'))).toBe(true);
  });

  it.each(files)('%s yields exactly the values written in its XML', (file) => {
    const xml = readFileSync(path.join(DIR, file), 'utf8');
    const expected = file.includes('_ubl') ? readUbl(xml) : readCii(xml);
    const { fields, syntax } = parseEInvoice(xml);
    expect(syntax).toBe(file.includes('_ubl') ? 'UBL' : 'CII');
    expect(fields.invoice_number).toBe(expected.number);
    expect(fields.invoice_date).toBe(expected.date);
    expect(fields.biller?.name).toBe(expected.seller);
    expect(fields.recipient?.name).toBe(expected.buyer);
    expect(fields.biller?.vat_id).toBe(expected.sellerVat);
    expect(fields.recipient?.vat_id).toBe(expected.buyerVat);
    expect(fields.iban).toBe(expected.iban);
    expect(fields.net_amount).toBe(expected.net);
    expect(fields.tax_amount).toBe(expected.tax);
    expect(fields.gross_amount).toBe(expected.gross);
    expect(fields.tax_breakdown ?? []).toEqual(expected.breakdown);
    expect(fields.invoice_number).toBeTruthy();
    expect(fields.line_items?.length).toBeGreaterThan(0);
  });
});
