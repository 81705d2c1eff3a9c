/** Words of varied invoices per language: several ways each real invoice says the same thing. */
export type VariedLanguage = 'de' | 'en' | 'nl' | 'fr' | 'it';

export interface VariedWords {
  invoiceTitle: readonly string[];
  creditTitle: readonly string[];
  correctionTitle: readonly string[];
  insuranceTitle: readonly string[];
  invoiceNumber: readonly string[];
  creditNumber: readonly string[];
  correctionNumber: readonly string[];
  policyNumber: readonly string[];
  /** A plain "Date" as header tables print it. */
  date: readonly string[];
  invoiceDate: readonly string[];
  dueDate: readonly string[];
  deliveryDate: readonly string[];
  orderDate: readonly string[];
  customerNumber: readonly string[];
  orderNumber: readonly string[];
  page: (n: number, of: number) => string;
  pageHeading: string;
  /** How many line items the page lists ("Positionen: 3"). */
  itemCount: (n: number) => string;
  refersTo: (number: string) => string;
  description: string;
  quantity: string;
  unitPrice: string;
  amount: string;
  vat: string;
  net: readonly string[];
  tax: (rate: number) => readonly string[];
  gross: readonly string[];
  /** The one total of a page without net and tax lines. */
  singleTotal: readonly string[];
  includedTax: (rate: number, amount: string) => string;
  reverseCharge: readonly string[];
  payByDate: (date: string) => readonly string[];
  payWithinDays: (days: number) => readonly string[];
  bankHeading: readonly string[];
  paymentReference: readonly string[];
  vatId: readonly string[];
  insuranceTax: (rate: number) => string;
  premium: readonly string[];
  months: readonly string[];
}

