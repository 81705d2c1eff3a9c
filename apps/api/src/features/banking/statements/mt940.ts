import { isValidIban, normalizeIban, toCents } from '@portal/domain';
import { withKeys } from './entry-keys';
import { emptyEntryFields, StatementParseError, type ParsedEntry, type ParsedStatement, type StatementBalance } from './statement';

interface Field {
  tag: string;
  value: string;
  line: number;
}

const TAG_LINE = /^:(\d{2}[A-Z]?):(.*)$/;
/** SEPA keywords inside the :86: purpose (DFÜ-Abkommen, annex 3). */
const SEPA_KEYS = /(EREF|KREF|MREF|CRED|DEBT|SVWZ|ABWA|ABWE|COAM|OAMT|IBAN|BIC)\+/g;

/** MT940 (SWIFT customer statement) as Austrian and legacy German banks deliver it: one statement per message. */
export function parseMt940(text: string): ParsedStatement[] {
  const fields = fieldsOf(text);
  if (!fields.some((f) => f.tag === '20')) throw new StatementParseError('Not an MT940 statement: no :20: field.');
  const messages: Field[][] = [];
  for (const field of fields) {
    if (field.tag === '20' || messages.length === 0) messages.push([]);
    messages[messages.length - 1]!.push(field);
  }
  return messages.map((m, i) => parseMessage(m, i + 1));
}

/** Splits the text into tagged fields; continuation lines belong to the field above. SWIFT envelopes ({1:…}{4: … -}) are dropped. */
function fieldsOf(text: string): Field[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const fields: Field[] = [];
  lines.forEach((raw, i) => {
    let line = raw.replace(/^\{[1-3]:[^}]*\}/g, '').replace(/^\{4:/, '');
    if (/^-\}?\s*$/.test(line) || line.trim() === '' || /^\{5:/.test(line)) return;
    line = line.replace(/-\}\s*$/, '');
    const m = TAG_LINE.exec(line);
    if (m) fields.push({ tag: m[1]!, value: m[2]!, line: i + 1 });
    else if (fields.length > 0) fields[fields.length - 1]!.value += `\n${line}`;
  });
  return fields;
}

const yymmdd = (s: string) => `${Number(s.slice(0, 2)) < 80 ? '20' : '19'}${s.slice(0, 2)}-${s.slice(2, 4)}-${s.slice(4, 6)}`;

function balanceOf(field: Field, where: string): StatementBalance & { currency: string } {
  const m = /^([CD])(\d{6})([A-Z]{3})(\d+,\d*)/.exec(field.value.trim());
  if (!m) throw new StatementParseError(`${where} (line ${field.line}): :${field.tag}: "${field.value.trim()}" is not a balance (C/D, YYMMDD, currency, amount).`);
  const cents = toCents(m[4]!, ',')!;
  return { amountCents: m[1] === 'D' ? -cents : cents, date: yymmdd(m[2]!), currency: m[3]! };
}

function parseMessage(fields: Field[], index: number): ParsedStatement {
  const where = `Statement ${index}`;
  const line = fields[0]?.line ?? 0;
  const one = (...tags: string[]) => fields.find((f) => tags.includes(f.tag));
  const account = one('25');
  if (!account) throw new StatementParseError(`${where} (line ${line}): the account :25: is missing.`);
  const openingField = one('60F', '60M');
  if (!openingField) throw new StatementParseError(`${where} (line ${line}): the opening balance :60F: is missing.`);
  const closingField = one('62F', '62M');
  if (!closingField) throw new StatementParseError(`${where} (line ${line}): the closing balance :62F: is missing.`);
  const opening = balanceOf(openingField, where);
  const closing = balanceOf(closingField, where);
  const entries: Array<Omit<ParsedEntry, 'key'>> = [];
  fields.forEach((f, i) => {
    if (f.tag !== '61') return;
    const info = fields[i + 1]?.tag === '86' ? fields[i + 1]!.value : '';
    entries.push(entryOf(f, info, opening.currency, where));
  });
  const accountText = account.value.trim();
  const tail = accountText.split('/').pop() ?? accountText;
  const iban = [accountText, tail, tail.replace(/[A-Z]{3}$/, '')].map(normalizeIban).find(isValidIban) ?? null;
  const bic = /^([A-Z0-9]{8}(?:[A-Z0-9]{3})?)\//.exec(accountText)?.[1] ?? null;
  return {
    format: 'mt940',
    statementId: one('20')?.value.trim() ?? null,
    sequence: one('28C', '28')?.value.trim() ?? null,
    iban,
    accountText,
    currency: opening.currency,
    bic,
    bankName: null,
    from: opening.date,
    to: closing.date,
    opening: { amountCents: opening.amountCents, date: opening.date },
    closing: { amountCents: closing.amountCents, date: closing.date },
    entries: withKeys(entries),
  };
}

