/** EN 16931 code list rules BR-CL-*: coded values must come from the lists the standard names. */
import { codeSet, countryCodes, inList, subjectCodes, type CodeListKey } from '../code-lists';
import type { El } from '../xml/dom';
import { each, rule, type Doc, type Rule, type Text } from './rule';
import { normalizeSpace, xmlTrimmed } from '../xml/space';

const val = (el: El) => el.value();
const attr = (name: string) => (el: El) => el.attr(name);
const named = (d: Doc, ...names: string[]) => names.flatMap((n) => d.root.descendants(n));
const withAttr = (els: El[], name: string) => els.filter((e) => e.attr(name) !== undefined);
const parentIs = (els: El[], name: string) => els.filter((e) => e.parent?.name === name);

function listRule(id: string, text: Text, ubl: (d: Doc) => Violation[], cii: (d: Doc) => Violation[]): Rule {
  return rule(id, 'fatal', text, { ubl, cii });
}
type Violation = ReturnType<typeof each>[number];

const inSet = (key: CodeListKey, get: (el: El) => string | undefined) => (el: El) => inList(codeSet(key), get(el));

const MIME = new Set([
  'application/pdf',
  'image/png',
  'image/jpeg',
  'text/csv',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  'application/vnd.oasis.opendocument.spreadsheet',
]);

const ublAmounts = [
  'cbc:Amount',
  'cbc:BaseAmount',
  'cbc:PriceAmount',
  'cbc:TaxAmount',
  'cbc:TaxableAmount',
  'cbc:LineExtensionAmount',
  'cbc:TaxExclusiveAmount',
  'cbc:TaxInclusiveAmount',
  'cbc:AllowanceTotalAmount',
  'cbc:ChargeTotalAmount',
  'cbc:PrepaidAmount',
  'cbc:PayableRoundingAmount',
  'cbc:PayableAmount',
];

function ublAllowanceChargeIs(el: El, charge: boolean): boolean {
  const v = xmlTrimmed(el.parent?.first('cbc:ChargeIndicator'));
  return charge ? v === 'true' || v === '1' : v === 'false' || v === '0';
}
function ciiAllowanceChargeIs(el: El, charge: boolean): boolean {
  const v = xmlTrimmed(el.parent?.first('ram:ChargeIndicator/udt:Indicator'));
  return charge ? v === 'true' || v === '1' : v === 'false' || v === '0';
}

