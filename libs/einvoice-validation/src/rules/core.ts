/** EN 16931 core business rules BR-01 … BR-65: mandatory business terms and their conditions. */
import type { El } from '../xml/dom';
import * as C from './cii';
import { each, filled, ns, nsAt, rule, type Doc, type Rule } from './rule';
import * as U from './ubl';
import { normalizeSpace, xmlNumber, xmlTrim } from '../xml/space';

const rootWhere = (d: Doc, ok: (r: El) => boolean) => each([d.root], ok);

/** A header-level rule on the root: in UBL `normalize-space(path) != ''`, in CII the same on its path. */
function required(id: string, en: string, de: string, ublPath: string, ciiPath: string): Rule {
  return rule(
    id,
    'fatal',
    { en, de },
    {
      ubl: (d) => rootWhere(d, (r) => filled(r, ublPath)),
      cii: (d) => rootWhere(d, (r) => filled(r, ciiPath)),
    },
  );
}

const ublLineNodes = (d: Doc) => U.allLines(d.root);
const ciiLineNodes = (d: Doc) => d.root.descendants('ram:IncludedSupplyChainTradeLineItem');

/** XPath `x >= 0` on an untyped node: false when absent or not a number. */
function nonNegative(el: El | undefined): boolean {
  const n = el ? xmlNumber(el.value()) : NaN;
  return !Number.isNaN(n) && n >= 0;
}

function dateNotBefore(end: string | undefined, start: string | undefined): boolean {
  return end !== undefined && start !== undefined && xmlTrim(end) >= xmlTrim(start);
}