/** :61: value date YYMMDD, booking date MMDD, [R]C/D, funds code, amount, type, customer reference[//bank reference][\n details]. */
const LINE_61 = /^(\d{6})(\d{4})?(RC|RD|C|D)([A-Z])?(\d+,\d*)([NFS][A-Z0-9]{3})([^\n]*?)(?:\/\/([^\n]*))?(?:\n([\s\S]*))?$/;

function entryOf(field: Field, info: string, currency: string, where: string): Omit<ParsedEntry, 'key'> {
  const m = LINE_61.exec(field.value.trim());
  if (!m) throw new StatementParseError(`${where} (line ${field.line}): :61: "${field.value.split('\n')[0]}" is not a statement line.`);
  const valueDate = yymmdd(m[1]!);
  let bookingDate = valueDate;
  if (m[2]) {
    const month = Number(m[2].slice(0, 2));
    const valueMonth = Number(valueDate.slice(5, 7));
    let year = Number(valueDate.slice(0, 4));
    if (valueMonth === 12 && month === 1) year += 1;
    if (valueMonth === 1 && month === 12) year -= 1;
    bookingDate = `${year}-${m[2].slice(0, 2)}-${m[2].slice(2, 4)}`;
  }
  const cents = toCents(m[5]!, ',')!;
  const mark = m[3]!;
  const debit = mark === 'D' || mark === 'RC';
  const customerRef = m[7]!.trim();
  const purpose = purposeOf(info);
  return {
    ...emptyEntryFields,
    status: 'booked',
    bookingDate,
    valueDate,
    amountCents: debit ? -cents : cents,
    currency,
    reversal: mark.startsWith('R'),
    bankReference: m[8]?.trim() || null,
    bankCode: purpose.code ?? m[6]!,
    reference: customerRef && customerRef !== 'NONREF' ? customerRef : null,
    ...purpose.fields,
  };
}

/** :86: structured (GVC ?00 posting text ?20-?29 purpose ?30 BIC ?31 IBAN ?32-?33 name ?60-?63 purpose) or free text. */
function purposeOf(info: string): { code: string | null; fields: Partial<ParsedEntry> } {
  const joined = info.replace(/\n/g, '');
  const structured = /^(\d{3})\?/.exec(joined);
  if (!structured) return { code: null, fields: { remittance: info.replace(/\s*\n\s*/g, ' ').trim() } };
  const parts = new Map<number, string>();
  for (const m of joined.slice(3).matchAll(/\?(\d{2})([^?]*)/g)) parts.set(Number(m[1]), (parts.get(Number(m[1])) ?? '') + m[2]!);
  const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => parts.get(from + i) ?? '').join('');
  const purpose = range(20, 29) + range(60, 63);
  const keyed = sepaFields(purpose);
  const iban = (parts.get(31) ?? '').trim();
  return {
    code: structured[1]!,
    fields: {
      counterpartyName: range(32, 33).trim(),
      counterpartyBic: (parts.get(30) ?? '').trim() || null,
      counterpartyIban: isValidIban(iban) ? normalizeIban(iban) : null,
      remittance: (keyed.SVWZ ?? (Object.keys(keyed).length ? '' : purpose)).replace(/\s+/g, ' ').trim() || purpose.trim(),
      endToEndId: keyed.EREF && keyed.EREF !== 'NOTPROVIDED' ? keyed.EREF : null,
      mandateId: keyed.MREF ?? null,
    },
  };
}

function sepaFields(purpose: string): Record<string, string> {
  const found = [...purpose.matchAll(SEPA_KEYS)];
  const out: Record<string, string> = {};
  found.forEach((m, i) => {
    const end = found[i + 1]?.index ?? purpose.length;
    out[m[1]!] = purpose.slice(m.index! + m[0].length, end).trim();
  });
  return out;
}
