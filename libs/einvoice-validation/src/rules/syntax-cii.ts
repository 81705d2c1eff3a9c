/** The CII binding's own syntax rules (CII-SR-*, CII-DT-*) that are flagged fatal: cardinalities and data types the binding narrows. */
import type { El } from '../xml/dom';
import * as C from './cii';
import { each, ns, rule, type Doc, type Rule, type Text } from './rule';
import { allElements } from './syntax-ubl';

const ROOT = 'rsm:CrossIndustryInvoice';
const LINE = `${C.TX}/ram:IncludedSupplyChainTradeLineItem`;

function ctx(id: string, text: Text, nodes: (d: Doc) => El[], ok: (el: El, d: Doc) => boolean): Rule {
  return rule(id, 'fatal', text, { cii: (d) => each(nodes(d), (el) => ok(el, d)) });
}
const max1 = (what: string, was: string): Text => ({ en: `${what} shall occur maximum once.`, de: `${was} darf höchstens einmal vorkommen.` });
const notUsed = (what: string): Text => ({ en: `${what} shall not be used.`, de: `${what} darf nicht verwendet werden.` });

/** Specific identifiers the binding checks with DT-001…007; every other ram:*ID gets DT-101…104. */
function specificIds(d: Doc): El[] {
  return [
    ...d.root.at('rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID'),
    ...d.root.at('rsm:ExchangedDocument/ram:ID'),
    ...d.root.at(`${LINE}/ram:AssociatedDocumentLineDocument/ram:LineID`),
    ...d.root.at(`${LINE}/ram:SpecifiedTradeProduct/ram:SellerAssignedID`),
  ];
}
function otherIds(d: Doc): El[] {
  const specific = new Set(specificIds(d));
  return ram(d, 'ID').filter((e) => !specific.has(e));
}
const ramCache = new WeakMap<El, Map<string, El[]>>();
/** ram:* elements whose name ends with `suffix` (computed once per document and suffix). */
function ram(d: Doc, suffix: string, except?: string): El[] {
  let byKey = ramCache.get(d.root);
  if (!byKey) ramCache.set(d.root, (byKey = new Map()));
  const key = `${suffix}|${except ?? ''}`;
  let list = byKey.get(key);
  if (!list) {
    list = allElements(d.root).filter((e) => e.name.startsWith('ram:') && e.name.endsWith(suffix) && e.name !== except);
    byKey.set(key, list);
  }
  return list;
}
const summation = (d: Doc) => d.root.at(C.SUMMATION);

const idAttr = (attr: string) => (e: El) => e.attr(attr) === undefined;

function referencedDocument(id: string, child: string, allowed?: (doc: El) => boolean): Rule {
  return ctx(
    id,
    notUsed(`${child.replace('ram:', '')} in a referenced document`),
    (d) => ram(d, 'ReferencedDocument'),
    (doc) => !doc.has(child) || (allowed?.(doc) ?? false),
  );
}
const isAdditionalWithType =
  (...types: string[]) =>
  (doc: El) =>
    doc.name === 'ram:AdditionalReferencedDocument' && doc.all('ram:TypeCode').some((t) => types.includes(t.value()));

