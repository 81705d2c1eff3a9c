import { characterAccuracy } from './character-accuracy';

describe('characterAccuracy', () => {
  it('is 1 when the OCR text holds every printed word, whatever the order, lines and spacing', () => {
    expect(characterAccuracy('Rechnung 2026-17\nSumme 120,00 EUR', 'Summe\n120,00   EUR\n\nRechnung 2026-17')).toEqual({
      accuracy: 1,
      errors: 0,
      characters: 29,
    });
  });

  it('counts each wrong, missing or extra character of a word against the nearest word read', () => {
    const result = characterAccuracy('Rechnung 2026-17\nSumme 120,00 EUR', 'Rechnunq 2026-17\nSumme 12O,00 EURO');
    expect(result.errors).toBe(3);
    expect(result.accuracy).toBeCloseTo(1 - 3 / 29, 6);
  });

  it('counts every character of a word the engine missed, and pairs each word read only once', () => {
    expect(characterAccuracy('Rechnung\nIBAN AT61 1904', 'Rechnung')).toMatchObject({ errors: 12, characters: 20 });
    expect(characterAccuracy('Summe Summe', 'Summe')).toMatchObject({ errors: 5, characters: 10 });
  });
});
