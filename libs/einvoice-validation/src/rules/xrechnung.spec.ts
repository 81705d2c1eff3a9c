import { DEFAULT_INVOICE, XRECHNUNG_3 } from '../../testing/invoices';
import { baseXml, chain, describeRuleCases, insertInto, remove, replace, rulesFired, type RuleCase } from '../../testing/rule-cases';

const U = 'UBL' as const;
const C = 'CII' as const;
const EXTENSION = { ...DEFAULT_INVOICE, customization: `${XRECHNUNG_3}#conformant#urn:xeinkauf.de:kosit:extension:xrechnung_3.0` };
const CVD = { ...DEFAULT_INVOICE, customization: `${XRECHNUNG_3}#compliant#urn:xeinkauf.de:kosit:xrechnung:cvd_0.9` };

const ublMeans = (code: string, inner: string) =>
  replace([
    `<cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE02120300000000202051</cbc:ID>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>`,
    `<cac:PaymentMeans><cbc:PaymentMeansCode>${code}</cbc:PaymentMeansCode>${inner}</cac:PaymentMeans>`,
  ]);
const ciiMeans = (code: string, inner: string) =>
  replace([
    `<ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>`,
    `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${code}</ram:TypeCode>${inner}</ram:SpecifiedTradeSettlementPaymentMeans>`,
  ]);
const IBAN = 'DE02120300000000202051';
/** The IBAN as printed, in groups of four. */
const IN_GROUPS = IBAN.replace(/(.{4})(?!$)/g, '$1 ');
/** A Dutch IBAN: letters in the account number; its rearranged number has 24 digits, beyond what a double holds exactly. */
const NL_IBAN = 'NL91ABNA0417164300';
const UBL_ACCOUNT = `<cac:PayeeFinancialAccount><cbc:ID>${IBAN}</cbc:ID></cac:PayeeFinancialAccount>`;
const UBL_CARD = '<cac:CardAccount><cbc:PrimaryAccountNumberID>1234</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>';
const UBL_MANDATE = `<cac:PaymentMandate><cbc:ID>M1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>${IBAN}</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>`;
const CII_ACCOUNT = `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${IBAN}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>`;
const CII_CARD = '<ram:ApplicableTradeSettlementFinancialCard><ram:ID>1234</ram:ID></ram:ApplicableTradeSettlementFinancialCard>';
const CII_DEBIT = `<ram:PayerPartyDebtorFinancialAccount><ram:IBANID>${IBAN}</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>`;
const SEPA_UBL = insertInto('cac:Party', '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>');
const CII_MANDATE_TERMS = chain(
  insertInto('ram:SpecifiedTradePaymentTerms', '<ram:DirectDebitMandateID>M1</ram:DirectDebitMandateID>'),
  insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>'),
);
const ublAttachment = (name: string, mime = 'application/pdf') =>
  insertInto(
    'ubl:Invoice',
    `<cac:AdditionalDocumentReference><cbc:ID>${name}</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="${mime}" filename="${name}">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`,
  );
const ciiAttachment = (name: string, mime = 'application/pdf') =>
  insertInto(
    'ram:ApplicableHeaderTradeAgreement',
    `<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>${name}</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:AttachmentBinaryObject mimeCode="${mime}" filename="${name}">YQ==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>`,
  );

