import { Forbidden, NotAuthenticated, TooManyRequests, type IntakeChannel, type ScannerRecord, type User } from '@portal/contracts';
import { scannerDecider, scannerStreamId, type FilingCategory } from '@portal/domain';
import { SCANNER_SECRETS, SCANNERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import type { UploadedFile, UploadService } from '../documents/upload.service';
import type { EditorInbox } from '../editor/editor-inbox';
import { outcomeError } from '../editor/editor-inbox';
import { secretMatches } from './scanner-secret';
import { FailureThrottle } from '../../http/failure-throttle';
import { RefusalDigest } from './refusal-digest';

/** The brake on wrong secrets and how refusals are counted: limits, metrics and the log. */
export interface IntakeBrakeOptions {
  /** Wrong secrets per source and per scanner within one window before attempts are answered 429 unchecked. */
  failureLimit: number;
  windowMs: number;
  /** Counts a refused attempt (metrics) by channel and reason. */
  refused(channel: IntakeChannel, reason: 'wrong-secret' | 'throttled' | 'refused'): void;
  log(message: string): void;
}

const NO_BRAKE_OBSERVER: Pick<IntakeBrakeOptions, 'refused' | 'log'> = { refused: () => undefined, log: () => undefined };

export interface IntakeOutcome {
  fileName: string;
  ok: boolean;
  /** The inbox item, or the document when the scanner sends straight to extraction. */
  editorDocumentId?: number;
  documentId?: number;
  error?: { name: string; code: number; message: string };
}

export const DEACTIVATED = 'The scanner is deactivated.';
const WRONG_SECRET = 'Unknown scanner or wrong secret.';

/** The scanner as the upload path's user: its client only, allowed to upload documents. */
function scannerUser(scanner: ScannerRecord): User {
  return {
    keycloakId: `scanner:${scanner.id}`,
    username: `scanner:${scanner.id}`,
    permissions_array: ['doc'],
    firstName: 'Scanner',
    lastName: scanner.name,
    email: '',
    locale: 'de',
    klienten_array: [scanner.client_no],
    all_clients: false,
    favClient: scanner.client_no,
    enabled: true,
  };
}

/**
 * What every intake path (HTTP push, e-mail, watched folder) goes through: the scanner's secret, its
 * activation, then the document editor's inbox of its client (or the upload path straight to extraction),
 * file by file with the upload path's rules. Each delivery updates last seen; refusals are recorded for
 * the automation error view.
 */
export class ScannerIntake {
  private readonly throttle: FailureThrottle;
  private readonly digest: RefusalDigest;
  private readonly brake: IntakeBrakeOptions;

  constructor(
    private readonly reads: ReadStore,
    private readonly commands: CommandSender,
    private readonly inbox: EditorInbox,
    private readonly uploads: UploadService,
    brake: Partial<IntakeBrakeOptions> = {},
  ) {
    this.brake = { failureLimit: 5, windowMs: 60_000, ...NO_BRAKE_OBSERVER, ...brake };
    this.throttle = new FailureThrottle({ limit: this.brake.failureLimit, windowMs: this.brake.windowMs });
    this.digest = new RefusalDigest((id, channel, reason, fileName) => this.record(id, channel, reason, fileName), this.brake.windowMs, this.brake.log);
  }

  async scanner(scannerId: string): Promise<ScannerRecord | null> {
    return await this.reads.get(SCANNERS, scannerId);
  }

  /**
   * The scanner whose secret this is. A wrong secret is counted per source (the sender's address) and per
   * scanner; after a handful within a window, attempts are answered TooManyRequests without checking the
   * secret until the window ends. A wrong secret of a known scanner is recorded as a refusal, digested
   * (see RefusalDigest), so a flood adds a bounded number of events; every refusal is counted and logged.
   */
  async authenticate(scannerId: string, secret: string, channel: IntakeChannel, source: string): Promise<ScannerRecord> {
    const target = scannerId.slice(0, 64);
    const retryAfter = this.throttle.blockedFor(`${channel}:${source}`, target);
    if (retryAfter !== null) {
      this.brake.refused(channel, 'throttled');
      throw TooManyRequests(`Too many wrong secrets. Try again in ${retryAfter} s.`, { retryAfter });
    }
    const scanner = /^[a-z0-9-]{3,40}$/.test(scannerId) ? await this.scanner(scannerId) : null;
    const stored = scanner ? ((await this.reads.get(SCANNER_SECRETS, scannerId)) as { secret_hash?: string } | null) : null;
    if (!scanner || !stored?.secret_hash || !secretMatches(secret, stored.secret_hash)) {
      this.throttle.failed(`${channel}:${source}`, target);
      this.brake.refused(channel, 'wrong-secret');
      this.brake.log(`scanner intake: wrong secret for scanner ${JSON.stringify(target)} over ${channel} from ${source}`);
      if (scanner) await this.refuse(scanner.id, channel, 'wrong secret', null);
      throw NotAuthenticated(WRONG_SECRET);
    }
    return scanner;
  }

  /** Delivers the files of one authenticated delivery; a deactivated scanner's delivery is refused whole. */
  async deliver(scanner: ScannerRecord, channel: IntakeChannel, files: UploadedFile[], sender: string | null): Promise<IntakeOutcome[]> {
    const current = (await this.scanner(scanner.id)) ?? scanner;
    if (!current.activated) {
      for (const f of files.length ? files : [{ originalName: '', bytes: Buffer.alloc(0) }])
        await this.refuse(current.id, channel, DEACTIVATED, f.originalName || null);
      throw Forbidden(DEACTIVATED);
    }
    const outcomes: IntakeOutcome[] =
      files.length === 0
        ? [{ fileName: '', ok: false, error: { name: 'BadRequest', code: 400, message: 'No file was sent.' } }]
        : current.target === 'editor'
          ? (
              await this.inbox.deliver(current.client_no, files, {
                channel,
                userId: `scanner:${current.id}`,
                scannerId: current.id,
                scannerName: current.name,
                sender,
                category: null,
              })
            ).map((o) =>
              o.ok ? { fileName: o.fileName, ok: true, editorDocumentId: o.editorDocumentId } : { fileName: o.fileName, ok: false, error: o.error },
            )
          : (
              await this.uploads
                .upload(scannerUser(current), current.client_no, current.category as FilingCategory, files, false, 'bulk')
                .catch((e: unknown) => files.map((f) => ({ fileName: f.originalName, ok: false as const, error: outcomeError(e) })))
            ).map((o) => (o.ok ? { fileName: o.fileName, ok: true, documentId: o.documentId } : { fileName: o.fileName, ok: false, error: o.error }));
    await this.commands.send(
      scannerDecider,
      scannerStreamId(current.id),
      {
        type: 'RecordScannerDelivery',
        channel,
        files: outcomes.filter((o) => o.ok).length,
        refused: outcomes.filter((o) => !o.ok).map((o) => ({ reason: o.error!.message, fileName: o.fileName || null })),
      },
      { userId: `scanner:${current.id}`, clientNo: current.client_no },
    );
    return outcomes;
  }

  /** A refused delivery, digested: at most a summary more per scanner, channel, reason and window (RefusalDigest). */
  async refuse(scannerId: string, channel: IntakeChannel, reason: string, fileName: string | null): Promise<void> {
    if (reason !== 'wrong secret') this.brake.refused(channel, 'refused');
    await this.digest.refuse(scannerId, channel, reason, fileName);
  }

  /** Records the digests' open summaries (on shutdown). */
  async flush(): Promise<void> {
    await this.digest.flush();
  }

  private async record(scannerId: string, channel: IntakeChannel, reason: string, fileName: string | null): Promise<void> {
    const scanner = await this.scanner(scannerId);
    await this.commands.send(
      scannerDecider,
      scannerStreamId(scannerId),
      { type: 'RecordScannerRefusal', channel, reason, fileName },
      { userId: `scanner:${scannerId}`, clientNo: scanner?.client_no ?? null },
    );
  }
}
