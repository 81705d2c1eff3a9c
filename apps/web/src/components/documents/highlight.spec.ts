import { splitHighlights } from './highlight';

describe('splitHighlights', () => {
  it('marks the ranges and keeps the text between them', () => {
    expect(splitHighlights('pay the Zebra invoice', [[8, 13]])).toEqual([
      { text: 'pay the ', hit: false },
      { text: 'Zebra', hit: true },
      { text: ' invoice', hit: false },
    ]);
  });

  it('merges overlapping ranges, sorts them and clamps them to the text', () => {
    expect(
      splitHighlights('abcdef', [
        [4, 99],
        [0, 2],
        [1, 3],
      ])
        .map((p) => `${p.hit ? '[' : ''}${p.text}${p.hit ? ']' : ''}`)
        .join(''),
    ).toBe('[ab][c]d[ef]');
  });

  it('treats markup in the text as plain text', () => {
    expect(splitHighlights('<b>x</b>', [[3, 4]])[1]).toEqual({ text: 'x', hit: true });
  });
});
