import de from './locales/de.json';
import en from './locales/en.json';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('resource files', () => {
  it('have the same keys in en and de', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('carry the spec texts verbatim', () => {
    expect(en.notFound.title).toBe('Page not found');
    expect(en.app.outOfDate).toBe('Application out of date. Please reload.');
  });
});