const cases: RuleCase[] = [
  { rule: 'BR-DE-1', syntax: U, fires: 'there is no payment instruction', fire: remove('cac:PaymentMeans') },
  { rule: 'BR-DE-1', syntax: C, fires: 'there is no payment instruction', fire: remove('ram:SpecifiedTradeSettlementPaymentMeans') },
  { rule: 'BR-DE-2', syntax: U, fires: 'the seller contact is missing', fire: remove('cac:Contact') },
  { rule: 'BR-DE-2', syntax: C, fires: 'the seller contact is missing', fire: remove('ram:DefinedTradeContact') },
  { rule: 'BR-DE-3', syntax: U, fires: 'the seller city is missing', fire: remove('cbc:CityName') },
  { rule: 'BR-DE-3', syntax: C, fires: 'the seller city is missing', fire: remove('ram:CityName') },
  { rule: 'BR-DE-4', syntax: U, fires: 'the seller post code is missing', fire: remove('cbc:PostalZone') },
  { rule: 'BR-DE-4', syntax: C, fires: 'the seller post code is missing', fire: remove('ram:PostcodeCode') },
  { rule: 'BR-DE-5', syntax: U, fires: 'the seller contact name is missing', fire: replace(['<cbc:Name>Erika Muster</cbc:Name>', '']) },
  { rule: 'BR-DE-5', syntax: C, fires: 'the seller contact name is missing', fire: remove('ram:PersonName') },
  { rule: 'BR-DE-6', syntax: U, fires: 'the seller contact telephone is missing', fire: remove('cbc:Telephone') },
  { rule: 'BR-DE-6', syntax: C, fires: 'the seller contact telephone is missing', fire: remove('ram:TelephoneUniversalCommunication') },
  { rule: 'BR-DE-7', syntax: U, fires: 'the seller contact e-mail is missing', fire: remove('cbc:ElectronicMail') },
  { rule: 'BR-DE-7', syntax: C, fires: 'the seller contact e-mail is missing', fire: remove('ram:EmailURIUniversalCommunication') },
  { rule: 'BR-DE-8', syntax: U, fires: 'the buyer city is missing', fire: remove('cbc:CityName', 1) },
  { rule: 'BR-DE-8', syntax: C, fires: 'the buyer city is missing', fire: remove('ram:CityName', 1) },
  { rule: 'BR-DE-9', syntax: U, fires: 'the buyer post code is missing', fire: remove('cbc:PostalZone', 1) },
  { rule: 'BR-DE-9', syntax: C, fires: 'the buyer post code is missing', fire: remove('ram:PostcodeCode', 1) },
  {
    rule: 'BR-DE-10',
    syntax: U,
    fires: 'the deliver to city is missing',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:PostalZone>75001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName><cbc:PostalZone>75001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
  },
  {
    rule: 'BR-DE-10',
    syntax: C,
    fires: 'the deliver to city is missing',
    fire: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
  },
  {
    rule: 'BR-DE-11',
    syntax: U,
    fires: 'the deliver to post code is missing',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName><cbc:PostalZone>75001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
  },
  {
    rule: 'BR-DE-11',
    syntax: C,
    fires: 'the deliver to post code is missing',
    fire: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
  },
  {
    rule: 'BR-DE-14',
    syntax: U,
    fires: 'a VAT breakdown has no rate',
    fire: replace(['<cbc:ID>S</cbc:ID>\n        <cbc:Percent>19</cbc:Percent>\n        <cac:TaxScheme>', '<cbc:ID>S</cbc:ID>\n        <cac:TaxScheme>']),
  },
  {
    rule: 'BR-DE-14',
    syntax: C,
    fires: 'a VAT breakdown has no rate',
    fire: replace([
      '<ram:CategoryCode>S</ram:CategoryCode>\n        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>',
      '<ram:CategoryCode>S</ram:CategoryCode>',
    ]),
  },
  { rule: 'BR-DE-15', syntax: U, fires: 'the buyer reference is missing', fire: remove('cbc:BuyerReference') },
  {
    rule: 'BR-DE-15',
    syntax: C,
    fires: 'the buyer reference is blank',
    fire: replace(['<ram:BuyerReference>04011000-12345-03</ram:BuyerReference>', '<ram:BuyerReference> </ram:BuyerReference>']),
  },
  { rule: 'BR-DE-16', syntax: U, fires: 'standard rated items come without any seller tax identifier', fire: remove('cac:PartyTaxScheme') },
  { rule: 'BR-DE-16', syntax: C, fires: 'standard rated items come without any seller tax identifier', fire: remove('ram:SpecifiedTaxRegistration') },
  {
    rule: 'BR-DE-17',
    syntax: U,
    fires: 'the invoice type code is outside the XRechnung set',
    fire: replace(['<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>751</cbc:InvoiceTypeCode>']),
  },
  {
    rule: 'BR-DE-17',
    syntax: C,
    fires: 'the invoice type code is outside the XRechnung set',
    fire: replace(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>751</ram:TypeCode>']),
  },
  {
    rule: 'BR-DE-18',
    syntax: U,
    fires: 'a Skonto line is malformed',
    fire: replace(['<cbc:Note>Zahlbar innerhalb von 30 Tagen.</cbc:Note>', '<cbc:Note>#SKONTO#TAGE=14#PROZENT=2#\n</cbc:Note>']),
    pass: replace(['<cbc:Note>Zahlbar innerhalb von 30 Tagen.</cbc:Note>', '<cbc:Note>#SKONTO#TAGE=14#PROZENT=2.00#\n</cbc:Note>']),
  },
  {
    rule: 'BR-DE-18',
    syntax: C,
    fires: 'the Skonto line does not end with a line break',
    fire: replace(['<ram:Description>Zahlbar innerhalb von 30 Tagen.</ram:Description>', '<ram:Description>#SKONTO#TAGE=14#PROZENT=2.00#</ram:Description>']),
    pass: replace([
      '<ram:Description>Zahlbar innerhalb von 30 Tagen.</ram:Description>',
      '<ram:Description>#SKONTO#TAGE=14#PROZENT=2.00#BASISBETRAG=100.00#\n</ram:Description>',
    ]),
  },
  {
    rule: 'BR-DE-19',
    syntax: U,
    fires: 'the IBAN fails its check digits',
    fire: replace([`<cbc:ID>${IBAN}</cbc:ID>`, '<cbc:ID>DE02120300000000202052</cbc:ID>']),
  },
  {
    rule: 'BR-DE-19',
    syntax: C,
    fires: 'the IBAN fails its check digits',
    fire: replace([`<ram:IBANID>${IBAN}</ram:IBANID>`, '<ram:IBANID>DE02120300000000202052</ram:IBANID>']),
  },
  {
    rule: 'BR-DE-19',
    syntax: U,
    fires: 'a no-break space stands in the IBAN',
    fire: replace([`<cbc:ID>${IBAN}</cbc:ID>`, `<cbc:ID>${IBAN.slice(0, 4)}\u00a0${IBAN.slice(4)}</cbc:ID>`]),
    pass: replace([`<cbc:ID>${IBAN}</cbc:ID>`, `<cbc:ID>${IN_GROUPS}</cbc:ID>`]),
  },
  {
    rule: 'BR-DE-19',
    syntax: C,
    fires: 'a letter of the account number is in lower case',
    fire: replace([`<ram:IBANID>${IBAN}</ram:IBANID>`, `<ram:IBANID>${NL_IBAN.toLowerCase().replace('nl', 'NL')}</ram:IBANID>`]),
    pass: replace([`<ram:IBANID>${IBAN}</ram:IBANID>`, `<ram:IBANID>\n  ${NL_IBAN}\t</ram:IBANID>`]),
  },
  {
    rule: 'BR-DE-20',
    syntax: U,
    fires: 'the debited IBAN fails its check digits',
    fire: chain(ublMeans('59', UBL_MANDATE.replace(IBAN, 'DE00120300000000202051')), SEPA_UBL),
    pass: chain(ublMeans('59', UBL_MANDATE), SEPA_UBL),
  },
  {
    rule: 'BR-DE-20',
    syntax: C,
    fires: 'the debited IBAN fails its check digits',
    fire: chain(ciiMeans('59', CII_DEBIT.replace(IBAN, 'DE00120300000000202051')), CII_MANDATE_TERMS),
    pass: chain(ciiMeans('59', CII_DEBIT), CII_MANDATE_TERMS),
  },
  {
    rule: 'BR-DE-21',
    syntax: U,
    fires: 'the specification identifier names another XRechnung version',
    fire: replace(['xrechnung_3.0</cbc:CustomizationID>', 'xrechnung_2.3</cbc:CustomizationID>']),
  },
  {
    rule: 'BR-DE-21',
    syntax: C,
    fires: 'the specification identifier names another XRechnung version',
    fire: replace(['xrechnung_3.0</ram:ID>', 'xrechnung_2.3</ram:ID>']),
  },
  {
    rule: 'BR-DE-22',
    syntax: U,
    fires: 'two attachments have the same file name',
    fire: chain(ublAttachment('a.pdf'), ublAttachment('a.pdf')),
    pass: chain(ublAttachment('a.pdf'), ublAttachment('b.pdf')),
  },
  {
    rule: 'BR-DE-22',
    syntax: C,
    fires: 'two attachments have the same file name',
    fire: chain(ciiAttachment('a.pdf'), ciiAttachment('a.pdf')),
    pass: chain(ciiAttachment('a.pdf'), ciiAttachment('b.pdf')),
  },
  { rule: 'BR-DE-23-a', syntax: U, fires: 'a credit transfer has no account', fire: ublMeans('30', '') },
  { rule: 'BR-DE-23-a', syntax: C, fires: 'a credit transfer has no account', fire: ciiMeans('30', '') },
  { rule: 'BR-DE-23-b', syntax: U, fires: 'a credit transfer also carries card details', fire: ublMeans('58', UBL_ACCOUNT + UBL_CARD) },
  { rule: 'BR-DE-23-b', syntax: C, fires: 'a credit transfer also carries card details', fire: ciiMeans('58', CII_ACCOUNT + CII_CARD) },
  { rule: 'BR-DE-24-a', syntax: U, fires: 'a card payment has no card details', fire: ublMeans('48', ''), pass: ublMeans('48', UBL_CARD) },
  { rule: 'BR-DE-24-a', syntax: C, fires: 'a card payment has no card details', fire: ciiMeans('48', ''), pass: ciiMeans('48', CII_CARD) },
  {
    rule: 'BR-DE-24-b',
    syntax: U,
    fires: 'a card payment also carries a payee account',
    fire: ublMeans('48', UBL_ACCOUNT + UBL_CARD),
    pass: ublMeans('48', UBL_CARD),
  },
  {
    rule: 'BR-DE-24-b',
    syntax: C,
    fires: 'a card payment also carries a payee account',
    fire: ciiMeans('48', CII_ACCOUNT + CII_CARD),
    pass: ciiMeans('48', CII_CARD),
  },
  { rule: 'BR-DE-25-a', syntax: U, fires: 'a direct debit has no mandate', fire: ublMeans('59', ''), pass: chain(ublMeans('59', UBL_MANDATE), SEPA_UBL) },
  {
    rule: 'BR-DE-25-a',
    syntax: C,
    fires: 'a direct debit has no mandate',
    fire: ciiMeans('59', ''),
    pass: chain(ciiMeans('59', CII_DEBIT), CII_MANDATE_TERMS),
  },
  {
    rule: 'BR-DE-25-b',
    syntax: U,
    fires: 'a direct debit also carries a payee account',
    fire: chain(ublMeans('59', UBL_ACCOUNT + UBL_MANDATE), SEPA_UBL),
    pass: chain(ublMeans('59', UBL_MANDATE), SEPA_UBL),
  },
  {
    rule: 'BR-DE-25-b',
    syntax: C,
    fires: 'a direct debit also carries a payee account',
    fire: chain(ciiMeans('59', CII_DEBIT + CII_ACCOUNT), CII_MANDATE_TERMS),
    pass: chain(ciiMeans('59', CII_DEBIT), CII_MANDATE_TERMS),
  },
  {
    rule: 'BR-DE-26',
    syntax: U,
    fires: 'a corrected invoice references no preceding invoice',
    fire: replace(['<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>384</cbc:InvoiceTypeCode>']),
  },
  {
    rule: 'BR-DE-26',
    syntax: C,
    fires: 'a corrected invoice references no preceding invoice',
    fire: replace(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>384</ram:TypeCode>']),
  },
  {
    rule: 'BR-DE-27',
    syntax: U,
    fires: 'the telephone number has fewer than three digits',
    fire: replace(['<cbc:Telephone>+49 30 1234567</cbc:Telephone>', '<cbc:Telephone>auf Anfrage 12</cbc:Telephone>']),
  },
  {
    rule: 'BR-DE-27',
    syntax: C,
    fires: 'the telephone number has fewer than three digits',
    fire: replace(['<ram:CompleteNumber>+49 30 1234567</ram:CompleteNumber>', '<ram:CompleteNumber>keine</ram:CompleteNumber>']),
  },
  {
    rule: 'BR-DE-28',
    syntax: U,
    fires: 'the e-mail address is malformed',
    fire: replace(['<cbc:ElectronicMail>erika@kanzlei-muster.de</cbc:ElectronicMail>', '<cbc:ElectronicMail>erika at kanzlei</cbc:ElectronicMail>']),
  },
  {
    rule: 'BR-DE-28',
    syntax: C,
    fires: 'the e-mail address is malformed',
    fire: replace(['<ram:URIID>erika@kanzlei-muster.de</ram:URIID>', '<ram:URIID>erika@kanzlei</ram:URIID>']),
  },
  {
    rule: 'BR-DE-28',
    syntax: U,
    fires: 'the e-mail address holds a space',
    fire: replace(['<cbc:ElectronicMail>erika@kanzlei-muster.de</cbc:ElectronicMail>', '<cbc:ElectronicMail>erika@kanzlei muster.de</cbc:ElectronicMail>']),
    // XPath's \s is XML white space only: the rule's pattern lets a no-break space through.
    pass: replace([
      '<cbc:ElectronicMail>erika@kanzlei-muster.de</cbc:ElectronicMail>',
      '<cbc:ElectronicMail>erika@kanzlei\u00a0muster.de</cbc:ElectronicMail>',
    ]),
  },
  {
    rule: 'BR-DE-30',
    syntax: U,
    fires: 'a direct debit has no creditor identifier',
    fire: ublMeans('59', UBL_MANDATE),
    pass: chain(ublMeans('59', UBL_MANDATE), SEPA_UBL),
  },
  {
    rule: 'BR-DE-30',
    syntax: C,
    fires: 'a direct debit has no creditor identifier',
    fire: chain(ciiMeans('59', CII_DEBIT), insertInto('ram:SpecifiedTradePaymentTerms', '<ram:DirectDebitMandateID>M1</ram:DirectDebitMandateID>')),
    pass: chain(ciiMeans('59', CII_DEBIT), CII_MANDATE_TERMS),
  },
  {
    rule: 'BR-DE-31',
    syntax: U,
    fires: 'a direct debit has no debited account',
    fire: chain(ublMeans('59', '<cac:PaymentMandate><cbc:ID>M1</cbc:ID></cac:PaymentMandate>'), SEPA_UBL),
    pass: chain(ublMeans('59', UBL_MANDATE), SEPA_UBL),
  },
  {
    rule: 'BR-DE-31',
    syntax: C,
    fires: 'a direct debit has no debited account',
    fire: chain(ciiMeans('59', ''), CII_MANDATE_TERMS),
    pass: chain(ciiMeans('59', CII_DEBIT), CII_MANDATE_TERMS),
  },
  { rule: 'BR-DE-TMP-32', syntax: U, fires: 'neither delivery date nor any period is given', fire: remove('cac:InvoicePeriod') },
  { rule: 'BR-DE-TMP-32', syntax: C, fires: 'neither delivery date nor any period is given', fire: remove('ram:BillingSpecifiedPeriod') },
  {
    rule: 'BR-TMP-2',
    syntax: U,
    fires: 'an external document location is no URL',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>anlage.pdf</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cac:ExternalReference><cbc:URI>https://example.org/anlage.pdf</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
  },
  {
    rule: 'BR-TMP-2',
    syntax: C,
    fires: 'an external document location is no URL',
    fire: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:URIID>anlage.pdf</ram:URIID><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:URIID>https://example.org/a.pdf</ram:URIID><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>',
    ),
  },
  {
    rule: 'BR-TMP-3',
    syntax: C,
    fires: 'gross and net price base quantities differ',
    fire: chain(
      insertInto('ram:NetPriceProductTradePrice', '<ram:BasisQuantity unitCode="C62">1</ram:BasisQuantity>'),
      insertInto(
        'ram:SpecifiedLineTradeAgreement',
        '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">10</ram:BasisQuantity></ram:GrossPriceProductTradePrice>',
      ),
    ),
    pass: chain(
      insertInto('ram:NetPriceProductTradePrice', '<ram:BasisQuantity unitCode="C62">1</ram:BasisQuantity>'),
      insertInto(
        'ram:SpecifiedLineTradeAgreement',
        '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount><ram:BasisQuantity unitCode="C62">1</ram:BasisQuantity></ram:GrossPriceProductTradePrice>',
      ),
    ),
  },
  // XRechnung extension
  {
    rule: 'BR-DEX-01',
    syntax: U,
    fires: 'an attachment of the extension has a MIME type outside its list',
    base: EXTENSION,
    fire: ublAttachment('a.txt', 'text/plain'),
    pass: ublAttachment('a.xml', 'application/xml'),
  },
  {
    rule: 'BR-DEX-01',
    syntax: C,
    fires: 'an attachment of the extension has a MIME type outside its list',
    base: EXTENSION,
    fire: ciiAttachment('a.txt', 'text/plain'),
    pass: ciiAttachment('a.xml', 'application/xml'),
  },
  {
    rule: 'BR-DEX-02',
    syntax: U,
    fires: 'a line with sub-lines does not add up',
    base: EXTENSION,
    fire: insertInto(
      'cac:InvoiceLine',
      '<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">1.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item></cac:SubInvoiceLine>',
    ),
    pass: insertInto(
      'cac:InvoiceLine',
      '<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item></cac:SubInvoiceLine>',
    ),
  },
  {
    rule: 'BR-DEX-03',
    syntax: U,
    fires: 'a sub-line item has no VAT category',
    base: EXTENSION,
    fire: insertInto(
      'cac:InvoiceLine',
      '<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name></cac:Item></cac:SubInvoiceLine>',
    ),
    pass: insertInto(
      'cac:InvoiceLine',
      '<cac:SubInvoiceLine><cbc:ID>1.1</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount><cac:Item><cbc:Name>x</cbc:Name><cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory></cac:Item></cac:SubInvoiceLine>',
    ),
  },
  {
    rule: 'BR-DEX-04',
    syntax: U,
    fires: 'a party identifier scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('cac:Party', '<cac:PartyIdentification><cbc:ID schemeID="XR09">1</cbc:ID></cac:PartyIdentification>'),
    pass: insertInto('cac:Party', '<cac:PartyIdentification><cbc:ID schemeID="XR01">1</cbc:ID></cac:PartyIdentification>'),
  },
  {
    rule: 'BR-DEX-04',
    syntax: C,
    fires: 'a party identifier scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('ram:SellerTradeParty', '<ram:GlobalID schemeID="XR09">1</ram:GlobalID>'),
    pass: insertInto('ram:SellerTradeParty', '<ram:GlobalID schemeID="XR01">1</ram:GlobalID>'),
  },
  {
    rule: 'BR-DEX-05',
    syntax: U,
    fires: 'a legal registration scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('cac:PartyLegalEntity', '<cbc:CompanyID schemeID="XR09">1</cbc:CompanyID>', 1),
    pass: insertInto('cac:PartyLegalEntity', '<cbc:CompanyID schemeID="XR02">1</cbc:CompanyID>', 1),
  },
  {
    rule: 'BR-DEX-05',
    syntax: C,
    fires: 'a legal registration scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('ram:BuyerTradeParty', '<ram:SpecifiedLegalOrganization><ram:ID schemeID="XR09">1</ram:ID></ram:SpecifiedLegalOrganization>'),
    pass: insertInto('ram:BuyerTradeParty', '<ram:SpecifiedLegalOrganization><ram:ID schemeID="XR02">1</ram:ID></ram:SpecifiedLegalOrganization>'),
  },
  {
    rule: 'BR-DEX-06',
    syntax: U,
    fires: 'an item identifier scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID schemeID="XR09">1</cbc:ID></cac:StandardItemIdentification>'),
    pass: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID schemeID="XR03">1</cbc:ID></cac:StandardItemIdentification>'),
  },
  {
    rule: 'BR-DEX-06',
    syntax: C,
    fires: 'an item identifier scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="XR09">1</ram:GlobalID>'),
    pass: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="XR03">1</ram:GlobalID>'),
  },
  {
    rule: 'BR-DEX-07',
    syntax: U,
    fires: 'an electronic address scheme is neither EAS nor XR01–03',
    base: EXTENSION,
    fire: replace(['<cbc:EndpointID schemeID="EM">einkauf', '<cbc:EndpointID schemeID="XR09">einkauf']),
    pass: replace(['<cbc:EndpointID schemeID="EM">einkauf', '<cbc:EndpointID schemeID="XR01">einkauf']),
  },
  {
    rule: 'BR-DEX-07',
    syntax: C,
    fires: 'an electronic address scheme is neither EAS nor XR01–03',
    base: EXTENSION,
    fire: replace(['<ram:URIID schemeID="EM">einkauf', '<ram:URIID schemeID="XR09">einkauf']),
    pass: replace(['<ram:URIID schemeID="EM">einkauf', '<ram:URIID schemeID="XR01">einkauf']),
  },
  {
    rule: 'BR-DEX-08',
    syntax: U,
    fires: 'a delivery location scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('ubl:Invoice', '<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID="XR09">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>'),
    pass: insertInto('ubl:Invoice', '<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID="XR01">1</cbc:ID></cac:DeliveryLocation></cac:Delivery>'),
  },
  {
    rule: 'BR-DEX-08',
    syntax: C,
    fires: 'a delivery location scheme is neither ICD nor XR01–03',
    base: EXTENSION,
    fire: insertInto('ram:ApplicableHeaderTradeDelivery', '<ram:ShipToTradeParty><ram:GlobalID schemeID="XR09">1</ram:GlobalID></ram:ShipToTradeParty>'),
    pass: insertInto('ram:ApplicableHeaderTradeDelivery', '<ram:ShipToTradeParty><ram:GlobalID schemeID="XR01">1</ram:GlobalID></ram:ShipToTradeParty>'),
  },
  {
    rule: 'BR-DEX-09',
    syntax: U,
    fires: 'the amount due ignores a third party payment',
    base: EXTENSION,
    fire: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">100.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
    pass: chain(
      insertInto(
        'ubl:Invoice',
        '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
      ),
    ),
  },
  ...(
    [
      ['BR-DEX-10', 'cbc:ID'],
      ['BR-DEX-11', 'cbc:PaidAmount'],
      ['BR-DEX-12', 'cbc:InstructionID'],
    ] as const
  ).map(([rule, missing]): RuleCase => ({
    rule,
    syntax: U,
    fires: `a third party payment has no ${missing}`,
    base: EXTENSION,
    fire: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>'.replace(
        new RegExp(`<${missing}[^>]*>[^<]*</${missing}>`),
        '',
      ),
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
  })),
  {
    rule: 'BR-DEX-13',
    syntax: U,
    fires: 'a third party payment has three decimals',
    base: EXTENSION,
    fire: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.001</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
  },
  {
    rule: 'BR-DEX-14',
    syntax: U,
    fires: 'a third party payment is in another currency',
    base: EXTENSION,
    fire: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="USD">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:PrepaidPayment><cbc:ID>P1</cbc:ID><cbc:PaidAmount currencyID="EUR">0.00</cbc:PaidAmount><cbc:InstructionID>I1</cbc:InstructionID></cac:PrepaidPayment>',
    ),
  },
  {
    rule: 'BR-DEX-15',
    syntax: C,
    fires: 'sub-lines are used in CII',
    base: EXTENSION,
    fire: insertInto('ram:AssociatedDocumentLineDocument', '<ram:ParentLineID>1</ram:ParentLineID>'),
  },
  // Clean Vehicles Directive
  { rule: 'BR-DE-CVD-01', syntax: U, fires: 'a clean vehicles invoice has no contract reference', base: CVD, fire: (x) => x },
  { rule: 'BR-DE-CVD-01', syntax: C, fires: 'a clean vehicles invoice has no contract reference', base: CVD, fire: (x) => x },
  { rule: 'BR-DE-CVD-02', syntax: U, fires: 'a clean vehicles invoice has no tender reference', base: CVD, fire: (x) => x },
  { rule: 'BR-DE-CVD-02', syntax: C, fires: 'a clean vehicles invoice has no tender reference', base: CVD, fire: (x) => x },
  { rule: 'BR-DE-CVD-03', syntax: U, fires: 'no line names a vehicle category with a cva property', base: CVD, fire: (x) => x },
  { rule: 'BR-DE-CVD-03', syntax: C, fires: 'no line names a vehicle category with a cva property', base: CVD, fire: (x) => x },
  {
    rule: 'BR-DE-CVD-04',
    syntax: U,
    fires: 'the vehicle category is unknown',
    base: CVD,
    fire: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">X9</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
    pass: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">M1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
  },
  {
    rule: 'BR-DE-CVD-04',
    syntax: C,
    fires: 'the vehicle category is unknown',
    base: CVD,
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="CVD">X9</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="CVD">N1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
  },
  {
    rule: 'BR-DE-CVD-05',
    syntax: U,
    fires: 'the cva value is unknown',
    base: CVD,
    fire: insertInto('cac:Item', '<cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>green</cbc:Value></cac:AdditionalItemProperty>'),
    pass: insertInto('cac:Item', '<cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty>'),
  },
  {
    rule: 'BR-DE-CVD-05',
    syntax: C,
    fires: 'the cva value is unknown',
    base: CVD,
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>cva</ram:Description><ram:Value>green</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>cva</ram:Description><ram:Value>zero-emission</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
  },
  {
    rule: 'BR-DE-CVD-06-a',
    syntax: U,
    fires: 'a vehicle line has no cva property',
    base: CVD,
    fire: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">M1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
  },
  {
    rule: 'BR-DE-CVD-06-a',
    syntax: C,
    fires: 'a vehicle line has no cva property',
    base: CVD,
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="CVD">M1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
  },
  {
    rule: 'BR-DE-CVD-06-b',
    syntax: U,
    fires: 'a cva line has no vehicle category',
    base: CVD,
    fire: insertInto('cac:Item', '<cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty>'),
  },
  {
    rule: 'BR-DE-CVD-06-b',
    syntax: C,
    fires: 'a cva line has no vehicle category',
    base: CVD,
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>cva</ram:Description><ram:Value>clean</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
  },
  {
    rule: 'BR-TMP-CVD-01',
    syntax: U,
    fires: 'a classification scheme is neither CVD nor UNTDID 7143',
    base: CVD,
    fire: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="QQ">1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
    pass: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="STI">1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
  },
  {
    rule: 'BR-TMP-CVD-01',
    syntax: C,
    fires: 'a classification scheme is neither CVD nor UNTDID 7143',
    base: CVD,
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="QQ">1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="STI">1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
  },
];

