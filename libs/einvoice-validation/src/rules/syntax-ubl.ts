/** The UBL binding's own syntax rules (UBL-SR-*, UBL-DT-*, UBL-CR-*) that are flagged fatal: cardinalities the binding narrows. */
import type { El } from '../xml/dom';
import { each, rule, twoDecimals, type Doc, type Rule, type Text } from './rule';
import * as U from './ubl';

const at = (d: Doc, name: string) => d.root.descendants(name);
const atMost = (n: number) => (els: El[]) => els.length <= n;

/** A cardinality rule on the root: at most `max` nodes at `path`. */
function rootMax(id: string, path: string, max: number, en: string, de: string): Rule {
  return rule(id, 'fatal', { en, de }, { ubl: (d) => each([d.root], (r) => atMost(max)(r.at(path))) });
}

function ctx(id: string, text: Text, nodes: (d: Doc) => El[], ok: (el: El, d: Doc) => boolean): Rule {
  return rule(id, 'fatal', text, { ubl: (d) => each(nodes(d), (el) => ok(el, d)) });
}

const once = (what: string, was: string): Text => ({ en: `${what} shall occur maximum once.`, de: `${was} darf höchstens einmal vorkommen.` });

function distinctValues(els: El[]): number {
  return new Set(els.map((e) => e.value())).size;
}

function payeeDiffersFromSeller(p: El): boolean {
  const names = p.at('cac:PartyName/cbc:Name').map((n) => n.value());
  const seller = (p.parent?.at('cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName') ?? []).map((n) => n.value());
  return names.some((a) => seller.some((b) => a !== b));
}

const docRef130 = (r: El) => r.all('cac:AdditionalDocumentReference').filter((a) => a.all('cbc:DocumentTypeCode').some((c) => c.value() === '130'));

