import de from './exports.de.json';
import en from './exports.en.json';
import { resources } from '../../i18n';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('export resource files', () => {
  it('have the same keys in en and de', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('carry the spec §8 warning verbatim in English and translated in German', () => {
    expect(en.latestFailed).toBe('The latest import has failed, data may be out of date');
    expect(de.latestFailed).toBe('Der letzte Import ist fehlgeschlagen, die Daten sind möglicherweise nicht aktuell');
  });

  it('are merged under the key exports in both languages', () => {
    expect(resources.en.translation.exports).toBe(en);
    expect(resources.de.translation.exports).toBe(de);
  });
});
