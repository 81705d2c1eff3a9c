import type { BankAccess, BankAccount, BankImport, BankTransaction, MatchAllocation, TransactionMatch } from '@portal/contracts';
import {
  BANK_ACCESS_EVENT_TYPES,
  BANK_ACCOUNT_EVENT_TYPES,
  BANK_IMPORT_EVENT_TYPES,
  BANK_LEDGER_EVENT_TYPES,
  type Allocation,
  type BankAccessEvent,
  type BankAccountEvent,
  type BankLedgerEvent,
  type BankStatementImported,
  type LedgerEntry,
  type PendingTransactionsReplaced,
  domainEventOf,
  matchStatusOf,
  matchStatusSeenOf,
} from '@portal/domain';
import {
  collectionSpecs,
  BANK_ACCOUNTS,
  BANK_ACCESSES,
  BANK_TRANSACTIONS,
  BANK_ACCOUNT_DAYS,
  BANK_IMPORTS,
  put,
  remove,
  type StoredBankTransaction,
} from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { PAYROLL_MARK_EVENTS, PayrollMarks } from './payroll-marks';

type BankingEvent = BankAccountEvent | BankAccessEvent | BankLedgerEvent | PendingTransactionsReplaced | BankStatementImported;
type StoredAccess = Omit<BankAccess, 'validity' | 'days_left'>;
type Put = ChangeIntent;
/** Open items are documents (same id): an allocation to a payroll document is marked, so only dpv users see it. */
const payrollDocuments = new PayrollMarks('banking_payroll_documents');

const accountIdOf = (streamId: string) => streamId.replace(/^bank-account-/, '');
const accessIdOf = (streamId: string) => streamId.replace(/^bank-access-/, '');

function transactionOf(
  e: LedgerEntry,
  clientNo: number,
  accountId: string,
  importId: string,
  status: BankTransaction['status'],
  at: string,
): StoredBankTransaction {
  return {
    id: e.id,
    client_no: clientNo,
    account_id: accountId,
    status,
    booking_date: e.bookingDate,
    value_date: e.valueDate,
    amount_cents: e.amountCents,
    abs_cents: Math.abs(e.amountCents),
    currency: e.currency,
    direction: e.amountCents < 0 ? 'debit' : 'credit',
    reversal: e.reversal,
    counterparty_name: e.counterpartyName,
    counterparty_iban: e.counterpartyIban,
    counterparty_bic: e.counterpartyBic,
    remittance: e.remittance,
    reference: e.reference,
    end_to_end_id: e.endToEndId,
    mandate_id: e.mandateId,
    bank_reference: e.bankReference,
    bank_code: e.bankCode,
    batch_ref: e.batchRef,
    import_id: importId,
    match_status: 'unmatched',
    match_status_without_payroll: 'unmatched',
    matched_cents: 0,
    matches: [],
    search_refs: [e.counterpartyIban, e.reference, e.endToEndId, e.mandateId, e.bankReference].filter(Boolean).join(' '),
    updated_at: at,
  };
}

/** Balance = opening balance + booked transactions from the opening date on, from the day sums. */
async function withBalance(account: BankAccount, view: ProjectionView): Promise<BankAccount> {
  const days = await view.findWhere(BANK_ACCOUNT_DAYS, { account_id: account.id });
  let balance = account.opening_balance_cents;
  let count = 0;
  let last: string | null = null;
  for (const d of days) {
    count += d.count as number;
    if ((d.date as string) >= account.opening_date) balance += d.sum_cents as number;
    if (last === null || (d.date as string) > last) last = d.date as string;
  }
  return { ...account, balance_cents: balance, booked_count: count, last_booking_date: last };
}

async function account(view: ProjectionView, id: string): Promise<BankAccount | null> {
  return await view.get(BANK_ACCOUNTS, id);
}

