import type { StatementFormat } from '@portal/contracts';
import { ibanInAccountText } from '../account-text';
import { bankOfBic, bankOfIban } from '../banks';
import { newEntry, StatementParseError, type BankStatement, type ParsedEntry, type StatedTotals, type StatementBalance } from '../statement';
import { statementLine } from './line-61';
import { purposeOf } from './purpose-86';
import { messagesOf, type SwiftField, type SwiftMessage } from './swift-fields';
import { swiftCents, swiftDate } from './swift-values';

export interface SwiftFile {
  format: StatementFormat;
  bank: string | null;
  statements: BankStatement[];
  /** Lines after a statement's end that belong to none (entries without account and balances), 1-based. */
  strayLines: number[];
}

/** What makes a block a statement: a balance, an entry, or an interim report's floor, time or totals. */
const STATEMENT_TAGS = new Set(['60F', '60M', '62F', '62M', '61', '34F', '13', '13D', '90D', '90C']);
/** What names a statement: its reference, account or number. Entries without any of them belong to none. */
const HEADER_TAGS = new Set(['20', '25', '25P', '28', '28C']);

/** :60F:/:62F: and friends: C/D, YYMMDD, currency, amount. */
function balanceOf(field: SwiftField, where: string): StatementBalance & { currency: string } {
  const text = field.value.split('\n')[0]!.trim();
  const m = /^([CD])(\d{6})([A-Z]{3})(\d+(?:[.,]\d*)?)$/.exec(text);
  const date = m ? swiftDate(m[2]!) : null;
  const cents = m ? swiftCents(m[4]!) : null;
  if (!m || !date || cents === null)
    throw new StatementParseError(`${where} (line ${field.line}): :${field.tag}: "${text}" is not a balance (C/D, date YYMMDD, currency, amount).`);
  return { amountCents: m[1] === 'D' ? -cents : cents, date, currency: m[3]! };
}

/** :90D:/:90C: of MT942: number of entries, currency, sum. */
function countAndSum(field: SwiftField | undefined): { count: number; cents: number } | null {
  const m = field ? /^(\d+)([A-Z]{3})(\d+(?:[.,]\d*)?)/.exec(field.value.trim()) : null;
  const cents = m ? swiftCents(m[3]!) : null;
  return m && cents !== null ? { count: Number(m[1]), cents } : null;
}

/**
 * SWIFT MT940 customer statements and MT942 interim reports as banks deliver them: envelopes and header lines,
 * several statements in one file, statements over several messages (:60M:/:62M: intermediate balances), blocks
 * without :20:, funds codes, booking times, booking dates across the turn of the year, structured :86:
 * (German ?20-?63 subfields with SEPA keywords, Dutch /TAG/ fields). MT942 entries are not yet booked.
 */
export function readSwift(text: string): SwiftFile {
  const messages = messagesOf(text);
  const statements: BankStatement[] = [];
  let index = 0;
  const strayLines: number[] = [];
  for (const message of messages) {
    const tags = new Set(message.fields.map((f) => f.tag));
    // A block without balances, entries or report totals (an :86: alone, a :20:/:25: header) says nothing.
    if (![...tags].some((t) => STATEMENT_TAGS.has(t))) continue;
    // Entries after a statement's end with nothing naming their statement are a fragment: not imported, reported.
    const balanced = tags.has('60F') || tags.has('60M') || tags.has('62F') || tags.has('62M');
    if (statements.length > 0 && !balanced && ![...tags].some((t) => HEADER_TAGS.has(t))) {
      strayLines.push(...linesOf(message));
      continue;
    }
    index++;
    statements.push(statementOf(message, index, tags));
  }
  if (statements.length === 0) throw new StatementParseError('Line 1: no MT940 statement found (no :60F: balance, :61: line or MT942 totals).');
  const interim = statements.every((s) => s.format === 'mt942');
  const bic = messages.map((m) => m.senderBic).find(Boolean) ?? null;
  const bank = bankOfBic(bic) ?? statements.map((s) => s.bankName).find(Boolean) ?? null;
  return { format: interim ? 'mt942' : 'mt940', bank, statements, strayLines };
}