export const ciiSyntaxRules: Rule[] = [
  ctx(
    'CII-SR-009',
    {
      en: 'The specification identifier (GuidelineSpecifiedDocumentContextParameter) must occur exactly once.',
      de: 'Die Spezifikationskennung muss genau einmal vorkommen.',
    },
    (d) => d.root.all('rsm:ExchangedDocumentContext'),
    (c) => c.all('ram:GuidelineSpecifiedDocumentContextParameter').length === 1,
  ),
  ctx(
    'CII-SR-010',
    { en: 'The specification identifier (BT-24) must occur exactly once.', de: 'Die Spezifikationskennung (BT-24) muss genau einmal vorkommen.' },
    (d) => d.root.all('rsm:ExchangedDocumentContext'),
    (c) => c.at('ram:GuidelineSpecifiedDocumentContextParameter/ram:ID').length === 1,
  ),
  ctx(
    'CII-SR-014',
    { en: 'The invoice type code (BT-3) must occur exactly once.', de: 'Der Rechnungsartcode (BT-3) muss genau einmal vorkommen.' },
    (d) => d.root.all('rsm:ExchangedDocument'),
    (x) => x.all('ram:TypeCode').length === 1,
  ),
  ctx(
    'CII-SR-046',
    { en: 'The item standard identifier (BT-157) must have a scheme identifier.', de: 'Die Standard-Artikelkennung (BT-157) muss eine Schemakennung haben.' },
    (d) => d.root.at(`${LINE}/ram:SpecifiedTradeProduct`),
    (p) => !p.has('ram:GlobalID') || p.all('ram:GlobalID').some((g) => g.attr('schemeID') !== undefined),
  ),
  ctx(
    'CII-SR-090',
    max1('Item country of origin', 'Das Ursprungsland'),
    (d) => d.root.at(`${LINE}/ram:SpecifiedTradeProduct`),
    (p) => !p.has('ram:OriginTradeCountry') || p.at('ram:OriginTradeCountry/ram:ID').length === 1,
  ),
  ctx(
    'CII-SR-069',
    { en: 'Item attribute name (BT-160) must occur exactly once.', de: 'Der Name eines Artikelmerkmals (BT-160) muss genau einmal vorkommen.' },
    (d) => d.root.at(`${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`),
    (c) => c.all('ram:Description').length === 1,
  ),
  ctx(
    'CII-SR-072',
    { en: 'Item attribute value (BT-161) must occur exactly once.', de: 'Der Wert eines Artikelmerkmals (BT-161) muss genau einmal vorkommen.' },
    (d) => d.root.at(`${LINE}/ram:SpecifiedTradeProduct/ram:ApplicableProductCharacteristic`),
    (c) => c.all('ram:Value').length === 1,
  ),
  ctx(
    'CII-SR-439',
    { en: 'Item net price (BT-146) must occur exactly once.', de: 'Der Nettopreis (BT-146) muss genau einmal vorkommen.' },
    (d) => d.root.at(`${LINE}/ram:SpecifiedLineTradeAgreement`),
    (a) => a.at('ram:NetPriceProductTradePrice/ram:ChargeAmount').length === 1,
  ),
  ctx(
    'CII-SR-441',
    max1('Item net price (BT-146)', 'Der Nettopreis (BT-146)'),
    (d) => d.root.at(`${LINE}/ram:SpecifiedLineTradeAgreement`),
    (a) => a.at('ram:NetPriceProductTradePrice/ram:ChargeAmount').length <= 1,
  ),
  ctx(
    'CII-SR-463',
    { en: 'An allowance or charge must have a charge indicator.', de: 'Ein Nachlass oder Zuschlag muss das Kennzeichen Zuschlag/Nachlass enthalten.' },
    (d) => d.root.descendants('ram:SpecifiedTradeAllowanceCharge'),
    (ac) => ac.has('ram:ChargeIndicator'),
  ),
  ctx(
    'CII-SR-471',
    max1('The allowance or charge percentage', 'Der Prozentsatz eines Nachlasses oder Zuschlags'),
    (d) => d.root.descendants('ram:SpecifiedTradeAllowanceCharge'),
    (ac) => ac.all('ram:RateApplicablePercent').length <= 1,
  ),
  ctx(
    'CII-SR-472',
    max1('The allowance or charge VAT category', 'Die Steuerkategorie eines Nachlasses oder Zuschlags'),
    (d) => d.root.descendants('ram:SpecifiedTradeAllowanceCharge'),
    (ac) => ac.all('ram:CategoryTradeTax').length <= 1,
  ),
  ctx(
    'CII-SR-473',
    max1('The allowance or charge amount', 'Der Betrag eines Nachlasses oder Zuschlags'),
    (d) => d.root.descendants('ram:SpecifiedTradeAllowanceCharge'),
    (ac) => ac.all('ram:ActualAmount').length <= 1,
  ),
  ctx(
    'CII-SR-440',
    max1('The item price discount', 'Der Preisnachlass'),
    (d) => d.root.descendants('ram:GrossPriceProductTradePrice').flatMap((g) => g.all('ram:AppliedTradeAllowanceCharge')),
    (ac) => ac.all('ram:ActualAmount').length <= 1,
  ),
  ctx(
    'CII-SR-455',
    max1('The seller contact', 'Der Ansprechpartner des Verkäufers'),
    (d) => d.root.at(C.AGREEMENT),
    (a) => a.at('ram:SellerTradeParty/ram:DefinedTradeContact').length <= 1,
  ),
  ctx(
    'CII-SR-456',
    max1('The buyer contact', 'Der Ansprechpartner des Käufers'),
    (d) => d.root.at(C.AGREEMENT),
    (a) => a.at('ram:BuyerTradeParty/ram:DefinedTradeContact').length <= 1,
  ),
  ctx(
    'CII-SR-459',
    max1('The seller electronic address', 'Die elektronische Adresse des Verkäufers'),
    (d) => d.root.at(C.AGREEMENT),
    (a) => a.at('ram:SellerTradeParty/ram:URIUniversalCommunication').length <= 1,
  ),
  ctx(
    'CII-SR-460',
    max1('The buyer electronic address', 'Die elektronische Adresse des Käufers'),
    (d) => d.root.at(C.AGREEMENT),
    (a) => a.at('ram:BuyerTradeParty/ram:URIUniversalCommunication').length <= 1,
  ),
  ctx(
    'CII-SR-461',
    max1('The value added tax point date', 'Der Steuerzeitpunkt'),
    (d) => d.root.at(C.SETTLEMENT),
    (s) => s.at('ram:ApplicableTradeTax/ram:TaxPointDate').length <= 1,
  ),
  ctx(
    'CII-SR-462',
    { en: 'All value added tax point date codes must be equal.', de: 'Alle Codes für den Steuerzeitpunkt müssen gleich sein.' },
    (d) => d.root.at(C.SETTLEMENT),
    (_s, d) => new Set(ciiDueDateTypeCodes(d).map((c) => c.value())).size <= 1,
  ),
  ctx(
    'CII-SR-470',
    { en: 'A credit transfer payment must give the payment account identifier (BT-84).', de: 'Bei Überweisung muss die Kontokennung (BT-84) angegeben sein.' },
    (d) => d.root.at(C.SETTLEMENT),
    (s) =>
      !s
        .all('ram:SpecifiedTradeSettlementPaymentMeans')
        .some(
          (p) =>
            p.all('ram:TypeCode').some((c) => ns(c) === '30' || ns(c) === '58') &&
            !(p.has('ram:PayeePartyCreditorFinancialAccount/ram:IBANID') || p.has('ram:PayeePartyCreditorFinancialAccount/ram:ProprietaryID')),
        ),
  ),
  ...[
    'LineTotalAmount',
    'ChargeTotalAmount',
    'AllowanceTotalAmount',
    'TaxBasisTotalAmount',
    'RoundingAmount',
    'GrandTotalAmount',
    'InformationAmount',
    'TotalPrepaidAmount',
    'TotalDiscountAmount',
    'TotalAllowanceChargeAmount',
    'DuePayableAmount',
    'RetailValueExcludingTaxInformationAmount',
    'TotalDepositFeeInformationAmount',
    'ProductValueExcludingTobaccoTaxInformationAmount',
    'TotalRetailValueInformationAmount',
    'GrossLineTotalAmount',
    'NetLineTotalAmount',
    'NetIncludingTaxesLineTotalAmount',
  ].map((name, i) => ctx(`CII-SR-${477 + i}`, max1(name, name), summation, (s) => s.all(`ram:${name}`).length <= 1)),
  ctx(
    'CII-DT-013',
    notUsed('languageID'),
    (d) => [d.root].filter((r) => r.name === ROOT),
    (r) => r.attr('languageID') === undefined,
  ),
  ctx(
    'CII-DT-014',
    notUsed('languageLocaleID'),
    (d) => [d.root].filter((r) => r.name === ROOT),
    (r) => r.attr('languageLocaleID') === undefined,
  ),
  ctx(
    'CII-SR-467',
    { en: 'All payment means type codes (BT-81) must be equal.', de: 'Alle Zahlungsartcodes (BT-81) müssen gleich sein.' },
    (d) => [d.root],
    (r) => {
      const codes = r.descendants('ram:SpecifiedTradeSettlementPaymentMeans').flatMap((p) => p.all('ram:TypeCode'));
      return codes.every((c) => ns(c) === ns(codes[0]));
    },
  ),
  ctx(
    'CII-SR-468',
    { en: 'All payment means texts (BT-82) must be equal.', de: 'Alle Texte zur Zahlungsart (BT-82) müssen gleich sein.' },
    (d) => [d.root],
    (r) => {
      const infos = r.descendants('ram:SpecifiedTradeSettlementPaymentMeans').flatMap((p) => p.all('ram:Information'));
      return infos.every((c) => ns(c) === ns(infos[0]));
    },
  ),
  ctx(
    'CII-SR-469',
    max1('The remittance information (BT-83)', 'Der Verwendungszweck (BT-83)'),
    (d) => [d.root],
    (r) => r.descendants('ram:ApplicableHeaderTradeSettlement').flatMap((s) => s.all('ram:PaymentReference')).length <= 1,
  ),
  ...(['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI', 'schemeID', 'schemeAgencyID', 'schemeVersionID'] as const).map((a, i) =>
    ctx(`CII-DT-00${i + 1}`, notUsed(`The attribute ${a} on this identifier`), specificIds, idAttr(a)),
  ),
  ...(['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI'] as const).map((a, i) =>
    ctx(`CII-DT-10${i + 1}`, notUsed(`The attribute ${a} on identifiers`), otherIds, idAttr(a)),
  ),
  // CII-DT-010 … 012 (no listID, listAgencyID, listVersionID on the document type code) sit behind the rule for
  // every ram:TypeCode in the official binding, which claims the element first; they are never evaluated.
  ...(['CII-DT-010', 'CII-DT-011', 'CII-DT-012'] as const).map((id) =>
    rule(id, 'fatal', notUsed('A list attribute on the document type code'), { cii: () => [] }),
  ),
  ctx('CII-DT-008', notUsed('The attribute name on type codes'), (d) => d.root.descendants('ram:TypeCode'), idAttr('name')),
  ctx('CII-DT-009', notUsed('The attribute listURI on type codes'), (d) => d.root.descendants('ram:TypeCode'), idAttr('listURI')),
  referencedDocument('CII-DT-015', 'ram:URIID', isAdditionalWithType('916')),
  referencedDocument('CII-DT-016', 'ram:StatusCode'),
  referencedDocument('CII-DT-017', 'ram:CopyIndicator'),
  ctx(
    'CII-DT-018',
    notUsed('TypeCode in a referenced document other than an additional document (50, 130, 916)'),
    (d) => ram(d, 'ReferencedDocument'),
    (doc) => !doc.has('ram:TypeCode') || isAdditionalWithType('50', '130', '916')(doc),
  ),
  referencedDocument('CII-DT-019', 'ram:GlobalID'),
  referencedDocument('CII-DT-020', 'ram:RevisionID'),
  referencedDocument('CII-DT-021', 'ram:Name', isAdditionalWithType('916')),
  referencedDocument('CII-DT-022', 'ram:AttachmentBinaryObject', isAdditionalWithType('916')),
  referencedDocument('CII-DT-023', 'ram:Information'),
  referencedDocument('CII-DT-024', 'ram:ReferenceTypeCode', isAdditionalWithType('130')),
  referencedDocument('CII-DT-025', 'ram:SectionName'),
  referencedDocument('CII-DT-026', 'ram:PreviousRevisionID'),
  referencedDocument('CII-DT-027', 'ram:FormattedIssueDateTime', (doc) => doc.name === 'ram:InvoiceReferencedDocument'),
  referencedDocument('CII-DT-028', 'ram:EffectiveSpecifiedPeriod'),
  referencedDocument('CII-DT-029', 'ram:IssuerTradeParty'),
  referencedDocument('CII-DT-030', 'ram:AttachedSpecifiedBinaryFile'),
  ctx(
    'CII-DT-031',
    notUsed('The attribute currencyID on amounts other than the VAT total'),
    (d) => ram(d, 'Amount', 'ram:TaxTotalAmount'),
    idAttr('currencyID'),
  ),
  ctx(
    'CII-DT-032',
    notUsed('The attribute currencyCodeListVersionID on amounts'),
    (d) => ram(d, 'Amount', 'ram:TaxTotalAmount'),
    idAttr('currencyCodeListVersionID'),
  ),
  ctx(
    'CII-DT-033',
    notUsed('The attribute unitCode on quantities other than the invoiced quantity'),
    (d) => ram(d, 'Quantity'),
    (q, d) => q.attr('unitCode') === undefined || billedWithUnit(d),
  ),
  ctx('CII-DT-034', notUsed('The attribute unitCodeListID'), (d) => ram(d, 'Quantity'), idAttr('unitCodeListID')),
  ctx('CII-DT-035', notUsed('The attribute unitCodeListAgencyID'), (d) => ram(d, 'Quantity'), idAttr('unitCodeListAgencyID')),
  ctx('CII-DT-036', notUsed('The attribute unitCodeListAgencyName'), (d) => ram(d, 'Quantity'), idAttr('unitCodeListAgencyName')),
  ctx(
    'CII-DT-037',
    { en: 'The tax type code must be VAT.', de: 'Der Steuerartcode muss VAT sein.' },
    (d) => ram(d, 'TradeTax'),
    (t) => !t.has('ram:TypeCode') || t.all('ram:TypeCode').some((c) => c.value() === 'VAT'),
  ),
  ...(
    [
      ['068', 'ram:StartDateTime/udt:DateTime'],
      ['069', 'ram:DurationMeasure'],
      ['070', 'ram:InclusiveIndicator'],
      ['071', 'ram:Description'],
      ['072', 'ram:EndDateTime/udt:DateTime'],
      ['073', 'ram:CompleteDateTime'],
      ['074', 'ram:OpenIndicator'],
      ['075', 'ram:SeasonCode'],
      ['076', 'ram:ID'],
      ['077', 'ram:Name'],
      ['078', 'ram:SequenceNumeric'],
      ['079', 'ram:StartDateFlexibilityCode'],
      ['080', 'ram:ContinuousIndicator'],
      ['081', 'ram:PurposeCode'],
    ] as const
  ).map(([n, child]) =>
    ctx(
      `CII-DT-${n}`,
      notUsed(`${child} in a billing period`),
      (d) => d.root.descendants('ram:BillingSpecifiedPeriod'),
      (p) => !p.has(child),
    ),
  ),
  ...(
    [
      ['082', 'ram:ID'],
      ['083', 'ram:PostOfficeBox'],
      ['084', 'ram:BuildingName'],
      ['086', 'ram:LineFour'],
      ['087', 'ram:LineFive'],
      ['088', 'ram:StreetName'],
      ['089', 'ram:CitySubDivisionName'],
      ['090', 'ram:CountryName'],
      ['091', 'ram:CountrySubDivisionID'],
      ['092', 'ram:AttentionOf'],
      ['093', 'ram:CareOf'],
      ['094', 'ram:BuildingNumber'],
      ['095', 'ram:DepartmentName'],
      ['096', 'ram:AdditionalStreetName'],
    ] as const
  ).map(([n, child]) =>
    ctx(
      `CII-DT-${n}`,
      notUsed(`${child} in a postal address`),
      (d) => d.root.descendants('ram:PostalTradeAddress'),
      (a) => !a.has(child),
    ),
  ),
  ctx(
    'CII-DT-097',
    { en: 'A date in format 102 must be a valid calendar date of the form YYYYMMDD.', de: 'Ein Datum im Format 102 muss die Form JJJJMMTT haben.' },
    (d) => d.root.descendants('udt:DateTimeString').filter((s) => s.attr('format') === '102'),
    (s) => /^[ \t\r\n]*(\d{4})(1[0-2]|0[1-9])(3[01]|[12][0-9]|0[1-9])[ \t\r\n]*$/.test(s.value()),
  ),
];

function ciiDueDateTypeCodes(doc: Doc): El[] {
  return doc.root.descendants('ram:ApplicableTradeTax').flatMap((t) => t.all('ram:DueDateTypeCode'));
}

const billedWithUnitCache = new WeakMap<El, boolean>();
/** Whether any invoiced quantity carries a unit (computed once per document). */
function billedWithUnit(d: Doc): boolean {
  let v = billedWithUnitCache.get(d.root);
  if (v === undefined) {
    v = d.root.at(`${LINE}/ram:SpecifiedLineTradeDelivery/ram:BilledQuantity`).some((b) => b.attr('unitCode') !== undefined);
    billedWithUnitCache.set(d.root, v);
  }
  return v;
}
