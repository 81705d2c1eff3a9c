import type { ImportWarning } from '@portal/contracts';
import type { BankStatement, ParsedEntry } from './statement';

/** The balance an account was last left at: the closing balance of its latest statement. */
export interface LastBalance {
  date: string;
  cents: number;
}

export interface ReconcileOptions {
  /** Which account a statement is for (statements of one account chain); by default its IBAN or account text. */
  accountOf?: (statement: BankStatement, index: number) => string;
  /** The account's last closing balance before this file (from earlier imports). */
  previous?: ReadonlyMap<string, LastBalance>;
}

/** How the import names a statement: its id, its sequence number, else its position in the file. */
export const statementLabel = (s: BankStatement, index: number) => s.statementId ?? s.sequence ?? `${index + 1}`;

const booked = (s: BankStatement) => s.entries.reduce((sum, e) => (e.status === 'booked' ? sum + e.amountCents : sum), 0);

/** Entries as the bank lists them (the parts of a split batch count once), by direction. */
function listedTotals(entries: ParsedEntry[]) {
  const groups = new Map<string, number>();
  entries.forEach((e, i) => groups.set(e.batchRef ?? `#${i}`, (groups.get(e.batchRef ?? `#${i}`) ?? 0) + e.amountCents));
  const out = { credit: { count: 0, cents: 0 }, debit: { count: 0, cents: 0 } };
  for (const cents of groups.values()) {
    const side = cents >= 0 ? out.credit : out.debit;
    side.count++;
    side.cents += Math.abs(cents);
  }
  return out;
}

/**
 * Every statement reconciles: its opening balance plus its booked entries is its closing balance, and it opens
 * with the closing balance of the account's previous statement (in the file, or from an earlier import). Each
 * finding is a warning with both figures; nothing is refused for it.
 */
export function reconcile(statements: BankStatement[], options: ReconcileOptions = {}): ImportWarning[] {
  const accountOf = options.accountOf ?? ((s: BankStatement) => s.iban ?? s.accountText ?? '');
  const last = new Map(options.previous ?? []);
  const warnings: ImportWarning[] = [];
  statements.forEach((s, i) => {
    const base = { statement: statementLabel(s, i), statement_index: i + 1 };
    const account = accountOf(s, i);
    if (s.opening && s.closing) {
      const expected = s.opening.amountCents + booked(s);
      if (expected !== s.closing.amountCents)
        warnings.push({
          kind: 'balance-mismatch',
          ...base,
          expected_cents: expected,
          actual_cents: s.closing.amountCents,
          difference_cents: s.closing.amountCents - expected,
        });
    } else if (s.kind === 'statement' && s.format !== 'csv' && (s.opening || s.closing)) {
      warnings.push({ kind: 'missing-balance', ...base, current: s.opening ? 'closing' : 'opening' });
    }
    if (s.totals) {
      const listed = listedTotals(s.entries);
      for (const side of ['credit', 'debit'] as const) {
        const stated = s.totals[side];
        if (stated && (stated.count !== listed[side].count || stated.cents !== listed[side].cents)) {
          warnings.push({
            kind: 'totals-mismatch',
            ...base,
            expected_cents: stated.cents,
            actual_cents: listed[side].cents,
            difference_cents: listed[side].cents - stated.cents,
            previous: `${stated.count} ${side}`,
            current: `${listed[side].count} ${side}`,
          });
        }
      }
    }
    const previous = last.get(account);
    // A statement that closes where the account was left is that statement again (a file imported twice), no gap.
    const again = previous && s.closing && s.closing.date === previous.date && s.closing.amountCents === previous.cents;
    if (s.opening && previous && !again && s.opening.date >= previous.date && s.opening.amountCents !== previous.cents) {
      warnings.push({
        kind: 'gap',
        ...base,
        expected_cents: previous.cents,
        actual_cents: s.opening.amountCents,
        difference_cents: s.opening.amountCents - previous.cents,
        previous: previous.date,
        current: s.opening.date,
      });
    }
    if (s.closing && (!previous || s.closing.date >= previous.date)) last.set(account, { date: s.closing.date, cents: s.closing.amountCents });
  });
  return warnings;
}