export const coreRules: Rule[] = [
  required(
    'BR-01',
    'An invoice shall have a specification identifier (BT-24).',
    'Die Rechnung muss eine Spezifikationskennung (BT-24) enthalten.',
    'cbc:CustomizationID',
    'rsm:ExchangedDocumentContext/ram:GuidelineSpecifiedDocumentContextParameter/ram:ID',
  ),
  required(
    'BR-02',
    'An invoice shall have an invoice number (BT-1).',
    'Die Rechnung muss eine Rechnungsnummer (BT-1) enthalten.',
    'cbc:ID',
    'rsm:ExchangedDocument/ram:ID',
  ),
  rule(
    'BR-03',
    'fatal',
    { en: 'An invoice shall have an invoice issue date (BT-2).', de: 'Die Rechnung muss ein Rechnungsdatum (BT-2) enthalten.' },
    {
      ubl: (d) => rootWhere(d, (r) => filled(r, 'cbc:IssueDate')),
      cii: (d) =>
        rootWhere(d, (r) => r.at('rsm:ExchangedDocument/ram:IssueDateTime/udt:DateTimeString').some((s) => s.attr('format') === '102' && ns(s) !== '')),
    },
  ),
  rule(
    'BR-04',
    'fatal',
    { en: 'An invoice shall have an invoice type code (BT-3).', de: 'Die Rechnung muss einen Rechnungsartcode (BT-3) enthalten.' },
    {
      ubl: (d) => rootWhere(d, (r) => filled(r, 'cbc:InvoiceTypeCode') || filled(r, 'cbc:CreditNoteTypeCode')),
      cii: (d) => rootWhere(d, (r) => filled(r, 'rsm:ExchangedDocument/ram:TypeCode')),
    },
  ),
  required(
    'BR-05',
    'An invoice shall have an invoice currency code (BT-5).',
    'Die Rechnung muss einen Währungscode (BT-5) enthalten.',
    'cbc:DocumentCurrencyCode',
    `${C.SETTLEMENT}/ram:InvoiceCurrencyCode`,
  ),
  required(
    'BR-06',
    'An invoice shall contain the seller name (BT-27).',
    'Die Rechnung muss den Namen des Verkäufers (BT-27) enthalten.',
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    `${C.AGREEMENT}/ram:SellerTradeParty/ram:Name`,
  ),
  required(
    'BR-07',
    'An invoice shall contain the buyer name (BT-44).',
    'Die Rechnung muss den Namen des Käufers (BT-44) enthalten.',
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    `${C.AGREEMENT}/ram:BuyerTradeParty/ram:Name`,
  ),
  rule(
    'BR-08',
    'fatal',
    { en: 'An invoice shall contain the seller postal address (BG-5).', de: 'Die Rechnung muss die Postanschrift des Verkäufers (BG-5) enthalten.' },
    {
      ubl: (d) => rootWhere(d, (r) => r.has('cac:AccountingSupplierParty/cac:Party/cac:PostalAddress')),
      cii: (d) => rootWhere(d, (r) => r.has(`${C.AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress`)),
    },
  ),
  rule(
    'BR-09',
    'fatal',
    {
      en: 'The seller postal address (BG-5) shall contain a seller country code (BT-40).',
      de: 'Die Postanschrift des Verkäufers (BG-5) muss einen Ländercode (BT-40) enthalten.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:AccountingSupplierParty').flatMap((p) => p.at('cac:Party/cac:PostalAddress')),
          (a) => filled(a, 'cac:Country/cbc:IdentificationCode'),
        ),
      cii: (d) => rootWhere(d, (r) => filled(r, `${C.AGREEMENT}/ram:SellerTradeParty/ram:PostalTradeAddress/ram:CountryID`)),
    },
  ),
  rule(
    'BR-10',
    'fatal',
    { en: 'An invoice shall contain the buyer postal address (BG-8).', de: 'Die Rechnung muss die Postanschrift des Käufers (BG-8) enthalten.' },
    {
      ubl: (d) => rootWhere(d, (r) => r.has('cac:AccountingCustomerParty/cac:Party/cac:PostalAddress')),
      cii: (d) => rootWhere(d, (r) => r.has(`${C.AGREEMENT}/ram:BuyerTradeParty/ram:PostalTradeAddress`)),
    },
  ),
  rule(
    'BR-11',
    'fatal',
    {
      en: 'The buyer postal address shall contain a buyer country code (BT-55).',
      de: 'Die Postanschrift des Käufers muss einen Ländercode (BT-55) enthalten.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:AccountingCustomerParty').flatMap((p) => p.at('cac:Party/cac:PostalAddress')),
          (a) => filled(a, 'cac:Country/cbc:IdentificationCode'),
        ),
      cii: (d) => rootWhere(d, (r) => filled(r, `${C.AGREEMENT}/ram:BuyerTradeParty/ram:PostalTradeAddress/ram:CountryID`)),
    },
  ),
  ...(
    [
      [
        'BR-12',
        'cbc:LineExtensionAmount',
        'ram:LineTotalAmount',
        'the sum of invoice line net amounts (BT-106)',
        'die Summe der Nettobeträge der Positionen (BT-106)',
      ],
      [
        'BR-13',
        'cbc:TaxExclusiveAmount',
        'ram:TaxBasisTotalAmount',
        'the invoice total amount without VAT (BT-109)',
        'den Gesamtbetrag ohne Umsatzsteuer (BT-109)',
      ],
      ['BR-14', 'cbc:TaxInclusiveAmount', 'ram:GrandTotalAmount', 'the invoice total amount with VAT (BT-112)', 'den Gesamtbetrag mit Umsatzsteuer (BT-112)'],
      ['BR-15', 'cbc:PayableAmount', 'ram:DuePayableAmount', 'the amount due for payment (BT-115)', 'den fälligen Zahlungsbetrag (BT-115)'],
    ] as const
  ).map(([id, ublName, ciiName, en, de]) =>
    rule(
      id,
      'fatal',
      { en: `An invoice shall have ${en}.`, de: `Die Rechnung muss ${de} enthalten.` },
      {
        ubl: (d) => each(d.root.descendants('cac:LegalMonetaryTotal'), (t) => t.has(ublName)),
        cii: (d) => each(d.root.descendants('ram:SpecifiedTradeSettlementHeaderMonetarySummation'), (t) => t.has(ciiName)),
      },
    ),
  ),
  rule(
    'BR-16',
    'fatal',
    { en: 'An invoice shall have at least one invoice line (BG-25).', de: 'Die Rechnung muss mindestens eine Rechnungsposition (BG-25) enthalten.' },
    {
      ubl: (d) => rootWhere(d, (r) => r.has('cac:InvoiceLine') || r.has('cac:CreditNoteLine')),
      cii: (d) => rootWhere(d, (r) => r.descendants('ram:IncludedSupplyChainTradeLineItem').length > 0),
    },
  ),
  rule(
    'BR-17',
    'fatal',
    {
      en: 'The payee name (BT-59) shall be provided if the payee (BG-10) is different from the seller (BG-4).',
      de: 'Der Name des Zahlungsempfängers (BT-59) muss angegeben werden, wenn er vom Verkäufer abweicht.',
    },
    {
      ubl: (d) =>
        each(d.root.descendants('cac:PayeeParty'), (p) => {
          const seller = p.parent?.at('cac:AccountingSupplierParty/cac:Party') ?? [];
          const anyEq = (a: El[], b: El[]) => a.some((x) => b.some((y) => x.value() === y.value()));
          return (
            p.has('cac:PartyName/cbc:Name') &&
            !anyEq(
              p.at('cac:PartyName/cbc:Name'),
              seller.flatMap((s) => s.at('cac:PartyName/cbc:Name')),
            ) &&
            !anyEq(
              p.at('cac:PartyIdentification/cbc:ID'),
              seller.flatMap((s) => s.at('cac:PartyIdentification/cbc:ID')),
            )
          );
        }),
      cii: (d) =>
        each(d.root.descendants('ram:PayeeTradeParty'), (p) => {
          const seller = p.parent?.parent?.at('ram:ApplicableHeaderTradeAgreement/ram:SellerTradeParty') ?? [];
          const anyEq = (a: El[], b: El[]) => a.some((x) => b.some((y) => x.value() === y.value()));
          return (
            p.has('ram:Name') &&
            !anyEq(
              p.at('ram:Name'),
              seller.flatMap((s) => s.at('ram:Name')),
            ) &&
            !anyEq(
              p.at('ram:ID'),
              seller.flatMap((s) => s.at('ram:ID')),
            ) &&
            !anyEq(
              p.at('ram:SpecifiedLegalOrganization/ram:ID'),
              seller.flatMap((s) => s.at('ram:SpecifiedLegalOrganization/ram:ID')),
            )
          );
        }),
    },
  ),
  rule(
    'BR-18',
    'fatal',
    {
      en: 'The seller tax representative name (BT-62) shall be provided if the seller has a tax representative (BG-11).',
      de: 'Der Name des Steuervertreters (BT-62) muss angegeben werden, wenn der Verkäufer einen Steuervertreter hat.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:TaxRepresentativeParty'), (p) => filled(p, 'cac:PartyName/cbc:Name')),
      cii: (d) => each(d.root.descendants('ram:SellerTaxRepresentativeTradeParty'), (p) => filled(p, 'ram:Name')),
    },
  ),
  rule(
    'BR-19',
    'fatal',
    {
      en: 'The seller tax representative postal address (BG-12) shall be provided if the seller has a tax representative.',
      de: 'Die Postanschrift des Steuervertreters (BG-12) muss angegeben werden.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:TaxRepresentativeParty'), (p) => p.has('cac:PostalAddress')),
      cii: (d) => each(d.root.descendants('ram:SellerTaxRepresentativeTradeParty'), (p) => p.has('ram:PostalTradeAddress')),
    },
  ),
  rule(
    'BR-20',
    'fatal',
    {
      en: 'The seller tax representative postal address shall contain a country code (BT-69).',
      de: 'Die Postanschrift des Steuervertreters muss einen Ländercode (BT-69) enthalten.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:TaxRepresentativeParty').flatMap((p) => p.all('cac:PostalAddress')),
          (a) => filled(a, 'cac:Country/cbc:IdentificationCode'),
        ),
      cii: (d) => each(d.root.descendants('ram:SellerTaxRepresentativeTradeParty'), (p) => filled(p, 'ram:PostalTradeAddress/ram:CountryID')),
    },
  ),
  rule(
    'BR-21',
    'fatal',
    {
      en: 'Each invoice line (BG-25) shall have an invoice line identifier (BT-126).',
      de: 'Jede Rechnungsposition (BG-25) muss eine Positionsnummer (BT-126) haben.',
    },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => filled(l, 'cbc:ID')),
      cii: (d) => each(ciiLineNodes(d), (l) => filled(l, 'ram:AssociatedDocumentLineDocument/ram:LineID')),
    },
  ),
  rule(
    'BR-22',
    'fatal',
    { en: 'Each invoice line (BG-25) shall have an invoiced quantity (BT-129).', de: 'Jede Rechnungsposition muss eine Menge (BT-129) haben.' },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => l.has('cbc:InvoicedQuantity') || l.has('cbc:CreditedQuantity')),
      cii: (d) => each(ciiLineNodes(d), (l) => l.has('ram:SpecifiedLineTradeDelivery/ram:BilledQuantity')),
    },
  ),
  rule(
    'BR-23',
    'fatal',
    {
      en: 'An invoice line (BG-25) shall have an invoiced quantity unit of measure code (BT-130).',
      de: 'Jede Rechnungsposition muss eine Mengeneinheit (BT-130) haben.',
    },
    {
      ubl: (d) =>
        each(ublLineNodes(d), (l) => [...l.all('cbc:InvoicedQuantity'), ...l.all('cbc:CreditedQuantity')].some((q) => q.attr('unitCode') !== undefined)),
      cii: (d) => each(ciiLineNodes(d), (l) => l.at('ram:SpecifiedLineTradeDelivery/ram:BilledQuantity').some((q) => q.attr('unitCode') !== undefined)),
    },
  ),
  rule(
    'BR-24',
    'fatal',
    { en: 'Each invoice line (BG-25) shall have an invoice line net amount (BT-131).', de: 'Jede Rechnungsposition muss einen Nettobetrag (BT-131) haben.' },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => l.has('cbc:LineExtensionAmount')),
      cii: (d) => each(ciiLineNodes(d), (l) => l.has('ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')),
    },
  ),
  rule(
    'BR-25',
    'fatal',
    { en: 'Each invoice line (BG-25) shall contain the item name (BT-153).', de: 'Jede Rechnungsposition muss die Artikelbezeichnung (BT-153) enthalten.' },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => filled(l, 'cac:Item/cbc:Name')),
      cii: (d) => each(ciiLineNodes(d), (l) => filled(l, 'ram:SpecifiedTradeProduct/ram:Name')),
    },
  ),
  rule(
    'BR-26',
    'fatal',
    { en: 'Each invoice line (BG-25) shall contain the item net price (BT-146).', de: 'Jede Rechnungsposition muss den Nettopreis (BT-146) enthalten.' },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => l.has('cac:Price/cbc:PriceAmount')),
      cii: (d) => each(ciiLineNodes(d), (l) => l.has('ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount')),
    },
  ),
  rule(
    'BR-27',
    'fatal',
    { en: 'The item net price (BT-146) shall not be negative.', de: 'Der Nettopreis (BT-146) darf nicht negativ sein.' },
    {
      ubl: (d) => each(ublLineNodes(d), (l) => l.at('cac:Price/cbc:PriceAmount').some(nonNegative)),
      cii: (d) => each(ciiLineNodes(d), (l) => l.at('ram:SpecifiedLineTradeAgreement/ram:NetPriceProductTradePrice/ram:ChargeAmount').some(nonNegative)),
    },
  ),
  rule(
    'BR-28',
    'fatal',
    { en: 'The item gross price (BT-148) shall not be negative.', de: 'Der Bruttopreis (BT-148) darf nicht negativ sein.' },
    {
      ubl: (d) =>
        each(ublLineNodes(d), (l) => {
          const base = l.at('cac:Price/cac:AllowanceCharge/cbc:BaseAmount');
          return base.length === 0 || base.some(nonNegative);
        }),
      cii: (d) =>
        each(ciiLineNodes(d), (l) => {
          const gross = l.at('ram:SpecifiedLineTradeAgreement/ram:GrossPriceProductTradePrice/ram:ChargeAmount');
          return gross.length === 0 || gross.some(nonNegative);
        }),
    },
  ),
  rule(
    'BR-29',
    'fatal',
    {
      en: 'If both invoicing period start date (BT-73) and end date (BT-74) are given, the end date shall be later or equal to the start date.',
      de: 'Das Ende des Abrechnungszeitraums (BT-74) darf nicht vor dessen Beginn (BT-73) liegen.',
    },
    {
      ubl: (d) => each(ublHeaderPeriods(d), periodOk),
      cii: (d) =>
        each(
          d.root.descendants('ram:ApplicableHeaderTradeSettlement').flatMap((s) => s.all('ram:BillingSpecifiedPeriod')),
          ciiPeriodOk,
        ),
    },
  ),
  rule(
    'BR-30',
    'fatal',
    {
      en: 'If both invoice line period start date (BT-134) and end date (BT-135) are given, the end date shall be later or equal to the start date.',
      de: 'Das Ende des Positionszeitraums (BT-135) darf nicht vor dessen Beginn (BT-134) liegen.',
    },
    {
      ubl: (d) => each(ublLinePeriods(d), periodOk),
      cii: (d) =>
        each(
          d.root.descendants('ram:SpecifiedLineTradeSettlement').flatMap((s) => s.all('ram:BillingSpecifiedPeriod')),
          ciiPeriodOk,
        ),
    },
  ),
  ...allowanceChargeRules(false, 'BR-31', 'BR-32', 'BR-33', 'document level allowance', 'Nachlass auf Dokumentebene'),
  ...allowanceChargeRules(true, 'BR-36', 'BR-37', 'BR-38', 'document level charge', 'Zuschlag auf Dokumentebene'),
  ...lineAllowanceChargeRules(false, 'BR-41', 'BR-42', 'invoice line allowance', 'Nachlass auf Positionsebene'),
  ...lineAllowanceChargeRules(true, 'BR-43', 'BR-44', 'invoice line charge', 'Zuschlag auf Positionsebene'),
  rule(
    'BR-45',
    'fatal',
    {
      en: 'Each VAT breakdown (BG-23) shall have a VAT category taxable amount (BT-116).',
      de: 'Jede Umsatzsteueraufschlüsselung (BG-23) muss einen Nettobetrag je Kategorie (BT-116) haben.',
    },
    {
      ubl: (d) => each(ublSubtotals(d), (s) => s.has('cbc:TaxableAmount')),
      cii: (d) => each(ciiGenericHeaderTaxes(d.root), (t) => t.has('ram:BasisAmount')),
    },
  ),
  rule(
    'BR-46',
    'fatal',
    {
      en: 'Each VAT breakdown (BG-23) shall have a VAT category tax amount (BT-117).',
      de: 'Jede Umsatzsteueraufschlüsselung muss einen Steuerbetrag je Kategorie (BT-117) haben.',
    },
    {
      ubl: (d) => each(ublSubtotals(d), (s) => s.has('cbc:TaxAmount')),
      cii: (d) => each(ciiGenericHeaderTaxes(d.root), (t) => t.has('ram:CalculatedAmount')),
    },
  ),
  rule(
    'BR-47',
    'fatal',
    {
      en: 'Each VAT breakdown (BG-23) shall be defined through a VAT category code (BT-118).',
      de: 'Jede Umsatzsteueraufschlüsselung muss einen Steuerkategoriecode (BT-118) haben.',
    },
    {
      ubl: (d) => each(ublSubtotals(d), (s) => s.all('cac:TaxCategory').some((c) => U.isVat(c) && c.has('cbc:ID'))),
      cii: (d) => each(ciiGenericHeaderTaxes(d.root), (t) => C.isVat(t) && t.has('ram:CategoryCode')),
    },
  ),
  rule(
    'BR-48',
    'fatal',
    {
      en: 'Each VAT breakdown (BG-23) shall have a VAT category rate (BT-119), except if the invoice is not subject to VAT.',
      de: 'Jede Umsatzsteueraufschlüsselung muss einen Steuersatz (BT-119) haben, außer bei nicht steuerbaren Umsätzen.',
    },
    {
      ubl: (d) => each(ublSubtotals(d), (s) => s.all('cac:TaxCategory').some((c) => U.isVat(c) && (c.has('cbc:Percent') || U.categoryCode(c) === 'O'))),
      cii: (d) => each(ciiGenericHeaderTaxes(d.root), (t) => C.isVat(t) && (t.has('ram:RateApplicablePercent') || C.hasCategory(t, 'O'))),
    },
  ),
  rule(
    'BR-49',
    'fatal',
    {
      en: 'A payment instruction (BG-16) shall specify the payment means type code (BT-81).',
      de: 'Eine Zahlungsanweisung (BG-16) muss den Code der Zahlungsart (BT-81) enthalten.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:PaymentMeans'), (p) => p.has('cbc:PaymentMeansCode')),
      cii: (d) => each(d.root.descendants('ram:SpecifiedTradeSettlementPaymentMeans'), (p) => p.has('ram:TypeCode')),
    },
  ),
  rule(
    'BR-50',
    'fatal',
    {
      en: 'A payment account identifier (BT-84) shall be present if credit transfer (BG-17) information is provided.',
      de: 'Bei Überweisung (BG-17) muss die Kontokennung (BT-84, z. B. IBAN) angegeben werden.',
    },
    {
      ubl: (d) =>
        each(
          d.root
            .descendants('cac:PaymentMeans')
            .filter((p) => p.all('cbc:PaymentMeansCode').some((c) => c.value() === '30' || c.value() === '58'))
            .flatMap((p) => p.all('cac:PayeeFinancialAccount')),
          (a) => filled(a, 'cbc:ID'),
        ),
      cii: (d) => each(ciiCreditTransferAccounts(d.root), (a) => filled(a, 'ram:IBANID') || filled(a, 'ram:ProprietaryID')),
    },
  ),
  rule(
    'BR-51',
    { ubl: 'warning', cii: 'fatal' },
    {
      en: 'The card primary account number (BT-87) should show at most the first 6 and last 4 digits.',
      de: 'Von der Kartennummer (BT-87) sollen höchstens die ersten 6 und letzten 4 Ziffern angegeben werden.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:PaymentMeans').flatMap((p) => p.at('cac:CardAccount/cbc:PrimaryAccountNumberID')),
          (n) => ns(n).length <= 10,
        ),
      cii: (d) => each(d.root.descendants('ram:ApplicableTradeSettlementFinancialCard'), (c) => nsAt(c, 'ram:ID').length <= 10),
    },
  ),
  rule(
    'BR-52',
    'fatal',
    {
      en: 'Each additional supporting document (BG-24) shall contain a supporting document reference (BT-122).',
      de: 'Jedes rechnungsbegründende Dokument (BG-24) muss eine Kennung (BT-122) haben.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:AdditionalDocumentReference'), (r) => filled(r, 'cbc:ID')),
      cii: (d) => each(d.root.descendants('ram:AdditionalReferencedDocument'), (r) => filled(r, 'ram:IssuerAssignedID')),
    },
  ),
  rule(
    'BR-53',
    'fatal',
    {
      en: 'If the VAT accounting currency code (BT-6) is present, the invoice total VAT amount in accounting currency (BT-111) shall be provided.',
      de: 'Ist eine Steuerwährung (BT-6) angegeben, muss der Umsatzsteuerbetrag in dieser Währung (BT-111) angegeben werden.',
    },
    {
      ubl: (d) =>
        rootWhere(d, (r) =>
          r
            .all('cbc:TaxCurrencyCode')
            .every((c) => r.descendants('cac:TaxTotal').some((t) => t.all('cbc:TaxAmount').some((a) => a.attr('currencyID') === c.value()))),
        ),
      cii: (d) =>
        each(d.root.descendants('ram:SpecifiedTradeSettlementHeaderMonetarySummation'), (sum) => {
          const s = d.root.first(C.SETTLEMENT);
          const taxCurrency = s?.all('ram:TaxCurrencyCode') ?? [];
          if (taxCurrency.length === 0) return true;
          const invoiceCurrency = s?.all('ram:InvoiceCurrencyCode') ?? [];
          const inTaxCurrency = sum.all('ram:TaxTotalAmount').some((a) => taxCurrency.some((c) => c.value() === a.attr('currencyID')));
          const sameAsInvoice = taxCurrency.some((c) => invoiceCurrency.some((i) => i.value() === c.value()));
          return inTaxCurrency && !sameAsInvoice;
        }),
    },
  ),
  rule(
    'BR-54',
    'fatal',
    {
      en: 'Each item attribute (BG-32) shall contain an item attribute name (BT-160) and value (BT-161).',
      de: 'Jedes Artikelmerkmal (BG-32) muss Name (BT-160) und Wert (BT-161) enthalten.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:AdditionalItemProperty'), (p) => p.has('cbc:Name') && p.has('cbc:Value')),
      cii: (d) => each(d.root.descendants('ram:ApplicableProductCharacteristic'), (p) => p.has('ram:Description') && p.has('ram:Value')),
    },
  ),
  rule(
    'BR-55',
    'fatal',
    {
      en: 'Each preceding invoice reference (BG-3) shall contain a preceding invoice reference (BT-25).',
      de: 'Jeder Verweis auf eine vorausgegangene Rechnung (BG-3) muss deren Nummer (BT-25) enthalten.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:BillingReference'), (b) => b.has('cac:InvoiceDocumentReference/cbc:ID')),
      cii: (d) => each(d.root.at(`${C.SETTLEMENT}/ram:InvoiceReferencedDocument`), (r) => filled(r, 'ram:IssuerAssignedID')),
    },
  ),
  rule(
    'BR-56',
    'fatal',
    {
      en: 'Each seller tax representative party (BG-11) shall have a seller tax representative VAT identifier (BT-63).',
      de: 'Jeder Steuervertreter (BG-11) muss eine Umsatzsteuer-Identifikationsnummer (BT-63) haben.',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:TaxRepresentativeParty'), (p) => p.all('cac:PartyTaxScheme').some((s) => U.isVat(s) && s.has('cbc:CompanyID'))),
      cii: (d) =>
        each(d.root.descendants('ram:SellerTaxRepresentativeTradeParty'), (p) =>
          p.at('ram:SpecifiedTaxRegistration/ram:ID').some((id) => id.attr('schemeID') === 'VA' && ns(id) !== ''),
        ),
    },
  ),
  rule(
    'BR-57',
    'fatal',
    {
      en: 'Each deliver to address (BG-15) shall contain a deliver to country code (BT-80).',
      de: 'Jede Lieferanschrift (BG-15) muss einen Ländercode (BT-80) enthalten.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:Delivery').flatMap((x) => x.at('cac:DeliveryLocation/cac:Address')),
          (a) => a.has('cac:Country/cbc:IdentificationCode'),
        ),
      cii: (d) =>
        each(
          d.root.at(C.DELIVERY),
          (x) => !x.has('ram:ShipToTradeParty/ram:PostalTradeAddress') || filled(x, 'ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID'),
        ),
    },
  ),
  rule(
    'BR-61',
    'fatal',
    {
      en: 'If the payment means type code (BT-81) means SEPA credit transfer, local credit transfer or non-SEPA international credit transfer, the payment account identifier (BT-84) shall be present.',
      de: 'Bei Zahlung per Überweisung muss die Kontokennung (BT-84, z. B. IBAN) angegeben werden.',
    },
    {
      ubl: (d) =>
        each(d.root.descendants('cac:PaymentMeans'), (p) => {
          const code = nsAt(p, 'cbc:PaymentMeansCode');
          return code !== '30' && code !== '58' ? true : p.has('cac:PayeeFinancialAccount/cbc:ID');
        }),
      cii: (d) => each(ciiCreditTransferAccounts(d.root), (a) => a.has('ram:IBANID') || a.has('ram:ProprietaryID')),
    },
  ),
  rule(
    'BR-62',
    'fatal',
    {
      en: 'The seller electronic address (BT-34) shall have a scheme identifier.',
      de: 'Die elektronische Adresse des Verkäufers (BT-34) muss eine Schemakennung haben.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:AccountingSupplierParty').flatMap((p) => p.at('cac:Party/cbc:EndpointID')),
          (e) => e.attr('schemeID') !== undefined,
        ),
      cii: (d) => rootWhere(d, (r) => endpointSchemeOk(r.first(`${C.AGREEMENT}/ram:SellerTradeParty`))),
    },
  ),
  rule(
    'BR-63',
    'fatal',
    {
      en: 'The buyer electronic address (BT-49) shall have a scheme identifier.',
      de: 'Die elektronische Adresse des Käufers (BT-49) muss eine Schemakennung haben.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:AccountingCustomerParty').flatMap((p) => p.at('cac:Party/cbc:EndpointID')),
          (e) => e.attr('schemeID') !== undefined,
        ),
      cii: (d) => rootWhere(d, (r) => endpointSchemeOk(r.first(`${C.AGREEMENT}/ram:BuyerTradeParty`))),
    },
  ),
  rule(
    'BR-64',
    'fatal',
    { en: 'The item standard identifier (BT-157) shall have a scheme identifier.', de: 'Die Standard-Artikelkennung (BT-157) muss eine Schemakennung haben.' },
    {
      ubl: (d) =>
        each(
          ublLineNodes(d).flatMap((l) => l.at('cac:Item/cac:StandardItemIdentification/cbc:ID')),
          (i) => i.attr('schemeID') !== undefined,
        ),
      cii: (d) =>
        each(
          ciiLineNodes(d),
          (l) =>
            !l.has('ram:SpecifiedTradeProduct/ram:GlobalID') ||
            normalizeSpace(l.first('ram:SpecifiedTradeProduct/ram:GlobalID')?.attr('schemeID') ?? '') !== '',
        ),
    },
  ),
  rule(
    'BR-65',
    'fatal',
    {
      en: 'The item classification identifier (BT-158) shall have a scheme identifier.',
      de: 'Die Artikelklassifizierung (BT-158) muss eine Schemakennung haben.',
    },
    {
      ubl: (d) =>
        each(
          ublLineNodes(d).flatMap((l) => l.at('cac:Item/cac:CommodityClassification/cbc:ItemClassificationCode')),
          (c) => c.attr('listID') !== undefined,
        ),
      cii: (d) =>
        each(
          d.root.descendants('ram:DesignatedProductClassification'),
          (c) => !c.has('ram:ClassCode') || normalizeSpace(c.first('ram:ClassCode')?.attr('listID') ?? '') !== '',
        ),
    },
  ),
];

