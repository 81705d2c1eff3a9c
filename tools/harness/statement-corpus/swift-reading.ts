import { centsOf, notAStatement, realDate, type ReadStatement, type Reading } from './reading';

interface Tagged {
  tag: string;
  value: string;
}

/** Two-digit SWIFT years: 80-99 are 19xx. */
const year = (yy: string) => (Number(yy) >= 80 ? 1900 : 2000) + Number(yy);
const validYymmdd = (s: string) => realDate(year(s.slice(0, 2)), Number(s.slice(2, 4)), Number(s.slice(4, 6)));

/** Amount text of SWIFT fields: decimal comma (some banks write a point). */
const swiftCents = (text: string) => centsOf(text, text.includes(',') ? ',' : '.');

/** Messages of the file: SWIFT envelopes ({4: ... -}, also as ä4: ... -å), bare "-" lines and :20: start one. */
function messagesOf(text: string): Tagged[][] {
  const messages: Tagged[][] = [];
  let current: Tagged[] = [];
  const close = () => {
    if (current.length > 0) messages.push(current);
    current = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    let line = raw.replace(/\{[1-3]:(\{[^}]*\}|[^}])*\}/g, '');
    if (/^\s*(\{4:|ä4:)\s*$/.test(line)) {
      close();
      continue;
    }
    line = line.replace(/^\{4:/, '');
    if (/^\s*-\s*(\}|å)?\s*(\{5:.*)?$/.test(line)) {
      close();
      continue;
    }
    const tag = /^:(\d\d[A-Z]?):(.*)$/.exec(line);
    if (tag) {
      if (tag[1] === '20') close();
      current.push({ tag: tag[1]!, value: tag[2]! });
    } else if (current.length > 0) current[current.length - 1]!.value += `\n${line}`;
  }
  close();
  // Blocks without :20: that follow a closed statement start a new one at their first account or opening field.
  return messages.flatMap((m) => {
    const parts: Tagged[][] = [[]];
    for (const f of m) {
      const part = parts[parts.length - 1]!;
      const closed = part.some((p) => p.tag.startsWith('62'));
      if (closed && ['25', '28', '28C', '60F', '60M'].includes(f.tag)) parts.push([]);
      parts[parts.length - 1]!.push(f);
    }
    return parts.filter((p) => p.length > 0);
  });
}

function balance(field: Tagged): number | string {
  const text = field.value.split('\n')[0]!.trim();
  const m = /^([CD])(\d{6})([A-Z]{3})([\d.,]+)$/.exec(text);
  if (!m || !validYymmdd(m[2]!)) return `:${field.tag}: "${text}"`;
  const cents = swiftCents(m[4]!);
  if (cents === null) return `:${field.tag}: amount "${m[4]}"`;
  return m[1] === 'D' ? -cents : cents;
}

/** The value date, D/C mark (RC/RD reversals) and amount at the start of a :61: field; the rest is not needed here. */
function line61(field: Tagged): number | string {
  const m = /^(\d{6})(?:\d{4}|\s{4})?(RC|RD|C|D)[A-Z]?(\d[\d.,]*)/.exec(field.value);
  if (!m || !validYymmdd(m[1]!)) return `:61: "${field.value.split('\n')[0]}"`;
  const cents = swiftCents(m[3]!);
  if (cents === null) return `:61: amount "${m[3]}"`;
  return m[2] === 'C' || m[2] === 'RD' ? cents : -cents;
}

/**
 * MT940 and MT942 (SWIFT customer statement and interim report). MT940: opening :60F:/:60M:, closing
 * :62F:/:62M:, booked :61: lines. MT942 (no opening balance; :34F: floor limit, :13D:, :90D:/:90C: sums):
 * its :61: lines are not yet booked (Vormerkposten).
 */
export function readSwift(text: string): Reading {
  const statements: ReadStatement[] = [];
  for (const message of messagesOf(text)) {
    const tags = new Set(message.map((f) => f.tag));
    const entries = message.filter((f) => f.tag === '61');
    const hasBalances = [...tags].some((t) => /^6[02]/.test(t));
    if (entries.length === 0 && !hasBalances) continue;
    const interim = !hasBalances && [...tags].some((t) => ['34F', '13D', '13', '90D', '90C'].includes(t));
    const statement: ReadStatement = {
      account:
        message
          .find((f) => f.tag === '25')
          ?.value.split('\n')[0]!
          .trim() ?? null,
      opening: null,
      closing: null,
      booked: { count: 0, cents: 0 },
      pending: { count: 0, cents: 0 },
    };
    const opening = message.find((f) => f.tag === '60F' || f.tag === '60M');
    const closing = message.find((f) => f.tag === '62F' || f.tag === '62M');
    for (const [key, field] of [
      ['opening', opening],
      ['closing', closing],
    ] as const) {
      if (!field) continue;
      const cents = balance(field);
      if (typeof cents === 'string') return notAStatement(cents);
      statement[key] = cents;
    }
    for (const entry of entries) {
      const cents = line61(entry);
      if (typeof cents === 'string') return notAStatement(cents);
      const bucket = interim ? statement.pending : statement.booked;
      bucket.count++;
      bucket.cents += cents;
    }
    statements.push(statement);
  }
  if (statements.length === 0) return notAStatement('no :61: line and no balance');
  return { kind: 'statements', statements };
}