async function projectAccount(event: BankAccountEvent, id: string, revision: number, at: string, view: ProjectionView): Promise<Put[]> {
  if (event.type === 'BankAccountOpened') {
    const d = event.data;
    const opened: BankAccount = {
      id,
      client_no: d.client_no,
      iban: d.iban,
      bic: d.bic,
      bank_name: d.bankName,
      type: d.accountType,
      currency: d.currency,
      label: d.label,
      opening_balance_cents: d.openingBalanceCents,
      opening_date: d.openingDate,
      archived: false,
      balance_cents: d.openingBalanceCents,
      booked_count: 0,
      pending_count: 0,
      last_booking_date: null,
      last_statement_date: null,
      last_statement_balance_cents: null,
      access_id: null,
      csv_mapping: null,
      reconciliation: null,
      created_at: at,
      revision,
      updated_at: at,
    };
    return [put(BANK_ACCOUNTS, await withBalance(opened, view))];
  }
  const current = await account(view, id);
  if (!current) return [];
  const next = { ...current, revision, updated_at: at };
  switch (event.type) {
    case 'BankAccountChanged': {
      const c = event.data.changes;
      const changed: BankAccount = {
        ...next,
        ...(c.bic !== undefined ? { bic: c.bic } : {}),
        ...(c.bankName !== undefined ? { bank_name: c.bankName } : {}),
        ...(c.accountType !== undefined ? { type: c.accountType } : {}),
        ...(c.currency !== undefined ? { currency: c.currency } : {}),
        ...(c.label !== undefined ? { label: c.label } : {}),
        ...(c.openingBalanceCents !== undefined ? { opening_balance_cents: c.openingBalanceCents } : {}),
        ...(c.openingDate !== undefined ? { opening_date: c.openingDate } : {}),
      };
      return [put(BANK_ACCOUNTS, await withBalance(changed, view))];
    }
    case 'BankAccountCsvMappingSaved':
      return [put(BANK_ACCOUNTS, { ...next, csv_mapping: event.data.mapping })];
    case 'BankAccountArchived':
      return [put(BANK_ACCOUNTS, { ...next, archived: true })];
    case 'BankAccountRestored':
      return [put(BANK_ACCOUNTS, { ...next, archived: false })];
    default:
      return [];
  }
}

async function projectRecorded(
  data: { importId: string; client_no: number; accountId: string; entries: LedgerEntry[] },
  at: string,
  view: ProjectionView,
): Promise<Put[]> {
  const changes: Put[] = data.entries.map((e) => put(BANK_TRANSACTIONS, transactionOf(e, data.client_no, data.accountId, data.importId, 'booked', at)));
  const perDay = new Map<string, { sum: number; count: number }>();
  for (const e of data.entries) {
    const day = perDay.get(e.bookingDate) ?? { sum: 0, count: 0 };
    day.sum += e.amountCents;
    day.count += 1;
    perDay.set(e.bookingDate, day);
  }
  const current = await account(view, data.accountId);
  let balance = current?.balance_cents ?? 0;
  let last = current?.last_booking_date ?? null;
  for (const [date, add] of perDay) {
    const id = `${data.accountId}:${date}`;
    const day = await view.get(BANK_ACCOUNT_DAYS, id);
    changes.push(
      put(BANK_ACCOUNT_DAYS, {
        id,
        account_id: data.accountId,
        client_no: data.client_no,
        date,
        sum_cents: ((day?.sum_cents as number | undefined) ?? 0) + add.sum,
        count: ((day?.count as number | undefined) ?? 0) + add.count,
      }),
    );
    if (current && date >= current.opening_date) balance += add.sum;
    if (last === null || date > last) last = date;
  }
  if (current)
    changes.push(
      put(BANK_ACCOUNTS, {
        ...current,
        balance_cents: balance,
        booked_count: current.booked_count + data.entries.length,
        last_booking_date: last,
        updated_at: at,
      }),
    );
  return changes;
}

async function projectPending(data: PendingTransactionsReplaced['data'], at: string, view: ProjectionView): Promise<Put[]> {
  const old = await view.findWhere(BANK_TRANSACTIONS, { account_id: data.accountId, status: 'pending' });
  const fresh = new Set(data.entries.map((e) => e.id));
  const changes: Put[] = old.filter((d) => !fresh.has(d.id as string)).map((d) => remove(BANK_TRANSACTIONS, d.id));
  changes.push(...data.entries.map((e) => put(BANK_TRANSACTIONS, transactionOf(e, data.client_no, data.accountId, data.importId, 'pending', at))));
  const current = await account(view, data.accountId);
  if (current) changes.push(put(BANK_ACCOUNTS, { ...current, pending_count: data.entries.length, updated_at: at }));
  return changes;
}

async function allocationsOf(allocations: Allocation[], view: ProjectionView): Promise<MatchAllocation[]> {
  const out: MatchAllocation[] = [];
  for (const a of allocations)
    out.push({
      open_item_id: a.openItemId,
      amount_cents: a.amountCents,
      label: a.label,
      payroll: await payrollDocuments.isPayroll(view, Number(a.openItemId)),
    });
  return out;
}

