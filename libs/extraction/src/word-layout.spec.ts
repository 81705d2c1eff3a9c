import { layoutFromWords } from './word-layout';

const word = (text: string, x: number, y: number, width = text.length * 5, height = 10) => ({ text, x, y, width, height });

describe('layout text from OCR word boxes', () => {
  it('puts words of one printed line on one text line, left to right, whatever order OCR read them in', () => {
    const layout = layoutFromWords([
      word('471102', 400, 101),
      word('Rechnungsnummer', 300, 80),
      word('Lieferant', 40, 80),
      word('GmbH', 90, 81),
      word('München', 70, 100),
      word('80333', 40, 100),
    ]);
    expect(layout.split('\n').map((l) => l.trim().replace(/\s{3,}/g, ' | '))).toEqual(['Lieferant GmbH | Rechnungsnummer', '80333 München | 471102']);
  });

  it('starts a value in the columns of the label above it, as the text layer does', () => {
    const [label, value] = layoutFromWords([
      word('Fälligkeit', 388, 378),
      word('Teilzahlung', 478, 378),
      word('Beschreibung', 50, 378),
      word('30.11.2018', 388, 391),
    ]).split('\n');
    expect(value.indexOf('30.11.2018')).toBe(label.indexOf('Fälligkeit'));
  });

  it('keeps a wide gap between columns and a single space between words', () => {
    expect(layoutFromWords([word('Total', 40, 10), word('due', 68, 10), word('120,00', 300, 10)])).toMatch(/^ +Total due {3,}120,00$/);
  });

  it('joins runs that touch into one word, as a writer that prints a word in pieces meant it', () => {
    expect(layoutFromWords([word('Nr.', 40, 10, 15), word('RE-20', 60, 10, 25), word('201121/508', 85, 10, 50)]).trim()).toBe('Nr. RE-20201121/508');
  });
});