function endpointSchemeOk(party: El | undefined): boolean {
  if (!party || !party.has('ram:URIUniversalCommunication')) return true;
  return normalizeSpace(party.all('ram:URIUniversalCommunication')[0]?.first('ram:URIID')?.attr('schemeID') ?? '') !== '';
}

function ciiCreditTransferAccounts(root: El): El[] {
  return root
    .descendants('ram:SpecifiedTradeSettlementPaymentMeans')
    .filter((p) => p.all('ram:TypeCode').some((c) => c.value() === '30' || c.value() === '58'))
    .flatMap((p) => p.all('ram:PayeePartyCreditorFinancialAccount'));
}

/** cac:InvoicePeriod not under a line: the line periods are claimed by the line-period rule first. */
function ublHeaderPeriods(d: Doc): El[] {
  return d.root.descendants('cac:InvoicePeriod').filter((p) => p.parent?.name !== 'cac:InvoiceLine' && p.parent?.name !== 'cac:CreditNoteLine');
}

function ublLinePeriods(d: Doc): El[] {
  return d.root.descendants('cac:InvoicePeriod').filter((p) => p.parent?.name === 'cac:InvoiceLine' || p.parent?.name === 'cac:CreditNoteLine');
}

function periodOk(p: El): boolean {
  const start = p.first('cbc:StartDate');
  const end = p.first('cbc:EndDate');
  return !start || !end || dateNotBefore(end.value(), start.value());
}

