import { makeAutoObservable } from 'mobx';
import type { BankAccount, BankImport, CsvMapping, StatementPreview } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import type { BankingStore, BankingRoot } from './BankingStore';
import type { StatementPort, UploadAnswer } from './statement-upload';

/** A statement file waiting for the user: the account to import into and, for CSV, the column mapping. */
export interface PendingImport {
  file: File;
  preview: StatementPreview;
  /** The account the user chose for it (null: none yet, or the accounts its IBANs name): previews and the import use it. */
  accountId: string | null;
  /** Lines above a CSV's column titles the preview skipped. */
  skipLines?: number;
  /** The column mapping not saved yet that the preview read the CSV through (an export of several accounts). */
  mapping?: CsvMapping | null;
}

/** Mappings are compared by what they say: the pending import holds an observable copy. */
const sameMapping = (a: CsvMapping | null | undefined, b: CsvMapping | null | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

const newestFirst = (a: BankImport, b: BankImport) => b.imported_at.localeCompare(a.imported_at);

/**
 * Statement imports of the client: the history, newest first, and the import of dropped files one after the
 * other. Each is previewed first and waits in the import dialog, which shows what the file was recognised as
 * (bank, format, statements, entries) and what reconciling it found: a camt or MT940 naming its IBANs is
 * imported into the accounts it names (found or opened by IBAN); a CSV, or a statement without an IBAN, needs
 * the account (and the CSV's column mapping). Each import answers its record (counts, warnings).
 */
export class BankImportsStore {
  readonly list: LiveList<BankImport>;
  /** The file being sent. */
  uploading: string | null = null;
  lastImport: BankImport | null = null;
  uploadError: string | null = null;
  /** The file the import dialog asks about (account, CSV columns); the files after it wait in `queue`. */
  pending: PendingImport | null = null;
  private queue: File[] = [];

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
    private readonly statements: StatementPort,
  ) {
    this.list = new LiveList({
      name: 'BankImportsStore.list',
      client: root.client,
      path: SERVICES.bankImports,
      query: () => (banking.client === null ? null : { client_no: banking.client, $limit: 50, $sort: { imported_at: -1 } }),
      order: newestFirst,
      belongs: (record) => record.client_no === banking.client,
      reloadOnReconnect: false,
      // An import adds transactions.
      pushed: (_record, event) => {
        if (event !== 'removed') void banking.transactions.reset();
      },
    });
    makeAutoObservable<BankImportsStore, 'root' | 'banking' | 'statements' | 'queue'>(
      this,
      { root: false, banking: false, statements: false, queue: false, list: false },
      { autoBind: true },
    );
  }

  private get token(): string | null {
    return this.root.client.storage.get();
  }

  async upload(files: File[]): Promise<void> {
    this.queue.push(...files);
    if (this.uploading === null && this.pending === null) await this.next();
  }

  private async next(): Promise<void> {
    const file = this.queue.shift();
    const client = this.banking.client;
    if (!file || client === null) return;
    this.uploading = file.name;
    this.uploadError = null;
    const answer = await this.statements.preview({ file, clientNo: client, accountId: null, token: this.token });
    if (!answer.ok) {
      act('BankImportsStore.previewFailed', () => {
        this.uploading = null;
        this.uploadError = answer.message;
      });
      return this.next();
    }
    act('BankImportsStore.previewed', () => {
      this.uploading = null;
      this.pending = { file, preview: answer.preview, accountId: null };
    });
  }

  private async importFile(file: File, accountId: string | null, accounts: Record<string, string>): Promise<boolean> {
    const client = this.banking.client;
    if (client === null) return false;
    this.uploading = file.name;
    this.uploadError = null;
    const answer: UploadAnswer = await this.statements.upload({ file, clientNo: client, accountId, token: this.token, accounts });
    act('BankImportsStore.uploaded', () => {
      this.uploading = null;
      if (answer.ok) {
        this.lastImport = answer.record;
        this.list.upsert(answer.record);
        void this.banking.transactions.reset();
      } else this.uploadError = answer.message;
    });
    return answer.ok;
  }

  /** The CSV read again with another number of lines above its column titles, for the chosen account. */
  async previewAgain(skipLines: number): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    await this.preview({ ...pending, skipLines });
  }

  /**
   * The account chosen by hand for the waiting file: the file is previewed again for it (its saved CSV mapping and
   * currency, and reconciliation against where that account was left), and imported into it.
   */
  async chooseAccount(accountId: string | null): Promise<void> {
    const pending = this.pending;
    if (!pending || pending.accountId === accountId) return;
    act('BankImportsStore.accountChosen', () => (this.pending = { ...pending, accountId }));
    await this.preview({ ...pending, accountId });
  }

  /**
   * The CSV read through the mapping being chosen (null: as before, without one), to learn the accounts its rows
   * name before the mapping is saved.
   */
  async previewMapped(mapping: CsvMapping | null): Promise<void> {
    const pending = this.pending;
    if (!pending || sameMapping(pending.mapping, mapping)) return;
    act('BankImportsStore.mappingChosen', () => (this.pending = { ...pending, mapping }));
    await this.preview({ ...pending, mapping });
  }

  private async preview(wanted: PendingImport): Promise<void> {
    const client = this.banking.client;
    if (client === null) return;
    const { file, accountId, skipLines, mapping } = wanted;
    const answer = await this.statements.preview({
      file,
      clientNo: client,
      accountId,
      token: this.token,
      ...(skipLines !== undefined ? { skipLines } : {}),
      ...(mapping ? { mapping } : {}),
    });
    act('BankImportsStore.previewAgain', () => {
      // Only the answer to the latest choice counts: a later choice or another file has replaced it.
      const current = this.pending;
      if (current?.file !== file || current.accountId !== accountId || sameMapping(current.mapping, mapping) === false) return;
      if (answer.ok) {
        this.pending = { ...current, preview: answer.preview, ...(skipLines !== undefined ? { skipLines } : {}) };
        this.uploadError = null;
      } else this.uploadError = answer.message;
    });
  }

  /**
   * Imports the waiting file into the chosen account (null: the accounts its IBANs name); a CSV's mapping is saved
   * on the account first (for the next file of that bank). `accounts`: the account chosen for each account number
   * the rows of an export of several accounts name.
   */
  async confirm(accountId: string | null, mapping: CsvMapping | null, accounts: Record<string, string> = {}): Promise<boolean> {
    const pending = this.pending;
    if (!pending) return false;
    if (mapping && accountId) {
      try {
        const account = await this.root.client.service<BankAccount>(SERVICES.bankAccounts).patch(accountId, { csv_mapping: mapping });
        act('BankImportsStore.mappingSaved', () => this.banking.accounts.apply(account));
      } catch (e) {
        act('BankImportsStore.mappingFailed', () => (this.uploadError = toFeathersError(e).message));
        return false;
      }
    }
    const ok = await this.importFile(pending.file, accountId, accounts);
    if (!ok) return false;
    act('BankImportsStore.confirmed', () => (this.pending = null));
    await this.next();
    return true;
  }

  /** The waiting file is not imported; the next one is. */
  async skip(): Promise<void> {
    this.pending = null;
    this.uploadError = null;
    await this.next();
  }

  dismiss(): void {
    this.lastImport = null;
    this.uploadError = null;
  }

  clear(): void {
    this.list.clear();
    this.lastImport = null;
  }
}