/** The 1-based lines a message's fields span, continuation lines included, blank lines after them not. */
function linesOf(message: SwiftMessage): number[] {
  return message.fields.flatMap((f) =>
    f.value
      .replace(/(\n\s*)+$/, '')
      .split('\n')
      .map((_, i) => f.line + i),
  );
}

function statementOf(message: SwiftMessage, index: number, tags: Set<string>): BankStatement {
  const where = `Statement ${index}`;
  const fields = message.fields;
  const one = (...wanted: string[]) => fields.find((f) => wanted.includes(f.tag));
  const openingField = one('60F', '60M');
  const closingField = one('62F', '62M');
  const interim = message.messageType === '942' || (!openingField && !closingField && ['34F', '13D', '13', '90D', '90C'].some((t) => tags.has(t)));
  const opening = openingField ? balanceOf(openingField, where) : null;
  const closing = closingField ? balanceOf(closingField, where) : null;
  const floor = /^([A-Z]{3})/.exec(one('34F')?.value.trim() ?? '')?.[1] ?? null;
  const currency = opening?.currency ?? closing?.currency ?? floor ?? /^\d+([A-Z]{3})/.exec(one('90D', '90C')?.value.trim() ?? '')?.[1] ?? null;
  const entries: ParsedEntry[] = [];
  fields.forEach((f, i) => {
    if (f.tag !== '61') return;
    const next = fields[i + 1];
    entries.push(entryOf(f, next?.tag === '86' ? next.value : '', currency ?? 'EUR', interim, where));
  });
  const accountText = one('25')?.value.split('\n')[0]!.trim() || null;
  const iban = ibanInAccountText(accountText);
  const accountBic = /^([A-Z]{6}[A-Z0-9]{2}(?:[A-Z0-9]{3})?)\//.exec(accountText ?? '')?.[1] ?? null;
  const bic = accountBic ?? message.senderBic;
  const days = entries.map((e) => e.bookingDate).sort();
  const totals: StatedTotals | null = tags.has('90D') || tags.has('90C') ? { debit: countAndSum(one('90D')), credit: countAndSum(one('90C')) } : null;
  const stamp = /^(\d{6})/.exec(one('13D', '13')?.value.trim() ?? '')?.[1];
  return {
    format: interim ? 'mt942' : 'mt940',
    kind: interim ? 'report' : 'statement',
    statementId: one('20')?.value.trim() || null,
    sequence: one('28C', '28')?.value.trim() || null,
    iban,
    accountText,
    currency,
    bic,
    bankName: bankOfBic(bic) ?? bankOfIban(iban),
    from: opening?.date ?? days[0] ?? (stamp ? swiftDate(stamp) : null),
    to: closing?.date ?? days[days.length - 1] ?? (stamp ? swiftDate(stamp) : null),
    opening: opening ? { amountCents: opening.amountCents, date: opening.date } : null,
    closing: closing ? { amountCents: closing.amountCents, date: closing.date } : null,
    intermediate: { opening: openingField?.tag === '60M', closing: closingField?.tag === '62M' },
    totals,
    entries,
  };
}

function entryOf(field: SwiftField, info: string, currency: string, interim: boolean, where: string): ParsedEntry {
  const line = statementLine(field, where);
  const purpose = purposeOf(info);
  const supplementaryIban = ibanInAccountText(line.supplementary) ?? ibanInAccountText(line.customerReference);
  return newEntry({
    status: interim || line.expected ? 'pending' : 'booked',
    bookingDate: line.bookingDate,
    valueDate: line.valueDate,
    amountCents: line.amountCents,
    currency,
    reversal: line.reversal,
    counterpartyName: purpose.counterpartyName,
    counterpartyIban: purpose.counterpartyIban ?? supplementaryIban,
    counterpartyBic: purpose.counterpartyBic,
    remittance: purpose.remittance,
    reference: line.customerReference && line.customerReference !== supplementaryIban ? line.customerReference : null,
    endToEndId: purpose.endToEndId,
    mandateId: purpose.mandateId,
    bankReference: line.bankReference,
    bankCode: purpose.code ?? line.type,
  });
}
