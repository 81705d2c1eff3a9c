import type { BlobStore } from '@portal/blob-store';
import type { CommandRuntime } from '@portal/commands';
import { documentDecider, documentStreamId } from '@portal/domain';
import { DOCUMENTS, EDITOR_DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

export const PURGE_USER = 'trash-retention';

export interface PurgeReport {
  purged: number;
  blobsRemoved: number;
  failed: number;
}

/**
 * The scheduled command of spec §4 / 9: documents in the trash for 30 days are purged. The purge
 * event stays in the stream (the history remains verifiable); the original file and the extracted
 * text are removed unless another document still holds the same bytes.
 */
export class TrashPurge {
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly reads: ReadStore,
    private readonly blobs: BlobStore,
    private readonly runtime: CommandRuntime,
    private readonly now: () => Date = () => new Date(),
  ) {}

  start(intervalMs = 3_600_000): void {
    const tick = () => void this.runOnce().catch(() => undefined);
    tick();
    this.timer = setInterval(tick, intervalMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  async runOnce(): Promise<PurgeReport> {
    const now = this.now().toISOString();
    const due = await this.reads.find(DOCUMENTS, { where: { deleted: true, purge_after: { $lte: now } }, sort: [['purge_after', 1]], skip: 0, limit: 1000 });
    const report: PurgeReport = { purged: 0, blobsRemoved: 0, failed: 0 };
    for (const doc of due.data) {
      try {
        const outcome = await this.runtime.execute(
          documentDecider,
          documentStreamId(doc.id as number),
          { type: 'PurgeDocument' },
          { userId: PURGE_USER, clientNo: doc.client_no as number, now, commandId: `purge-${doc.id}` },
        );
        const purged = outcome.events.find((e) => e.type === 'DocumentPurged');
        if (!purged) continue;
        report.purged++;
        const { sha256, textSha256 } = purged.data as { sha256: string; textSha256: string | null };
        for (const [field, sha] of [
          ['sha256', sha256],
          ['text_sha256', textSha256],
        ] as const) {
          if (sha && !(await this.stillUsed(field, sha, doc.id as number))) {
            await this.blobs.delete(sha);
            report.blobsRemoved++;
          }
        }
      } catch {
        report.failed++;
      }
    }
    return report;
  }

  private async stillUsed(field: 'sha256' | 'text_sha256', sha: string, purgedId: number): Promise<boolean> {
    const others = await this.reads.find(DOCUMENTS, { where: { [field]: sha, id: { $ne: purgedId } }, sort: [], skip: 0, limit: 1, select: ['id'] });
    if (others.total > 0 || field === 'text_sha256') return others.total > 0;
    // The document editor's inbox keeps the files its items were delivered as, and reads pages from them.
    const editor = await this.reads.find(EDITOR_DOCUMENTS, {
      where: { $or: [{ sha256: sha }, { pdf_sha256: sha }] },
      sort: [],
      skip: 0,
      limit: 1,
      select: ['id'],
    });
    return editor.total > 0;
  }
}
