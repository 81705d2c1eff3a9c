import { makeAutoObservable, observable } from 'mobx';
import type { AccountingPeriod, DocumentRecord, ExportFormat, ExportJob } from '@portal/contracts';
import { exportOutcome, SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList, recordsOf } from '../../stores/live/LiveList';
import type { RootStore } from '../../stores/RootStore';
import { fetchExportFile, type FetchExportFile } from './export-file';
import { countResults, newestFirst, type ResultCounts } from './export-jobs';

/** The jobs listed per client (the newest; older ones stay on the server). */
export const EXPORT_LIST_LIMIT = 50;

export type ExportsRoot = Pick<RootStore, 'client' | 'session' | 'company' | 'config'>;

export interface ExportsStoreOptions {
  fetchFile?: FetchExportFile;
}

/** A downloaded export: the ZIP and the name to save it under. */
export interface ExportDownload {
  blob: Blob;
  fileName: string;
}

/**
 * ERP exports of one client (import status in progress / failed; for exp or acc): the jobs,
 * newest first and live through pushed `erp-exports created|patched`, the period and format to export,
 * starting an export, the per-document titles of a job's results and the download of a done job's ZIP.
 */
export class ExportsStore {
  client: number | null = null;
  readonly jobs: LiveList<ExportJob>;
  /** The user's choices; null follows the defaults (current period, the client's account system). */
  chosenAccounting: number | null = null;
  chosenFormat: ExportFormat | null = null;
  starting = false;
  startError: FeathersError | null = null;
  downloading: string | null = null;
  readonly titles = observable.map<number, string>();
  private readonly fetchFile: FetchExportFile;

  constructor(
    private readonly root: ExportsRoot,
    options: ExportsStoreOptions = {},
  ) {
    this.fetchFile = options.fetchFile ?? fetchExportFile;
    const service = root.client.service<ExportJob>(SERVICES.erpExports);
    this.jobs = new LiveList({
      name: 'ExportsStore.jobs',
      client: root.client,
      path: SERVICES.erpExports,
      query: () => (this.client !== null && this.enabled ? { client_no: this.client, $sort: { requested_at: -1 }, $limit: EXPORT_LIST_LIMIT } : null),
      fetch: async (query) => recordsOf(await service.find(query)).filter((job) => job.client_no === query.client_no),
      order: newestFirst,
      belongs: (job) => job.client_no === this.client,
      revisionOf: (job) => job.revision,
    });
    makeAutoObservable<ExportsStore, 'root' | 'fetchFile'>(this, { root: false, fetchFile: false, titles: false, jobs: false }, { autoBind: true });
  }

  /** Exports are for users with exp or acc. */
  get enabled(): boolean {
    return this.root.session.has('exp', 'acc');
  }

  /** The client's accounting periods, newest first (company store, for the selected client). */
  get periods(): AccountingPeriod[] {
    return this.root.company.client === this.client ? this.root.company.accountingPeriods : [];
  }

  get accounting(): number | null {
    if (this.chosenAccounting !== null) return this.chosenAccounting;
    const periods = this.periods;
    return (periods.find((p) => p.current) ?? periods[0])?.accounting ?? null;
  }

  /** company-settings.account_system of the client, else the portal's default, else DATEV. */
  get defaultFormat(): ExportFormat {
    const settings = this.root.company.client === this.client ? this.root.company.companySettings : null;
    return settings?.account_system ?? this.root.config.portal?.defaultAccountSystem ?? 'DATEV';
  }

  get format(): ExportFormat {
    return this.chosenFormat ?? this.defaultFormat;
  }

  get latest(): ExportJob | null {
    return this.jobs.items[0] ?? null;
  }

  /** The client's latest export failed: its data in the accounting system may be out of date. */
  get latestFailed(): boolean {
    const latest = this.latest;
    return latest !== null && exportOutcome(latest) === 'failed';
  }

  get running(): boolean {
    return this.jobs.items.some((j) => j.status === 'in progress');
  }

  get canStart(): boolean {
    return this.enabled && this.client !== null && this.accounting !== null && !this.starting;
  }

  counts(job: ExportJob): ResultCounts {
    return countResults(job.document_results);
  }

  titleOf(documentId: number): string | null {
    return this.titles.get(documentId) ?? null;
  }

  chooseAccounting(accounting: number): void {
    this.chosenAccounting = accounting;
    this.startError = null;
  }

  chooseFormat(format: ExportFormat): void {
    this.chosenFormat = format;
    this.startError = null;
  }

  /** Subscribes to pushed job events (a reconnect reloads); answers the unsubscribe. */
  activate(): () => void {
    return this.jobs.subscribe();
  }

  /** Follows the route's client: forgets the other client's jobs and choices and loads this one's. */
  async setClient(client: number | null): Promise<void> {
    if (client === this.client && (this.jobs.loaded || this.jobs.loading)) return;
    this.client = client;
    this.jobs.clear();
    this.startError = null;
    this.chosenAccounting = null;
    this.chosenFormat = null;
    this.titles.clear();
    await this.jobs.load();
  }

  /**
   * Starts an export of the chosen period and format; answers the job in progress, or null when the
   * server refused (startError: 422 nothing waiting / period not open, 409 already running).
   */
  async start(): Promise<ExportJob | null> {
    const client = this.client;
    const accounting = this.accounting;
    if (!this.canStart || client === null || accounting === null) return null;
    this.starting = true;
    this.startError = null;
    try {
      const job = await this.root.client.service<ExportJob>(SERVICES.erpExports).create({ client_no: client, accounting, format: this.format });
      act('ExportsStore.started', () => {
        this.jobs.upsert(job);
        this.starting = false;
      });
      return job;
    } catch (e) {
      act('ExportsStore.startFailed', () => {
        this.starting = false;
        this.startError = toFeathersError(e);
      });
      return null;
    }
  }

  /** Titles of a job's documents that are not known yet (one find by id). */
  async loadTitles(job: ExportJob): Promise<void> {
    const missing = job.document_results.map((r) => r.documentId).filter((id) => !this.titles.has(id));
    if (missing.length === 0) return;
    const result = await this.root.client.service<DocumentRecord>('documents').find({ client_no: job.client_no, id: { $in: missing }, $limit: missing.length });
    act('ExportsStore.titlesLoaded', () => recordsOf(result).forEach((d) => this.titles.set(d.id, d.title)));
  }

  /** The ZIP of a done job, fetched with the bearer token. */
  async download(job: ExportJob): Promise<ExportDownload> {
    if (job.status !== 'done' || !job.file_name) throw new Error(`Export ${job.id} has no file.`);
    this.downloading = job.id;
    try {
      const blob = await this.fetchFile(job.id, this.root.client.storage.get());
      return { blob, fileName: job.file_name };
    } finally {
      act('ExportsStore.downloaded', () => {
        if (this.downloading === job.id) this.downloading = null;
      });
    }
  }
}
