import { createHash } from 'node:crypto';
import type { ParsedEntry } from './statement';

type Unkeyed = Omit<ParsedEntry, 'key'>;

const NO_REFERENCE = new Set(['', 'NONREF', 'NOTPROVIDED', 'NOT PROVIDED']);

/**
 * Keys that recognise an entry when a statement is imported again: the bank's own reference with date and
 * amount where the bank gives one, else a hash of what the entry says plus how often the same content
 * occurred before it in the statement (two equal coffees on one day stay two entries).
 */
export function withKeys(entries: Unkeyed[]): ParsedEntry[] {
  const seen = new Map<string, number>();
  return entries.map((e) => {
    const ref = (e.bankReference ?? '').trim();
    const base = NO_REFERENCE.has(ref.toUpperCase())
      ? `h:${createHash('sha256').update(JSON.stringify([e.bookingDate, e.valueDate, e.amountCents, e.currency, e.counterpartyIban, e.counterpartyName, e.remittance, e.endToEndId, e.reference, e.status])).digest('hex').slice(0, 32)}`
      : `r:${ref}|${e.bookingDate}|${e.amountCents}${e.batchRef ? `|${e.endToEndId ?? ''}` : ''}`;
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    return { ...e, key: n === 0 ? base : `${base}#${n}` };
  });
}
