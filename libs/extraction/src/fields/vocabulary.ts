/**
 * Label words of the page reader in de, en, nl, fr and it, kept as data: each entry is a regular-expression
 * fragment (case-insensitive). New layouts are taught here, not by code per supplier.
 */
export const VOCABULARY = {
  /** The invoice's total before tax. */
  netTotal: {
    de: ['(?:rechnungs)?summe\\s+(?:ohne|excl\\.?|exkl\\.?)\\s+(?:ust|mwst)', 'netto(?:betrag|summe)?', 'summe\\s+netto', 'gesamt\\s+netto', 'zwischensumme'],
    en: [
      'net\\s+(?:amount|total)',
      '^\\s*net(?=\\s*:?\\s+(?:EUR|USD|GBP|CHF|[€$£])?\\s*\\d)',
      'total\\s+net',
      'subtotal',
      'amount\\s+excl(?:uding|\\.)?\\s*(?:vat|tax)',
      'total\\s+excl(?:uding|\\.)?\\s*(?:vat|tax)',
      'taxable\\s+(?:value|amount)',
    ],
    nl: ['totaal\\s+excl(?:\\.|usief)?\\s*btw', 'subtotaal'],
    fr: ['total\\s+ht', 'montant\\s+ht', 'sous-total'],
    it: ['totale\\s+imponibile', 'imponibile', 'subtotale'],
  },
  /** The invoice's total tax (VAT, or the insurance tax of an insurance premium). */
  taxTotal: {
    de: [
      'steuerbetrag',
      'ust\\.?\\s*gesamt',
      'mwst\\.?\\s*gesamt',
      'summe\\s+(?:ust|mwst|umsatzsteuer)',
      '(?:zzgl\\.?|zuzüglich|plus)\\s.*?(?:ust|mwst|umsatzsteuer|mehrwertsteuer|vat)',
      'umsatzsteuer(?:betrag)?',
      'mehrwertsteuer',
      'versicherungs?steuer',
      'mwst\\.?',
      'ust\\.?(?:-betrag)?',
    ],
    en: ['total\\s+(?:vat|tax)', 'vat\\s+(?:total|amount)', 'sales\\s+tax', '\\bvat\\b', '\\btax\\b', '\\b[csi]gst\\b'],
    nl: ['totaal\\s+btw', '\\bbtw(?:-?bedrag)?\\b'],
    fr: ['total\\s+(?:tva|taxes)', 'montant\\s+(?:de\\s+(?:la\\s+)?)?tva', '\\btva\\b'],
    it: ['totale\\s+iva', 'importo\\s+iva', '\\biva\\b'],
  },
  /** The invoice's total including tax. */
  grossTotal: {
    de: [
      'gesamtbetrag',
      'rechnungsbetrag',
      'rechnungsbeitrag',
      '(?:betrag|beitrag|summe|preis)\\s+inkl(?:\\.|usive)\\s',
      'bruttobetrag',
      'bruttosumme',
      'brutto(?:summe)?',
      'gesamtsumme',
      'endbetrag',
      'summe\\s+brutto',
      'gesamt\\s+brutto',
      'rechnungssumme\\s+brutto',
      'rechnungssumme(?!\\s+(?:ohne|netto|excl|exkl))',
      '(?<!\\p{L})(?:gesamt|summe)(?!\\p{L})',
    ],
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
    de: [
      'skonto',
      'rabatt',
      'nachlass',
      'der\\s+zuschläge',
      'der\\s+abschläge',
      'zu-?/abschlag',
      'ohne\\s+(?:ust|mwst)',
      'netto',
      'exkl',
      'steuerbetrag',
      '\\bust\\b',
      '\\bmwst\\b',
      'positionssumme',
      'anzahlung',
    ],
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
  /** A note that the total holds the tax: "Im Betrag sind 19 % USt. (1,97 €) enthalten", "Includes VAT 20%: £127.38". */
  includedTax: {
    de: ['enthalten', 'darin', 'inkl\\.?', 'inklusive'],
    en: ['includ(?:es|ing|ed)', 'incl\\.?', 'of\\s+which'],
    nl: ['inclusief', 'incl\\.?', 'waarvan'],
    fr: ['dont', 'y\\s+compris', 'inclus[e]?'],
    it: ['di\\s+cui', 'inclus[ao]', 'compresa'],
  },
  /** A supply on which no VAT is charged: the total is the net, the tax 0. */
  zeroRated: {
    de: [
      'reverse[\\s-]?charge',
      'steuerschuldnerschaft\\s+des\\s+leistungsempfängers',
      'steuerfrei',
      'umsatzsteuerfrei',
      'innergemeinschaftliche\\s+lieferung',
      'kleinunternehmer',
      '§\\s*19\\s*ustg',
    ],
    en: ['reverse[\\s-]?charge', 'zero[\\s-]rated', 'vat\\s+exempt', 'exempt\\s+from\\s+vat', 'not\\s+subject\\s+to\\s+vat'],
    nl: ['btw\\s+verlegd', 'verlegd', 'vrijgesteld\\s+van\\s+btw'],
    fr: ['autoliquidation', 'exonération\\s+de\\s+tva', 'exonéré', 'tva\\s+non\\s+applicable', 'article\\s+293\\s*b'],
    it: ['inversione\\s+contabile', 'reverse\\s+charge', 'esente\\s+iva', 'non\\s+imponibile'],
  },
  /** Column headings of a table of totals whose values stand in the rows below (one row per rate, then the sum). */
  netColumn: {
    de: ['netto(?:betrag|wert|summe)?', 'basisbetrag', 'bemessungsgrundlage', 'steuerbasis', 'zwischensumme', 'summe\\s+netto', 'gesamt\\s+netto'],
    en: [
      'net(?:\\s+amount)?',
      'taxable(?:\\s+(?:amount|value))?',
      'base',
      'subtotal',
      'total\\s+net',
      'net\\s+total',
      '(?:total\\s+|amount\\s+)?excl(?:uding|\\.)?\\s*(?:vat|tax)',
    ],
    nl: ['netto(?:bedrag)?', 'grondslag', 'excl\\.?\\s*btw', 'subtotaal', 'totaal\\s+excl\\.?\\s*btw'],
    fr: ['base(?:\\s+ht)?', 'montant\\s+ht', 'total\\s+ht'],
    it: ['imponibile'],
  },
  taxColumn: {
    de: ['(?:mwst|ust)\\.?-?\\s?betrag', 'steuerbetrag', 'steuer', 'mwst\\.?', 'ust\\.?', 'umsatzsteuer'],
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
    de: ['endbetrag', 'brutto(?:betrag|wert|summe)?', 'gesamtbetrag', 'rechnungsbetrag', 'summe\\s+brutto'],
    en: ['gross(?:\\s+amount)?', 'total(?:\\s+amount)?', 'invoice\\s+total', 'total\\s+incl\\.?(?:\\s+vat)?'],
    nl: ['totaal(?:\\s+incl\\.?\\s*btw)?', 'bruto(?:bedrag)?', 'incl\\.?\\s*btw', 'totaalbedrag'],
    fr: ['(?:montant\\s+|total\\s+)?ttc', 'net\\s+à\\s+payer'],
    it: ['totale', 'lordo'],
  },
  /** Labels of the document's own number: invoice, credit note, correction. */
  invoiceNumber: {
    de: [
      'rechnungs?[-\\s]?(?:nummer|nr\\.?|no\\.?)',
      '\\p{L}*rechnung\\s+(?:des|der)\\s+\\p{L}+\\s+(?:nr\\.?|nummer)',
      '\\p{L}*(?:rechnung|korrektur|gutschrift)s?[-\\s]*(?:\\([^)]{1,40}\\)\\s*)?(?:#|nr\\.?|nummer|no\\.?)',
      're\\.?-?\\s?nr\\.?',
      'beleg(?:nummer|-?nr\\.?)',
    ],
    en: ['(?:tax\\s+)?invoice(?:\\s+correction)?\\s*(?:number|no\\.?|#|num\\.?|id)', 'inv\\.?\\s*no\\.?', 'credit\\s+(?:note|memo)\\s*(?:number|no\\.?|#)'],
    nl: ['factuur(?:nummer|\\s*nr\\.?)', 'credit(?:nota|factuur)\\s*(?:nummer|nr\\.?)'],
    fr: [
      'facture\\s*n[º°o]\\.?',
      'n[º°o]\\.?\\s*(?:de\\s+)?(?:la\\s+)?facture',
      'num[ée]ro\\s+(?:de\\s+)?(?:la\\s+)?facture',
      'avoir\\s*n[º°o]\\.?',
      "(?:num[ée]ro|n[º°o]\\.?)\\s+d['’]avoir",
    ],
    it: [
      'numero\\s+(?:di\\s+|della\\s+)?(?:fattura|nota\\s+di\\s+credito)',
      'fattura\\s+n(?:[.°]|(?!\\p{L}))',
      'n(?:r)?[.°]\\s*fattura',
      'nota\\s+di\\s+credito\\s+n(?:[.°]|(?!\\p{L}))',
    ],
    es: ['factura\\s*(?:n[º°o]\\.?)'],
  },
  /**
   * Labels of an insurance policy's number: the number an insurer's premium notice is filed under when it prints no
   * invoice number of its own, never taken over an invoice number.
   */
  policyNumber: {
    de: ['versicherungs(?:schein|police)\\s*-?\\s*(?:nr\\.?|nummer)', 'versicherungsscheinnummer', 'police(?:n)?\\s*-?\\s*(?:nr\\.?|nummer)', 'policennummer'],
    en: ['(?:insurance\\s+)?policy\\s*(?:number|no\\.?|#)'],
    nl: ['polis\\s*(?:nummer|nr\\.?)'],
    fr: ['(?:num[ée]ro|n[º°o]\\.?)\\s+de\\s+police'],
    it: ['(?:numero|n[.°])\\s*(?:di\\s+|della\\s+)?polizza', 'polizza\\s+n[.°]?'],
  },
  /** Titles of the documents whose number the reader wants, as the top of a page prints them ("Tax Invoice INV-4711"). */
  documentTitle: {
    de: ['\\p{L}*rechnung', '\\p{L}*gutschrift', '\\p{L}*korrektur', 'rechnungskorrektur', 'stornorechnung'],
    en: [
      '(?:tax\\s+|commercial\\s+|corrected\\s+|final\\s+)?invoice(?:\\s+correction)?',
      'credit\\s+(?:note|memo)',
      'premium\\s+(?:invoice|notice)',
      'insurance\\s+premium\\s+notice',
    ],
    nl: ['factuur', 'creditnota', 'creditfactuur', 'correctiefactuur', 'premienota'],
    fr: ["facture(?:\\s+rectificative|\\s+d['’]avoir)?", 'avoir', "avis\\s+d['’]échéance"],
    it: ['fattura(?:\\s+di\\s+rettifica)?', 'nota\\s+di\\s+credito', 'avviso\\s+di\\s+scadenza(?:\\s+premio)?'],
  },
  /** Words for "number" after a title ("Rechnung Nr.", "Facture n°", "Invoice #"). */
  numberWord: {
    de: ['nr\\.?', 'nummer'],
    en: ['no\\.?', 'number', '#'],
    nl: ['nr\\.?', 'nummer'],
    fr: ['n[º°o]\\.?', 'num[ée]ro'],
    it: ['n[.°]?', 'nr\\.?', 'numero'],
  },
  /** Words that join a title's number to its date ("… Nr. 4711 vom 05.03.2024", "… n° 42 du 21/11/2020"). */
  dateJoiner: {
    de: ['vom', 'von'],
    en: ['dated', 'of', 'from'],
    nl: ['van', 'd\\.d\\.'],
    fr: ['du', 'en\\s+date\\s+du'],
    it: ['del', 'in\\s+data'],
  },
  /** Words just before a document label that make it another document's ("zu Rechnung Nr.", "concernant la facture n°"). */
  otherDocument: {
    de: [
      'zu',
      'zur',
      'zum',
      'bezüglich',
      'betrifft',
      'betr\\.',
      'bezug\\s+auf',
      'bezugnehmend\\s+auf',
      'gemäß',
      'laut',
      'lt\\.',
      'ursprüngliche[nr]?',
      'stornierte[nr]?',
      'korrigierte[nr]?',
      'ihre[rn]?',
    ],
    en: ['relating\\s+to', 'related\\s+to', 'regarding', 're:', 'original', 'corrected', 'referenced?', 'related', 'previous', 'against', 'for', 'your'],
    nl: ['betreft', 'bij', 'op', 'naar\\s+aanleiding\\s+van', 'oorspronkelijke', 'uw'],
    fr: ['concernant', 'relative\\s+à', 'relatif\\s+à', 'suite\\s+à', 'sur', 'initiale?', 'votre'],
    it: ['riferit[ao]\\s+alla', 'relativ[ao]\\s+alla', 'rif\\.', 'a\\s+storno\\s+della', 'originale', 'vostra'],
  },
  /** Labels of the date of issue. "Mietrechnung Nr. 93141 vom 01.10.2018" is the title with its date. */
  invoiceDate: {
    de: [
      'rechnungsdatum',
      'belegdatum',
      'ausstellungsdatum',
      'gutschriftsdatum',
      '(?:^|\\s{3})\\s*\\p{L}*(?:rechnung|gutschrift|korrektur)(?:\\s*\\([^)]{1,40}\\))?(?:\\s+(?:nr\\.?|nummer)\\s*\\S+)?\\s+vom',
    ],
    en: [
      'invoice\\s+date',
      'date\\s+of\\s+issue',
      'issue\\s+date',
      'date\\s+of\\s+invoice',
      'credit\\s+note\\s+date',
      '(?:^|\\s{3})\\s*(?:tax\\s+)?(?:invoice|credit\\s+note)(?:\\s+correction)?\\s+(?:no\\.?|number|#)\\s*\\S+\\s+(?:dated|of|from)',
    ],
    nl: ['factuurdatum', 'datum\\s+factuur', '(?:^|\\s{3})\\s*(?:factuur|creditnota)\\s+(?:nr\\.?\\s*)?\\S+\\s+(?:van|d\\.d\\.)'],
    fr: [
      'date\\s+de\\s+(?:la\\s+)?facture',
      "date\\s+d['’]émission",
      'date\\s+facture',
      "date\\s+de\\s+l['’]avoir",
      '(?:^|\\s{3})\\s*(?:facture|avoir)(?:\\s+rectificative)?\\s+n[º°o]\\.?\\s*\\S+\\s+du',
    ],
    it: ['data\\s+(?:della\\s+)?fattura', 'data\\s+(?:di\\s+)?emissione', '(?:^|\\s{3})\\s*(?:fattura|nota\\s+di\\s+credito)\\s+n[.°]?\\s*\\S+\\s+del'],
  },
  /** A plain "Date" label: the invoice date in a header, unless its own words or its neighbour name another date. */
  plainDate: {
    de: ['datum'],
    en: ['date', 'dated'],
    nl: ['datum'],
    fr: ['date'],
    it: ['data'],
  },
  /** Words of a label that make its date another one than the date of issue. */
  otherDate: {
    de: [
      'liefer',
      'leistung',
      'fällig',
      'faellig',
      'zahlbar',
      'bis',
      'zeitraum',
      'bestell',
      'auftrag',
      'geburt',
      'druck',
      'version',
      'stand',
      'eingang',
      'versand',
      'ausgeführt',
    ],
    en: ['due', 'delivery', 'service', 'period', 'order', 'birth', 'print', 'shipping', 'shipped', 'payment', 'paid', 'supply', 'valid'],
    nl: ['lever', 'verval', 'order', 'bestel', 'betaal', 'periode'],
    fr: ['livraison', 'échéance', 'commande', 'paiement', 'période', 'limite', 'prestation', 'expédition'],
    it: ['consegna', 'scadenza', 'ordine', 'pagamento', 'periodo', 'spedizione'],
  },
  /** Labels of another document's number, whose "Date" beside it is that document's date ("Buyer's Order No. | Dated"). */
  otherDocumentLabel: {
    de: ['bestell', 'auftrag', 'lieferschein', 'angebot'],
    en: ['order', 'delivery\\s+note', 'quotation', 'dispatch', 'despatch'],
    nl: ['order', 'bestelling', 'pakbon', 'offerte'],
    fr: ['commande', 'bon\\s+de\\s+livraison', 'devis'],
    it: ['ordine', 'ddt', 'preventivo'],
  },
  /** Labels and phrases of the due date ("Fällig am", "Bitte überweisen Sie den Betrag bis", "Date d'échéance"). */
  dueDate: {
    de: [
      'f[äa]lligkeits(?:datum|tag)',
      'f[äa]lligkeit',
      'f[äa]llig',
      '(?:überweisen|begleichen|bezahlen)\\b.{0,60}?\\bbis\\b',
      'zahlbar(?:\\s+[\\p{L}\\d%]+){0,4}?\\s+bis',
      'zahlungsziel',
      'bis\\s+(?:zum|spätestens)',
      'spätestens\\s+(?:am|bis)',
    ],
    en: [
      '(?:transfer|settle|remit)\\b.{0,60}?\\b(?:by|before|until)\\b',
      'due\\s+date',
      'payment\\s+due',
      'due\\s+(?:on|by)',
      'pay(?:able)?\\s+(?:by|until|before)',
      'due',
    ],
    nl: ['vervaldatum', 'vervaldag', 'uiterste\\s+betaaldatum', 'te\\s+betalen\\s+(?:vóór|voor)'],
    fr: ["date\\s+d['’]échéance", 'échéance', 'date\\s+limite\\s+de\\s+paiement', 'à\\s+payer\\s+avant\\s+le'],
    it: ['data\\s+(?:di\\s+)?scadenza', 'scadenza', 'da\\s+pagare\\s+entro\\s+il'],
  },
  /** Words of payment terms: a clause that names a period or a date in them sets the due date. */
  paymentTerms: {
    de: ['zahlbar', 'zahlung', 'zahlungsziel', 'zahlungsbedingung(?:en)?', 'zahlungsfrist', 'netto', 'rein\\s+netto', 'ohne\\s+abzug'],
    en: ['payment', 'payable', 'pay\\s+within', 'terms', 'net\\s+\\d'],
    nl: ['betaling', 'betalingstermijn', 'betalingsconditie', 'te\\s+betalen', 'betaalbaar'],
    fr: ['paiement', 'règlement', 'payable', 'conditions\\s+de\\s+paiement'],
    it: ['pagamento', 'pagabile', 'condizioni\\s+di\\s+pagamento'],
  },
  /** Day words after a count of days in payment terms ("30 Tage", "14 dagen", "30 jours", "60 gg"). */
  days: {
    de: ['tagen?', 'tg\\.?'],
    en: ['days?'],
    nl: ['dagen', 'dg\\.?'],
    fr: ['jours?', 'j\\.'],
    it: ['giorni', 'gg\\.?'],
  },
  /** A period that ends at a month's end ("30 jours fin de mois"): its day is not one a reader can count. */
  endOfMonth: {
    de: ['monatsende', 'ende\\s+des\\s+monats'],
    en: ['end\\s+of\\s+(?:the\\s+)?month', 'eom'],
    nl: ['einde\\s+(?:van\\s+de\\s+)?maand'],
    fr: ['fin\\s+de\\s+mois'],
    it: ['fine\\s+mese', 'f\\.?m\\.?'],
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
    // OCR often drops the accents.
    fr: ['quantit[ée]', 'qt[ée]'],
    it: ['quantit[àa]', 'q\\.t[àa]'],
  },
  creditNote: {
    de: ['gutschrift'],
    en: ['credit\\s+note', 'credit\\s+memo'],
    nl: ['creditnota', 'creditfactuur'],
    fr: ['avoir', "facture\\s+d'avoir"],
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
  /** What a credit note says about the money it gives back: a refund, returned goods, a cancellation. */
  refund: {
    de: [
      'erstatt',
      'rückerstatt',
      'retoure',
      'rücksendung',
      'storniert',
      'stornierung',
      'gutgeschrieben',
      'gutschriftsbetrag',
      'verrechnen\\s+wir',
      'wird\\s+(?:ihnen\\s+)?(?:überwiesen|verrechnet)',
    ],
    en: ['refund', 'returned\\s+goods', 'credited\\s+to', 'will\\s+be\\s+credited', 'cancell?ation'],
    nl: ['terugbetaling', 'retour', 'gecrediteerd', 'creditering'],
    fr: ['rembours', 'retour\\s+de\\s+marchandise', 'annulation'],
    it: ['rimbors', 'reso\\s+merce', 'storno', 'annullamento'],
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
/**
 * An entry's words in all five languages as one alternation, to build a larger pattern from. The words of a label
 * stand in one column block: the space between them never spans a column gap (three spaces or more), so "VAT" over
 * one column and "Amount" over the next are no "VAT amount".
 */
export function alternation(entry: VocabularyEntry): string {
  return Object.values(VOCABULARY[entry])
    .flat()
    .map((word) => word.replace(/\\s\+/g, '[^\\S\\n]{1,2}').replace(/\\s\*/g, '[^\\S\\n]{0,2}'))
    .join('|');
}

export function vocabulary(entry: VocabularyEntry, wrap: (alternation: string) => string = (a) => `(?:${a})`): RegExp {
  return new RegExp(wrap(alternation(entry)), 'iu');
}
