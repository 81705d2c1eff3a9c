/**
 * XRechnung CIUS rules (KoSIT): BR-DE-* for every XRechnung, BR-DEX-* for the XRechnung extension,
 * BR-DE-CVD-* / BR-TMP-CVD-* for the Clean Vehicles Directive profile, BR-TMP-* transitional rules.
 */
import { codeSet, inList } from '../code-lists';
import type { El } from '../xml/dom';
import { Dec, sum } from '../xml/decimal';
import * as C from './cii';
import { dec, decAt, each, ns, rule, twoDecimals, type Doc, type Rule, type Text, type Violation } from './rule';
import { normalizeSpace } from '../xml/space';

export const XRECHNUNG_VERSION = '3.0';
const CIUS_ID = `urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_${XRECHNUNG_VERSION}`;
const EXTENSION_ID = `${CIUS_ID}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_${XRECHNUNG_VERSION}`;
const CVD_ID = `${CIUS_ID}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9`;

const SUPPORTED_VAT = ['S', 'Z', 'E', 'AE', 'K', 'G', 'L', 'M'];
const TYPE_CODES = ['326', '380', '384', '389', '381', '875', '876', '877'];
const DIGA = ['XR01', 'XR02', 'XR03'];
const SKONTO = /(^|\r?\n)#(SKONTO)#TAGE=([0-9]+#PROZENT=[0-9]+\.[0-9]{2})(#BASISBETRAG=-?[0-9]+\.[0-9]{2})?#$/;
// XPath's \s: the four XML white-space characters only.
const EMAIL = /^[^@ \t\r\n]+@([^@. \t\r\n]+\.)+[^@. \t\r\n]+$/;
const TELEPHONE = /.*([0-9].*){3,}.*/;
const URL = /^([a-zA-Z])([a-zA-Z0-9+.-])+:.*/;
const EXTENSION_MIME = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
  'application/xml',
]);
const CVD_VEHICLES = ['M1', 'M2', 'M3', 'N1', 'N2', 'N3'];
const CVA = ['clean', 'zero-emission', 'other'];

function customizationId(d: Doc): string[] {
  return d.syntax === 'UBL'
    ? d.root.all('cbc:CustomizationID').map((c) => c.text)
    : d.root.at('rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID').map((c) => c.text);
}
const isExtension = (d: Doc) => customizationId(d).includes(EXTENSION_ID);
const isCvd = (d: Doc) => customizationId(d).includes(CVD_ID);

/** `x[boolean(normalize-space(.))]` exists */
const nonBlank = (el: El | undefined, path: string) => !!el && el.at(path).some((e) => ns(e) !== '');
const fatal = (id: string, text: Text, checks: { ubl?: Rule['ubl']; cii?: Rule['cii'] }) => rule(id, 'fatal', text, checks);
const warning = (id: string, text: Text, checks: { ubl?: Rule['ubl']; cii?: Rule['cii'] }) => rule(id, 'warning', text, checks);

