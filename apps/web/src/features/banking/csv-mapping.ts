import { CSV_DATE_FORMATS, csvDateParts, positionalColumns, type CsvMapping } from '@portal/contracts';

export const CSV_FIELDS = [
  'bookingDate',
  'valueDate',
  'amount',
  'debit',
  'credit',
  'counterpartyName',
  'counterpartyIban',
  'remittance',
  'reference',
  'currency',
  'ownAccount',
  'balanceAfter',
  'status',
  'fee',
  // Last: the text that marks a debit follows it in the dialog.
  'debitMark',
] as const;
export type CsvField = (typeof CSV_FIELDS)[number];

/** Column titles banks use (German, English, Dutch, French, Italian, Spanish), per field, most specific first. */
const TITLES: Record<CsvField, RegExp> = {
  bookingDate: /^(buchungs?datum|buchungstag|booking ?date|date|datum|boek(ings)?datum|date (d'|de l')?op(é|e)ration|date comptable|data( contabile)?|fecha)$/i,
  valueDate: /valuta|wertstellung|value ?date|date de valeur|fecha valor/i,
  // The amount's title may name its currency: "Betrag (EUR)", "Umsatz in EUR", "Bedrag (EUR)".
  amount: /^(betrag|amount|umsatz|bedrag|montant|importo|importe)(\s*(in\s*)?\(?([a-z]{3}|€)\)?)?$/i,
  debit: /^(soll|debit|lastschrift|ausgang|d(é|e)bit|debet|addebito|cargo)$/i,
  credit: /^(haben|credit|gutschrift|eingang|cr(é|e)dit|accredito|abono)$/i,
  counterpartyName:
    /empf(ä|ae)nger|auftraggeber|zahlungspflichtiger|beguenstigter|begünstigter|partner|payee|payer|counterparty|^name$|^naam|tegenpartij|b(é|e)n(é|e)ficiaire|destinataire|beneficiario/i,
  counterpartyIban: /iban|tegenrekening/i,
  remittance:
    /verwendungszweck|buchungstext|purpose|description|remittance|^text$|^details$|^memo$|narrative|omschrijving|mededelingen|libell(é|e)|causale|concepto/i,
  reference: /referenz|reference|mandat|end-?to-?end|r(é|e)f(é|e)rence|kenmerk/i,
  currency: /w(ä|ae)hrung|currency|devise|divisa|^munt$/i,
  // Only a title that says so: "Kontonummer" alone names the own account in one export and the counterparty's in another.
  ownAccount: /^(auftragskonto|eigenes konto|own account|account holder iban|iban auftragskonto)$/i,
  // A running balance: "Saldo", "Kontostand", "Balance", "Saldo (€)", "Running Balance", "Solde".
  balanceAfter: /^(saldo|kontostand|balance|running balance|solde|saldo na (de )?boeking)(\s*(in\s*)?\(?([a-z]{3}|€)\)?)?$/i,
  status: /^(status|state|buchungsstatus|statut|estado|stato)$/i,
  // One fee per row beside its amount; not "Total fees" (Wise lists its charges as rows of their own as well).
  fee: /^(fee|gebühr|frais|commissione|comisión)$/i,
  debitMark: /^(soll\/haben|s\/h|af bij|af\/bij|debit\/credit|d\/c|dr\/cr|cr\/dr|soll-haben-kennzeichen)$/i,
};

/** Pairs of texts exports put beside unsigned amounts; the first marks money paid out. */
const DIRECTION_MARKS: ReadonlyArray<readonly [string, string]> = [
  ['S', 'H'],
  ['Soll', 'Haben'],
  ['D', 'C'],
  ['DR', 'CR'],
  ['Debit', 'Credit'],
  ['Af', 'Bij'],
];

/** The text marking a debit when every value of the column is one of a pair of direction marks. */
export function debitMarkOf(values: string[]): string | null {
  const seen = new Set(values.map((v) => v.trim().toLowerCase()).filter((v) => v !== ''));
  if (seen.size === 0) return null;
  const pair = DIRECTION_MARKS.find(([debit, credit]) => [...seen].every((v) => v === debit.toLowerCase() || v === credit.toLowerCase()));
  return pair ? pair[0] : null;
}

/** The forms a guess tries, in this order: slashes day first, as in Europe; usFirst turns them to US order when a date can only be read month first. */
const GUESSED_DATE_FORMATS = CSV_DATE_FORMATS.filter((f) => f !== 'MM/DD/YYYY');

const dateFormatOf = (cell: string) => GUESSED_DATE_FORMATS.find((format) => csvDateParts(cell, format) !== null);
const looksLikeDate = (cell: string) => dateFormatOf(cell) !== undefined;

