import { randomUUID, createHash } from 'node:crypto';
import type { CommandContext, CommandOutcome } from '@portal/commands';
import { Unprocessable, type FonImport, type FonImportSource } from '@portal/contracts';
import {
  fonImportDecider,
  fonImportStreamId,
  quotaBookDecider,
  quotaBookStreamId,
  taxOfficeOf,
  type FonRecord,
  type NtcsRecord,
  type QuotaBookCommand,
} from '@portal/domain';
import { FON_IMPORTS, FON_QUOTA_COUNTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../../platform/domain-command';
import { ImportFileError, type RejectedRow } from './columns';
import { parseFonFile } from './fon-file';
import { parseNtcsFile, type ParsedNtcsFile } from './ntcs-file';
import { join } from 'node:path';
import { offLoop } from '../../../platform/off-loop';
import type { ParsedFonFile } from './fon-file';

/** The compiled worker that reads import files off the event loop (see offLoop). */
const PARSE_WORKER = join(__dirname, 'fon-parse-worker.js');
const reviveImportError = (e: { name: string; message: string }) =>
  e.name === 'ImportFileError' ? new ImportFileError(e.message) : Object.assign(new Error(e.message), { name: e.name });

export type SendCommand = CommandSender['send'];

/** What an import reads: a file the firm has, or the quota list a web-service user fetches. */
export interface ImportRequest {
  firmId: string;
  source: FonImportSource;
  taxYear: number;
  fonUserId: string | null;
  fileName: string | null;
  /** The file; for a web-service import `fetch` brings it. */
  content: Buffer | null;
  fetch?: () => Promise<{ fileName: string; content: Buffer }>;
}

type Counts = NonNullable<FonImport['counts']>;

/** The rows of one book: FON rows of the offices the file names; NTCS rows of every office of the firm and year. */
function booksOf<R extends { taxId: string }>(records: readonly R[], alsoOffices: readonly string[]): Map<string, R[]> {
  const books = new Map<string, R[]>(alsoOffices.map((o) => [o, []]));
  for (const r of records) {
    const office = taxOfficeOf(r.taxId);
    const rows = books.get(office);
    if (rows) rows.push(r);
    else books.set(office, [r]);
  }
  return books;
}

function tally(counts: Counts, outcome: CommandOutcome): void {
  const changed = new Set<string>();
  for (const e of outcome.events) {
    const data = e.data as { itemId?: string; created?: boolean };
    if (e.type === 'FonItemFonChanged' || e.type === 'FonItemNtcsChanged') {
      if (data.created) counts.items_new++;
      else changed.add(data.itemId!);
    } else if (e.type === 'FonConflictOpened') counts.conflicts_opened++;
    else if (e.type === 'FonConflictClosed') counts.conflicts_closed++;
  }
  counts.items_changed += changed.size;
}

export interface ImporterOptions {
  /** This portal process, stable across its restarts (FonConfig.instanceId). */
  instance: string;
  /** How often a running job beats. */
  heartbeatMs: number;
  /** A job of another process without a beat for this long is taken as interrupted. */
  staleMs: number;
  now: () => number;
}

const DEFAULT_OPTIONS: ImporterOptions = { instance: 'local', heartbeatMs: 30_000, staleMs: 120_000, now: () => Date.now() };

/**
 * An import job (spec §4 "Import status: in progress, failed"): StartFonImport, then in the background the
 * file is read (or fetched), its rows applied per quota book (firm, tax year, tax office), and the job
 * completes with its counts and rejected rows, or fails with the reason. The same file again changes no item.
 * The job names the process that runs it, which beats while it runs: with several processes, each fails only
 * its own interrupted jobs and the ones whose process went quiet.
 */
export class FonImporter {
  private readonly jobs = new Map<string, Promise<void>>();
  private readonly starting = new Set<string>();
  private readonly options: ImporterOptions;
  private watch: ReturnType<typeof setInterval> | null = null;

  constructor(
    private readonly send: SendCommand,
    private readonly reads: ReadStore | null,
    private readonly log: (message: string) => void = () => undefined,
    options: Partial<ImporterOptions> = {},
  ) {
    this.options = { ...DEFAULT_OPTIONS, ...options };
  }

  /** Starts the job and answers its id at once (the read model shows it in progress); `wait` awaits its end. */
  async start(request: ImportRequest, context: CommandContext): Promise<string> {
    const importId = randomUUID();
    const fileSha256 = request.content ? createHash('sha256').update(request.content).digest('hex') : null;
    // Known before it is started, so a look for interrupted jobs meanwhile leaves it alone.
    this.starting.add(importId);
    try {
      await this.send(
        fonImportDecider,
        fonImportStreamId(importId),
        {
          type: 'StartFonImport',
          importId,
          firmId: request.firmId,
          fonUserId: request.fonUserId,
          source: request.source,
          taxYear: request.taxYear,
          fileName: request.fileName,
          fileSha256,
          instance: this.options.instance,
        },
        context,
      );
    } finally {
      this.starting.delete(importId);
    }
    const beat = setInterval(
      () =>
        void this.send(fonImportDecider, fonImportStreamId(importId), { type: 'BeatFonImport' }, { ...context, commandId: undefined }).catch(() => undefined),
      this.options.heartbeatMs,
    );
    beat.unref();
    const job = this.run(importId, request, { ...context, commandId: undefined }).finally(() => {
      clearInterval(beat);
      this.jobs.delete(importId);
    });
    this.jobs.set(importId, job);
    return importId;
  }

  /** Resolves when the job has ended (done or failed); at once for an unknown job. */
  wait(importId: string): Promise<void> {
    return this.jobs.get(importId) ?? Promise.resolve();
  }

  get running(): number {
    return this.jobs.size;
  }

  /**
   * Jobs left in progress by a process that stopped, failed so nothing stays blocked: this process's own ones
   * it no longer runs (it restarted), and any whose process has not beaten for `staleMs`. Another process's
   * running job is left alone.
   */
  async failInterrupted(context: CommandContext): Promise<number> {
    if (!this.reads) return 0;
    const page = await this.reads.find(FON_IMPORTS, { where: { status: 'in progress' }, sort: [], skip: 0, limit: 1000 });
    const quietSince = this.options.now() - this.options.staleMs;
    let n = 0;
    for (const doc of page.data) {
      if (this.jobs.has(doc.id) || this.starting.has(doc.id)) continue;
      const lastBeat = doc.heartbeat_at ?? doc.started_at;
      const reason =
        doc.instance === this.options.instance
          ? 'The import was interrupted by a restart of the portal; import again.'
          : Date.parse(lastBeat) < quietSince
            ? `The portal process running the import stopped (no sign of it since ${lastBeat}); import again.`
            : null;
      if (!reason) continue;
      const failed = await this.send(fonImportDecider, fonImportStreamId(doc.id), { type: 'FailFonImport', reason }, context).then(
        (o) => o.events.length > 0,
        () => false, // ended meanwhile (done or failed): nothing to do
      );
      if (failed) n++;
    }
    return n;
  }

  /** Looks for jobs of stopped processes every `staleMs / 2` (another process may stop while this one runs on). */
  watchInterrupted(context: CommandContext, onFailed: (n: number) => void): void {
    this.watch ??= setInterval(
      () =>
        void this.failInterrupted(context).then(
          (n) => n > 0 && onFailed(n),
          (e: unknown) => this.log(`FON imports of stopped processes: ${String(e)}`),
        ),
      this.options.staleMs / 2,
    );
    this.watch.unref();
  }

  stopWatching(): void {
    if (this.watch) clearInterval(this.watch);
    this.watch = null;
  }

  private async run(importId: string, request: ImportRequest, context: CommandContext): Promise<void> {
    const stream = fonImportStreamId(importId);
    try {
      const counts: Counts = { rows: 0, items_new: 0, items_changed: 0, conflicts_opened: 0, conflicts_closed: 0, rejected: 0 };
      const file = request.content ?? (await request.fetch!()).content;
      let rejected: RejectedRow[];
      let commands: Array<[string, QuotaBookCommand]>;
      if (request.source === 'ntcs') {
        const parsed = await offLoop<ParsedNtcsFile>(
          PARSE_WORKER,
          { source: 'ntcs', bytes: file, taxYear: request.taxYear },
          () => parseNtcsFile(file, request.taxYear),
          reviveImportError,
        );
        counts.rows = parsed.rows;
        rejected = parsed.rejected;
        const known = await this.officesOf(request.firmId, request.taxYear);
        commands = [...booksOf<NtcsRecord>(parsed.records, known)].map(([office, records]) => [
          office,
          { type: 'ApplyNtcsRecords', importId, firmId: request.firmId, taxYear: request.taxYear, records },
        ]);
      } else {
        const parsed = await offLoop<ParsedFonFile>(
          PARSE_WORKER,
          { source: request.source, bytes: file, taxYear: request.taxYear },
          () => parseFonFile(file, request.taxYear),
          reviveImportError,
        );
        counts.rows = parsed.rows;
        rejected = parsed.rejected;
        commands = [...booksOf<FonRecord>(parsed.records, [])].map(([office, records]) => [
          office,
          { type: 'ApplyFonRecords', importId, firmId: request.firmId, taxYear: request.taxYear, records },
        ]);
      }
      counts.rejected = rejected.length;
      for (const [office, command] of commands)
        tally(counts, await this.send(quotaBookDecider, quotaBookStreamId(request.firmId, request.taxYear, office), command, context));
      await this.send(fonImportDecider, stream, { type: 'CompleteFonImport', counts, rejected }, context);
    } catch (error) {
      const reason =
        error instanceof ImportFileError || (error as { name?: string }).name === 'FinanzOnlineError'
          ? (error as Error).message
          : `The import failed: ${error instanceof Error ? error.message : String(error)}`;
      if (!(error instanceof ImportFileError)) this.log(`FON import ${importId}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      await this.send(fonImportDecider, stream, { type: 'FailFonImport', reason }, context).catch((e: unknown) =>
        this.log(`FON import ${importId} could not be marked failed: ${String(e)}`),
      );
    }
  }

  private async officesOf(firmId: string, taxYear: number): Promise<string[]> {
    if (!this.reads) return [];
    const page = await this.reads.find(FON_QUOTA_COUNTS, { where: { firm_id: firmId, tax_year: taxYear }, sort: [], skip: 0, limit: 1000 });
    return page.data.map((c) => String(c.tax_office));
  }
}

/** Refuses a second import of the same firm while one runs (they would race on the same books). */
export async function refuseWhileRunning(reads: ReadStore, firmId: string): Promise<void> {
  const page = await reads.find(FON_IMPORTS, { where: { firm_id: firmId, status: 'in progress' }, sort: [], skip: 0, limit: 1 });
  if (page.total > 0) throw Unprocessable('An import of this firm is still running; wait until it is done.', { key: 'importRunning' });
}
