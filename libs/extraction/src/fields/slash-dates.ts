import type { PageLanguage } from './language';

// Slashed dates: "11/03/2017" is 11 March in most of Europe and 3 November in the US. The page itself tells which
// when one of its dates has a day above 12; when none does and the order is not clear, such dates are not read.
const SLASH = /(?<![\d/])(\d{1,2})\/(\d{1,2})\/(\d{4})(?![\d/])/g;

export type SlashOrder = 'dmy' | 'mdy' | 'unknown';

export function slashOrder(text: string, language: PageLanguage | undefined): SlashOrder {
  let dmy = false;
  let mdy = false;
  for (const m of text.matchAll(SLASH)) {
    if (+m[1] > 12 && +m[2] <= 12) dmy = true;
    if (+m[2] > 12 && +m[1] <= 12) mdy = true;
  }
  if (dmy !== mdy) return dmy ? 'dmy' : 'mdy';
  // German, Dutch, French and Italian pages write the day first; an English page without a telling date stays open.
  return language !== undefined && language !== 'en' && !mdy ? 'dmy' : 'unknown';
}

/** The text with slashed dates rewritten as ISO dates in the page's order; ambiguous ones are blanked out. */
export function normalizeSlashDates(text: string, order: SlashOrder): string {
  return text.replace(SLASH, (whole, a: string, b: string, year: string) => {
    const [first, second] = [+a, +b];
    const dayFirst = order === 'dmy' || (order === 'unknown' && first > 12);
    const monthFirst = order === 'mdy' || (order === 'unknown' && second > 12);
    if (order === 'unknown' && first !== second && !dayFirst && !monthFirst) return whole.replace(/\d/g, '?');
    const [day, month] = monthFirst && !dayFirst ? [second, first] : [first, second];
    return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`.padEnd(whole.length, ' ');
  });
}
