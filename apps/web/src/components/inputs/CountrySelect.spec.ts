import { countryOptions } from './CountrySelect';

describe('the country list of an address', () => {
  it('names every ISO country in the UI language with its code, sorted by name', () => {
    const de = countryOptions('de');
    expect(de).toHaveLength(249);
    expect(de.find((o) => o.value === 'AT')?.label).toBe('Österreich (AT)');
    expect(countryOptions('en').find((o) => o.value === 'AT')?.label).toBe('Austria (AT)');
    const labels = de.map((o) => o.label);
    expect(labels.indexOf('Deutschland (DE)')).toBeLessThan(labels.indexOf('Österreich (AT)'));
  });
});
