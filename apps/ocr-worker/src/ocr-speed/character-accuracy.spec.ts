import { characterAccuracy } from './character-accuracy';

describe('characterAccuracy', () => {
  it('is 1 when the OCR text prints every line, in any order and spacing', () => {
    expect(characterAccuracy('Rechnung 2026-17\nSumme 120,00 EUR', 'Summe   120,00 EUR\n\nRechnung 2026-17')).toEqual({ accuracy: 1, errors: 0, characters: 32 });
  });

  it('counts each wrong, missing or extra character of a line against its nearest OCR line', () => {
    const result = characterAccuracy('Rechnung 2026-17\nSumme 120,00 EUR', 'Rechnunq 2026-17\nSumme 12O,00 EURO');
    expect(result.errors).toBe(3);
    expect(result.accuracy).toBeCloseTo(1 - 3 / 32, 6);
  });

  it('counts every character of a line the engine missed', () => {
    expect(characterAccuracy('Rechnung\nIBAN AT61 1904 3002 3457 3201', 'Rechnung')).toMatchObject({ errors: 29, characters: 37 });
  });
});