export const ublSyntaxRules: Rule[] = [
  rootMax(
    'UBL-SR-01',
    'cac:ContractDocumentReference/cbc:ID',
    1,
    'Contract identifier shall occur maximum once.',
    'Die Vertragsnummer darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-02',
    'cac:ReceiptDocumentReference/cbc:ID',
    1,
    'Receive advice identifier shall occur maximum once.',
    'Die Wareneingangsmeldung darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-03',
    'cac:DespatchDocumentReference/cbc:ID',
    1,
    'Despatch advice identifier shall occur maximum once.',
    'Die Versandanzeige darf höchstens einmal vorkommen.',
  ),
  rule('UBL-SR-04', 'fatal', once('Invoiced object identifier', 'Die Objektkennung'), {
    ubl: (d) => each([d.root], (r) => docRef130(r).flatMap((a) => a.all('cbc:ID')).length <= 1),
  }),
  rootMax('UBL-SR-05', 'cac:PaymentTerms/cbc:Note', 1, 'Payment terms shall occur maximum once.', 'Die Zahlungsbedingungen dürfen höchstens einmal vorkommen.'),
  ctx(
    'UBL-SR-06',
    once('Preceding invoice reference', 'Der Verweis auf die vorausgegangene Rechnung'),
    (d) => at(d, 'cac:BillingReference'),
    (b) => b.all('cac:InvoiceDocumentReference').length <= 1,
  ),
  ctx(
    'UBL-SR-07',
    {
      en: 'If there is a preceding invoice reference, the preceding invoice number shall be present.',
      de: 'Bei einem Verweis auf eine vorausgegangene Rechnung muss deren Nummer angegeben sein.',
    },
    (d) => at(d, 'cac:BillingReference'),
    (b) => b.has('cac:InvoiceDocumentReference/cbc:ID'),
  ),
  rootMax('UBL-SR-08', 'cac:InvoicePeriod', 1, 'Invoice period shall occur maximum once.', 'Der Abrechnungszeitraum darf höchstens einmal vorkommen.'),
  rootMax(
    'UBL-SR-09',
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    1,
    'Seller name shall occur maximum once.',
    'Der Name des Verkäufers darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-10',
    'cac:AccountingSupplierParty/cac:Party/cac:PartyName/cbc:Name',
    1,
    'Seller trade name shall occur maximum once.',
    'Der Handelsname des Verkäufers darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-11',
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
    1,
    'Seller legal registration identifier shall occur maximum once.',
    'Die Registernummer des Verkäufers darf höchstens einmal vorkommen.',
  ),
  rule('UBL-SR-12', 'fatal', once('Seller VAT identifier', 'Die Umsatzsteuer-ID des Verkäufers'), {
    ubl: (d) =>
      each(
        [d.root],
        (r) =>
          r
            .at('cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')
            .filter((s) => s.at('cac:TaxScheme/cbc:ID').some((i) => i.value().toUpperCase() === 'VAT'))
            .flatMap((s) => s.all('cbc:CompanyID')).length <= 1,
      ),
  }),
  rule('UBL-SR-13', 'fatal', once('Seller tax registration identifier', 'Die Steuernummer des Verkäufers'), {
    ubl: (d) =>
      each(
        [d.root],
        (r) =>
          r
            .at('cac:AccountingSupplierParty/cac:Party/cac:PartyTaxScheme')
            .filter((s) => s.at('cac:TaxScheme/cbc:ID').some((i) => i.value().toUpperCase() !== 'VAT'))
            .flatMap((s) => s.all('cbc:CompanyID')).length <= 1,
      ),
  }),
  rootMax(
    'UBL-SR-14',
    'cac:AccountingSupplierParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyLegalForm',
    1,
    'Seller additional legal information shall occur maximum once.',
    'Weitere rechtliche Angaben zum Verkäufer dürfen höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-15',
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:RegistrationName',
    1,
    'Buyer name shall occur maximum once.',
    'Der Name des Käufers darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-16',
    'cac:AccountingCustomerParty/cac:Party/cac:PartyIdentification/cbc:ID',
    1,
    'Buyer identifier shall occur maximum once.',
    'Die Kennung des Käufers darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-17',
    'cac:AccountingCustomerParty/cac:Party/cac:PartyLegalEntity/cbc:CompanyID',
    1,
    'Buyer legal registration identifier shall occur maximum once.',
    'Die Registernummer des Käufers darf höchstens einmal vorkommen.',
  ),
  rule('UBL-SR-18', 'fatal', once('Buyer VAT identifier', 'Die Umsatzsteuer-ID des Käufers'), {
    ubl: (d) =>
      each(
        [d.root],
        (r) =>
          r
            .at('cac:AccountingCustomerParty/cac:Party/cac:PartyTaxScheme')
            .filter((s) => s.at('cac:TaxScheme/cbc:ID').some((i) => i.value().toUpperCase() === 'VAT'))
            .flatMap((s) => s.all('cbc:CompanyID')).length <= 1,
      ),
  }),
  ctx(
    'UBL-SR-19',
    {
      en: 'Payee name shall occur maximum once, if the payee is different from the seller.',
      de: 'Der Name des Zahlungsempfängers darf höchstens einmal vorkommen und muss vom Verkäufer abweichen.',
    },
    (d) => at(d, 'cac:PayeeParty'),
    (p) => p.at('cac:PartyName/cbc:Name').length <= 1 && payeeDiffersFromSeller(p),
  ),
  ctx(
    'UBL-SR-20',
    {
      en: 'Payee identifier shall occur maximum once, if the payee is different from the seller.',
      de: 'Die Kennung des Zahlungsempfängers darf höchstens einmal vorkommen, wenn er vom Verkäufer abweicht.',
    },
    (d) => at(d, 'cac:PayeeParty'),
    (p) => p.at('cac:PartyIdentification/cbc:ID').filter((i) => (i.attr('schemeID') ?? '').toUpperCase() !== 'SEPA').length <= 1 && payeeDiffersFromSeller(p),
  ),
  ctx(
    'UBL-SR-21',
    {
      en: 'Payee legal registration identifier shall occur maximum once, if the payee is different from the seller.',
      de: 'Die Registernummer des Zahlungsempfängers darf höchstens einmal vorkommen, wenn er vom Verkäufer abweicht.',
    },
    (d) => at(d, 'cac:PayeeParty'),
    (p) => p.at('cac:PartyLegalEntity/cbc:CompanyID').length <= 1 && payeeDiffersFromSeller(p),
  ),
  ctx(
    'UBL-SR-22',
    once('Seller tax representative name', 'Der Name des Steuervertreters'),
    (d) => at(d, 'cac:TaxRepresentativeParty'),
    (p) => p.at('cac:PartyName/cbc:Name').length <= 1,
  ),
  ctx(
    'UBL-SR-23',
    once('Seller tax representative VAT identifier', 'Die Umsatzsteuer-ID des Steuervertreters'),
    (d) => at(d, 'cac:TaxRepresentativeParty'),
    (p) => p.at('cac:PartyTaxScheme/cbc:CompanyID').length <= 1,
  ),
  rootMax('UBL-SR-24', 'cac:Delivery', 1, 'Deliver to information shall occur maximum once.', 'Lieferinformationen dürfen höchstens einmal vorkommen.'),
  ctx(
    'UBL-SR-25',
    once('Deliver to party name', 'Der Name des Warenempfängers'),
    (d) => at(d, 'cac:Delivery'),
    (x) => x.at('cac:DeliveryParty/cac:PartyName/cbc:Name').length <= 1,
  ),
  ctx(
    'UBL-SR-26',
    once('Payment reference', 'Der Verwendungszweck'),
    (d) => at(d, 'cac:PaymentMeans'),
    (p) => p.all('cbc:PaymentID').length <= 1,
  ),
  ctx(
    'UBL-SR-27',
    once('Payment means text', 'Der Zahlungsartcode'),
    (d) => at(d, 'cac:PaymentMeans'),
    (p) => p.all('cbc:PaymentMeansCode').length <= 1,
  ),
  ctx(
    'UBL-SR-28',
    once('Mandate reference identifier', 'Die Mandatsreferenz'),
    (d) => at(d, 'cac:PaymentMeans'),
    (p) => p.at('cac:PaymentMandate/cbc:ID').length <= 1,
  ),
  rule('UBL-SR-29', 'fatal', once('Bank creditor reference', 'Die Gläubiger-ID'), {
    ubl: (d) =>
      each(
        [d.root],
        (r) =>
          r
            .descendants('cac:PartyIdentification')
            .flatMap((p) => p.all('cbc:ID'))
            .filter((i) => (i.attr('schemeID') ?? '').toUpperCase() === 'SEPA').length <= 1,
      ),
  }),
  ctx(
    'UBL-SR-30',
    once('Document level allowance reason', 'Der Nachlassgrund'),
    (d) => at(d, 'cac:AllowanceCharge').filter((ac) => U.chargeIndicator(ac) === false),
    (ac) => ac.all('cbc:AllowanceChargeReason').length <= 1,
  ),
  ctx(
    'UBL-SR-31',
    once('Document level charge reason', 'Der Zuschlagsgrund'),
    (d) => at(d, 'cac:AllowanceCharge').filter((ac) => U.chargeIndicator(ac) === true),
    (ac) => ac.all('cbc:AllowanceChargeReason').length <= 1,
  ),
  ctx(
    'UBL-SR-32',
    once('VAT exemption reason text', 'Der Befreiungsgrund'),
    (d) => at(d, 'cac:TaxSubtotal'),
    (s) => s.at('cac:TaxCategory/cbc:TaxExemptionReason').length <= 1,
  ),
  ctx(
    'UBL-SR-33',
    once('Supporting document description', 'Die Beschreibung eines Belegs'),
    (d) => at(d, 'cac:AdditionalDocumentReference'),
    (a) => a.all('cbc:DocumentDescription').length <= 1,
  ),
  ctx(
    'UBL-SR-34',
    once('Invoice line note', 'Die Positionsbemerkung'),
    (d) => U.allLines(d.root),
    (l) => l.all('cbc:Note').length <= 1,
  ),
  ctx(
    'UBL-SR-35',
    once('Referenced purchase order line identifier', 'Der Verweis auf die Bestellposition'),
    (d) => U.allLines(d.root),
    (l) => l.at('cac:OrderLineReference/cbc:LineID').length <= 1,
  ),
  ctx(
    'UBL-SR-36',
    once('Invoice line period', 'Der Positionszeitraum'),
    (d) => U.allLines(d.root),
    (l) => l.all('cac:InvoicePeriod').length <= 1,
  ),
  ctx(
    'UBL-SR-37',
    once('Item price discount', 'Der Preisnachlass'),
    (d) => U.allLines(d.root),
    (l) => l.at('cac:Price/cac:AllowanceCharge/cbc:Amount').length <= 1,
  ),
  rootMax('UBL-SR-39', 'cac:ProjectReference/cbc:ID', 1, 'Project reference shall occur maximum once.', 'Die Projektreferenz darf höchstens einmal vorkommen.'),
  rootMax(
    'UBL-SR-40',
    'cac:AccountingCustomerParty/cac:Party/cac:PartyName/cbc:Name',
    1,
    'Buyer trade name shall occur maximum once.',
    'Der Handelsname des Käufers darf höchstens einmal vorkommen.',
  ),
  ctx(
    'UBL-SR-42',
    { en: 'Party tax scheme shall occur maximum twice in accounting supplier party.', de: 'Steuerangaben des Verkäufers dürfen höchstens zweimal vorkommen.' },
    (d) => d.root.descendants('cac:AccountingSupplierParty').flatMap((s) => s.all('cac:Party')),
    (p) => p.all('cac:PartyTaxScheme').length <= 2,
  ),
  ctx(
    'UBL-SR-43',
    {
      en: 'Scheme identifier shall only be used for invoiced object (document type code 130 or 50).',
      de: 'Eine Schemakennung darf nur bei der Objektkennung (Dokumentart 130 bzw. 50) verwendet werden.',
    },
    (d) => at(d, 'cac:AdditionalDocumentReference'),
    (a, d) => {
      const types = a.all('cbc:DocumentTypeCode').map((c) => c.value());
      return (
        types.includes('130') ||
        (U.isCreditNote(d.root) && types.includes('50')) ||
        (!a.all('cbc:ID').some((i) => i.attr('schemeID') !== undefined) && types.length === 0)
      );
    },
  ),
  rule(
    'UBL-SR-44',
    'fatal',
    { en: 'An invoice may only have one unique payment reference.', de: 'Eine Rechnung darf nur einen Verwendungszweck haben.' },
    { ubl: (d) => each([d.root], (r) => distinctValues(r.descendants('cbc:PaymentID')) <= 1) },
  ),
  rootMax('UBL-SR-45', 'cac:PaymentMeans/cbc:PaymentDueDate', 1, 'Due date shall occur maximum once.', 'Das Fälligkeitsdatum darf höchstens einmal vorkommen.'),
  rule('UBL-SR-46', 'fatal', once('Payment means text', 'Der Text zur Zahlungsart'), {
    ubl: (d) => each([d.root], (r) => r.at('cac:PaymentMeans/cbc:PaymentMeansCode').filter((c) => c.attr('name') !== undefined).length <= 1),
  }),
  rule(
    'UBL-SR-47',
    'fatal',
    { en: 'When there are more than one payment means code, they shall be equal.', de: 'Mehrere Zahlungsartcodes müssen gleich sein.' },
    { ubl: (d) => each([d.root], (r) => distinctValues(r.descendants('cbc:PaymentMeansCode')) <= 1) },
  ),
  ctx(
    'UBL-SR-48',
    { en: 'Invoice lines shall have one and only one classified tax category.', de: 'Jede Rechnungsposition muss genau eine Steuerkategorie haben.' },
    (d) => U.allLines(d.root),
    (l) => l.at('cac:Item/cac:ClassifiedTaxCategory').length === 1,
  ),
  rootMax(
    'UBL-SR-49',
    'cac:InvoicePeriod/cbc:DescriptionCode',
    1,
    'Value added tax point date code shall occur maximum once.',
    'Der Code für den Steuerzeitpunkt darf höchstens einmal vorkommen.',
  ),
  ctx(
    'UBL-SR-50',
    once('Item description', 'Die Artikelbeschreibung'),
    (d) => U.allLines(d.root),
    (l) => l.at('cac:Item/cbc:Description').length <= 1,
  ),
  ctx(
    'UBL-SR-51',
    { en: 'An address can only have one third line.', de: 'Eine Anschrift darf nur eine dritte Adresszeile haben.' },
    (d) => [...at(d, 'cac:PostalAddress'), ...at(d, 'cac:Address')],
    (a) => a.all('cac:AddressLine').length <= 1,
  ),
  ctx(
    'UBL-SR-52',
    once('Document reference', 'Der Dokumentverweis der Position'),
    (d) => U.allLines(d.root),
    (l) => l.all('cac:DocumentReference').length <= 1,
  ),
  ctx(
    'UBL-SR-53',
    {
      en: 'A party tax scheme shall contain a tax scheme identifier and a company identifier.',
      de: 'Steuerangaben einer Partei müssen Steuerart und Kennung enthalten.',
    },
    (d) => at(d, 'cac:PartyTaxScheme'),
    (s) => s.has('cac:TaxScheme/cbc:ID') && s.has('cbc:CompanyID'),
  ),
  rootMax('UBL-SR-54', 'cac:PaymentMeans/cac:CardAccount', 1, 'Card account shall occur maximum once.', 'Kartenangaben dürfen höchstens einmal vorkommen.'),
  rootMax(
    'UBL-SR-55',
    'cac:PaymentMeans/cac:PaymentMandate',
    1,
    'Payment mandate shall occur maximum once.',
    'Ein Lastschriftmandat darf höchstens einmal vorkommen.',
  ),
  rootMax(
    'UBL-SR-56',
    'cac:OriginatorDocumentReference/cbc:ID',
    1,
    'Tender or lot reference shall occur maximum once.',
    'Die Vergabe- oder Losnummer darf höchstens einmal vorkommen.',
  ),
  rule(
    'UBL-CR-666',
    'fatal',
    {
      en: 'An invoice shall not include an attached document for the invoiced object (document type code 130).',
      de: 'Zur Objektkennung (Dokumentart 130) darf kein Anhang übermittelt werden.',
    },
    {
      ubl: (d) =>
        each(
          [d.root],
          (r) =>
            !r
              .descendants('cac:AdditionalDocumentReference')
              .some((a) => a.all('cbc:DocumentTypeCode').some((c) => c.value() === '130') && a.has('cac:Attachment')),
        ),
    },
  ),
  rule(
    'UBL-CR-673',
    'fatal',
    {
      en: 'An invoice shall not include a document description for the invoiced object (document type code 130).',
      de: 'Zur Objektkennung (Dokumentart 130) darf keine Beschreibung übermittelt werden.',
    },
    {
      ubl: (d) =>
        each(
          [d.root],
          (r) =>
            !r
              .descendants('cac:AdditionalDocumentReference')
              .some((a) => a.all('cbc:DocumentTypeCode').some((c) => c.value() === '130') && a.has('cbc:DocumentDescription')),
        ),
    },
  ),
  rule(
    'UBL-DT-01',
    'fatal',
    { en: 'Amounts shall be decimal up to two fraction digits.', de: 'Beträge dürfen höchstens zwei Nachkommastellen haben.' },
    {
      ubl: (d) =>
        each(
          allElements(d.root).filter(
            (e) =>
              e.local.endsWith('Amount') &&
              !e.local.endsWith('PriceAmount') &&
              !e.ancestors().some((a) => a.name === 'cac:Price' && a.has('cac:AllowanceCharge')),
          ),
          twoDecimals,
        ),
    },
  ),
  rule(
    'UBL-DT-06',
    'fatal',
    { en: 'Binary object elements shall contain the mime code attribute.', de: 'Eingebettete Dateien müssen einen MIME-Typ angeben.' },
    {
      ubl: (d) =>
        each(
          allElements(d.root).filter((e) => e.local.endsWith('BinaryObject')),
          (e) => e.attr('mimeCode') !== undefined,
        ),
    },
  ),
  rule(
    'UBL-DT-07',
    'fatal',
    { en: 'Binary object elements shall contain the file name attribute.', de: 'Eingebettete Dateien müssen einen Dateinamen angeben.' },
    {
      ubl: (d) =>
        each(
          allElements(d.root).filter((e) => e.local.endsWith('BinaryObject')),
          (e) => e.attr('filename') !== undefined,
        ),
    },
  ),
];

export function allElements(root: El): El[] {
  return root.subtree();
}
