import type { Doc } from '@portal/read-store';

/** Common invoice words in German and English. */
export const COMMON_INVOICE_WORDS = (
  'Rechnung Rechnungen Betrag Summe Netto Brutto Umsatzsteuer Mehrwertsteuer Leistung Leistungen Zeitraum Datum Kunde Kundennummer ' +
  'Zahlung zahlbar innerhalb Tagen ohne Abzug Bankverbindung Überweisung Gebühren Position Menge Einzelpreis Gesamt Steuer ' +
  'invoice invoices amount total net gross tax payment due within days customer number services period bank transfer fees ' +
  'item quantity price receipt order delivery address Lieferung Lieferschein Gutschrift Mahnung Beleg Belege Vertrag Verträge ' +
  'der die das und mit für von auf den dem im the and of for to in on with'
).split(' ');
const COMPANIES = ['Telekom', 'Vodafone', 'Müller', 'Schäfer', 'Bäckerei', 'Amazon', 'Lidl', 'Stadtwerke', 'Allianz', 'Hornbach'];

/** A long tail of rare invented words, as real invoices have names, products and places. */
export function tailWord(index: number): string {
  const syllables = ['ka', 'lo', 'mi', 'ter', 'ber', 'strö', 'ang', 'sch', 'el', 'nu', 'ra', 'wei', 'gü', 'ox', 'pel', 'dor'];
  let word = '';
  let n = index + 17;
  do {
    word += syllables[n % syllables.length];
    n = Math.floor(n / syllables.length);
  } while (n > 0);
  return word;
}

/**
 * About 300 words per document: ~60 % common invoice words, ~40 % a Zipf-like tail of 30,000 words,
 * a company from a skewed list (Telekom in ~5 %), amounts, dates and an invoice number.
 */
export function syntheticInvoice(index: number, next: () => number): Doc {
  const company = next() < 0.05 ? 'Telekom' : COMPANIES[1 + Math.floor(next() ** 2 * (COMPANIES.length - 1))]!;
  const number = `RE-${2020 + (index % 7)}-${String(index).padStart(6, '0')}`;
  const words: string[] = [];
  while (words.length < 300) {
    const roll = next();
    if (roll < 0.6) words.push(COMMON_INVOICE_WORDS[Math.floor(next() * COMMON_INVOICE_WORDS.length)]!);
    else if (roll < 0.97) words.push(tailWord(Math.floor(30_000 * next() ** 3)));
    else if (roll < 0.985) words.push(`${Math.floor(next() * 5000)},${String(Math.floor(next() * 100)).padStart(2, '0')}`);
    else words.push(company);
  }
  if (next() < 0.3) words.push('Umsatzsteuer', '20%');
  return {
    id: `doc-${String(index).padStart(7, '0')}`,
    clientId: `client-${Math.floor(next() ** 2 * 500)}`,
    category: ['invoice', 'receipt', 'contract', 'tax-notice', 'bank'][Math.floor(next() * 5)]!,
    date: `20${20 + (index % 7)}-${String(1 + (index % 12)).padStart(2, '0')}-15`,
    title: `Rechnung ${number} ${company}`,
    text: words.join(' '),
  };
}