/** The columns and rows of the file as the mapping sees them: by position when it has no column titles. */
export function mappedTable(firstLine: string[], rows: string[][], headerless: boolean): { columns: string[]; rows: string[][] } {
  return headerless ? { columns: positionalColumns(firstLine.length), rows: [firstLine, ...rows] } : { columns: firstLine, rows };
}

/**
 * A first mapping from a CSV's first line and rows, for the user to check: columns by their usual titles, the date
 * format and decimal mark from the first row's values; amount alone wins over debit and credit. A first line with a
 * date in it is no line of titles: the columns go by position then, and the booking date is the first with dates.
 */
export function guessCsvMapping(
  firstLine: string[],
  rest: string[][],
  skipLines: number,
  delimiter: string | null,
  headerless = firstLine.some(looksLikeDate),
): CsvMapping {
  const { columns, rows } = mappedTable(firstLine, rest, headerless);
  const used = new Set<string>();
  const pick = (field: CsvField) => {
    const column = columns.find((c) => !used.has(c) && TITLES[field].test(c.trim())) ?? null;
    if (column) used.add(column);
    return column;
  };
  const firstDates = headerless ? columns.find((_, i) => looksLikeDate(rows[0]?.[i] ?? '')) : undefined;
  const bookingDate = pick('bookingDate') ?? firstDates ?? columns[0] ?? '';
  used.add(bookingDate);
  const mapping: CsvMapping = {
    delimiter: delimiter === ';' || delimiter === ',' || delimiter === '\t' ? delimiter : null,
    decimal: ',',
    dateFormat: 'DD.MM.YYYY',
    skipLines,
    bookingDate,
    valueDate: pick('valueDate'),
    amount: pick('amount'),
    debit: null,
    credit: null,
    counterpartyName: pick('counterpartyName'),
    counterpartyIban: pick('counterpartyIban'),
    remittance: pick('remittance'),
    reference: pick('reference'),
    currency: pick('currency'),
    ...(headerless ? { headerless } : {}),
  };
  if (!mapping.amount) {
    mapping.debit = pick('debit');
    mapping.credit = pick('credit');
  }
  const fee = pick('fee');
  if (fee) mapping.fee = fee;
  const status = pick('status');
  if (status) mapping.status = status;
  const balanceAfter = pick('balanceAfter');
  if (balanceAfter) mapping.balanceAfter = balanceAfter;
  const ownAccount = pick('ownAccount');
  if (ownAccount) mapping.ownAccount = ownAccount;
  // A column of direction marks goes with one amount column (chosen now or by the user next), not with debit and credit.
  if (!(mapping.debit && mapping.credit)) {
    const valuesOf = (column: string) => rows.map((r) => r[columns.indexOf(column)] ?? '');
    const markColumn = pick('debitMark') ?? columns.find((c) => !used.has(c) && debitMarkOf(valuesOf(c)) !== null) ?? null;
    if (markColumn) {
      mapping.debitMark = markColumn;
      mapping.debitMarkText = debitMarkOf(valuesOf(markColumn));
    }
  }
  const first = rows[0] ?? [];
  const at = (column: string | null) => (column ? (first[columns.indexOf(column)] ?? '').trim() : '');
  mapping.dateFormat = dateFormatOf(at(bookingDate)) ?? 'DD.MM.YYYY';
  if (mapping.dateFormat === 'DD/MM/YYYY' && usFirst(rows.map((r) => (r[columns.indexOf(bookingDate)] ?? '').trim()))) mapping.dateFormat = 'MM/DD/YYYY';
  // Without an amount column yet, any cell of the first row that looks like an amount tells the decimal mark.
  const amountColumn = mapping.amount ?? mapping.debit ?? mapping.credit;
  const amount = amountColumn ? at(amountColumn) : (first.find((cell) => /^[+-]?\d[\d.,]*[.,]\d{2}$/.test(cell.trim())) ?? '');
  mapping.decimal = /\.\d{1,2}$/.test(amount) && !/,\d{1,2}$/.test(amount) ? '.' : ',';
  return mapping;
}

/** US order (month first) when some date's second number is past 12 and none's first is: 01/15/2026. */
function usFirst(dates: string[]): boolean {
  // Read day first: a "month" past 12 is a day, so the file writes the month first.
  const parts = dates.map((d) => csvDateParts(d, 'DD/MM/YYYY')).filter((p) => p !== null);
  return parts.some((p) => p.month > 12) && !parts.some((p) => p.day > 12);
}

/** What is still missing before the mapping can import: the booking date, an amount (or debit and credit), a debit's mark. */
export function mappingProblem(mapping: CsvMapping): 'bookingDate' | 'amount' | 'debitMarkText' | null {
  if (!mapping.bookingDate) return 'bookingDate';
  if (!mapping.amount && !(mapping.debit && mapping.credit)) return 'amount';
  if (mapping.debitMark && !mapping.debitMarkText?.trim()) return 'debitMarkText';
  return null;
}
