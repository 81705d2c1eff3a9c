import { createHash, randomUUID } from 'node:crypto';
import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { Unprocessable, type BankAccount, type ImportedStatement, type ImportWarning } from '@portal/contracts';
import {
  accountTextMatches,
  reconcile,
  skipWarnings,
  statementLabel,
  type BankStatement,
  type LastBalance,
  type ParsedEntry,
  type StatementFile,
} from '@portal/bank-statements';
import {
  bankAccountDecider,
  bankAccountId,
  bankAccountStreamId,
  bankImportDecider,
  bankImportStreamId,
  bankLedgerDecider,
  bankLedgerStreamId,
  ledgerPeriodOf,
  bankPendingDecider,
  bankPendingStreamId,
  ENTRIES_PER_EVENT,
  isValidBIC,
  type LedgerEntry,
} from '@portal/domain';
import { stepContext, type CommandContext } from '@portal/commands';
import { BANK_ACCOUNTS, BANK_IMPORTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';

export interface ImportRequest {
  clientNo: number;
  fileName: string;
  file: Pick<StatementFile, 'format' | 'bank' | 'statements' | 'skippedLines' | 'skippedFiles' | 'strayLines' | 'undatedEntries'>;
  /** The account chosen for the statements that name no valid IBAN (MT940 with bank code and account number, CSV). */
  accountId: string | null;
  /** When a file names several accounts without IBAN: the account chosen for each account text. */
  accounts?: Readonly<Record<string, string>>;
  /**
   * The file was read through a mapping with an own-account column: the chosen account is the one whose mapping read
   * it, not a choice for the whole file; each statement goes to the account its rows name.
   */
  rowsNameAccounts?: boolean;
  /** Aggregator reads replace the pending transactions even when none are reported. */
  replacePending: boolean;
  /** Metadata of the commands; ids derive from `commandId` so a retried import records nothing twice. */
  context: CommandContext;
}

/** The transaction id: stable per account and entry key, so the read model can never hold an entry twice. */
export const transactionIdOf = (accountId: string, key: string) => createHash('sha256').update(`${accountId}\n${key}`).digest('hex').slice(0, 24);

/** The ledger's entry of a statement entry: every field written out (imports make them by the hundred thousand). */
export const toLedger = (accountId: string, e: ParsedEntry): LedgerEntry => ({
  id: transactionIdOf(accountId, e.key),
  key: e.key,
  bookingDate: e.bookingDate,
  valueDate: e.valueDate,
  amountCents: e.amountCents,
  currency: e.currency,
  reversal: e.reversal,
  counterpartyName: e.counterpartyName,
  counterpartyIban: e.counterpartyIban,
  counterpartyBic: e.counterpartyBic,
  remittance: e.remittance,
  reference: e.reference,
  endToEndId: e.endToEndId,
  mandateId: e.mandateId,
  bankReference: e.bankReference,
  bankCode: e.bankCode,
  batchRef: e.batchRef,
});

/**
 * Entries recorded per command: as many as the ledger puts in one event. Each command is a round trip (load,
 * append, projection transaction with the checkpoints, wait for the read models); 25 a command made a
 * 100,000-entry import 4,000 of them, most of its time spent per command, not per entry. The projector writes a
 * large batch in slices and gives the event loop back between them, so a larger command does not stall others.
 */
const ENTRIES_PER_COMMAND = ENTRIES_PER_EVENT;

/**
 * Entries sorted per turn of the event loop before they are recorded: sorting a 100,000-entry statement in one go
 * (by status, and the booked ones by quarter) held the loop 70-120 ms before its first command.
 */
const ENTRIES_PER_TURN = 2_000;

/** Ledger entries made per turn of the event loop: a command's 500 (each with its hash) held the loop 20-40 ms under load. */
const LEDGER_ENTRIES_PER_TURN = 125;

/** A command's ledger entries, a slice per turn of the event loop. */
async function ledgerEntriesOf(accountId: string, entries: readonly ParsedEntry[]): Promise<LedgerEntry[]> {
  const made: LedgerEntry[] = [];
  for (let at = 0; at < entries.length; at += LEDGER_ENTRIES_PER_TURN) {
    if (at > 0) await yieldToEventLoop();
    for (const e of entries.slice(at, at + LEDGER_ENTRIES_PER_TURN)) made.push(toLedger(accountId, e));
  }
  return made;
}

/** A statement's entries by status, the booked ones per booking quarter in file order. */
interface SortedEntries {
  bookedByQuarter: Map<string, ParsedEntry[]>;
  booked: number;
  pending: ParsedEntry[];
  info: number;
}

/** Sorts the entries by status and booking quarter, a slice per turn of the event loop. */
async function sortEntries(entries: readonly ParsedEntry[]): Promise<SortedEntries> {
  const sorted: SortedEntries = { bookedByQuarter: new Map(), booked: 0, pending: [], info: 0 };
  for (let at = 0; at < entries.length; at += ENTRIES_PER_TURN) {
    if (at > 0) await yieldToEventLoop();
    for (let i = at; i < Math.min(entries.length, at + ENTRIES_PER_TURN); i++) {
      const e = entries[i]!;
      if (e.status === 'pending') sorted.pending.push(e);
      else if (e.status === 'info') sorted.info++;
      else if (e.status === 'booked') {
        sorted.booked++;
        const quarter = ledgerPeriodOf(e.bookingDate);
        let list = sorted.bookedByQuarter.get(quarter);
        if (!list) sorted.bookedByQuarter.set(quarter, (list = []));
        list.push(e);
      }
    }
  }
  return sorted;
}

/**
 * Statements into the ledger: finds (or opens) the account per IBAN, or takes the chosen one for a statement
 * naming its account otherwise (refused when the account it names is another), reconciles every statement
 * (opening + entries = closing, consecutive statements chain), records the booked entries per quarter (the
 * ledger keeps out what it has seen), replaces pending ones, and records the import with its counts and
 * warnings. Imports of one client run one at a time.
 */
export class StatementImporter {
  private readonly queues = new Map<number, Promise<unknown>>();
  private readonly fallbackIds = new WeakMap<ImportRequest, string>();

  constructor(
    private readonly store: ReadStore,
    private readonly commands: CommandSender,
  ) {}

  /** One import per client at a time in this process (accounts are created and balances compared in order). */
  run(request: ImportRequest) {
    const key = request.clientNo;
    const work = () => this.importNow(request).catch((error: unknown) => this.recordFailure(request, error));
    const result = (this.queues.get(key) ?? Promise.resolve()).then(work, work);
    const settled = result.catch(() => undefined);
    this.queues.set(key, settled);
    void settled.then(() => this.queues.get(key) === settled && this.queues.delete(key));
    return result;
  }

  /** Puts the failed import into the automation error view ("Bank import failed"), then answers the error as before. */
  private async recordFailure(request: ImportRequest, error: unknown): Promise<never> {
    const reason = error instanceof Error ? error.message : String(error);
    const importId = this.importIdOf(request);
    await this.commands
      .send(
        bankImportDecider,
        bankImportStreamId(importId),
        { type: 'RecordImportFailure', importId, clientNo: request.clientNo, fileName: request.fileName, format: request.file.format, reason },
        this.ctx(request.context, 'import-failed'),
      )
      .catch(() => undefined);
    throw error;
  }

  /** Stable per user and command id, so a retried request finds its import (or its failure) again. */
  private importIdOf(request: ImportRequest): string {
    return request.context.commandId
      ? createHash('sha256').update(`import:${request.context.userId}:${request.context.commandId}`).digest('hex').slice(0, 24)
      : (this.fallbackIds.get(request) ?? this.fallbackIdOf(request));
  }

  private fallbackIdOf(request: ImportRequest): string {
    const id = randomUUID();
    this.fallbackIds.set(request, id);
    return id;
  }

  private ctx(base: CommandContext, step: string): CommandContext {
    return stepContext(base, step);
  }

  private async account(id: string): Promise<BankAccount | null> {
    return this.store.get(BANK_ACCOUNTS, id);
  }

  /** The chosen account of a statement without IBAN; refused when the account the statement names is verifiably another. */
  private async chosenFor(request: ImportRequest, statement: BankStatement, label: string, warnings: ImportWarning[]): Promise<BankAccount> {
    const text = statement.accountText;
    const id = (text !== null ? request.accounts?.[text] : undefined) ?? request.accountId;
    if (!id) throw Unprocessable(`Statement ${label} names the account "${text ?? 'unknown'}", not an IBAN: choose the account to import into.`);
    const chosen = await this.account(id);
    if (!chosen || chosen.client_no !== request.clientNo) throw Unprocessable(`The account ${id} does not exist for client ${request.clientNo}.`);
    if (chosen.archived) throw Unprocessable(`The account ${chosen.iban} is archived; restore it to import statements.`);
    if (text !== null) {
      const match = accountTextMatches(text, chosen.iban);
      if (match === 'other')
        throw Unprocessable(`Statement ${label} is for the account ${text}, not for the chosen account ${chosen.iban}: choose the account it names.`);
      if (match === 'unknown') warnings.push({ kind: 'account-unverified', statement: label, account_id: chosen.id, current: text, previous: chosen.iban });
    }
    return chosen;
  }

  private async accountFor(
    request: ImportRequest,
    statement: BankStatement,
    label: string,
    created: string[],
    warnings: ImportWarning[],
  ): Promise<BankAccount> {
    if (statement.iban === null) return this.chosenFor(request, statement, label, warnings);
    // A choice made for the statements without IBAN does not move a statement that names its IBAN; a choice for the whole file must fit it.
    const chosenForAll = request.accountId !== null && request.rowsNameAccounts !== true && request.file.statements.every((s) => s.iban !== null);
    if (chosenForAll) {
      const chosen = await this.account(request.accountId!);
      if (!chosen || chosen.client_no !== request.clientNo)
        throw Unprocessable(`The account ${request.accountId} does not exist for client ${request.clientNo}.`);
      if (chosen.iban !== statement.iban) throw Unprocessable(`The statement is for IBAN ${statement.iban}, not for the chosen account ${chosen.iban}.`);
    }
    const id = bankAccountId(request.clientNo, statement.iban);
    const existing = await this.account(id);
    if (existing) {
      if (existing.archived) throw Unprocessable(`The account ${statement.iban} is archived; restore it to import statements.`);
      return existing;
    }
    const openingDate = statement.opening?.date ?? statement.from ?? statement.entries[0]?.bookingDate ?? new Date().toISOString().slice(0, 10);
    await this.commands.send(
      bankAccountDecider,
      bankAccountStreamId(id),
      {
        type: 'OpenBankAccount',
        clientNo: request.clientNo,
        iban: statement.iban,
        // A statement's BIC only describes the account: one that is no valid BIC is left out, not a reason to refuse the file.
        bic: statement.bic && isValidBIC(statement.bic) ? statement.bic : null,
        bankName: statement.bankName ?? request.file.bank ?? '',
        accountType: 'checking',
        currency: statement.currency ?? 'EUR',
        label: statement.bankName ?? request.file.bank ?? statement.iban,
        openingBalanceCents: statement.opening?.amountCents ?? 0,
        openingDate,
      },
      this.ctx(request.context, `open-${id}`),
    );
    created.push(id);
    const opened = await this.account(id);
    if (!opened) throw Unprocessable('The account was opened but is not visible yet; import the file again in a moment.');
    return opened;
  }

  /** The file's statements of accounts without IBAN: refused when several accounts share one choice. */
  private checkChoices(request: ImportRequest): void {
    const texts = [...new Set(request.file.statements.filter((s) => s.iban === null).map((s) => s.accountText ?? ''))];
    const unmapped = texts.filter((t) => !request.accounts?.[t]);
    if (unmapped.length > 1)
      throw Unprocessable(
        `The file holds statements of ${unmapped.length} accounts without IBAN (${unmapped.map((t) => t || 'unnamed').join(', ')}): choose the account for each.`,
      );
  }

  private async importNow(request: ImportRequest) {
    const importId = this.importIdOf(request);
    const already = await this.store.get(BANK_IMPORTS, importId);
    if (already) return already;
    this.checkChoices(request);
    const { statements } = request.file;
    const created: string[] = [];
    const warnings: ImportWarning[] = [];
    const accounts: BankAccount[] = [];
    for (const [index, statement] of statements.entries())
      accounts.push(await this.accountFor(request, statement, statementLabel(statement, index), created, warnings));

    const previous = new Map<string, LastBalance>();
    for (const id of new Set(accounts.map((a) => a.id))) {
      const stored = await this.account(id);
      if (stored?.last_statement_date && stored.last_statement_balance_cents !== null)
        previous.set(id, { date: stored.last_statement_date, cents: stored.last_statement_balance_cents });
    }
    const findings = reconcile(statements, { accountOf: (_s, i) => accounts[i]!.id, previous });
    warnings.push(...findings.map((w) => ({ ...w, account_id: accounts[w.statement_index! - 1]!.id })));
    warnings.push(...skipWarnings(request.file));

    const recorded: ImportedStatement[] = [];
    const pendingByAccount = new Map<string, ParsedEntry[]>();
    let added = 0;
    let duplicates = 0;
    let skipped = 0;
    for (const [index, statement] of statements.entries()) {
      const account = accounts[index]!;
      const label = statementLabel(statement, index);
      const { bookedByQuarter, booked, pending, info } = await sortEntries(statement.entries);
      skipped += info;
      if (statement.currency && statement.currency !== account.currency)
        warnings.push({
          kind: 'currency-mismatch',
          statement: label,
          statement_index: index + 1,
          account_id: account.id,
          previous: account.currency,
          current: statement.currency,
        });
      const statementAdded = await this.recordBooked(request, importId, account.id, index, bookedByQuarter);
      pendingByAccount.set(account.id, [...(pendingByAccount.get(account.id) ?? []), ...pending]);
      added += statementAdded;
      duplicates += booked - statementAdded;
      if (booked > 0 && statementAdded === 0) warnings.push({ kind: 'already-imported', statement: label, statement_index: index + 1, account_id: account.id });
      recorded.push({
        account_id: account.id,
        iban: account.iban,
        statement_id: statement.statementId,
        sequence: statement.sequence,
        from: statement.from,
        to: statement.to,
        opening_cents: statement.opening?.amountCents ?? null,
        closing_cents: statement.closing?.amountCents ?? null,
        entries: statement.entries.length,
        added: statementAdded,
        duplicates: booked - statementAdded,
        pending: pending.length,
      });
    }
    let pendingCount = 0;
    for (const [accountId, entries] of pendingByAccount) {
      if (entries.length === 0 && !request.replacePending) continue;
      await this.commands.send(
        bankPendingDecider,
        bankPendingStreamId(accountId),
        { type: 'ReplacePendingTransactions', importId, clientNo: request.clientNo, accountId, entries: entries.map((e) => toLedger(accountId, e)) },
        this.ctx(request.context, `pending-${accountId}`),
      );
      pendingCount += entries.length;
    }
    await this.commands.send(
      bankImportDecider,
      bankImportStreamId(importId),
      {
        type: 'RecordImport',
        importId,
        summary: {
          client_no: request.clientNo,
          account_ids: [...new Set(recorded.map((s) => s.account_id))],
          file_name: request.fileName,
          format: request.file.format,
          bank: request.file.bank,
          statements: recorded,
          added,
          duplicates,
          pending: pendingCount,
          skipped,
          created_accounts: created,
          warnings,
        },
      },
      this.ctx(request.context, 'import'),
    );
    const record = await this.store.get(BANK_IMPORTS, importId);
    if (!record) throw Unprocessable('The import was recorded but is not visible yet; look it up in a moment.', { id: importId });
    return record;
  }

  /** The booked entries of one statement, per booking quarter, in small commands; how many were new. */
  private async recordBooked(
    request: ImportRequest,
    importId: string,
    accountId: string,
    index: number,
    byQuarter: ReadonlyMap<string, ParsedEntry[]>,
  ): Promise<number> {
    let added = 0;
    for (const [quarter, entries] of [...byQuarter].sort(([a], [b]) => a.localeCompare(b))) {
      for (let at = 0; at < entries.length; at += ENTRIES_PER_COMMAND) {
        const chunk = await ledgerEntriesOf(accountId, entries.slice(at, at + ENTRIES_PER_COMMAND));
        const outcome = await this.commands.send(
          bankLedgerDecider,
          bankLedgerStreamId(accountId, chunk[0]!.bookingDate),
          { type: 'RecordTransactions', importId, clientNo: request.clientNo, accountId, entries: chunk },
          this.ctx(request.context, `ledger-${accountId}-${quarter}-${index}-${at / ENTRIES_PER_COMMAND}`),
        );
        added += outcome.events.reduce((s, e) => s + ((e.data.entries as unknown[] | undefined)?.length ?? 0), 0);
        // Other requests (health checks, other users) get the event loop between two commands.
        await yieldToEventLoop();
      }
    }
    return added;
  }
}
