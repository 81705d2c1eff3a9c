import { ORIGIN } from '@portal/contracts';
import en from '../../features/documents/documents.en.json';
import de from '../../features/documents/documents.de.json';
import { originLabelKey, originName } from './origin';

describe('origin labels', () => {
  it('gives the RPA address database origin its spec name and a readable label in en and de', () => {
    expect(originName(ORIGIN.RPA_Address_Database)).toBe('RPA_Address_Database');
    expect(originLabelKey(ORIGIN.RPA_Address_Database)).toBe('documents.origin.51');
    expect((en.origin as Record<string, string>)['51']).toBe('RPA address database');
    expect((de.origin as Record<string, string>)['51']).toBe('RPA-Adressdatenbank');
  });

  it('shows a code without a label as "Origin {code}"', () => {
    expect(originLabelKey(99)).toBe('documents.origin.unknown');
  });
});
