import { AUDIT_EVENT_KINDS, DOCUMENT_FLAGS, VALIDATION_MESSAGES } from '@portal/contracts';
import de from './accounting.de.json';
import en from './accounting.en.json';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

describe('invoice resource files', () => {
  it('have the same keys in en and de', () => {
    expect(keys(de).sort()).toEqual(keys(en).sort());
  });

  it('translate every validation message of spec §5 by its key, English verbatim', () => {
    for (const [key, message] of Object.entries(VALIDATION_MESSAGES)) {
      expect(en.validation).toHaveProperty(key);
      expect(de.validation).toHaveProperty(key);
      expect((en.validation as Record<string, string>)[key].startsWith(message.split(' (')[0].slice(0, 10))).toBe(true);
    }
    expect(de.validation.ibanInvalid).toBe('IBAN ungültig');
  });

  it('name every flag bit and every known audit event kind', () => {
    for (const flag of Object.keys(DOCUMENT_FLAGS)) expect(en.flags).toHaveProperty(flag);
    for (const kind of AUDIT_EVENT_KINDS) expect(en.audit.kinds).toHaveProperty(kind);
  });
});