function ciiPeriodOk(p: El): boolean {
  if (!p.has('ram:EndDateTime') || !p.has('ram:StartDateTime')) return true;
  const pick = (path: string) =>
    p
      .at(path)
      .filter((s) => s.attr('format') === '102')
      .map((s) => Number(s.value()));
  const ends = pick('ram:EndDateTime/udt:DateTimeString');
  const starts = pick('ram:StartDateTime/udt:DateTimeString');
  return ends.some((e) => starts.some((s) => e >= s));
}

export function ublSubtotals(d: Doc): El[] {
  return d.root.descendants('cac:TaxTotal').flatMap((t) => t.all('cac:TaxSubtotal'));
}

/**
 * Header VAT breakdowns that the generic breakdown rules see: the rules for categories O, L and M claim
 * their breakdowns first, so BR-45 … BR-48, BR-CO-17 and BR-DEC-19/20 are not applied to those.
 */
export function ciiGenericHeaderTaxes(root: El): El[] {
  return C.headerTaxes(root).filter((t) => !(C.isVat(t) && (C.hasCategory(t, 'O') || C.hasCategory(t, 'L') || C.hasCategory(t, 'M'))));
}

function allowanceChargeRules(charge: boolean, amountId: string, categoryId: string, reasonId: string, en: string, de: string): Rule[] {
  const ubl = (d: Doc) => U.documentAllowanceCharges(d.root, charge);
  const cii = (d: Doc) => ciiHeaderIndicators(d.root, charge);
  return [
    rule(
      amountId,
      'fatal',
      { en: `Each ${en} shall have an amount.`, de: `Jeder ${de} muss einen Betrag haben.` },
      {
        ubl: (d) => each(ubl(d), (ac) => ac.has('cbc:Amount')),
        cii: (d) => each(cii(d), (i) => !!i.parent?.has('ram:ActualAmount')),
      },
    ),
    rule(
      categoryId,
      'fatal',
      { en: `Each ${en} shall have a VAT category code.`, de: `Jeder ${de} muss einen Steuerkategoriecode haben.` },
      {
        ubl: (d) => each(ubl(d), (ac) => ac.all('cac:TaxCategory').some((c) => U.isVat(c) && c.has('cbc:ID'))),
        cii: (d) => each(cii(d), (i) => !!i.parent?.all('ram:CategoryTradeTax').some((t) => C.isVat(t) && t.has('ram:CategoryCode'))),
      },
    ),
    rule(
      reasonId,
      'fatal',
      { en: `Each ${en} shall have a reason or a reason code.`, de: `Jeder ${de} muss einen Grund oder Grundcode haben.` },
      {
        ubl: (d) => each(ubl(d), (ac) => ac.has('cbc:AllowanceChargeReason') || ac.has('cbc:AllowanceChargeReasonCode')),
        cii: (d) => each(cii(d), (i) => !!i.parent && (i.parent.has('ram:Reason') || i.parent.has('ram:ReasonCode'))),
      },
    ),
  ];
}