// A complete clean vehicles invoice passes CVD-01 … -03.
const ublCvd = chain(
  insertInto(
    'ubl:Invoice',
    '<cac:OriginatorDocumentReference><cbc:ID>V-17</cbc:ID></cac:OriginatorDocumentReference><cac:ContractDocumentReference><cbc:ID>C-1</cbc:ID></cac:ContractDocumentReference>',
  ),
  insertInto(
    'cac:Item',
    '<cac:CommodityClassification><cbc:ItemClassificationCode listID="CVD">M1</cbc:ItemClassificationCode></cac:CommodityClassification><cac:AdditionalItemProperty><cbc:Name>cva</cbc:Name><cbc:Value>clean</cbc:Value></cac:AdditionalItemProperty>',
  ),
);
const ciiCvd = chain(
  insertInto(
    'ram:ApplicableHeaderTradeAgreement',
    '<ram:ContractReferencedDocument><ram:IssuerAssignedID>C-1</ram:IssuerAssignedID></ram:ContractReferencedDocument><ram:AdditionalReferencedDocument><ram:IssuerAssignedID>V-17</ram:IssuerAssignedID><ram:TypeCode>50</ram:TypeCode></ram:AdditionalReferencedDocument>',
  ),
  insertInto(
    'ram:SpecifiedTradeProduct',
    '<ram:ApplicableProductCharacteristic><ram:Description>cva</ram:Description><ram:Value>clean</ram:Value></ram:ApplicableProductCharacteristic><ram:DesignatedProductClassification><ram:ClassCode listID="CVD">M1</ram:ClassCode></ram:DesignatedProductClassification>',
  ),
);
for (const c of cases) if (/^BR-DE-CVD-0[123]$/.test(c.rule)) c.pass = c.syntax === 'UBL' ? ublCvd : ciiCvd;

describeRuleCases('XRechnung CIUS rules', cases);

describe('which rule sets apply', () => {
  it('applies the XRechnung rules only when the specification identifier names XRechnung', () => {
    const plain = { ...DEFAULT_INVOICE, customization: 'urn:cen.eu:en16931:2017' };
    expect(rulesFired(remove('cbc:BuyerReference')(baseXml('UBL', plain)))).not.toContain('BR-DE-15');
    expect(rulesFired(remove('cbc:BuyerReference')(baseXml('UBL')))).toContain('BR-DE-15');
  });
  it('applies the extension rules only to the XRechnung extension', () => {
    expect(rulesFired(ublAttachment('a.txt', 'text/plain')(baseXml('UBL')))).not.toContain('BR-DEX-01');
  });
});
