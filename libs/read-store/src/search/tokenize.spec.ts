import { formsMatch, parseSearchText, type SearchTerm } from './search-terms';
import { indexStream, tokenize } from './tokenize';
import { indexForms, normalizeWord, prefixForms, queryForms, spellings, stems } from './word-forms';

/** Whether a document text matches a search text, by the same rules as the stores' boolean query. */
function matches(documentText: string, searchText: string): boolean {
  const tokens = tokenize(documentText).map((token) => indexForms(token.text));
  const termMatches = (term: SearchTerm): boolean =>
    tokens.some((forms) => formsMatch(term, forms)) || (term.parts.length > 0 && term.parts.every(termMatches));
  return parseSearchText(searchText).every(termMatches);
}

describe('word forms', () => {
  it('a word is indexed as its folded and transliterated spellings and their German and English stems', () => {
    expect(indexForms('Müller')).toEqual(['muller', 'mueller', 'mull', 'muell']);
    expect(indexForms('Rechnungen')).toEqual(['rechnungen', 'rechnung']);
    expect(indexForms('invoices')).toEqual(['invoices', 'invoic']);
  });

  it('forms are deduplicated and words with digits are not stemmed', () => {
    expect(indexForms('Telekom')).toEqual(['telekom']);
    expect(indexForms('ATU12345678')).toEqual(['atu12345678']);
    expect(indexForms('2026')).toEqual(['2026']);
  });

  it('query words match by stems, prefixes by spellings', () => {
    expect(queryForms('Rechnungen')).toEqual(['rechnung', 'rechnungen']);
    expect(prefixForms('Gebüh')).toEqual(['gebuh', 'gebueh']);
  });

  it('ß is matched as ss, other diacritics are dropped, and text is NFKC-normalised', () => {
    expect(indexForms('Straße')).toContain('strasse');
    expect(matches('Straße', 'Strasse')).toBe(true);
    expect(matches('Café', 'cafe')).toBe(true);
    expect(matches('ﬁnanzamt', 'Finanzamt')).toBe(true);
    expect(matches('Mu\u0308ller', 'Müller')).toBe(true);
  });
});

describe('tokenize', () => {
  it('splits on anything but letters and digits and keeps the offsets of the original text', () => {
    expect(tokenize('Hallo, Welt!')).toEqual([
      { start: 0, end: 5, text: 'Hallo', joined: false },
      { start: 7, end: 11, text: 'Welt', joined: false },
    ]);
  });

  it('an invoice number gives its parts and the joined token spanning the whole number', () => {
    expect(tokenize('Nr. RE-2026-00123.').map(({ text, start, end, joined }) => [text, start, end, joined])).toEqual([
      ['Nr', 0, 2, false],
      ['RE', 4, 6, false],
      ['2026', 7, 11, false],
      ['00123', 12, 17, false],
      ['RE202600123', 4, 17, true],
    ]);
  });

  it('numbers and VAT ids stay whole; a percent sign is dropped', () => {
    expect(tokenize('UID ATU12345678, 20% USt').map((token) => token.text)).toEqual(['UID', 'ATU12345678', '20', 'USt']);
  });

  it('the index stream keeps repeated words (term frequency)', () => {
    expect(indexStream('Telekom Telekom')).toEqual(['telekom', 'telekom']);
  });

  it('the index stream is the forms of the tokens in text order, each word normalised, folded and stemmed', () => {
    const text = 'Rechnung RE-2026-00123 vom 10.01.2026, Müller GmbH; IBAN AT611904300234573201 Straße ÄRGER ﬁnanz Ｆull x_Y.z Payments 20% USt';
    const fullForms = (raw: string) => {
      const found = spellings(normalizeWord(raw));
      return [...new Set([...found, ...found.flatMap((spelling) => stems(spelling))])];
    };
    expect(indexStream(text)).toEqual(tokenize(text).flatMap((token) => fullForms(token.text)));
    expect(tokenize(text).map((token) => indexForms(token.text))).toEqual(tokenize(text).map((token) => fullForms(token.text)));
  });
});

describe('search terms', () => {
  it('an empty or punctuation-only search has no terms', () => {
    expect(parseSearchText('')).toEqual([]);
    expect(parseSearchText(' %%% -- ')).toEqual([]);
  });

  it('duplicate words count once', () => {
    expect(parseSearchText('Telekom telekom TELEKOM')).toHaveLength(1);
  });

  it('a trailing star makes a prefix of the unstemmed spellings; a one-letter prefix is a whole word', () => {
    expect(parseSearchText('Rech*')).toEqual([{ forms: ['rech'], prefix: true, parts: [] }]);
    expect(parseSearchText('a*')[0]).toMatchObject({ prefix: false });
  });

  it('more than 32 words are refused', () => {
    const words = Array.from({ length: 33 }, (_, i) => `w${i}`).join(' ');
    expect(() => parseSearchText(words)).toThrow(/at most 32/);
  });
});

describe('matching', () => {
  it.each([
    ['German plural finds the singular', 'Rechnung der Telekom', 'Rechnungen'],
    ['German singular finds the plural', 'Alle Rechnungen 2025', 'rechnung'],
    ['German umlaut plural finds the singular', 'Häuser und Ärzte', 'Arzt'],
    ['English plural finds the singular', 'Your invoice is due', 'invoices'],
    ['English singular finds the plural', 'Two receipts attached', 'receipt'],
    ['Müller finds Mueller', 'Herr Mueller', 'Müller'],
    ['Mueller finds Müller', 'Herr Müller', 'Mueller'],
    ['muller finds Müller', 'Herr Müller', 'muller'],
    ['case does not matter', 'TELEKOM DEUTSCHLAND', 'telekom'],
    ['a prefix finds longer words', 'Umsatzsteuervoranmeldung', 'Umsatz*'],
    ['a prefix with umlaut finds the transliteration', 'Gebuehren', 'Gebüh*'],
    ['a number matches', 'Umsatzsteuer 20% auf 100,00', 'Umsatzsteuer 20%'],
    ['a VAT id matches', 'UID-Nr.: ATU12345678', 'atu12345678'],
    ['an invoice number matches as typed', 'Rechnung RE-2026-00123 vom', 'RE-2026-00123'],
    ['an invoice number matches without dashes', 'Rechnung RE-2026-00123 vom', 're202600123'],
    ['part of an invoice number matches', 'Rechnung RE-2026-00123 vom', '00123'],
    ['the start of an invoice number matches', 'Rechnung RE-2026-00123 vom', 'RE-2026'],
  ])('%s', (_name, text, search) => {
    expect(matches(text, search)).toBe(true);
  });

  it.each([
    ['all words must match (AND)', 'Rechnung der Telekom', 'Rechnung Vodafone'],
    ['a word is not a prefix without a star', 'Umsatzsteuervoranmeldung', 'Umsatz'],
    ['another invoice number does not match', 'Rechnung RE-2026-00123', 'RE-2026-00124'],
    ['a different number does not match', 'Umsatzsteuer 19%', 'Umsatzsteuer 20%'],
  ])('%s', (_name, text, search) => {
    expect(matches(text, search)).toBe(false);
  });
});
