import de from './documents.de.json';
import en from './documents.en.json';
import { DOCUMENT_TABS } from '@portal/contracts';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('documents resource files', () => {
  it('have the same keys in en and de', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('have a tab title and a help text for every list', () => {
    for (const tab of DOCUMENT_TABS) {
      expect(en.tabs[tab].length).toBeGreaterThan(2);
      expect(en.help[tab].length).toBeGreaterThan(60);
      expect(de.help[tab].length).toBeGreaterThan(60);
    }
  });

  it('carry the spec texts verbatim in English', () => {
    expect(en.upload.exists).toBe('Document already exists.');
    expect(en.upload.failed).toBe('Error during upload.');
    expect(en.single.notFound).toBe('document does not exist or access denied');
    expect(en.origin['50']).toBe('E-invoice XML');
  });
});
