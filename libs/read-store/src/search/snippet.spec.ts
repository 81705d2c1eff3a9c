import { buildSnippet } from './snippet';
import { parseSearchText } from './search-terms';

const spec = { name: 'docs', indexes: [], fullText: ['text'] };

describe('search snippets', () => {
  it('always shows the first match whole, even as the last word of a long text', () => {
    const text = `${'Rechnungsdatum: 12.03.2026\nNettobetrag: 1.000,00 EUR\n'.repeat(4)}Lieblingswort: Zirbenholzstube\n`;
    const snippet = buildSnippet({ id: 1, text }, spec, parseSearchText('zirbenholzstube'))!;
    const [start, end] = snippet.highlights[0]!;
    expect(snippet.text.slice(start, end)).toBe('Zirbenholzstube');
  });

  it('keeps a window of about 160 characters around a match in the middle', () => {
    const text = `${'Vorspann '.repeat(40)}Telekom ${'Nachspann '.repeat(40)}`;
    const snippet = buildSnippet({ id: 1, text }, spec, parseSearchText('telekom'))!;
    expect(snippet.text.length).toBeLessThanOrEqual(185);
    expect(snippet.text.slice(...snippet.highlights[0]!)).toBe('Telekom');
  });
});
