/**
 * Label words of the page reader in de, en, nl, fr and it, kept as data: each entry is a regular-expression
 * fragment (case-insensitive). New layouts are taught here, not by code per supplier.
 */
export const VOCABULARY = {
  /** The invoice's total before tax. */
  netTotal: {
    de: ['(?:rechnungs)?summe\\s+(?:ohne|excl\\.?|exkl\\.?)\\s+(?:ust|mwst)', 'netto(?:betrag|summe)?', 'summe\\s+netto', 'gesamt\\s+netto', 'zwischensumme'],
    en: ['net\\s+(?:amount|total)', '^\\s*net(?=\\s*:?\\s+(?:EUR|USD|GBP|CHF|[€$£])?\\s*\\d)', 'total\\s+net', 'subtotal', 'amount\\s+excl(?:uding|\\.)?\\s*(?:vat|tax)'],
    nl: ['totaal\\s+excl(?:\\.|usief)?\\s*btw', 'subtotaal'],
    fr: ['total\\s+ht', 'montant\\s+ht', 'sous-total'],
    it: ['totale\\s+imponibile', 'imponibile', 'subtotale'],
  },
  /** The invoice's total tax (VAT, or the insurance tax of an insurance premium). */
  taxTotal: {
    de: ['steuerbetrag', 'ust\\.?\\s*gesamt', 'mwst\\.?\\s*gesamt', 'summe\\s+(?:ust|mwst|umsatzsteuer)', '(?:zzgl\\.?|zuzüglich|plus)\\s.*?(?:ust|mwst|umsatzsteuer|mehrwertsteuer|vat)', 'umsatzsteuer(?:betrag)?', 'mehrwertsteuer', 'versicherungs?steuer', 'mwst\\.?', 'ust\\.?(?:-betrag)?'],
    en: ['total\\s+(?:vat|tax)', 'vat\\s+(?:total|amount)', 'sales\\s+tax', '\\bvat\\b', '\\btax\\b'],
    nl: ['totaal\\s+btw', '\\bbtw(?:-?bedrag)?\\b'],
    fr: ['total\\s+(?:tva|taxes)', 'montant\\s+(?:de\\s+(?:la\\s+)?)?tva'],
    it: ['totale\\s+iva', 'importo\\s+iva', '\\biva\\b'],
  },
  /** The invoice's total including tax. */
  grossTotal: {
    de: ['gesamtbetrag', 'rechnungsbetrag', 'rechnungsbeitrag', '(?:betrag|beitrag|summe|preis)\\s+inkl(?:\\.|usive)\\s', 'bruttobetrag', 'bruttosumme', 'brutto(?:summe)?', 'gesamtsumme', 'endbetrag', 'summe\\s+brutto', 'gesamt\\s+brutto', 'rechnungssumme\\s+brutto', 'rechnungssumme(?!\\s+(?:ohne|netto|excl|exkl))'],
    en: ['grand\\s+total', 'total\\s+amount', 'invoice\\s+total', 'total\\s+(?:incl(?:uding|\\.)?|inc\\.?)\\s*(?:vat|tax)', '\\btotal\\b'],
    nl: ['totaal\\s+incl(?:\\.|usief)?\\s*btw', 'totaalbedrag', 'factuurbedrag', '\\btotaal\\b'],
    fr: ['total\\s+ttc', 'montant\\s+ttc', 'total\\s+facture'],
    it: ['totale\\s+fattura', 'totale\\s+documento', 'importo\\s+totale', '\\btotale\\b'],
  },
  /** What is to be paid now: equals the total unless prepayments or an old balance are set off. */
  payable: {
    de: ['zahlbetrag', 'zu\\s+zahlen(?:der\\s+betrag)?', 'offener\\s+betrag', 'fälliger\\s+betrag'],
    en: ['total\\s+(?:due|payable)', 'amount\\s+(?:due|payable)', 'balance\\s+due'],
    nl: ['te\\s+betalen'],
    fr: ['net\\s+à\\s+payer', 'montant\\s+à\\s+payer', 'reste\\s+à\\s+payer'],
    it: ['totale\\s+da\\s+pagare', 'netto\\s+a\\s+pagare'],
  },
  /** Lines that name a total but not the invoice's: surcharges, allowances, discounts, tax only, net only. */
  notGross: {
    de: ['skonto', 'rabatt', 'nachlass', 'der\\s+zuschläge', 'der\\s+abschläge', 'zu-?/abschlag', 'ohne\\s+(?:ust|mwst)', 'netto', 'exkl', 'steuerbetrag', '\\bust\\b', '\\bmwst\\b', 'positionssumme', 'anzahlung'],
    en: ['discount', 'allowance', 'charges', 'excl', 'without', 'subtotal', '\\bnet\\b', '\\b(?:tax|taxes|vat)\\b', 'prepaid', 'already\\s+paid'],
    nl: ['korting', 'excl', '\\bbtw\\b'],
    fr: ['remise', '\\bht\\b', '\\btaxes?\\b', '\\btva\\b', 'acompte'],
    it: ['sconto', 'imponibile', '\\biva\\b'],
  },
  /** Words that make a line with tax words a total including tax after all ("Summe brutto (inkl. USt.)"). */
  inclusive: {
    de: ['inkl', 'inklusive', 'brutto', 'gesamtbetrag'],
    en: ['incl', 'including', 'gross'],
    nl: ['incl', 'inclusief'],
    fr: ['ttc'],
    it: ['ivato', 'iva\\s+inclusa', 'compresa'],
  },
  /** Column headings of a table of totals whose values stand in the rows below (one row per rate, then the sum). */
  netColumn: {
    de: ['netto(?:betrag|wert|summe)?', 'basisbetrag', 'bemessungsgrundlage', 'steuerbasis'],
    en: ['net(?:\\s+amount)?', 'taxable(?:\\s+amount)?', 'base'],
    nl: ['netto(?:bedrag)?', 'grondslag', 'excl\\.?\\s*btw'],
    fr: ['base(?:\\s+ht)?', 'montant\\s+ht', 'total\\s+ht'],
    it: ['imponibile'],
  },
  taxColumn: {
    de: ['(?:mwst|ust)\\.?-?\\s?betrag', 'steuerbetrag', 'steuer'],
    en: ['(?:vat|tax)(?:\\s+amount)?'],
    nl: ['btw(?:-?bedrag)?'],
    fr: ['(?:montant\\s+)?tva'],
    it: ['(?:importo\\s+)?iva'],
  },
  rateColumn: {
    de: ['(?:mwst|ust)\\.?\\s?-?%', 'steuersatz', 'satz', '%'],
    en: ['(?:vat|tax)\\s?%', '(?:vat|tax)\\s+rate', 'rate', '%'],
    nl: ['btw\\s?%', 'tarief'],
    fr: ['taux(?:\\s+tva)?', 'tva\\s?%'],
    it: ['aliquota', 'iva\\s?%'],
  },
  grossColumn: {
    de: ['endbetrag', 'brutto(?:betrag|wert|summe)?', 'gesamtbetrag', 'rechnungsbetrag'],
    en: ['gross(?:\\s+amount)?', 'total(?:\\s+amount)?'],
    nl: ['totaal', 'bruto(?:bedrag)?', 'incl\\.?\\s*btw'],
    fr: ['(?:montant\\s+|total\\s+)?ttc'],
    it: ['totale', 'lordo'],
  },
  /** Labels of the invoice number. */
  invoiceNumber: {
    de: ['rechnungs?[-\\s]?(?:nummer|nr\\.?|no\\.?)', '\\p{L}*rechnung\\s+(?:des|der)\\s+\\p{L}+\\s+(?:nr\\.?|nummer)', '\\p{L}*(?:rechnung|korrektur|gutschrift)\\s*(?:\\([^)]{1,40}\\)\\s*)?(?:#|nr\\.?|nummer|no\\.?)', 're\\.?-?\\s?nr\\.?', 'beleg(?:nummer|-?nr\\.?)'],
    en: ['invoice\\s*(?:number|no\\.?|#|num\\.?|id)', 'inv\\.?\\s*no\\.?', 'credit\\s+note\\s*(?:number|no\\.?|#)'],
    nl: ['factuur(?:nummer|\\s*nr\\.?)', 'creditnota(?:nummer|\\s*nr\\.?)'],
    fr: ['facture\\s*n[º°o]\\.?', 'n[º°o]\\.?\\s*(?:de\\s+)?(?:la\\s+)?facture', 'avoir\\s*n[º°o]\\.?'],
    it: ['numero\\s+(?:di\\s+|della\\s+)?fattura', 'fattura\\s+n[.°]?', 'nota\\s+di\\s+credito\\s+n[.°]?'],
    es: ['factura\\s*(?:n[º°o]\\.?)'],
  },
  /** Labels of the date of issue. "Mietrechnung Nr. 93141 vom 01.10.2018" is the title with its date. */
  invoiceDate: {
    de: ['rechnungsdatum', 'belegdatum', 'ausstellungsdatum', '(?:^|\\s{3})\\s*\\p{L}*rechnung(?:\\s*\\([^)]{1,40}\\))?(?:\\s+(?:nr\\.?|nummer)\\s*\\S+)?\\s+vom'],
    en: ['invoice\\s+date', 'date\\s+of\\s+issue', 'issue\\s+date', 'date\\s+of\\s+invoice'],
    nl: ['factuurdatum', 'datum\\s+factuur'],
    fr: ['date\\s+de\\s+(?:la\\s+)?facture', 'date\\s+d[\'’]émission', 'date\\s+facture'],
    it: ['data\\s+(?:della\\s+)?fattura', 'data\\s+(?:di\\s+)?emissione'],
  },
  /** Labels and phrases of the due date ("Fällig am", "Bitte überweisen Sie den Betrag bis", "Date d'échéance"). */
  dueDate: {
    de: ['f[äa]lligkeits(?:datum|tag)', 'f[äa]lligkeit', 'f[äa]llig', '(?:überweisen|begleichen|bezahlen)\\b.{0,60}?\\bbis\\b', 'zahlbar(?:\\s+[\\p{L}\\d%]+){0,4}?\\s+bis', 'zahlungsziel', 'bis\\s+(?:zum|spätestens)', 'spätestens\\s+(?:am|bis)'],
    en: ['(?:transfer|settle|remit)\\b.{0,60}?\\b(?:by|before|until)\\b', 'due\\s+date', 'payment\\s+due', 'due\\s+(?:on|by)', 'pay(?:able)?\\s+(?:by|until|before)', 'due'],
    nl: ['vervaldatum', 'vervaldag', 'uiterste\\s+betaaldatum', 'te\\s+betalen\\s+(?:vóór|voor)'],
    fr: ['date\\s+d[\'’]échéance', 'échéance', 'date\\s+limite\\s+de\\s+paiement', 'à\\s+payer\\s+avant\\s+le'],
    it: ['data\\s+(?:di\\s+)?scadenza', 'scadenza', 'da\\s+pagare\\s+entro\\s+il'],
  },
  /** Labels of what the transfer must quote. A bare "Reference" is the buyer's order reference, not this. */
  paymentReference: {
    de: ['verwendungszweck', 'zahlungsreferenz', 'referenz\\s*\\(bitte\\s+bei\\s+zahlung\\s+angeben\\)'],
    en: ['payment\\s+reference', 'remittance\\s+(?:information|reference)'],
    nl: ['betalingskenmerk', 'betalingsreferentie'],
    fr: ['référence\\s+(?:de\\s+)?paiement'],
    it: ['causale(?:\\s+di\\s+pagamento)?', 'riferimento\\s+(?:del\\s+)?pagamento'],
  },
  /** An instruction to quote the value printed just before it when paying ("VSNR: 01.234.567.8 (Bei Schriftwechsel und Zahlung bitte angeben.)"). */
  quoteWhenPaying: {
    de: ['bei\\s+(?:schriftwechsel\\s+und\\s+)?zahlung(?:en)?\\s+(?:bitte\\s+)?(?:immer\\s+)?angeben'],
    en: ['please\\s+quote\\s+(?:this|it)\\s+(?:with|when|on)\\s+(?:your\\s+)?payment'],
    nl: ['bij\\s+betaling\\s+(?:altijd\\s+)?vermelden'],
    fr: ['à\\s+rappeler\\s+lors\\s+du\\s+paiement', 'à\\s+indiquer\\s+lors\\s+du\\s+paiement'],
    it: ['da\\s+indicare\\s+nel(?:la)?\\s+(?:pagamento|causale)'],
  },
  /** The quantity heading of a table of line items. */
  itemQuantity: {
    de: ['menge', 'anzahl', 'stück'],
    en: ['qty', 'quantity'],
    nl: ['aantal', 'hoeveelheid'],
    fr: ['quantité', 'qté'],
    it: ['quantità', 'q\\.tà'],
  },
  creditNote: {
    de: ['gutschrift'],
    en: ['credit\\s+note', 'credit\\s+memo'],
    nl: ['creditnota', 'creditfactuur'],
    fr: ['avoir', 'facture\\s+d\'avoir'],
    it: ['nota\\s+di\\s+credito'],
  },
  /** A "Gutschrift" in the German sense of self-billing is an invoice the buyer wrote, with positive totals. */
  selfBilling: {
    de: ['selbst\\s+ausgestellte\\s+rechnung', 'gutschriftsverfahren', '§\\s*14\\s*abs\\.?\\s*2'],
    en: ['self[-\\s]?billing', 'self[-\\s]?billed'],
    nl: ['self[-\\s]?billing'],
    fr: ['auto[-\\s]?facturation'],
    it: ['autofattura'],
  },
  correction: {
    de: ['rechnungs-?korrektur', 'korrekturrechnung', 'stornorechnung', 'rechnungsstorno', 'storno'],
    en: ['corrected\\s+invoice', 'corrective\\s+invoice', 'invoice\\s+correction', 'cancellation\\s+invoice'],
    nl: ['correctiefactuur'],
    fr: ['facture\\s+rectificative'],
    it: ['fattura\\s+(?:di\\s+)?rettifica', 'nota\\s+di\\s+variazione'],
  },
  invoice: {
    de: ['\\p{L}*rechnung'],
    en: ['invoice'],
    nl: ['factuur'],
    fr: ['facture'],
    it: ['fattura'],
  },
} as const;

export type VocabularyEntry = keyof typeof VOCABULARY;

/** One case-insensitive, Unicode-aware alternation of an entry's words in all five languages. */
export function vocabulary(entry: VocabularyEntry, wrap: (alternation: string) => string = (a) => `(?:${a})`): RegExp {
  const words = Object.values(VOCABULARY[entry]).flat();
  return new RegExp(wrap(words.join('|')), 'iu');
}