export const WORDS: Record<VariedLanguage, VariedWords> = {
  de: {
    invoiceTitle: ['Rechnung', 'RECHNUNG', 'Honorarrechnung', 'Warenrechnung'],
    creditTitle: ['Gutschrift', 'GUTSCHRIFT'],
    correctionTitle: ['Rechnungskorrektur', 'Korrekturrechnung', 'Stornorechnung'],
    insuranceTitle: ['Beitragsrechnung', 'Prämienrechnung', 'Versicherungsschein und Beitragsrechnung'],
    invoiceNumber: ['Rechnungsnummer', 'Rechnungs-Nr.', 'Rechnung Nr.', 'Re.-Nr.', 'Belegnummer'],
    creditNumber: ['Gutschrift Nr.', 'Gutschriftsnummer', 'Gutschrift-Nr.'],
    correctionNumber: ['Rechnungskorrektur Nr.', 'Korrekturrechnung Nr.', 'Rechnungsnummer'],
    policyNumber: ['Versicherungsschein-Nr.', 'Versicherungsscheinnummer', 'Policen-Nr.'],
    date: ['Datum'],
    invoiceDate: ['Rechnungsdatum', 'Datum', 'Belegdatum'],
    dueDate: ['Fällig am', 'Fälligkeitsdatum', 'Zahlbar bis', 'Fällig'],
    deliveryDate: ['Lieferdatum', 'Leistungsdatum'],
    orderDate: ['Bestelldatum', 'Auftragsdatum'],
    customerNumber: ['Kundennummer', 'Kunden-Nr.', 'Kd.-Nr.'],
    orderNumber: ['Auftragsnummer', 'Bestellnummer', 'Ihre Bestellung'],
    page: (n, of) => `Seite ${n} von ${of}`,
    pageHeading: 'Seite',
    itemCount: (n) => `Positionen: ${n}`,
    refersTo: (number) => `zu Rechnung Nr. ${number}`,
    description: 'Bezeichnung',
    quantity: 'Menge',
    unitPrice: 'Einzelpreis',
    amount: 'Betrag',
    vat: 'MwSt.',
    net: ['Nettobetrag', 'Summe netto', 'Zwischensumme', 'Gesamt netto'],
    tax: (rate) => [`zzgl. ${rate} % MwSt.`, `Umsatzsteuer ${rate} %`, `${rate} % USt.`],
    gross: ['Gesamtbetrag', 'Rechnungsbetrag', 'Summe brutto', 'Endbetrag'],
    singleTotal: ['Gesamtbetrag', 'Summe', 'Gesamt'],
    includedTax: (rate, amount) => `Im Betrag sind ${rate} % USt. (${amount}) enthalten.`,
    reverseCharge: ['Steuerschuldnerschaft des Leistungsempfängers (Reverse Charge), 0 % USt.', 'Innergemeinschaftliche Lieferung, steuerfrei (0 % USt.)'],
    payByDate: (date) => [`Bitte zahlen Sie den Betrag bis zum ${date}.`, `Zahlbar bis ${date} ohne Abzug.`, `Fällig am ${date}.`],
    payWithinDays: (days) => [
      `Zahlbar innerhalb von ${days} Tagen ohne Abzug.`,
      `Zahlungsziel: ${days} Tage netto.`,
      `Zahlungsbedingungen: ${days} Tage rein netto`,
    ],
    bankHeading: ['Bankverbindung', 'Bankverbindung:', 'Unsere Bankverbindung'],
    paymentReference: ['Verwendungszweck', 'Zahlungsreferenz'],
    vatId: ['USt-IdNr.', 'USt-ID', 'UID-Nr.'],
    insuranceTax: (rate) => `Versicherungsteuer ${rate} %`,
    premium: ['Nettobeitrag', 'Beitrag netto'],
    months: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
  },
  en: {
    invoiceTitle: ['Invoice', 'INVOICE', 'Tax Invoice'],
    creditTitle: ['Credit Note', 'CREDIT NOTE'],
    correctionTitle: ['Corrected Invoice', 'Invoice Correction'],
    insuranceTitle: ['Premium Invoice', 'Insurance Premium Notice'],
    invoiceNumber: ['Invoice number', 'Invoice No.', 'Invoice #', 'Invoice No', 'Inv. No.'],
    creditNumber: ['Credit note number', 'Credit Note No.', 'Credit note #'],
    correctionNumber: ['Invoice number', 'Invoice correction no.'],
    policyNumber: ['Policy number', 'Policy No.'],
    date: ['Date'],
    invoiceDate: ['Invoice date', 'Date of issue', 'Date', 'Issue date'],
    dueDate: ['Due date', 'Payment due', 'Date due', 'Due'],
    deliveryDate: ['Delivery date', 'Service date'],
    orderDate: ['Order date'],
    customerNumber: ['Customer number', 'Customer No.', 'Account No.'],
    orderNumber: ['Order number', 'PO number', 'Your order'],
    page: (n, of) => `Page ${n} of ${of}`,
    pageHeading: 'Page',
    itemCount: (n) => `Items: ${n}`,
    refersTo: (number) => `relating to invoice ${number}`,
    description: 'Description',
    quantity: 'Qty',
    unitPrice: 'Unit price',
    amount: 'Amount',
    vat: 'VAT',
    net: ['Subtotal', 'Net amount', 'Total net', 'Total excl. VAT'],
    tax: (rate) => [`VAT ${rate}%`, `VAT (${rate}%)`, `Tax ${rate} %`],
    gross: ['Total', 'Total amount', 'Invoice total', 'Total incl. VAT'],
    singleTotal: ['Total', 'Amount due', 'Total amount'],
    includedTax: (rate, amount) => `Includes VAT ${rate}%: ${amount}`,
    reverseCharge: ['VAT 0% - reverse charge: VAT to be accounted for by the recipient', 'Zero-rated supply, VAT 0%'],
    payByDate: (date) => [`Please pay by ${date}.`, `Payment due by ${date}.`, `Due date: ${date}`],
    payWithinDays: (days) => [`Payment terms: ${days} days net`, `Please pay within ${days} days of the invoice date.`, `Terms: Net ${days}`],
    bankHeading: ['Bank details', 'Bank details:', 'Payment details'],
    paymentReference: ['Payment reference', 'Reference'],
    vatId: ['VAT No.', 'VAT Reg. No.', 'VAT ID'],
    insuranceTax: (rate) => `Insurance Premium Tax ${rate}%`,
    premium: ['Net premium'],
    months: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  },
  nl: {
    invoiceTitle: ['Factuur', 'FACTUUR'],
    creditTitle: ['Creditnota', 'Creditfactuur'],
    correctionTitle: ['Correctiefactuur'],
    insuranceTitle: ['Premienota'],
    invoiceNumber: ['Factuurnummer', 'Factuurnr.', 'Factuur nr.'],
    creditNumber: ['Creditnotanummer', 'Creditnota nr.'],
    correctionNumber: ['Factuurnummer'],
    policyNumber: ['Polisnummer'],
    date: ['Datum'],
    invoiceDate: ['Factuurdatum', 'Datum'],
    dueDate: ['Vervaldatum', 'Uiterste betaaldatum'],
    deliveryDate: ['Leverdatum'],
    orderDate: ['Orderdatum'],
    customerNumber: ['Klantnummer', 'Debiteurnummer'],
    orderNumber: ['Ordernummer', 'Uw referentie'],
    page: (n, of) => `Pagina ${n} van ${of}`,
    pageHeading: 'Pagina',
    itemCount: (n) => `Aantal regels: ${n}`,
    refersTo: (number) => `betreft factuur ${number}`,
    description: 'Omschrijving',
    quantity: 'Aantal',
    unitPrice: 'Prijs',
    amount: 'Bedrag',
    vat: 'BTW',
    net: ['Subtotaal', 'Totaal excl. btw'],
    tax: (rate) => [`BTW ${rate}%`, `${rate}% btw`],
    gross: ['Totaal incl. btw', 'Totaalbedrag', 'Te betalen'],
    singleTotal: ['Totaal', 'Totaalbedrag'],
    includedTax: (rate, amount) => `Inclusief ${rate}% btw: ${amount}`,
    reverseCharge: ['BTW verlegd (0%)'],
    payByDate: (date) => [`Gelieve te betalen vóór ${date}.`, `Te betalen voor ${date}.`],
    payWithinDays: (days) => [`Betaling binnen ${days} dagen na factuurdatum.`, `Betalingstermijn: ${days} dagen`],
    bankHeading: ['Bankgegevens', 'Betaalgegevens'],
    paymentReference: ['Betalingskenmerk', 'Betalingsreferentie'],
    vatId: ['BTW-nummer', 'Btw-nr.'],
    insuranceTax: (rate) => `Assurantiebelasting ${rate}%`,
    premium: ['Premie'],
    months: ['januari', 'februari', 'maart', 'april', 'mei', 'juni', 'juli', 'augustus', 'september', 'oktober', 'november', 'december'],
  },
  fr: {
    invoiceTitle: ['Facture', 'FACTURE'],
    creditTitle: ['Avoir', 'AVOIR', "Facture d'avoir"],
    correctionTitle: ['Facture rectificative'],
    insuranceTitle: ["Avis d'échéance"],
    invoiceNumber: ['Numéro de facture', 'Facture n°', 'N° de facture', 'Facture N°'],
    creditNumber: ['Avoir n°', "Numéro d'avoir"],
    correctionNumber: ['Numéro de facture'],
    policyNumber: ['Numéro de police', 'N° de police'],
    date: ['Date'],
    invoiceDate: ['Date de facture', "Date d'émission", 'Date'],
    dueDate: ["Date d'échéance", 'Échéance', 'Date limite de paiement'],
    deliveryDate: ['Date de livraison'],
    orderDate: ['Date de commande'],
    customerNumber: ['N° client', 'Code client'],
    orderNumber: ['N° de commande', 'Votre commande'],
    page: (n, of) => `Page ${n} sur ${of}`,
    pageHeading: 'Page',
    itemCount: (n) => `Nombre de lignes : ${n}`,
    refersTo: (number) => `concernant la facture n° ${number}`,
    description: 'Désignation',
    quantity: 'Qté',
    unitPrice: 'Prix unitaire HT',
    amount: 'Montant HT',
    vat: 'TVA',
    net: ['Total HT', 'Montant HT'],
    tax: (rate) => [`TVA ${rate} %`, `TVA à ${rate} %`],
    gross: ['Total TTC', 'Montant TTC', 'Net à payer'],
    singleTotal: ['Total', 'Total TTC'],
    includedTax: (rate, amount) => `dont TVA ${rate} % : ${amount}`,
    reverseCharge: ['Autoliquidation - TVA 0 %', 'Exonération de TVA, article 262 ter I du CGI (TVA 0 %)'],
    payByDate: (date) => [`À payer avant le ${date}.`, `Date d'échéance : ${date}`],
    payWithinDays: (days) => [`Paiement à ${days} jours date de facture.`, `Conditions de paiement : ${days} jours net`],
    bankHeading: ['Coordonnées bancaires', 'RIB'],
    paymentReference: ['Référence de paiement'],
    vatId: ['N° TVA intracommunautaire', 'TVA intracom.'],
    insuranceTax: (rate) => `Taxe d'assurance ${rate} %`,
    premium: ['Prime HT'],
    months: ['janvier', 'février', 'mars', 'avril', 'mai', 'juin', 'juillet', 'août', 'septembre', 'octobre', 'novembre', 'décembre'],
  },
  it: {
    invoiceTitle: ['Fattura', 'FATTURA'],
    creditTitle: ['Nota di credito', 'NOTA DI CREDITO'],
    correctionTitle: ['Fattura di rettifica'],
    insuranceTitle: ['Avviso di scadenza premio'],
    invoiceNumber: ['Numero fattura', 'Fattura n.', 'N. fattura'],
    creditNumber: ['Nota di credito n.', 'Numero nota di credito'],
    correctionNumber: ['Numero fattura'],
    policyNumber: ['Numero polizza', 'Polizza n.'],
    date: ['Data'],
    invoiceDate: ['Data fattura', 'Data di emissione', 'Data'],
    dueDate: ['Data di scadenza', 'Scadenza'],
    deliveryDate: ['Data di consegna'],
    orderDate: ['Data ordine'],
    customerNumber: ['Codice cliente', 'Cod. cliente'],
    orderNumber: ['Numero ordine', 'Vs. ordine'],
    page: (n, of) => `Pagina ${n} di ${of}`,
    pageHeading: 'Pagina',
    itemCount: (n) => `Righe: ${n}`,
    refersTo: (number) => `riferita alla fattura n. ${number}`,
    description: 'Descrizione',
    quantity: 'Quantità',
    unitPrice: 'Prezzo unitario',
    amount: 'Importo',
    vat: 'IVA',
    net: ['Imponibile', 'Totale imponibile'],
    tax: (rate) => [`IVA ${rate}%`, `IVA al ${rate}%`],
    gross: ['Totale fattura', 'Totale documento', 'Totale da pagare'],
    singleTotal: ['Totale'],
    includedTax: (rate, amount) => `di cui IVA ${rate}%: ${amount}`,
    reverseCharge: ['Inversione contabile (reverse charge), IVA 0%'],
    payByDate: (date) => [`Da pagare entro il ${date}.`, `Scadenza pagamento: ${date}`],
    payWithinDays: (days) => [`Pagamento a ${days} giorni data fattura.`, `Pagamento entro ${days} giorni.`],
    bankHeading: ['Coordinate bancarie', "Banca d'appoggio"],
    paymentReference: ['Causale'],
    vatId: ['Partita IVA', 'P. IVA'],
    insuranceTax: (rate) => `Imposta sulle assicurazioni ${rate}%`,
    premium: ['Premio imponibile'],
    months: ['gennaio', 'febbraio', 'marzo', 'aprile', 'maggio', 'giugno', 'luglio', 'agosto', 'settembre', 'ottobre', 'novembre', 'dicembre'],
  },
};
