import { createHash, randomUUID } from 'node:crypto';
import { Unprocessable, type BankAccount, type ImportedStatement, type ImportWarning, type StatementFormat } from '@portal/contracts';
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
  type LedgerEntry,
} from '@portal/domain';
import type { CommandContext } from '@portal/commands';
import { BANK_ACCOUNTS, BANK_IMPORTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import type { ParsedEntry, ParsedStatement } from './statements/statement';

export interface ImportRequest {
  clientNo: number;
  fileName: string;
  format: StatementFormat;
  statements: ParsedStatement[];
  /** The account chosen by the user (needed when the file names no IBAN: CSV, some MT940). */
  accountId: string | null;
  /** Aggregator reads replace the pending transactions even when none are reported. */
  replacePending: boolean;
  /** Metadata of the commands; ids derive from `commandId` so a retried import records nothing twice. */
  context: CommandContext;
}

/** The transaction id: stable per account and entry key, so the read model can never hold an entry twice. */
export const transactionIdOf = (accountId: string, key: string) => createHash('sha256').update(`${accountId}\n${key}`).digest('hex').slice(0, 24);

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
 * Statements into the ledger: finds (or opens) the account per IBAN, records the booked entries per
 * month (the ledger keeps out what it has seen), replaces pending ones, checks the balances and records
 * the import with its counts and warnings. Imports of one account run one at a time.
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
      .send(bankImportDecider, bankImportStreamId(importId), { type: 'RecordImportFailure', importId, clientNo: request.clientNo, fileName: request.fileName, format: request.format, reason }, this.ctx(request.context, 'import-failed'))
      .catch(() => undefined);
    throw error;
  }

  /** Stable per user and command id, so a retried request finds its import (or its failure) again. */
  private importIdOf(request: ImportRequest): string {
    return request.context.commandId ? createHash('sha256').update(`import:${request.context.userId}:${request.context.commandId}`).digest('hex').slice(0, 24) : (this.fallbackIds.get(request) ?? this.fallbackIdOf(request));
  }

  private fallbackIdOf(request: ImportRequest): string {
    const id = randomUUID();
    this.fallbackIds.set(request, id);
    return id;
  }

  private ctx(base: CommandContext, step: string): CommandContext {
    return { ...base, expectedRevision: undefined, commandId: base.commandId ? `${base.commandId}:${step}` : randomUUID() };
  }

  private async accountFor(request: ImportRequest, statement: ParsedStatement, created: string[]): Promise<BankAccount> {
    const chosen = request.accountId ? (await this.store.get(BANK_ACCOUNTS, request.accountId)) : null;
    if (request.accountId && (!chosen || chosen.client_no !== request.clientNo)) throw Unprocessable(`The account ${request.accountId} does not exist for client ${request.clientNo}.`);
    if (statement.iban === null) {
      if (chosen) return chosen;
      throw Unprocessable(`The statement names the account "${statement.accountText ?? 'unknown'}", not an IBAN: choose the account to import into.`);
    }
    if (chosen && chosen.iban !== statement.iban) throw Unprocessable(`The statement is for IBAN ${statement.iban}, not for the chosen account ${chosen.iban}.`);
    const id = bankAccountId(request.clientNo, statement.iban);
    const existing = await this.store.get(BANK_ACCOUNTS, id);
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
        bic: statement.bic,
        bankName: statement.bankName ?? '',
        accountType: 'checking',
        currency: statement.currency ?? 'EUR',
        label: statement.bankName ?? statement.iban,
        openingBalanceCents: statement.opening?.amountCents ?? 0,
        openingDate,
      },
      this.ctx(request.context, `open-${id}`),
    );
    created.push(id);
    const opened = await this.store.get(BANK_ACCOUNTS, id);
    if (!opened) throw Unprocessable('The account was opened but is not visible yet; import the file again in a moment.');
    return opened;
  }

  private async importNow(request: ImportRequest) {
    const importId = this.importIdOf(request);
    const already = await this.store.get(BANK_IMPORTS, importId);
    if (already) return already;
    const created: string[] = [];
    const warnings: ImportWarning[] = [];
    const statements: ImportedStatement[] = [];
    let added = 0;
    let duplicates = 0;
    let pending = 0;
    let skipped = 0;
    const lastSeen = new Map<string, { date: string; closing: number }>();
    for (const [index, statement] of request.statements.entries()) {
      const account = await this.accountFor(request, statement, created);
      const label = statement.statementId ?? statement.sequence ?? `${index + 1}`;
      const booked = statement.entries.filter((e) => e.status === 'booked');
      skipped += statement.entries.filter((e) => e.status === 'info').length;
      const sum = booked.reduce((s, e) => s + e.amountCents, 0);
      if (statement.opening && statement.closing && statement.opening.amountCents + sum !== statement.closing.amountCents) {
        const expected = statement.opening.amountCents + sum;
        warnings.push({ kind: 'balance-mismatch', statement: label, expected_cents: expected, actual_cents: statement.closing.amountCents, difference_cents: statement.closing.amountCents - expected });
      }
      const stored = await this.store.get(BANK_ACCOUNTS, account.id);
      const previous = lastSeen.get(account.id) ?? (stored?.last_statement_date && stored.last_statement_balance_cents !== null ? { date: stored.last_statement_date, closing: stored.last_statement_balance_cents } : null);
      if (statement.opening && previous && statement.opening.date >= previous.date && statement.opening.amountCents !== previous.closing) {
        warnings.push({ kind: 'gap', statement: label, expected_cents: previous.closing, actual_cents: statement.opening.amountCents, difference_cents: statement.opening.amountCents - previous.closing, previous: previous.date, current: statement.opening.date });
      }
      if (statement.closing && (!previous || statement.closing.date >= previous.date)) lastSeen.set(account.id, { date: statement.closing.date, closing: statement.closing.amountCents });
      if (statement.currency && statement.currency !== account.currency) warnings.push({ kind: 'currency-mismatch', statement: label, previous: account.currency, current: statement.currency });
      const byMonth = new Map<string, LedgerEntry[]>();
      for (const e of booked) {
        const month = ledgerPeriodOf(e.bookingDate);
        byMonth.set(month, [...(byMonth.get(month) ?? []), toLedger(account.id, e)]);
      }
      let statementAdded = 0;
      for (const [month, entries] of [...byMonth].sort(([a], [b]) => a.localeCompare(b))) {
        const outcome = await this.commands.send(
          bankLedgerDecider,
          bankLedgerStreamId(account.id, entries[0]!.bookingDate),
          { type: 'RecordTransactions', importId, clientNo: request.clientNo, accountId: account.id, entries },
          this.ctx(request.context, `ledger-${account.id}-${month}-${index}`),
        );
        statementAdded += outcome.events.reduce((s, e) => s + ((e.data.entries as unknown[] | undefined)?.length ?? 0), 0);
      }
      const pendingEntries = statement.entries.filter((e) => e.status === 'pending');
      if (pendingEntries.length > 0 || request.replacePending) {
        await this.commands.send(
          bankPendingDecider,
          bankPendingStreamId(account.id),
          { type: 'ReplacePendingTransactions', importId, clientNo: request.clientNo, accountId: account.id, entries: pendingEntries.map((e) => toLedger(account.id, e)) },
          this.ctx(request.context, `pending-${account.id}-${index}`),
        );
        pending += pendingEntries.length;
      }
      added += statementAdded;
      duplicates += booked.length - statementAdded;
      if (booked.length > 0 && statementAdded === 0) warnings.push({ kind: 'already-imported', statement: label });
      statements.push({
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
        duplicates: booked.length - statementAdded,
      });
    }
    await this.commands.send(
      bankImportDecider,
      bankImportStreamId(importId),
      {
        type: 'RecordImport',
        importId,
        summary: { client_no: request.clientNo, account_ids: [...new Set(statements.map((s) => s.account_id))], file_name: request.fileName, format: request.format, statements, added, duplicates, pending, skipped, created_accounts: created, warnings },
      },
      this.ctx(request.context, 'import'),
    );
    const record = await this.store.get(BANK_IMPORTS, importId);
    if (!record) throw Unprocessable('The import was recorded but is not visible yet; look it up in a moment.', { id: importId });
    return record;
  }
}
