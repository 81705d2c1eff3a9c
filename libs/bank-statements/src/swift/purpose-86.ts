import { validIban } from '../iban';

/** What an :86: field says about a transaction. */
export interface Purpose {
  /** The German business transaction code (GVC, "166") of a structured field. */
  code: string | null;
  postingText: string | null;
  counterpartyName: string;
  counterpartyIban: string | null;
  counterpartyBic: string | null;
  remittance: string;
  endToEndId: string | null;
  mandateId: string | null;
  creditorReference: string | null;
}

const empty: Purpose = {
  code: null,
  postingText: null,
  counterpartyName: '',
  counterpartyIban: null,
  counterpartyBic: null,
  remittance: '',
  endToEndId: null,
  mandateId: null,
  creditorReference: null,
};

/**
 * SEPA keywords inside the purpose (DFÜ-Abkommen, annex 3): "EREF+" at the start of a subfield (SUBFIELD
 * marks where one began) or after a space; some banks write "EREF:".
 */
const SUBFIELD = '\u0001';
const SEPA_KEYS = /(?:^|[\u0001\s])(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)(?:\+|:(?=\s))/g;
/** Tags of the structured :86: of Dutch and international banks (/TRTP/.../REMI/...). */
const SLASH_KEYS = [
  'TRTP',
  'IBAN',
  'BIC',
  'NAME',
  'REMI',
  'EREF',
  'MARF',
  'CSID',
  'ORDP',
  'BENM',
  'ULTD',
  'ULTC',
  'ULTB',
  'PURP',
  'RTRN',
  'CNTP',
  'PREF',
  'ISDT',
  'SVCL',
  'OCMT',
  'CHGS',
  'EXCH',
  'ACCW',
  'BBAN',
  'ADDR',
  'NRTX',
  'INFO',
];

const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();
const noneIfNotProvided = (value: string | undefined) => {
  const v = (value ?? '').trim();
  return v === '' || /^NOT ?PROVIDED$/i.test(v) || v.toUpperCase() === 'NONREF' ? null : v;
};
const ibanIn = (text: string | undefined) => validIban(text);

export function purposeOf(info: string): Purpose {
  if (info.trim() === '') return empty;
  const joined = info.replace(/\r?\n/g, '');
  const german = /^(\d{3})([?>])(\d\d)/.exec(joined);
  if (german) return structuredGerman(joined, german[1]!, german[2]!);
  if (/^\s*\/[A-Z]{2,4}\//.test(joined) || /^\d{3}\s*\/[A-Z]{2,4}\//.test(joined)) return slashTagged(joined.replace(/^\d{3}\s*/, ''));
  // Unstructured ("999..." is the German code for it): the text as the purpose, SEPA keywords if any.
  const text = info.replace(/^999/, '');
  const keyed = sepaFields(oneLine(text));
  return { ...empty, remittance: keyed.SVWZ ?? oneLine(text), endToEndId: noneIfNotProvided(keyed.EREF), mandateId: noneIfNotProvided(keyed.MREF) };
}

/**
 * German structured :86: (DFÜ-Abkommen): GVC, then subfields ?00 posting text, ?10 primanota, ?20-?29 purpose,
 * ?30 bank code/BIC, ?31 account/IBAN, ?32-?33 name, ?34 text key extension, ?60-?63 more purpose. Lines are
 * wrapped at 65 characters anywhere, so they are joined without a space. A few banks write ">" for "?".
 */
function structuredGerman(joined: string, code: string, separator: string): Purpose {
  const parts = new Map<number, string>();
  const pattern = separator === '?' ? /\?(\d{2})([^?]*)/g : />(\d{2})([^>]*)/g;
  for (const m of joined.slice(3).matchAll(pattern)) parts.set(Number(m[1]), (parts.get(Number(m[1])) ?? '') + m[2]!);
  const range = (from: number, to: number, separator = '') =>
    Array.from({ length: to - from + 1 }, (_, i) => parts.get(from + i))
      .filter((p) => p !== undefined)
      .join(separator);
  // A keyword starts a subfield; its value may run on into the next ones.
  const marked = [range(20, 29, SUBFIELD), range(60, 63, SUBFIELD)].filter(Boolean).join(SUBFIELD);
  const purpose = marked.split(SUBFIELD).join('');
  const keyed = sepaFields(marked);
  const hasKeys = Object.keys(keyed).length > 0;
  const account = (parts.get(31) ?? '').trim();
  const bankCode = (parts.get(30) ?? '').trim();
  return {
    code,
    postingText: (parts.get(0) ?? '').trim() || null,
    counterpartyName: oneLine(range(32, 33)),
    counterpartyIban: ibanIn(account) ?? ibanIn(keyed.IBAN),
    counterpartyBic: /^[A-Z]{6}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bankCode) ? bankCode : keyed.BIC?.trim() || null,
    remittance: oneLine(keyed.SVWZ ?? (hasKeys ? withoutKeys(marked) : purpose)) || oneLine(purpose),
    endToEndId: noneIfNotProvided(keyed.EREF),
    mandateId: noneIfNotProvided(keyed.MREF),
    creditorReference: null,
  };
}