/** BR-DE-18: every payment-terms line starting with # is a well-formed Skonto line, and the text ends with a line break after it. */
function skontoOk(note: El | undefined): boolean {
  if (!note) return true;
  const text = note.value();
  const lines = text.split(/\r?\n/).filter((l) => ns0(l).startsWith('#'));
  if (lines.length === 0) return true;
  const tokens = text.split(/#.+#/);
  const last = tokens[tokens.length - 1] ?? '';
  const endsWithBreak = /^[ \t\r\n]*\n/.test(last);
  return lines.every((l) => SKONTO.test(ns0(l)) && endsWithBreak);
}
const ns0 = normalizeSpace;

/**
 * BR-DE-19/20: the account identifier is an IBAN by the XRechnung rule's own reading of ISO 13616.
 * - XML white space (space, tab, CR, LF) is dropped wherever it stands, so the printed form in groups of four
 *   passes; any other character, a no-break space included, is no IBAN.
 * - Two capital letters, two digits, then up to 30 letters or digits.
 * - The first four characters move to the end, each letter becomes its code point minus 55 (A = 10 … Z = 35),
 *   and the number so written, taken exactly however long it is, leaves 1 when divided by 97. A lower-case
 *   letter counts from its own code point too (a = 42, not 10), so it almost always fails, as in the rule.
 */
function ibanOk(raw: string | undefined): boolean {
  const iban = (raw ?? '').replace(/[ \t\r\n]/g, '');
  if (!/^[A-Z]{2}[0-9]{2}[a-zA-Z0-9]{0,30}$/.test(iban)) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  const digits = [...rearranged]
    .map((c) => {
      const cp = c.charCodeAt(0);
      return String(cp > 64 ? cp - 55 : cp - 48);
    })
    .join('');
  // Digit by digit, so the remainder is exact for any length (a double holds only 15 digits exactly).
  let rest = 0;
  for (const ch of digits) rest = (rest * 10 + Number(ch)) % 97;
  return rest === 1;
}

function duplicateAttachmentNames(docs: El[], binaryPath: string): boolean {
  return docs.some((doc, i) => {
    const mine = doc
      .at(binaryPath)
      .map((b) => b.attr('filename'))
      .filter((f): f is string => f !== undefined);
    const before = docs
      .slice(0, i)
      .filter((p) => p.parent === doc.parent)
      .flatMap((p) => p.at(binaryPath).map((b) => b.attr('filename')));
    return mine.some((f) => before.includes(f));
  });
}

// ---- CII BG-19 direct debit terms ----
const ciiMandate = (r: El) => r.has(`${C.SETTLEMENT}/ram:SpecifiedTradePaymentTerms/ram:DirectDebitMandateID`);
const ciiCreditor = (r: El) => r.has(`${C.SETTLEMENT}/ram:CreditorReferenceID`);
const ciiDebited = (r: El) => r.has(`${C.SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans/ram:PayerPartyDebtorFinancialAccount/ram:IBANID`);
const ciiMeans = (r: El, codes: string[]) =>
  r.at(`${C.SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`).filter((p) => p.all('ram:TypeCode').some((c) => codes.includes(ns(c))));
const ublMeans = (r: El, codes: string[]) => r.all('cac:PaymentMeans').filter((p) => p.all('cbc:PaymentMeansCode').some((c) => codes.includes(ns(c))));

const ublSupplier = (r: El) => r.at('cac:AccountingSupplierParty');
const ciiSeller = (r: El) => r.at(`${C.AGREEMENT}/ram:SellerTradeParty`);

export const xrechnungRules: Rule[] = [
  fatal(
    'BR-DE-1',
    { en: 'An invoice must contain payment instructions (BG-16).', de: 'Eine Rechnung muss Zahlungsanweisungen (BG-16) enthalten.' },
    {
      ubl: (d) => each([d.root], (r) => r.has('cac:PaymentMeans')),
      cii: (d) => each([d.root], (r) => r.has(`${C.SETTLEMENT}/ram:SpecifiedTradeSettlementPaymentMeans`)),
    },
  ),
  fatal(
    'BR-DE-2',
    { en: 'The seller contact (BG-6) must be given.', de: 'Die Gruppe „Seller contact“ (BG-6) muss übermittelt werden.' },
    {
      ubl: (d) => each(ublSupplier(d.root), (s) => s.has('cac:Party/cac:Contact')),
      cii: (d) => each(ciiSeller(d.root), (s) => s.has('ram:DefinedTradeContact')),
    },
  ),
  ...(
    [
      ['BR-DE-3', 'city (BT-37)', 'Ort (BT-37)', 'cbc:CityName', 'ram:CityName'],
      ['BR-DE-4', 'post code (BT-38)', 'Postleitzahl (BT-38)', 'cbc:PostalZone', 'ram:PostcodeCode'],
    ] as const
  ).map(([id, en, de, u, c]) =>
    fatal(
      id,
      { en: `The seller ${en} must be given.`, de: `Die ${de} des Verkäufers muss übermittelt werden.` },
      {
        ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'), (a) => nonBlank(a, u)),
        cii: (d) => each(d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress`), (a) => nonBlank(a, c)),
      },
    ),
  ),
  fatal(
    'BR-DE-5',
    { en: 'The seller contact point (BT-41) must be given.', de: 'Der Ansprechpartner des Verkäufers (BT-41) muss übermittelt werden.' },
    {
      ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:Contact'), (c) => nonBlank(c, 'cbc:Name')),
      cii: (d) =>
        each(
          d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`),
          (c) => nonBlank(c, 'ram:PersonName') || nonBlank(c, 'ram:DepartmentName'),
        ),
    },
  ),
  fatal(
    'BR-DE-6',
    { en: 'The seller contact telephone number (BT-42) must be given.', de: 'Die Telefonnummer des Ansprechpartners (BT-42) muss übermittelt werden.' },
    {
      ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:Contact'), (c) => nonBlank(c, 'cbc:Telephone')),
      cii: (d) =>
        each(d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`), (c) =>
          nonBlank(c, 'ram:TelephoneUniversalCommunication/ram:CompleteNumber'),
        ),
    },
  ),
  fatal(
    'BR-DE-7',
    { en: 'The seller contact e-mail address (BT-43) must be given.', de: 'Die E-Mail-Adresse des Ansprechpartners (BT-43) muss übermittelt werden.' },
    {
      ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:Contact'), (c) => nonBlank(c, 'cbc:ElectronicMail')),
      cii: (d) =>
        each(d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`), (c) => nonBlank(c, 'ram:EmailURIUniversalCommunication/ram:URIID')),
    },
  ),
  ...(
    [
      [
        'BR-DE-8',
        'BR-DE-9',
        'buyer',
        'Käufers',
        'cac:AccountingCustomerParty/cac:Party/cac:PostalAddress',
        `${C.AGREEMENT}/ram:BuyerTradeParty/ram:PostalTradeAddress`,
      ],
      [
        'BR-DE-10',
        'BR-DE-11',
        'deliver to',
        'Lieferanschrift',
        'cac:Delivery/cac:DeliveryLocation/cac:Address',
        `${C.DELIVERY}/ram:ShipToTradeParty/ram:PostalTradeAddress`,
      ],
    ] as const
  ).flatMap(([cityId, zipId, en, de, u, c]) => [
    fatal(
      cityId,
      { en: `The ${en} city must be given.`, de: `Der Ort der ${de === 'Käufers' ? 'Anschrift des Käufers' : de} muss übermittelt werden.` },
      {
        ubl: (d) => each(d.root.at(u), (a) => nonBlank(a, 'cbc:CityName')),
        cii: (d) => each(d.root.at(c), (a) => nonBlank(a, 'ram:CityName')),
      },
    ),
    fatal(
      zipId,
      { en: `The ${en} post code must be given.`, de: `Die Postleitzahl der ${de === 'Käufers' ? 'Anschrift des Käufers' : de} muss übermittelt werden.` },
      {
        ubl: (d) => each(d.root.at(u), (a) => nonBlank(a, 'cbc:PostalZone')),
        cii: (d) => each(d.root.at(c), (a) => nonBlank(a, 'ram:PostcodeCode')),
      },
    ),
  ]),
  fatal(
    'BR-DE-14',
    { en: 'Each VAT breakdown must give the VAT category rate (BT-119).', de: 'Jede Umsatzsteueraufschlüsselung muss den Steuersatz (BT-119) enthalten.' },
    {
      ubl: (d) => each(d.root.at('cac:TaxTotal/cac:TaxSubtotal'), (s) => nonBlank(s, 'cac:TaxCategory/cbc:Percent')),
      cii: (d) => each(d.root.at(`${C.SETTLEMENT}/ram:ApplicableTradeTax`), (t) => nonBlank(t, 'ram:RateApplicablePercent')),
    },
  ),
  fatal(
    'BR-DE-15',
    {
      en: 'The buyer reference (BT-10) must be given (Leitweg-ID or other reference).',
      de: 'Das Element „Buyer reference“ (BT-10, z. B. Leitweg-ID) muss übermittelt werden.',
    },
    {
      ubl: (d) => each([d.root], (r) => nonBlank(r, 'cbc:BuyerReference')),
      cii: (d) => each([d.root], (r) => nonBlank(r, `${C.AGREEMENT}/ram:BuyerReference`)),
    },
  ),
  fatal(
    'BR-DE-16',
    {
      en: 'If VAT categories S, Z, E, AE, K, G, L or M are used, the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative (BG-11) must be given.',
      de: 'Werden die Steuerkategorien S, Z, E, AE, K, G, L oder M verwendet, muss die Umsatzsteuer-ID (BT-31), die Steuernummer (BT-32) oder ein Steuervertreter (BG-11) angegeben sein.',
    },
    {
      ubl: (d) =>
        each([d.root], (r) => {
          const acIds = (indicator: string, vatOnly: boolean) =>
            r
              .all('cac:AllowanceCharge')
              .filter((ac) => ac.all('cbc:ChargeIndicator').some((c) => c.value() === indicator))
              .flatMap((ac) => ac.all('cac:TaxCategory'))
              .filter((t) => !vatOnly || t.at('cac:TaxScheme/cbc:ID').some((i) => i.value() === 'VAT'))
              .flatMap((t) => t.all('cbc:ID'));
          const lineIds = [...r.all('cac:InvoiceLine'), ...r.all('cac:CreditNoteLine')].flatMap((l) => l.at('cac:Item/cac:ClassifiedTaxCategory/cbc:ID'));
          const used = [...acIds('false', false), ...acIds('true', false), ...lineIds].some((i) => SUPPORTED_VAT.includes(i.value()));
          return (
            !used ||
            r.has('cac:TaxRepresentativeParty') ||
            r.at('cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme/cbc:CompanyID').some((c) => ns(c) !== '')
          );
        }),
      cii: (d) =>
        each([d.root], (r) => {
          const lineTaxes = r.at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`);
          const lineUsed =
            lineTaxes.some((t) => t.all('ram:TypeCode').some((c) => c.value() === 'VAT')) &&
            lineTaxes.some((t) => t.all('ram:CategoryCode').some((c) => SUPPORTED_VAT.includes(c.value())));
          const acTaxes = r.at(`${C.SETTLEMENT}/ram:SpecifiedTradeAllowanceCharge/ram:CategoryTradeTax`);
          const acUsed =
            acTaxes.some((t) => t.value() === 'VAT') && acTaxes.some((t) => t.all('ram:CategoryCode').some((c) => SUPPORTED_VAT.includes(c.value())));
          if (!lineUsed && !acUsed) return true;
          const sellerId = r
            .at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:SpecifiedTaxRegistration/ram:ID`)
            .some((i) => ['VA', 'FC'].includes(ns0(i.attr('schemeID') ?? '')) && ns(i) !== '');
          return sellerId || r.has(`${C.AGREEMENT}/ram:SellerTaxRepresentativeTradeParty`);
        }),
    },
  ),
  warning(
    'BR-DE-17',
    {
      en: 'The invoice type code (BT-3) should be one of 326, 380, 384, 389, 381, 875, 876, 877.',
      de: 'Der Rechnungsartcode (BT-3) soll einer der Codes 326, 380, 384, 389, 381, 875, 876, 877 sein.',
    },
    {
      ubl: (d) => each([d.root], (r) => [...r.all('cbc:InvoiceTypeCode'), ...r.all('cbc:CreditNoteTypeCode')].some((c) => TYPE_CODES.includes(ns(c)))),
      cii: (d) => each([d.root], (r) => r.at('rsm:ExchangedDocument/ram:TypeCode').some((c) => TYPE_CODES.includes(ns(c)))),
    },
  ),
  fatal(
    'BR-DE-18',
    {
      en: 'Cash discount (Skonto) lines in the payment terms (BT-20) must have the form #SKONTO#TAGE=n#PROZENT=n.nn# (optionally #BASISBETRAG=n.nn#), each line ending with a line break.',
      de: 'Skonto-Angaben in den Zahlungsbedingungen (BT-20) müssen die Form #SKONTO#TAGE=n#PROZENT=n.nn# (optional #BASISBETRAG=n.nn#) haben und mit einem Zeilenumbruch enden.',
    },
    {
      ubl: (d) => each([d.root], (r) => skontoOk(r.all('cac:PaymentTerms').flatMap((p) => p.all('cbc:Note').slice(0, 1))[0])),
      cii: (d) =>
        each([d.root], (r) => skontoOk(r.at(`${C.SETTLEMENT}/ram:SpecifiedTradePaymentTerms`).flatMap((p) => p.all('ram:Description').slice(0, 1))[0])),
    },
  ),
  warning(
    'BR-DE-19',
    { en: 'The IBAN (BT-84) for SEPA credit transfer should be a valid IBAN.', de: 'Die IBAN (BT-84) für eine SEPA-Überweisung soll gültig sein.' },
    {
      ubl: (d) => each(ublMeans(d.root, ['58']), (p) => ibanOk(p.first('cac:PayeeFinancialAccount/cbc:ID')?.value())),
      cii: (d) => each(ciiMeans(d.root, ['58']), (p) => ibanOk(p.first('ram:PayeePartyCreditorFinancialAccount/ram:IBANID')?.value())),
    },
  ),
  warning(
    'BR-DE-20',
    {
      en: 'The debited account IBAN (BT-91) for SEPA direct debit should be a valid IBAN.',
      de: 'Die IBAN des belasteten Kontos (BT-91) für eine SEPA-Lastschrift soll gültig sein.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['59']), (p) => ibanOk(p.first('cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')?.value())),
      cii: (d) => each(ciiMeans(d.root, ['59']), (p) => ibanOk(p.first('ram:PayerPartyDebtorFinancialAccount/ram:IBANID')?.value())),
    },
  ),
  warning(
    'BR-DE-21',
    {
      en: `The specification identifier (BT-24) should name XRechnung ${XRECHNUNG_VERSION}.`,
      de: `Die Spezifikationskennung (BT-24) soll XRechnung ${XRECHNUNG_VERSION} nennen.`,
    },
    {
      ubl: (d) => each([d.root], (r) => r.all('cbc:CustomizationID').some((c) => [CIUS_ID, EXTENSION_ID, CVD_ID].includes(c.value()))),
      cii: (d) =>
        each(d.root.all('rsm:ExchangedDocumentContext'), (c) =>
          c.at('ram:GuidelineSpecifiedDocumentContextParameter/ram:ID').some((i) => [CIUS_ID, EXTENSION_ID, CVD_ID].includes(i.value())),
        ),
    },
  ),
  fatal(
    'BR-DE-22',
    { en: 'Attached documents (BG-24) must have distinct file names.', de: 'Anhänge (BG-24) müssen eindeutige Dateinamen haben.' },
    {
      ubl: (d) => each([d.root], (r) => !duplicateAttachmentNames(r.all('cac:AdditionalDocumentReference'), 'cac:Attachment/cbc:EmbeddedDocumentBinaryObject')),
      cii: (d) => each([d.root], (r) => !duplicateAttachmentNames(r.descendants('ram:AdditionalReferencedDocument'), 'ram:AttachmentBinaryObject')),
    },
  ),
  fatal(
    'BR-DE-23-a',
    {
      en: 'With payment means credit transfer (30, 58) the credit transfer group (BG-17) must be given.',
      de: 'Bei Zahlungsart Überweisung (30, 58) muss die Gruppe „Credit transfer“ (BG-17) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['30', '58']), (p) => p.has('cac:PayeeFinancialAccount')),
      cii: (d) => each(ciiMeans(d.root, ['30', '58']), (p) => p.has('ram:PayeePartyCreditorFinancialAccount')),
    },
  ),
  fatal(
    'BR-DE-23-b',
    {
      en: 'With payment means credit transfer (30, 58) neither card (BG-18) nor direct debit (BG-19) information may be given.',
      de: 'Bei Überweisung (30, 58) dürfen keine Karten- (BG-18) oder Lastschriftangaben (BG-19) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['30', '58']), (p) => !p.has('cac:CardAccount') && !p.has('cac:PaymentMandate')),
      cii: (d) =>
        each(
          ciiMeans(d.root, ['30', '58']),
          (p) =>
            !p.has('ram:ApplicableTradeSettlementFinancialCard') &&
            !(ciiMandate(d.root) || ciiCreditor(d.root) || p.has('ram:PayerPartyDebtorFinancialAccount/ram:IBANID')),
        ),
    },
  ),
  fatal(
    'BR-DE-24-a',
    {
      en: 'With payment means card payment (48, 54, 55) the card information (BG-18) must be given.',
      de: 'Bei Kartenzahlung (48, 54, 55) muss die Gruppe „Payment card information“ (BG-18) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['48', '54', '55']), (p) => p.has('cac:CardAccount')),
      cii: (d) => each(ciiMeans(d.root, ['48', '54', '55']), (p) => p.has('ram:ApplicableTradeSettlementFinancialCard')),
    },
  ),
  fatal(
    'BR-DE-24-b',
    {
      en: 'With card payment (48, 54, 55) neither credit transfer (BG-17) nor direct debit (BG-19) information may be given.',
      de: 'Bei Kartenzahlung dürfen keine Überweisungs- (BG-17) oder Lastschriftangaben (BG-19) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['48', '54', '55']), (p) => !p.has('cac:PayeeFinancialAccount') && !p.has('cac:PaymentMandate')),
      cii: (d) =>
        each(
          ciiMeans(d.root, ['48', '54', '55']),
          (p) =>
            !p.has('ram:PayeePartyCreditorFinancialAccount') &&
            !(ciiMandate(d.root) || ciiCreditor(d.root) || p.has('ram:PayerPartyDebtorFinancialAccount/ram:IBANID')),
        ),
    },
  ),
  fatal(
    'BR-DE-25-a',
    {
      en: 'With payment means SEPA direct debit (59) the direct debit information (BG-19) must be given.',
      de: 'Bei SEPA-Lastschrift (59) muss die Gruppe „Direct debit“ (BG-19) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['59']), (p) => p.has('cac:PaymentMandate')),
      cii: (d) => each(ciiMeans(d.root, ['59']), (p) => ciiMandate(d.root) || ciiCreditor(d.root) || p.has('ram:PayerPartyDebtorFinancialAccount/ram:IBANID')),
    },
  ),
  fatal(
    'BR-DE-25-b',
    {
      en: 'With SEPA direct debit (59) neither credit transfer (BG-17) nor card (BG-18) information may be given.',
      de: 'Bei SEPA-Lastschrift dürfen keine Überweisungs- (BG-17) oder Kartenangaben (BG-18) übermittelt werden.',
    },
    {
      ubl: (d) => each(ublMeans(d.root, ['59']), (p) => !p.has('cac:PayeeFinancialAccount') && !p.has('cac:CardAccount')),
      cii: (d) =>
        each(
          ciiMeans(d.root, ['59']),
          (p) =>
            !p.has('ram:PayeePartyCreditorFinancialAccount') &&
            !p.has('ram:PayeeSpecifiedCreditorFinancialInstitution') &&
            !p.has('ram:PayerSpecifiedDebtorFinancialInstitution') &&
            !p.has('ram:ApplicableTradeSettlementFinancialCard'),
        ),
    },
  ),
  warning(
    'BR-DE-26',
    {
      en: 'A corrected invoice (384) should reference the preceding invoice (BG-3).',
      de: 'Eine Rechnungskorrektur (384) soll auf die vorausgegangene Rechnung (BG-3) verweisen.',
    },
    {
      ubl: (d) =>
        each(
          [d.root],
          (r) =>
            ![...r.all('cbc:InvoiceTypeCode'), ...r.all('cbc:CreditNoteTypeCode')].some((c) => ns(c) === '384') ||
            r.has('cac:BillingReference/cac:InvoiceDocumentReference'),
        ),
      cii: (d) =>
        each(
          [d.root],
          (r) => !r.at('rsm:ExchangedDocument/ram:TypeCode').some((c) => ns(c) === '384') || r.has(`${C.SETTLEMENT}/ram:InvoiceReferencedDocument`),
        ),
    },
  ),
  warning(
    'BR-DE-27',
    {
      en: 'The seller contact telephone number (BT-42) should contain at least three digits.',
      de: 'Die Telefonnummer (BT-42) soll mindestens drei Ziffern enthalten.',
    },
    {
      ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:Contact'), (c) => TELEPHONE.test(ns(c.first('cbc:Telephone')))),
      cii: (d) =>
        each(d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`), (c) =>
          TELEPHONE.test(ns(c.first('ram:TelephoneUniversalCommunication/ram:CompleteNumber'))),
        ),
    },
  ),
  warning(
    'BR-DE-28',
    { en: 'The seller contact e-mail address (BT-43) should be a valid e-mail address.', de: 'Die E-Mail-Adresse (BT-43) soll gültig sein.' },
    {
      ubl: (d) => each(d.root.at('cac:AccountingSupplierParty/cac:Party/cac:Contact'), (c) => EMAIL.test(ns(c.first('cbc:ElectronicMail')))),
      cii: (d) =>
        each(d.root.at(`${C.AGREEMENT}/ram:SellerTradeParty/ram:DefinedTradeContact`), (c) =>
          EMAIL.test(ns(c.first('ram:EmailURIUniversalCommunication/ram:URIID'))),
        ),
    },
  ),
  fatal(
    'BR-DE-30',
    {
      en: 'With a direct debit mandate the bank assigned creditor identifier (BT-90) must be given.',
      de: 'Bei Lastschrift muss die Gläubiger-Identifikationsnummer (BT-90) übermittelt werden.',
    },
    {
      ubl: (d) =>
        each(
          [d.root],
          (r) =>
            !r.has('cac:PaymentMeans/cac:PaymentMandate') ||
            [...r.at('cac:AccountingSupplierParty/cac:Party/cac:PartyIdentification/cbc:ID'), ...r.at('cac:PayeeParty/cac:PartyIdentification/cbc:ID')].some(
              (i) => i.attr('schemeID') === 'SEPA',
            ),
        ),
      cii: (d) => each([d.root], (r) => ((ciiMandate(r) || ciiDebited(r)) && ciiCreditor(r)) || !(ciiMandate(r) || ciiCreditor(r) || ciiDebited(r))),
    },
  ),
  fatal(
    'BR-DE-31',
    {
      en: 'With a direct debit mandate the debited account identifier (BT-91) must be given.',
      de: 'Bei Lastschrift muss die Kennung des belasteten Kontos (BT-91) übermittelt werden.',
    },
    {
      ubl: (d) =>
        each([d.root], (r) => !r.has('cac:PaymentMeans/cac:PaymentMandate') || r.has('cac:PaymentMeans/cac:PaymentMandate/cac:PayerFinancialAccount/cbc:ID')),
      cii: (d) => each([d.root], (r) => ((ciiMandate(r) || ciiCreditor(r)) && ciiDebited(r)) || !(ciiMandate(r) || ciiCreditor(r) || ciiDebited(r))),
    },
  ),
  rule(
    'BR-DE-TMP-32',
    'information',
    {
      en: 'An invoice should give the delivery date (BT-72), the invoicing period (BG-14) or an invoice line period (BG-26) in every line.',
      de: 'Eine Rechnung sollte das Liefer-/Leistungsdatum (BT-72), den Abrechnungszeitraum (BG-14) oder in jeder Position den Positionszeitraum (BG-26) enthalten.',
    },
    {
      ubl: (d) =>
        each(
          [d.root],
          (r) =>
            r.has('cac:Delivery/cbc:ActualDeliveryDate') ||
            r.has('cac:InvoicePeriod') ||
            [...r.all('cac:InvoiceLine'), ...r.all('cac:CreditNoteLine')].every((l) => l.has('cac:InvoicePeriod')),
        ),
      cii: (d) =>
        each(
          d.root.all(C.TX),
          (t) =>
            t.has('ram:ApplicableHeaderTradeDelivery/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime') ||
            t.has('ram:ApplicableHeaderTradeSettlement/ram:BillingSpecifiedPeriod') ||
            t.all('ram:IncludedSupplyChainTradeLineItem').every((l) => l.has('ram:SpecifiedLineTradeSettlement/ram:BillingSpecifiedPeriod')),
        ),
    },
  ),
  warning(
    'BR-TMP-2',
    { en: 'An external document location (BT-124) should be an absolute URL.', de: 'Der Ort eines externen Dokuments (BT-124) soll eine absolute URL sein.' },
    {
      ubl: (d) => each(d.root.at('cac:AdditionalDocumentReference/cac:Attachment/cac:ExternalReference'), (e) => URL.test(e.first('cbc:URI')?.value() ?? '')),
      cii: (d) =>
        each(
          d.root.at(`${C.AGREEMENT}/ram:AdditionalReferencedDocument`).filter((a) => a.all('ram:TypeCode').some((t) => t.value() === '916')),
          (a) => !a.has('ram:URIID') || URL.test(a.first('ram:URIID')?.value() ?? ''),
        ),
    },
  ),
  fatal(
    'BR-TMP-3',
    {
      en: 'If gross and net price both give a base quantity (BT-149), they must be equal, including the unit.',
      de: 'Geben Brutto- und Nettopreis eine Basismenge (BT-149) an, müssen beide einschließlich Einheit übereinstimmen.',
    },
    {
      cii: (d) =>
        each(d.root.at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem`), (l) => {
          const gross = l.at('ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:BasisQuantity');
          const net = l.at('ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:BasisQuantity');
          if (gross.length === 0 || net.length === 0) return true;
          const equal = gross.some((g) => net.some((n) => g.value() === n.value()));
          const units = (q: El[]) => q.map((x) => x.attr('unitCode')).filter((u): u is string => u !== undefined);
          const gu = units(gross);
          const nu = units(net);
          return equal && (!(nu.length > 0 && gu.length > 0) || gu.some((u) => nu.includes(u)));
        }),
    },
  ),
  ...extensionRules(),
  ...cvdRules(),
];

