import { createHash } from 'node:crypto';
import type { BankStatement, ParsedEntry } from './statement';

const NO_REFERENCE = new Set(['', 'NONREF', 'NOTPROVIDED', 'NOT PROVIDED']);

/** The key an entry has before occurrences are counted: the bank's reference with date and amount, else a hash of its content. */
export function baseKeyOf(e: Omit<ParsedEntry, 'key'>, partOfBatch = e.batchRef !== null): string {
  const ref = (e.bankReference ?? '').trim();
  if (NO_REFERENCE.has(ref.toUpperCase())) {
    const content = JSON.stringify([
      e.bookingDate,
      e.valueDate,
      e.amountCents,
      e.currency,
      e.counterpartyIban,
      e.counterpartyName,
      e.remittance,
      e.endToEndId,
      e.reference,
      e.status,
    ]);
    return `h:${createHash('sha256').update(content).digest('hex').slice(0, 32)}`;
  }
  return `r:${ref}|${e.bookingDate}|${e.amountCents}${partOfBatch ? `|${e.endToEndId ?? ''}` : ''}`;
}

/**
 * Keys that recognise an entry when a statement is imported again: the bank's reference with date and amount
 * where the bank gives one, else a hash of what the entry says, plus how often the same content occurred
 * before it in the file for the same account (two equal coffees on one day stay two entries, also when a
 * statement continues in a second message).
 */
export function assignKeys(statements: BankStatement[]): void {
  const seen = new Map<string, number>();
  for (const statement of statements) {
    const account = statement.iban ?? statement.accountText ?? '';
    for (const entry of statement.entries) {
      const base = baseKeyOf(entry);
      const counter = `${account}\n${base}`;
      const n = seen.get(counter) ?? 0;
      seen.set(counter, n + 1);
      entry.key = n === 0 ? base : `${base}#${n}`;
    }
  }
}

/** Keys for the entries of one account read from elsewhere (a connected bank): as assignKeys gives them in a file. */
export function withKeys(entries: Array<Omit<ParsedEntry, 'key'>>): ParsedEntry[] {
  const keyed = entries.map((e) => ({ ...e, key: '' }));
  assignKeys([{ entries: keyed, iban: null, accountText: null } as unknown as BankStatement]);
  return keyed;
}
