/**
 * The structure check done before the rules: what the UBL 2.1 / CII D16B schemas demand and the rules rely
 * on (required elements, the currency on UBL amounts, lexical form of amounts, quantities, percentages and
 * dates). Not covered: element order, unknown elements, every optional element's own required children.
 */
import type { Finding } from './verdict';
import type { El } from './xml/dom';
import { allElements } from './rules/syntax-ubl';

// XSD's whitespace facet collapses only XML white space (space, tab, CR, LF).
const DECIMAL = /^[ \t\r\n]*[+-]?(\d+(\.\d*)?|\.\d+)[ \t\r\n]*$/;
const DATE = /^[ \t\r\n]*-?\d{4}-\d{2}-\d{2}(Z|[+-]\d{2}:\d{2})?[ \t\r\n]*$/;

function finding(rule: string, el: El, en: string, de: string): Finding {
  return { rule, severity: 'fatal', location: el.xpath(), message: { en, de } };
}

const UBL_REQUIRED: Record<string, string[]> = {
  'ubl:Invoice': ['cbc:ID', 'cbc:IssueDate', 'cac:AccountingSupplierParty', 'cac:AccountingCustomerParty', 'cac:LegalMonetaryTotal', 'cac:InvoiceLine'],
  'cn:CreditNote': ['cbc:ID', 'cbc:IssueDate', 'cac:AccountingSupplierParty', 'cac:AccountingCustomerParty', 'cac:LegalMonetaryTotal', 'cac:CreditNoteLine'],
  'cac:LegalMonetaryTotal': ['cbc:PayableAmount'],
  'cac:InvoiceLine': ['cbc:ID', 'cbc:LineExtensionAmount', 'cac:Item'],
  'cac:CreditNoteLine': ['cbc:ID', 'cbc:LineExtensionAmount', 'cac:Item'],
  'cac:TaxTotal': ['cbc:TaxAmount'],
  'cac:TaxSubtotal': ['cbc:TaxAmount', 'cac:TaxCategory'],
  'cac:TaxCategory': ['cac:TaxScheme'],
  'cac:ClassifiedTaxCategory': ['cac:TaxScheme'],
  'cac:AllowanceCharge': ['cbc:ChargeIndicator', 'cbc:Amount'],
  'cac:Price': ['cbc:PriceAmount'],
  'cac:PaymentMeans': ['cbc:PaymentMeansCode'],
  'cac:PartyTaxScheme': ['cac:TaxScheme'],
  'cac:InvoiceDocumentReference': ['cbc:ID'],
  'cac:AdditionalDocumentReference': ['cbc:ID'],
};

const CII_REQUIRED: Record<string, string[]> = {
  'rsm:CrossIndustryInvoice': ['rsm:ExchangedDocumentContext', 'rsm:ExchangedDocument', 'rsm:SupplyChainTradeTransaction'],
  'rsm:ExchangedDocumentContext': ['ram:GuidelineSpecifiedDocumentContextParameter'],
  'rsm:SupplyChainTradeTransaction': ['ram:ApplicableHeaderTradeAgreement', 'ram:ApplicableHeaderTradeDelivery', 'ram:ApplicableHeaderTradeSettlement'],
  'ram:IncludedSupplyChainTradeLineItem': [
    'ram:AssociatedDocumentLineDocument',
    'ram:SpecifiedTradeProduct',
    'ram:SpecifiedLineTradeAgreement',
    'ram:SpecifiedLineTradeDelivery',
    'ram:SpecifiedLineTradeSettlement',
  ],
  'ram:SpecifiedTradeAllowanceCharge': ['ram:ChargeIndicator'],
  'ram:ChargeIndicator': ['udt:Indicator'],
  'ram:IssueDateTime': ['udt:DateTimeString'],
};

const UBL_DECIMAL_SUFFIXES = ['Amount', 'Quantity', 'Percent'];
const CII_DECIMAL_SUFFIXES = ['Amount', 'Quantity', 'Percent'];

export function structureFindings(root: El): Finding[] {
  const ubl = root.name === 'ubl:Invoice' || root.name === 'cn:CreditNote';
  const required = ubl ? UBL_REQUIRED : CII_REQUIRED;
  const out: Finding[] = [];
  for (const el of allElements(root)) {
    for (const child of required[el.name] ?? []) {
      if (!el.has(child)) {
        out.push(
          finding('SCHEMA-REQUIRED', el, `The schema requires the element ${child} in ${el.name}.`, `Das Schema verlangt das Element ${child} in ${el.name}.`),
        );
      }
    }
    const prefix = el.name.slice(0, 4);
    if (ubl && prefix === 'cbc:') {
      if (el.local.endsWith('Amount') && el.attr('currencyID') === undefined) {
        out.push(
          finding('SCHEMA-CURRENCY', el, `The amount ${el.name} has no currency (currencyID).`, `Der Betrag ${el.name} hat keine Währung (currencyID).`),
        );
      }
      if (UBL_DECIMAL_SUFFIXES.some((s) => el.local.endsWith(s)) && el.kids.length === 0 && !DECIMAL.test(el.text)) {
        out.push(finding('SCHEMA-DECIMAL', el, `${el.name} is not a decimal number: "${el.text}".`, `${el.name} ist keine Dezimalzahl: „${el.text}“.`));
      }
      if (el.local.endsWith('Date') && el.kids.length === 0 && !DATE.test(el.text)) {
        out.push(finding('SCHEMA-DATE', el, `${el.name} is not a date (YYYY-MM-DD): "${el.text}".`, `${el.name} ist kein Datum (JJJJ-MM-TT): „${el.text}“.`));
      }
    }
    if (!ubl && prefix === 'ram:' && CII_DECIMAL_SUFFIXES.some((s) => el.local.endsWith(s)) && el.kids.length === 0 && !DECIMAL.test(el.text)) {
      out.push(finding('SCHEMA-DECIMAL', el, `${el.name} is not a decimal number: "${el.text}".`, `${el.name} ist keine Dezimalzahl: „${el.text}“.`));
    }
    if (el.name === 'udt:Indicator' && !/^[ \t\r\n]*(true|false|1|0)[ \t\r\n]*$/.test(el.text)) {
      out.push(finding('SCHEMA-BOOLEAN', el, `An indicator must be true or false: "${el.text}".`, `Ein Kennzeichen muss true oder false sein: „${el.text}“.`));
    }
    if (ubl && el.name === 'cbc:ChargeIndicator' && !/^[ \t\r\n]*(true|false|1|0)[ \t\r\n]*$/.test(el.text)) {
      out.push(
        finding(
          'SCHEMA-BOOLEAN',
          el,
          `The charge indicator must be true or false: "${el.text}".`,
          `Das Zuschlagskennzeichen muss true oder false sein: „${el.text}“.`,
        ),
      );
    }
  }
  return out;
}
