import { ISO_COUNTRIES, isIsoCountry } from './countries';

describe('the ISO country codes', () => {
  it('are the 249 assigned two-letter codes, each once', () => {
    expect(ISO_COUNTRIES).toHaveLength(249);
    expect(new Set(ISO_COUNTRIES).size).toBe(249);
    for (const code of ['AT', 'DE', 'CH', 'IT', 'GB', 'US']) expect(isIsoCountry(code)).toBe(true);
  });

  it('leave out codes that are reserved, withdrawn or no country', () => {
    for (const code of ['UK', 'EU', 'XK', 'YU', 'at']) expect(isIsoCountry(code)).toBe(false);
  });
});