/** The values of the SEPA keywords in a purpose text; a value runs to the next keyword. */
function sepaFields(purpose: string): Record<string, string> {
  const found = [...purpose.matchAll(SEPA_KEYS)];
  const out: Record<string, string> = {};
  found.forEach((m, i) => {
    const end = found[i + 1]?.index ?? purpose.length;
    out[m[1]!] ??= purpose
      .slice(m.index! + m[0].length, end)
      .split(SUBFIELD)
      .join('')
      .trim();
  });
  return out;
}

/** The purpose without keyword segments that are references, not text (EREF, KREF, MREF, CRED, DEBT). */
function withoutKeys(purpose: string): string {
  const first = purpose.search(SEPA_KEYS);
  return first > 0 ? purpose.slice(0, first).split(SUBFIELD).join('') : '';
}

/**
 * Dutch and international structured :86: (/TRTP/SEPA OVERBOEKING/IBAN/NL../BIC/../NAME/../REMI/../EREF/..):
 * known tags between slashes, each value running to the next known tag (values may hold slashes). /CNTP/ is
 * account/BIC/name/city.
 */
function slashTagged(text: string): Purpose {
  const tags = new RegExp(`/(${SLASH_KEYS.join('|')})/`, 'g');
  const found: Array<{ tag: string; start: number; end: number }> = [];
  for (let m = tags.exec(text); m; m = tags.exec(text)) {
    found.push({ tag: m[1]!, start: m.index, end: m.index + m[0].length });
    tags.lastIndex = m.index + m[0].length - 1;
  }
  const values: Record<string, string> = {};
  found.forEach((f, i) => {
    values[f.tag] ??= text
      .slice(f.end, found[i + 1]?.start ?? text.length)
      .replace(/\/$/, '')
      .trim();
  });
  const counterparty = values.CNTP?.split('/') ?? [];
  const remittance = values.REMI ?? values.INFO ?? text;
  return {
    ...empty,
    postingText: values.TRTP ?? null,
    counterpartyName: oneLine(values.NAME ?? counterparty[2] ?? values.BENM?.replace(/^\/?NAME\//, '') ?? values.ORDP ?? ''),
    counterpartyIban: ibanIn(values.IBAN) ?? ibanIn(counterparty[0]),
    counterpartyBic: values.BIC?.trim() || counterparty[1]?.trim() || null,
    remittance: oneLine(remittance.replace(/^\/?(USTD|STRD)\/+/, '')),
    endToEndId: noneIfNotProvided(values.EREF),
    mandateId: noneIfNotProvided(values.MARF),
    creditorReference: null,
  };
}