function lineAllowanceChargeRules(charge: boolean, amountId: string, reasonId: string, en: string, de: string): Rule[] {
  const ubl = (d: Doc) => ublLineAllowanceCharges(d.root, charge);
  const cii = (d: Doc) => ciiLineIndicators(d.root, charge);
  return [
    rule(
      amountId,
      'fatal',
      { en: `Each ${en} shall have an amount.`, de: `Jeder ${de} muss einen Betrag haben.` },
      {
        ubl: (d) => each(ubl(d), (ac) => ac.has('cbc:Amount')),
        cii: (d) => each(cii(d), (i) => !!i.parent?.has('ram:ActualAmount')),
      },
    ),
    rule(
      reasonId,
      'fatal',
      { en: `Each ${en} shall have a reason or a reason code.`, de: `Jeder ${de} muss einen Grund oder Grundcode haben.` },
      {
        ubl: (d) => each(ubl(d), (ac) => ac.has('cbc:AllowanceChargeReason') || ac.has('cbc:AllowanceChargeReasonCode')),
        cii: (d) => each(cii(d), (i) => !!i.parent && (i.parent.has('ram:Reason') || i.parent.has('ram:ReasonCode'))),
      },
    ),
  ];
}

/** //cac:InvoiceLine/cac:AllowanceCharge[cbc:ChargeIndicator = …] */
export function ublLineAllowanceCharges(root: El, charge: boolean): El[] {
  return U.allLines(root)
    .flatMap((l) => l.all('cac:AllowanceCharge'))
    .filter((ac) => U.chargeIndicator(ac) === charge);
}

/** //ram:ApplicableHeaderTradeSettlement/ram:SpecifiedTradeAllowanceCharge/ram:ChargeIndicator[udt:Indicator='…'] */
export function ciiHeaderIndicators(root: El, charge: boolean): El[] {
  return root
    .descendants('ram:ApplicableHeaderTradeSettlement')
    .flatMap((s) => s.at('ram:SpecifiedTradeAllowanceCharge/ram:ChargeIndicator'))
    .filter((i) => i.all('udt:Indicator').some((v) => v.value() === String(charge)));
}

export function ciiLineIndicators(root: El, charge: boolean): El[] {
  return root
    .descendants('ram:SpecifiedLineTradeSettlement')
    .flatMap((s) => s.at('ram:SpecifiedTradeAllowanceCharge/ram:ChargeIndicator'))
    .filter((i) => i.all('udt:Indicator').some((v) => v.value() === String(charge)));
}
