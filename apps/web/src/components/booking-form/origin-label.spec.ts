import { ORIGIN } from '@portal/contracts';
import en from '../../features/accounting/accounting.en.json';
import de from '../../features/accounting/accounting.de.json';
import { originKey } from './origin-label';

describe('originKey', () => {
  it('names a value suggested from the address master data in words a bookkeeper knows, in en and de', () => {
    const key = originKey(ORIGIN.RPA_Address_Database);
    expect(key).toBe('rpa');
    expect((en.origins as Record<string, string>)[key]).toBe('master data');
    expect((de.origins as Record<string, string>)[key]).toBe('Stammdaten');
  });

  it('leaves a code it does not know to the generic label', () => {
    expect(originKey(99)).toBe('unknown');
  });
});