/** A transaction with these matches: the figures they give, and the status a user without dpv sees of them. */
function withMatches(tx: StoredBankTransaction, matches: TransactionMatch[]): StoredBankTransaction {
  const hidingPayroll = matches.map((m) => ({ allocations: m.allocations.map((a) => ({ amount_cents: a.amount_cents, hidden: a.payroll === true })) }));
  return {
    ...tx,
    matches,
    ...matchStatusOf(tx.amount_cents, matches),
    match_status_without_payroll: matchStatusSeenOf(tx.amount_cents, hidingPayroll).match_status,
  };
}

/** The allocations to a document remarked as payroll (or not) follow its mark. */
async function followPayrollMark(recorded: Parameters<Projection['project']>[0], view: ProjectionView): Promise<ChangeIntent[]> {
  const { documentId, payroll, remarked, changes } = await payrollDocuments.track(recorded, view);
  const clientNo = recorded.metadata.clientNo;
  if (!remarked || clientNo === null) return changes;
  const item = String(documentId);
  const matched = await view.findWhere(BANK_TRANSACTIONS, { client_no: clientNo, match_status: { $ne: 'unmatched' } });
  for (const tx of matched.filter((t) => t.matches.some((m) => m.allocations.some((a) => a.open_item_id === item)))) {
    const matches = tx.matches.map((m) => ({ ...m, allocations: m.allocations.map((a) => (a.open_item_id === item ? { ...a, payroll } : a)) }));
    changes.push(put(BANK_TRANSACTIONS, withMatches(tx, matches)));
  }
  return changes;
}

async function projectMatch(
  event: Extract<BankLedgerEvent, { type: 'TransactionMatched' | 'MatchUndone' }>,
  userId: string,
  at: string,
  view: ProjectionView,
): Promise<Put[]> {
  const tx = await view.get(BANK_TRANSACTIONS, event.data.transactionId);
  if (!tx) return [];
  const matches: TransactionMatch[] =
    event.type === 'TransactionMatched'
      ? [...tx.matches, { match_id: event.data.matchId, allocations: await allocationsOf(event.data.allocations, view), matched_at: at, matched_by: userId }]
      : tx.matches.filter((m) => m.match_id !== event.data.matchId);
  return [put(BANK_TRANSACTIONS, { ...withMatches(tx, matches), updated_at: at })];
}

async function projectImport(event: BankStatementImported, userId: string, at: string, view: ProjectionView): Promise<Put[]> {
  const { importId, ...summary } = event.data;
  // Imports recorded before the recognised bank was kept have none.
  const record: BankImport = { id: importId, ...summary, bank: summary.bank ?? null, imported_at: at, imported_by: userId };
  const changes: Put[] = [
    put(BANK_IMPORTS, { ...record, last_to: summary.statements.reduce<string | null>((m, s) => (s.to && (m === null || s.to > m) ? s.to : m), null) }),
  ];
  const latest = new Map<string, { date: string; closing: number | null }>();
  for (const s of summary.statements) {
    const date = s.to ?? s.from;
    if (!date) continue;
    const seen = latest.get(s.account_id);
    if (!seen || date >= seen.date) latest.set(s.account_id, { date, closing: s.closing_cents });
  }
  for (const id of new Set(summary.statements.map((s) => s.account_id))) {
    const current = await account(view, id);
    if (!current) continue;
    const last = latest.get(id);
    const newer = last && (current.last_statement_date === null || current.last_statement_date <= last.date);
    // The account shows what reconciling its latest import found, with both figures of each finding.
    const reconciliation = {
      import_id: importId,
      file_name: summary.file_name,
      checked_at: at,
      warnings: summary.warnings.filter((w) => w.account_id === undefined || w.account_id === id),
    };
    changes.push(
      put(BANK_ACCOUNTS, {
        ...current,
        ...(newer ? { last_statement_date: last.date, last_statement_balance_cents: last.closing ?? current.last_statement_balance_cents } : {}),
        reconciliation,
        updated_at: at,
      }),
    );
  }
  return changes;
}

async function setAccessOnAccounts(accessId: string, before: string[], after: string[], at: string, view: ProjectionView): Promise<Put[]> {
  const changes: Put[] = [];
  for (const id of new Set([...before, ...after])) {
    const current = await account(view, id);
    if (!current) continue;
    const covered = after.includes(id);
    if (covered && current.access_id !== accessId) changes.push(put(BANK_ACCOUNTS, { ...current, access_id: accessId, updated_at: at }));
    if (!covered && current.access_id === accessId) changes.push(put(BANK_ACCOUNTS, { ...current, access_id: null, updated_at: at }));
  }
  return changes;
}