export const codeListRules: Rule[] = [
  listRule(
    'BR-CL-01',
    {
      en: 'The document type code (BT-3) must be coded by the invoice and credit note related code lists of UNTDID 1001.',
      de: 'Der Rechnungsartcode (BT-3) muss aus UNTDID 1001 (Rechnungs- bzw. Gutschriftcodes) stammen.',
    },
    (d) => [
      ...each(named(d, 'cbc:InvoiceTypeCode'), inSet('UNCL1001_INVOICE', val)),
      ...each(named(d, 'cbc:CreditNoteTypeCode'), inSet('UNCL1001_CREDIT_NOTE', val)),
    ],
    (d) =>
      each(
        parentIs(named(d, 'ram:TypeCode'), 'rsm:ExchangedDocument'),
        (el) => inList(codeSet('UNCL1001_INVOICE'), el.value()) || inList(codeSet('UNCL1001_CREDIT_NOTE'), el.value()),
      ),
  ),
  listRule(
    'BR-CL-03',
    { en: 'currencyID must be coded using ISO code list 4217 alpha-3.', de: 'Die Währung (currencyID) muss ein Code nach ISO 4217 sein.' },
    (d) => each(named(d, ...ublAmounts), inSet('ISO4217', attr('currencyID'))),
    (d) => each(withAttr(named(d, 'ram:TaxTotalAmount'), 'currencyID'), inSet('ISO4217', attr('currencyID'))),
  ),
  listRule(
    'BR-CL-04',
    {
      en: 'The invoice currency code (BT-5) must be coded using ISO code list 4217 alpha-3.',
      de: 'Der Währungscode der Rechnung (BT-5) muss ein Code nach ISO 4217 sein.',
    },
    (d) => each(named(d, 'cbc:DocumentCurrencyCode'), inSet('ISO4217', val)),
    (d) => each(named(d, 'ram:InvoiceCurrencyCode'), inSet('ISO4217', val)),
  ),
  listRule(
    'BR-CL-05',
    {
      en: 'The tax currency code (BT-6) must be coded using ISO code list 4217 alpha-3.',
      de: 'Der Code der Steuerwährung (BT-6) muss ein Code nach ISO 4217 sein.',
    },
    (d) => each(named(d, 'cbc:TaxCurrencyCode'), inSet('ISO4217', val)),
    (d) => each(named(d, 'ram:TaxCurrencyCode'), inSet('ISO4217', val)),
  ),
  listRule(
    'BR-CL-06',
    {
      en: 'The value added tax point date code (BT-8) must belong to the UNTDID 2005 (UBL) or UNTDID 2475 (CII) subset.',
      de: 'Der Code für den Steuerzeitpunkt (BT-8) muss aus der zulässigen Teilmenge von UNTDID 2005 bzw. 2475 stammen.',
    },
    (d) => each(parentIs(named(d, 'cbc:DescriptionCode'), 'cac:InvoicePeriod'), inSet('UNCL2005', val)),
    (d) => each(named(d, 'ram:DueDateTypeCode'), inSet('UNCL2475', val)),
  ),
  listRule(
    'BR-CL-07',
    { en: 'The object identifier scheme must be coded using UNTDID 1153.', de: 'Das Schema der Objektkennung muss ein Code aus UNTDID 1153 sein.' },
    (d) =>
      each(
        withAttr(
          ['cac:AdditionalDocumentReference', 'cac:DocumentReference']
            .flatMap((n) => d.root.descendants(n))
            .filter((r) => r.all('cbc:DocumentTypeCode').some((c) => c.value() === '130'))
            .flatMap((r) => r.all('cbc:ID')),
          'schemeID',
        ),
        inSet('UNCL1153', attr('schemeID')),
      ),
    (d) => each(named(d, 'ram:ReferenceTypeCode'), inSet('UNCL1153', val)),
  ),
  listRule(
    'BR-CL-08',
    {
      en: 'The invoice note subject code (BT-21) must be coded using UNTDID 4451.',
      de: 'Der Betreffcode einer Bemerkung (BT-21) muss aus UNTDID 4451 stammen.',
    },
    (d) => {
      const list = ` ${[...subjectCodes('UBL')].join(' ')} `;
      return each(d.root.all('cbc:Note'), (n) => {
        const v = n.value();
        const first = v.indexOf('#');
        if (first === -1) return true;
        const rest = v.slice(first + 1);
        const second = rest.indexOf('#');
        const code = second === -1 ? '' : rest.slice(0, second);
        if ([...code].length !== 3) return true;
        return list.includes(code);
      });
    },
    (d) => each(named(d, 'ram:SubjectCode'), (el) => inList(subjectCodes('CII'), el.value())),
  ),
  listRule(
    'BR-CL-10',
    {
      en: 'Any identifier identification scheme identifier must be coded using ISO 6523 ICD.',
      de: 'Das Schema einer Kennung muss ein ICD-Code nach ISO 6523 sein.',
    },
    (d) =>
      each(
        withAttr(parentIs(named(d, 'cbc:ID'), 'cac:PartyIdentification'), 'schemeID'),
        (el) =>
          inList(codeSet('ICD'), el.attr('schemeID')) ||
          (inList(new Set(['SEPA']), el.attr('schemeID')) && (el.hasAncestor('cac:AccountingSupplierParty') || el.hasAncestor('cac:PayeeParty'))),
      ),
    (d) =>
      each(
        withAttr(named(d, 'ram:GlobalID'), 'schemeID').filter((g) => !g.hasAncestor('ram:SpecifiedTradeProduct') && !g.hasAncestor('ram:ShipToTradeParty')),
        inSet('ICD', attr('schemeID')),
      ),
  ),
  listRule(
    'BR-CL-11',
    {
      en: 'Any registration identifier identification scheme identifier must be coded using ISO 6523 ICD.',
      de: 'Das Schema einer Registerkennung muss ein ICD-Code nach ISO 6523 sein.',
    },
    (d) => each(withAttr(parentIs(named(d, 'cbc:CompanyID'), 'cac:PartyLegalEntity'), 'schemeID'), inSet('ICD', attr('schemeID'))),
    (d) =>
      each(
        withAttr(named(d, 'ram:ID'), 'schemeID').filter((i) => !i.hasAncestor('ram:SpecifiedTaxRegistration') && i.parent?.name !== 'ram:OriginTradeCountry'),
        inSet('ICD', attr('schemeID')),
      ),
  ),
  listRule(
    'BR-CL-13',
    {
      en: 'The item classification identifier scheme must be coded using UNTDID 7143.',
      de: 'Das Schema der Artikelklassifizierung muss ein Code aus UNTDID 7143 sein.',
    },
    (d) => each(withAttr(parentIs(named(d, 'cbc:ItemClassificationCode'), 'cac:CommodityClassification'), 'listID'), inSet('UNCL7143', attr('listID'))),
    (d) => each(withAttr(named(d, 'ram:ClassCode'), 'listID'), inSet('UNCL7143', attr('listID'))),
  ),
  listRule(
    'BR-CL-14',
    { en: 'Country codes must be coded using ISO 3166-1.', de: 'Ländercodes müssen Codes nach ISO 3166-1 sein.' },
    (d) => each(parentIs(named(d, 'cbc:IdentificationCode'), 'cac:Country'), (el) => inList(countryCodes('UBL'), el.value())),
    (d) => each(named(d, 'ram:CountryID'), (el) => inList(countryCodes('CII'), el.value())),
  ),
  listRule(
    'BR-CL-15',
    {
      en: 'The item country of origin (BT-159) must be coded using ISO 3166-1.',
      de: 'Das Ursprungsland des Artikels (BT-159) muss ein Code nach ISO 3166-1 sein.',
    },
    (d) => each(parentIs(named(d, 'cbc:IdentificationCode'), 'cac:OriginCountry'), (el) => inList(countryCodes('UBL'), el.value())),
    (d) => each(parentIs(named(d, 'ram:ID'), 'ram:OriginTradeCountry'), (el) => inList(countryCodes('CII'), el.value())),
  ),
  listRule(
    'BR-CL-16',
    { en: 'The payment means code (BT-81) must be coded using UNTDID 4461.', de: 'Der Code der Zahlungsart (BT-81) muss aus UNTDID 4461 stammen.' },
    (d) => each(parentIs(named(d, 'cbc:PaymentMeansCode'), 'cac:PaymentMeans'), inSet('UNCL4461', val)),
    (d) => each(parentIs(named(d, 'ram:TypeCode'), 'ram:SpecifiedTradeSettlementPaymentMeans'), inSet('UNCL4461', val)),
  ),
  listRule(
    'BR-CL-17',
    {
      en: 'The VAT category code must be coded using the UNTDID 5305 subset.',
      de: 'Der Umsatzsteuerkategoriecode muss aus der Teilmenge von UNTDID 5305 stammen.',
    },
    (d) => each(parentIs(named(d, 'cbc:ID'), 'cac:TaxCategory'), inSet('UNCL5305', val)),
    (d) => each(parentIs(named(d, 'ram:CategoryCode'), 'ram:CategoryTradeTax'), inSet('UNCL5305', val)),
  ),
  listRule(
    'BR-CL-18',
    {
      en: 'The invoiced item VAT category code must be coded using the UNTDID 5305 subset.',
      de: 'Der Umsatzsteuerkategoriecode der Position muss aus der Teilmenge von UNTDID 5305 stammen.',
    },
    (d) => each(parentIs(named(d, 'cbc:ID'), 'cac:ClassifiedTaxCategory'), inSet('UNCL5305', val)),
    (d) => each(parentIs(named(d, 'ram:CategoryCode'), 'ram:ApplicableTradeTax'), inSet('UNCL5305', val)),
  ),
  listRule(
    'BR-CL-19',
    { en: 'Allowance reason codes must be coded using the UNTDID 5189 subset.', de: 'Nachlass-Grundcodes müssen aus der Teilmenge von UNTDID 5189 stammen.' },
    (d) =>
      each(
        parentIs(named(d, 'cbc:AllowanceChargeReasonCode'), 'cac:AllowanceCharge').filter((e) => ublAllowanceChargeIs(e, false)),
        inSet('UNCL5189', val),
      ),
    (d) =>
      each(
        parentIs(named(d, 'ram:ReasonCode'), 'ram:SpecifiedTradeAllowanceCharge').filter((e) => ciiAllowanceChargeIs(e, false)),
        inSet('UNCL5189', val),
      ),
  ),
  listRule(
    'BR-CL-20',
    { en: 'Charge reason codes must be coded using UNTDID 7161.', de: 'Zuschlag-Grundcodes müssen aus UNTDID 7161 stammen.' },
    (d) =>
      each(
        parentIs(named(d, 'cbc:AllowanceChargeReasonCode'), 'cac:AllowanceCharge').filter((e) => ublAllowanceChargeIs(e, true)),
        inSet('UNCL7161', val),
      ),
    (d) =>
      each(
        parentIs(named(d, 'ram:ReasonCode'), 'ram:SpecifiedTradeAllowanceCharge').filter((e) => ciiAllowanceChargeIs(e, true)),
        inSet('UNCL7161', val),
      ),
  ),
  listRule(
    'BR-CL-21',
    {
      en: 'The item standard identifier scheme must be coded using ISO 6523 ICD.',
      de: 'Das Schema der Standard-Artikelkennung muss ein ICD-Code nach ISO 6523 sein.',
    },
    (d) => each(withAttr(parentIs(named(d, 'cbc:ID'), 'cac:StandardItemIdentification'), 'schemeID'), inSet('ICD', attr('schemeID'))),
    (d) => each(withAttr(parentIs(named(d, 'ram:GlobalID'), 'ram:SpecifiedTradeProduct'), 'schemeID'), inSet('ICD', attr('schemeID'))),
  ),
  listRule(
    'BR-CL-22',
    { en: 'The tax exemption reason code must belong to the CEF VATEX code list.', de: 'Der Code des Befreiungsgrundes muss aus der VATEX-Codeliste stammen.' },
    (d) =>
      each(
        named(d, 'cbc:TaxExemptionReasonCode'),
        (el) => !normalizeSpace(el.value()).includes(' ') && codeSet('VATEX').has(normalizeSpace(el.value().toUpperCase())),
      ),
    (d) =>
      each(
        named(d, 'ram:ExemptionReasonCode'),
        (el) => !normalizeSpace(el.value()).includes(' ') && codeSet('VATEX').has(normalizeSpace(el.value().toUpperCase())),
      ),
  ),
  listRule(
    'BR-CL-23',
    {
      en: 'The unit code must be coded according to UN/ECE Recommendation 20 with Recommendation 21 extension.',
      de: 'Die Mengeneinheit muss ein Code nach UN/ECE-Empfehlung 20 (mit Erweiterung nach Empfehlung 21) sein.',
    },
    (d) => each(withAttr(named(d, 'cbc:InvoicedQuantity', 'cbc:BaseQuantity', 'cbc:CreditedQuantity'), 'unitCode'), inSet('REC20', attr('unitCode'))),
    (d) => each(withAttr(named(d, 'ram:BasisQuantity', 'ram:BilledQuantity'), 'unitCode'), inSet('REC20', attr('unitCode'))),
  ),
  listRule(
    'BR-CL-24',
    {
      en: 'The MIME code of an attached document must be one of application/pdf, image/png, image/jpeg, text/csv, xlsx or ods.',
      de: 'Der MIME-Typ eines Anhangs muss application/pdf, image/png, image/jpeg, text/csv, xlsx oder ods sein.',
    },
    (d) => each(withAttr(named(d, 'cbc:EmbeddedDocumentBinaryObject'), 'mimeCode'), (el) => MIME.has(el.attr('mimeCode') ?? '')),
    (d) => each(withAttr(named(d, 'ram:AttachmentBinaryObject'), 'mimeCode'), (el) => MIME.has(el.attr('mimeCode') ?? '')),
  ),
  listRule(
    'BR-CL-25',
    {
      en: 'The electronic address scheme identifier must be coded using the CEF EAS code list.',
      de: 'Das Schema einer elektronischen Adresse muss aus der EAS-Codeliste stammen.',
    },
    (d) => each(withAttr(named(d, 'cbc:EndpointID'), 'schemeID'), inSet('EAS', attr('schemeID'))),
    (d) => each(withAttr(parentIs(named(d, 'ram:URIID'), 'ram:URIUniversalCommunication'), 'schemeID'), inSet('EAS', attr('schemeID'))),
  ),
  listRule(
    'BR-CL-26',
    {
      en: 'The delivery location identifier scheme must be coded using ISO 6523 ICD.',
      de: 'Das Schema der Lieferortkennung muss ein ICD-Code nach ISO 6523 sein.',
    },
    (d) => each(withAttr(parentIs(named(d, 'cbc:ID'), 'cac:DeliveryLocation'), 'schemeID'), inSet('ICD', attr('schemeID'))),
    (d) =>
      each(
        withAttr(d.root.at('rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeDelivery/ram:ShipToTradeParty/ram:GlobalID'), 'schemeID'),
        inSet('ICD', attr('schemeID')),
      ),
  ),
];
