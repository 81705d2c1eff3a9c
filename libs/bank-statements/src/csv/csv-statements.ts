import { isValidBIC } from '@portal/domain';
import { validIban } from '../iban';
import { newEntry, noIntermediate, type BankStatement, type EntryStatus, type ParsedEntry, type StatementBalance } from '../statement';
import { sepaPurpose } from './sepa-purpose';

/** One row of an export as the readers hand it over: what it says, before statements are formed. */
export interface CsvRow {
  line: number;
  ownAccount: string | null;
  bookingDate: string;
  valueDate: string | null;
  amountCents: number;
  currency: string | null;
  status: EntryStatus;
  counterpartyName: string;
  counterpartyIban: string;
  counterpartyBic: string;
  remittance: string;
  postingText: string;
  reference: string;
  endToEndId: string;
  mandateId: string;
  bankReference: string;
  /** The account balance after this booking, when the export has that column. */
  balanceAfter: number | null;
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

function entryOf(row: CsvRow, fallbackCurrency: string): ParsedEntry {
  const bic = row.counterpartyBic.replace(/\s+/g, '').toUpperCase();
  const sepa = sepaPurpose(row.remittance);
  const endToEnd = orNull(row.endToEndId) ?? sepa.endToEndId;
  return newEntry({
    status: row.status,
    bookingDate: row.bookingDate,
    valueDate: row.valueDate,
    amountCents: row.amountCents,
    currency: row.currency && /^[A-Z]{3}$/.test(row.currency) ? row.currency : fallbackCurrency,
    counterpartyName: row.counterpartyName.replace(/\s+/g, ' ').trim(),
    counterpartyIban: validIban(row.counterpartyIban),
    counterpartyBic: bic && isValidBIC(bic) ? bic : null,
    remittance: sepa.text,
    reference: orNull(row.reference),
    endToEndId: endToEnd && !/^NOT ?PROVIDED$/i.test(endToEnd) ? endToEnd : null,
    mandateId: orNull(row.mandateId) ?? sepa.mandateId,
    bankReference: orNull(row.bankReference),
    bankCode: orNull(row.postingText),
  });
}

/**
 * The opening and closing balance from a balance-after column: rows in the order of booking (exports list the
 * newest first or last), the balance before the first booking and after the last. The order is the one in which
 * the balances chain (each the one before plus the row's amount) when they chain one way only: the bank's own
 * balances outweigh dates that run the other way; else the dates decide.
 */
function balancesOf(rows: CsvRow[]): { opening: StatementBalance; closing: StatementBalance } | null {
  const withBalance = rows.filter((r) => r.status === 'booked');
  if (withBalance.length === 0 || withBalance.some((r) => r.balanceAfter === null)) return null;
  const firstDay = withBalance[0]!.bookingDate;
  const lastDay = withBalance[withBalance.length - 1]!.bookingDate;
  const forward = consistent(withBalance);
  const backward = consistent([...withBalance].reverse());
  const newestFirst = forward !== backward ? backward : firstDay > lastDay;
  const ordered = newestFirst ? [...withBalance].reverse() : withBalance;
  const first = ordered[0]!;
  const last = ordered[ordered.length - 1]!;
  return {
    opening: { amountCents: first.balanceAfter! - first.amountCents, date: first.bookingDate },
    closing: { amountCents: last.balanceAfter!, date: last.bookingDate },
  };
}

const consistent = (rows: CsvRow[]) => rows.every((r, i) => i === 0 || rows[i - 1]!.balanceAfter! + r.amountCents === r.balanceAfter);

/** The rows of one export as statements: one per own account (an export may hold several accounts). */
export function statementsOfRows(
  rows: CsvRow[],
  options: {
    bank: string | null;
    fallbackCurrency: string;
    ownAccount: string | null;
    stated?: { opening: StatementBalance | null; closing: StatementBalance | null };
  },
): BankStatement[] {
  const groups = new Map<string, CsvRow[]>();
  for (const row of rows) {
    const account = row.ownAccount ?? options.ownAccount ?? '';
    let group = groups.get(account);
    if (!group) groups.set(account, (group = []));
    group.push(row);
  }
  if (groups.size === 0) groups.set(options.ownAccount ?? '', []);
  return [...groups].map(([account, group]) => {
    const currency = group.find((r) => r.currency && /^[A-Z]{3}$/.test(r.currency))?.currency ?? options.fallbackCurrency;
    const entries = group.map((r) => entryOf(r, currency));
    const days = entries.map((e) => e.bookingDate).sort();
    const running = balancesOf(group);
    const opening = running?.opening ?? (groups.size === 1 ? (options.stated?.opening ?? null) : null);
    const closing = running?.closing ?? (groups.size === 1 ? (options.stated?.closing ?? null) : null);
    const statement: BankStatement = {
      format: 'csv',
      kind: 'statement',
      statementId: null,
      sequence: null,
      iban: validIban(account),
      accountText: account === '' ? null : account,
      currency,
      bic: null,
      bankName: options.bank,
      from: days[0] ?? null,
      to: days[days.length - 1] ?? null,
      opening,
      closing,
      intermediate: { ...noIntermediate },
      totals: null,
      entries,
    };
    return statement;
  });
}
