import type { PageWord } from '@portal/contracts';
import { boxOf, linesOf, normaliseAnchor, textOf, wordsInBox } from './page-lines.rules';

const word = (text: string, x: number, y: number): PageWord => ({ text, x, y, width: 40, height: 10 });
const page = {
  page: 1,
  width: 595,
  height: 842,
  words: [word('Betrag', 300, 101), word('Rechnung', 50, 100), word('Nr.', 100, 99), word('RE-7', 150, 100), word('EUR', 50, 200)],
};

describe('words on a page', () => {
  it('group into lines read left to right, top to bottom', () => {
    expect(linesOf(page).map((l) => textOf(l.words))).toEqual(['Rechnung Nr. RE-7 Betrag', 'EUR']);
  });

  it('are read under a box by their centres, and a box is drawn around words', () => {
    const box = { page: 1, x: 95, y: 95, width: 100, height: 20 };
    expect(textOf(wordsInBox(page, box))).toBe('Nr. RE-7');
    expect(boxOf([word('Nr.', 100, 99), word('RE-7', 150, 100)], 1)).toEqual({ page: 1, x: 100, y: 99, width: 90, height: 11 });
  });

  it('compare anchors without case, trailing colons and extra spaces', () => {
    expect(normaliseAnchor('Rechnungs  Nr.:')).toBe('rechnungs nr');
  });
});
