import { newStemmer } from 'snowball-stemmers';

const german = newStemmer('german');
const english = newStemmer('english');

/**
 * Snowball stemming costs ~7 µs a word and normalising ~1 µs; invoice vocabularies are small, so
 * bounded caches (emptied when full) pay off at indexing time.
 */
const CACHE_LIMIT = 200_000;
const stemCache = new Map<string, readonly string[]>();
const indexFormsCache = new Map<string, readonly string[]>();

const MARKS = /\p{M}/gu;
const DIGIT = /\p{N}/u;

/** Lowercase and compatibility-normalise (ligatures, full-width letters), composed. */
export function normalizeWord(raw: string): string {
  return raw.normalize('NFKC').toLowerCase();
}

/** Diacritics dropped and ß as ss: Müller → muller, Straße → strasse. */
export function foldWord(word: string): string {
  return stripMarks(word.replace(/ß/g, 'ss'));
}

/** The German transliteration: Müller → mueller, Gebühr → gebuehr (other diacritics dropped). */
export function transliterateWord(word: string): string {
  return stripMarks(word.replace(/ä/g, 'ae').replace(/ö/g, 'oe').replace(/ü/g, 'ue').replace(/ß/g, 'ss'));
}

function stripMarks(word: string): string {
  return word.normalize('NFKD').replace(MARKS, '').normalize('NFC');
}

/** The folded and the transliterated spelling of a normalised word (one entry when they agree). */
export function spellings(word: string): string[] {
  const folded = foldWord(word);
  const transliterated = transliterateWord(word);
  return folded === transliterated ? [folded] : [folded, transliterated];
}

/** German and English stems of a spelling; words with digits (amounts, VAT ids, invoice numbers) stay as they are. */
export function stems(spelling: string): readonly string[] {
  if (DIGIT.test(spelling)) return [spelling];
  const cached = stemCache.get(spelling);
  if (cached) return cached;
  const result = dedupe([german.stem(spelling), english.stem(spelling)].filter((stem) => stem.length > 0));
  const value = result.length > 0 ? result : [spelling];
  if (stemCache.size >= CACHE_LIMIT) stemCache.clear();
  stemCache.set(spelling, value);
  return value;
}

/**
 * A word of ASCII letters and digits: normalising, folding and transliterating leave it as it is, lower-cased.
 * Most words of bank entries and invoices are; those with digits (references, IBANs) are mostly seen once, so
 * they skip the normalising and the cache.
 */
const ASCII_WORD = /^[A-Za-z0-9]+$/;
const ASCII_DIGIT = /[0-9]/;

/** What a word of a document is indexed as: its spellings and all their stems (spellings serve prefix queries). */
export function indexForms(raw: string): readonly string[] {
  const ascii = ASCII_WORD.test(raw);
  if (ascii && ASCII_DIGIT.test(raw)) return [raw.toLowerCase()];
  const cached = indexFormsCache.get(raw);
  if (cached) return cached;
  const found = ascii ? [raw.toLowerCase()] : spellings(normalizeWord(raw));
  const forms = dedupe([...found, ...found.flatMap((spelling) => stems(spelling))]);
  if (indexFormsCache.size >= CACHE_LIMIT) indexFormsCache.clear();
  indexFormsCache.set(raw, forms);
  return forms;
}

/** What a query word matches: the stems of its spellings. */
export function queryForms(raw: string): string[] {
  return dedupe(spellings(normalizeWord(raw)).flatMap((spelling) => stems(spelling)));
}

/** What a query prefix (`word*`) matches the start of: its spellings, unstemmed. */
export function prefixForms(raw: string): string[] {
  return spellings(normalizeWord(raw));
}

function dedupe(values: string[]): string[] {
  return [...new Set(values)];
}