async function projectAccess(event: BankAccessEvent, id: string, revision: number, at: string, view: ProjectionView): Promise<Put[]> {
  if (event.type === 'BankAccessRequested') {
    const d = event.data;
    const access: StoredAccess = {
      id,
      client_no: d.client_no,
      source: d.source,
      institution_id: d.institution.id,
      institution_name: d.institution.name,
      account_ids: [],
      granted_at: null,
      valid_until: null,
      valid_days: d.validDays,
      revoked_at: null,
      requisition_id: d.requisitionId,
      link: d.link,
      last_sync_at: null,
      revision,
      updated_at: at,
    };
    return [put(BANK_ACCESSES, access)];
  }
  const current = await view.get(BANK_ACCESSES, id);
  if (!current) return [];
  const next = { ...current, revision, updated_at: at };
  switch (event.type) {
    case 'BankAccessGranted':
      return [
        put(BANK_ACCESSES, { ...next, granted_at: event.data.grantedAt, valid_until: event.data.validUntil, account_ids: event.data.accountIds, link: null }),
        ...(await setAccessOnAccounts(id, current.account_ids, event.data.accountIds, at, view)),
      ];
    case 'BankAccessRenewalRequested':
      return [put(BANK_ACCESSES, { ...next, requisition_id: event.data.requisitionId ?? current.requisition_id, link: event.data.link })];
    case 'BankAccessRenewed':
      return [put(BANK_ACCESSES, { ...next, granted_at: event.data.grantedAt, valid_until: event.data.validUntil, link: null })];
    case 'BankAccessAccountsUpdated':
      return [
        put(BANK_ACCESSES, { ...next, account_ids: event.data.accountIds }),
        ...(await setAccessOnAccounts(id, current.account_ids, event.data.accountIds, at, view)),
      ];
    case 'BankAccessRevoked':
      return [
        put(BANK_ACCESSES, { ...next, revoked_at: event.data.revokedAt, link: null }),
        ...(await setAccessOnAccounts(id, current.account_ids, [], at, view)),
      ];
    case 'BankAccessSynced':
      return [put(BANK_ACCESSES, { ...next, last_sync_at: event.data.syncedAt })];
    default:
      return [];
  }
}

/**
 * Banking read models: bank_accounts (with balance and statement dates), bank_accesses (stored without
 * the clock-dependent validity, which the service adds), bank_transactions (booked and pending, with
 * matches; full text over party, purpose and references), bank_account_days and bank_imports.
 */
export const bankingProjection: Projection = {
  name: 'banking',
  // 2: allocations carry the payroll mark of their document. 3: accounts keep what reconciling their
  // latest import found; imports name the bank their file was recognised as coming from. 4: transactions
  // keep the match status a user without dpv sees. 5: a payroll allocation makes that status matched.
  version: 5,
  collections: [
    ...collectionSpecs(BANK_ACCOUNTS, BANK_ACCESSES, BANK_TRANSACTIONS, BANK_ACCOUNT_DAYS, BANK_IMPORTS),
    { name: payrollDocuments.collection, indexes: [] },
  ],
  handles: [...BANK_ACCOUNT_EVENT_TYPES, ...BANK_ACCESS_EVENT_TYPES, ...BANK_LEDGER_EVENT_TYPES, ...BANK_IMPORT_EVENT_TYPES, ...PAYROLL_MARK_EVENTS],
  async project(recorded, view) {
    if (recorded.type.startsWith('Document')) return followPayrollMark(recorded, view);
    const event = domainEventOf<BankingEvent>(recorded);
    const at = recorded.metadata.time;
    switch (event.type) {
      case 'BankAccountOpened':
      case 'BankAccountChanged':
      case 'BankAccountCsvMappingSaved':
      case 'BankAccountArchived':
      case 'BankAccountRestored':
        return projectAccount(event, accountIdOf(recorded.streamId), recorded.revision, at, view);
      case 'TransactionsRecorded':
        return projectRecorded(event.data, at, view);
      case 'PendingTransactionsReplaced':
        return projectPending(event.data, at, view);
      case 'TransactionMatched':
      case 'MatchUndone':
        return projectMatch(event, recorded.metadata.userId, at, view);
      case 'BankStatementImported':
        return projectImport(event, recorded.metadata.userId, at, view);
      default:
        return projectAccess(event, accessIdOf(recorded.streamId), recorded.revision, at, view);
    }
  },
};