function extensionRules(): Rule[] {
  const icd = (v: string | undefined) => inList(codeSet('ICD'), v) || inList(new Set(DIGA), v);
  const eas = (v: string | undefined) => inList(codeSet('EAS'), v) || inList(new Set(DIGA), v);
  const ext = (f: (d: Doc) => Violation[]) => (d: Doc) => (isExtension(d) ? f(d) : []);
  const withScheme = (els: El[]) => els.filter((e) => e.attr('schemeID') !== undefined);
  const named = (d: Doc, name: string, parent?: string) => d.root.descendants(name).filter((e) => !parent || e.parent?.name === parent);
  return [
    fatal(
      'BR-DEX-01',
      {
        en: 'The MIME code of an attachment must be pdf, png, jpeg, csv, xlsx, ods or xml (XRechnung extension).',
        de: 'Der MIME-Typ eines Anhangs muss pdf, png, jpeg, csv, xlsx, ods oder xml sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => each(d.root.descendants('cbc:EmbeddedDocumentBinaryObject'), (b) => EXTENSION_MIME.has(b.attr('mimeCode') ?? ''))),
        cii: ext((d) => each(d.root.descendants('ram:AttachmentBinaryObject'), (b) => EXTENSION_MIME.has(b.attr('mimeCode') ?? ''))),
      },
    ),
    warning(
      'BR-DEX-02',
      {
        en: 'The net amount of a line with sub-lines should equal the sum of its sub-lines.',
        de: 'Der Nettobetrag einer Position mit Unterpositionen soll der Summe der Unterpositionen entsprechen.',
      },
      {
        ubl: ext((d) =>
          d.root.name !== 'ubl:Invoice'
            ? []
            : each([d.root], (r) => {
                const parents = [
                  ...r.all('cac:InvoiceLine').filter((l) => l.has('cac:SubInvoiceLine')),
                  ...r.descendants('cac:SubInvoiceLine').filter((l) => l.has('cac:SubInvoiceLine')),
                ];
                return parents.every((l) => {
                  const total = decAt(l, 'cbc:LineExtensionAmount');
                  return !!total && total.eq(sum(l.all('cac:SubInvoiceLine').map((s) => decAt(s, 'cbc:LineExtensionAmount'))));
                });
              }),
        ),
      },
    ),
    fatal(
      'BR-DEX-03',
      {
        en: 'Each sub-line item must have exactly one VAT category (XRechnung extension).',
        de: 'Jede Unterposition muss genau eine Steuerkategorie haben (XRechnung-Extension).',
      },
      {
        ubl: ext((d) =>
          d.root.name !== 'ubl:Invoice'
            ? []
            : each(
                [d.root],
                (r) => !r.descendants('cac:SubInvoiceLine').some((s) => s.all('cac:Item').some((i) => i.all('cac:ClassifiedTaxCategory').length !== 1)),
              ),
        ),
      },
    ),
    fatal(
      'BR-DEX-04',
      {
        en: 'Identifier schemes must be ISO 6523 ICD codes or XR01–XR03 (XRechnung extension).',
        de: 'Kennungsschemata müssen ICD-Codes nach ISO 6523 oder XR01–XR03 sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) =>
          each(
            withScheme(named(d, 'cbc:ID', 'cac:PartyIdentification')),
            (e) =>
              icd(e.attr('schemeID')) ||
              (inList(new Set(['SEPA']), e.attr('schemeID')) && (e.hasAncestor('cac:AccountingSupplierParty') || e.hasAncestor('cac:PayeeParty'))),
          ),
        ),
        cii: ext((d) =>
          each(
            withScheme(d.root.descendants('ram:GlobalID')).filter((g) => !g.hasAncestor('ram:SpecifiedTradeProduct') && !g.hasAncestor('ram:ShipToTradeParty')),
            (e) => icd(e.attr('schemeID')),
          ),
        ),
      },
    ),
    fatal(
      'BR-DEX-05',
      {
        en: 'Legal registration identifier schemes must be ISO 6523 ICD codes or XR01–XR03 (XRechnung extension).',
        de: 'Schemata von Registernummern müssen ICD-Codes oder XR01–XR03 sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => each(withScheme(named(d, 'cbc:CompanyID', 'cac:PartyLegalEntity')), (e) => icd(e.attr('schemeID')))),
        cii: ext((d) =>
          each(
            withScheme(d.root.descendants('ram:ID')).filter((i) => !i.hasAncestor('ram:SpecifiedTaxRegistration')),
            (e) => icd(e.attr('schemeID')),
          ),
        ),
      },
    ),
    fatal(
      'BR-DEX-06',
      {
        en: 'Item standard identifier schemes must be ISO 6523 ICD codes or XR01–XR03 (XRechnung extension).',
        de: 'Schemata der Standard-Artikelkennung müssen ICD-Codes oder XR01–XR03 sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => each(withScheme(named(d, 'cbc:ID', 'cac:StandardItemIdentification')), (e) => icd(e.attr('schemeID')))),
        cii: ext((d) => each(withScheme(named(d, 'ram:GlobalID', 'ram:SpecifiedTradeProduct')), (e) => icd(e.attr('schemeID')))),
      },
    ),
    fatal(
      'BR-DEX-07',
      {
        en: 'Electronic address schemes must be EAS codes or XR01–XR03 (XRechnung extension).',
        de: 'Schemata elektronischer Adressen müssen EAS-Codes oder XR01–XR03 sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => each(withScheme(d.root.descendants('cbc:EndpointID')), (e) => eas(e.attr('schemeID')))),
        cii: ext((d) => each(withScheme(named(d, 'ram:URIID', 'ram:URIUniversalCommunication')), (e) => eas(e.attr('schemeID')))),
      },
    ),
    fatal(
      'BR-DEX-08',
      {
        en: 'Delivery location identifier schemes must be ISO 6523 ICD codes or XR01–XR03 (XRechnung extension).',
        de: 'Schemata der Lieferortkennung müssen ICD-Codes oder XR01–XR03 sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => each(withScheme(named(d, 'cbc:ID', 'cac:DeliveryLocation')), (e) => icd(e.attr('schemeID')))),
        cii: ext((d) =>
          each(withScheme(d.root.descendants('ram:ApplicableHeaderTradeDelivery').flatMap((x) => x.at('ram:ShipToTradeParty/ram:GlobalID'))), (e) =>
            icd(e.attr('schemeID')),
          ),
        ),
      },
    ),
    fatal(
      'BR-DEX-09',
      {
        en: 'Amount due (BT-115) = total with VAT (BT-112) − paid amount (BT-113) + third party payments + rounding (BT-114) (XRechnung extension).',
        de: 'Fälliger Betrag (BT-115) = Gesamtbetrag mit Steuer (BT-112) − gezahlt (BT-113) + Zahlungen Dritter + Rundung (BT-114) (XRechnung-Extension).',
      },
      {
        ubl: ext((d) =>
          each(d.root.descendants('cac:LegalMonetaryTotal'), (t) => {
            const prepaid = t.has('cbc:PrepaidAmount') ? decAt(t, 'cbc:PrepaidAmount') : Dec.ZERO;
            const rounding = t.has('cbc:PayableRoundingAmount') ? decAt(t, 'cbc:PayableRoundingAmount') : Dec.ZERO;
            const paid = t.parent?.at('cac:PrepaidPayment/cbc:PaidAmount') ?? [];
            const third = paid.some((p) => ns(p) !== '') ? sum(paid.map(dec)) : Dec.ZERO;
            const payable = decAt(t, 'cbc:PayableAmount');
            const gross = decAt(t, 'cbc:TaxInclusiveAmount');
            if (!payable || !gross || !prepaid || !rounding) return false;
            return payable.minus(rounding).round2().eq(gross.minus(prepaid).plus(third).round2());
          }),
        ),
      },
    ),
    ...(
      [
        ['BR-DEX-10', 'cbc:ID', 'identifier'],
        ['BR-DEX-11', 'cbc:PaidAmount', 'paid amount'],
        ['BR-DEX-12', 'cbc:InstructionID', 'instruction identifier'],
      ] as const
    ).map(([id, path, what]) =>
      fatal(
        id,
        {
          en: `A third party payment must give its ${what} (XRechnung extension).`,
          de: `Eine Zahlung Dritter muss ${what === 'identifier' ? 'ihre Kennung' : what === 'paid amount' ? 'den gezahlten Betrag' : 'die Anweisungskennung'} angeben (XRechnung-Extension).`,
        },
        {
          ubl: ext((d) => (d.root.name !== 'ubl:Invoice' ? [] : each(d.root.all('cac:PrepaidPayment'), (p) => nonBlank(p, path)))),
        },
      ),
    ),
    fatal(
      'BR-DEX-13',
      {
        en: 'A third party paid amount has at most two decimals (XRechnung extension).',
        de: 'Der Betrag einer Zahlung Dritter darf höchstens zwei Nachkommastellen haben (XRechnung-Extension).',
      },
      {
        ubl: ext((d) => (d.root.name !== 'ubl:Invoice' ? [] : each(d.root.all('cac:PrepaidPayment'), (p) => twoDecimals(p.first('cbc:PaidAmount'))))),
      },
    ),
    fatal(
      'BR-DEX-14',
      {
        en: 'A third party paid amount must be in the invoice currency (XRechnung extension).',
        de: 'Der Betrag einer Zahlung Dritter muss in Rechnungswährung angegeben sein (XRechnung-Extension).',
      },
      {
        ubl: ext((d) =>
          d.root.name !== 'ubl:Invoice'
            ? []
            : each(d.root.all('cac:PrepaidPayment'), (p) =>
                p.all('cbc:PaidAmount').some((a) => d.root.all('cbc:DocumentCurrencyCode').some((c) => c.value() === a.attr('currencyID'))),
              ),
        ),
      },
    ),
    warning(
      'BR-DEX-15',
      {
        en: 'Sub-lines (ParentLineID) should not be used in CII (XRechnung extension).',
        de: 'Unterpositionen (ParentLineID) sollen in CII nicht verwendet werden (XRechnung-Extension).',
      },
      {
        cii: ext((d) =>
          each(
            d.root.at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:AssociatedDocumentLineDocument`),
            () => d.root.descendants('ram:ParentLineID').length === 0,
          ),
        ),
      },
    ),
  ];
}

function cvdRules(): Rule[] {
  const cvd = (f: (d: Doc) => Violation[]) => (d: Doc) => (isCvd(d) ? f(d) : []);
  const ublItems = (r: El) => [...r.all('cac:InvoiceLine'), ...r.all('cac:CreditNoteLine')].flatMap((l) => l.all('cac:Item'));
  const ciiProducts = (r: El) => r.at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct`);
  const ublCvdCodes = (i: El) => i.at('cac:CommodityClassification/cbc:ItemClassificationCode').filter((c) => c.attr('listID') === 'CVD');
  const ublCva = (i: El) => i.all('cac:AdditionalItemProperty').filter((p) => p.all('cbc:Name').some((n) => n.value() === 'cva'));
  const ciiCvdCodes = (p: El) => p.at('ram:DesignatedProductClassification/ram:ClassCode').filter((c) => c.attr('listID') === 'CVD');
  const ciiCva = (p: El) => p.all('ram:ApplicableProductCharacteristic').filter((c) => c.all('ram:Description').some((n) => n.value() === 'cva'));
  const cvdList = new Set(['CVD', ...codeSet('UNCL7143')]);
  return [
    fatal(
      'BR-DE-CVD-01',
      {
        en: 'A clean vehicles invoice must give the contract reference (BT-12).',
        de: 'Eine Rechnung nach Clean Vehicles Directive muss die Vertragsnummer (BT-12) enthalten.',
      },
      {
        ubl: cvd((d) => each([d.root], (r) => nonBlank(r, 'cac:ContractDocumentReference/cbc:ID'))),
        cii: cvd((d) => each(d.root.at(C.AGREEMENT), (a) => nonBlank(a, 'ram:ContractReferencedDocument/ram:IssuerAssignedID'))),
      },
    ),
    fatal(
      'BR-DE-CVD-02',
      {
        en: 'A clean vehicles invoice must give the tender or lot reference (BT-17).',
        de: 'Eine Rechnung nach Clean Vehicles Directive muss die Vergabenummer (BT-17) enthalten.',
      },
      {
        ubl: cvd((d) => each([d.root], (r) => nonBlank(r, 'cac:OriginatorDocumentReference/cbc:ID'))),
        cii: cvd((d) =>
          each(d.root.at(C.AGREEMENT), (a) =>
            a.all('ram:AdditionalReferencedDocument').some((x) => ns(x.first('ram:TypeCode')) === '50' && ns(x.first('ram:IssuerAssignedID')) !== ''),
          ),
        ),
      },
    ),
    fatal(
      'BR-DE-CVD-03',
      {
        en: 'A clean vehicles invoice must contain at least one line with a vehicle category (CVD) and a cva property.',
        de: 'Eine Rechnung nach Clean Vehicles Directive muss mindestens eine Position mit Fahrzeugklasse (CVD) und Merkmal „cva“ enthalten.',
      },
      {
        ubl: cvd((d) =>
          each([d.root], (r) =>
            ublItems(r).some(
              (i) =>
                i.at('cac:CommodityClassification/cbc:ItemClassificationCode').some((c) => c.attr('listID') === 'CVD') &&
                i.at('cac:AdditionalItemProperty/cbc:Name').some((n) => n.value() === 'cva'),
            ),
          ),
        ),
        cii: cvd((d) =>
          each(d.root.all(C.TX), (t) =>
            t
              .at('ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedTradeProduct')
              .some(
                (p) =>
                  p.at('ram:DesignatedProductClassification/ram:ClassCode').some((c) => c.attr('listID') === 'CVD') &&
                  p.at('ram:ApplicableProductCharacteristic/ram:Description').some((n) => n.value() === 'cva'),
              ),
          ),
        ),
      },
    ),
    fatal(
      'BR-DE-CVD-04',
      { en: 'The vehicle category must be one of M1, M2, M3, N1, N2, N3.', de: 'Die Fahrzeugklasse muss M1, M2, M3, N1, N2 oder N3 sein.' },
      {
        ubl: cvd((d) =>
          each(
            ublItems(d.root).flatMap((i) => i.at('cac:CommodityClassification/cbc:ItemClassificationCode')),
            (c) => ns0(c.attr('listID') ?? '') !== 'CVD' || CVD_VEHICLES.includes(ns(c)),
          ),
        ),
        cii: cvd((d) =>
          each(
            ciiProducts(d.root).flatMap((p) => p.at('ram:DesignatedProductClassification/ram:ClassCode')),
            (c) => ns0(c.attr('listID') ?? '') !== 'CVD' || CVD_VEHICLES.includes(ns(c)),
          ),
        ),
      },
    ),
    fatal(
      'BR-DE-CVD-05',
      { en: 'The cva property value must be clean, zero-emission or other.', de: 'Der Wert des Merkmals „cva“ muss clean, zero-emission oder other sein.' },
      {
        ubl: cvd((d) => each(ublItems(d.root).flatMap(ublCva), (p) => CVA.includes(ns(p.first('cbc:Value'))))),
        cii: cvd((d) => each(ciiProducts(d.root).flatMap(ciiCva), (p) => CVA.includes(ns(p.first('ram:Value'))))),
      },
    ),
    fatal(
      'BR-DE-CVD-06-a',
      { en: 'A line with a vehicle category must have exactly one cva property.', de: 'Eine Position mit Fahrzeugklasse muss genau ein Merkmal „cva“ haben.' },
      {
        ubl: cvd((d) => each(ublItems(d.root), (i) => ublCvdCodes(i).length === 0 || ublCva(i).length === 1)),
        cii: cvd((d) => each(ciiProducts(d.root), (p) => ciiCvdCodes(p).length === 0 || ciiCva(p).length === 1)),
      },
    ),
    fatal(
      'BR-DE-CVD-06-b',
      { en: 'A line with a cva property must have exactly one vehicle category.', de: 'Eine Position mit Merkmal „cva“ muss genau eine Fahrzeugklasse haben.' },
      {
        ubl: cvd((d) => each(ublItems(d.root), (i) => ublCva(i).length === 0 || ublCvdCodes(i).length === 1)),
        cii: cvd((d) => each(ciiProducts(d.root), (p) => ciiCva(p).length === 0 || ciiCvdCodes(p).length === 1)),
      },
    ),
    fatal(
      'BR-TMP-CVD-01',
      {
        en: 'The item classification scheme must be CVD or a UNTDID 7143 code.',
        de: 'Das Klassifizierungsschema muss CVD oder ein Code aus UNTDID 7143 sein.',
      },
      {
        ubl: cvd((d) =>
          each(
            ublItems(d.root).flatMap((i) => i.at('cac:CommodityClassification/cbc:ItemClassificationCode')),
            (c) => inList(cvdList, c.attr('listID')),
          ),
        ),
        cii: cvd((d) =>
          each(
            ciiProducts(d.root).flatMap((p) => p.at('ram:DesignatedProductClassification/ram:ClassCode')),
            (c) => inList(cvdList, c.attr('listID')),
          ),
        ),
      },
    ),
  ];
}
