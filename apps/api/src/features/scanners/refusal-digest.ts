import type { IntakeChannel } from '@portal/contracts';

export type RecordRefusal = (scannerId: string, channel: IntakeChannel, reason: string, fileName: string | null) => Promise<void>;

interface Pending {
  channel: IntakeChannel;
  more: number;
  timer: NodeJS.Timeout;
}

/**
 * What reaches the event log of refusals nobody has to be signed in to cause (wrong secrets, files in a
 * watched folder): per scanner, channel and reason, the first refusal of a window is recorded at once and
 * the rest are only counted, then recorded as one summary ("… and N more") when the window ends. A flood
 * therefore adds at most two events per scanner, channel, reason and window, however many attempts it makes.
 */
export class RefusalDigest {
  private readonly pending = new Map<string, Pending>();

  constructor(
    private readonly record: RecordRefusal,
    private readonly windowMs: number,
    private readonly log: (message: string) => void,
  ) {}

  async refuse(scannerId: string, channel: IntakeChannel, reason: string, fileName: string | null): Promise<void> {
    const key = JSON.stringify([scannerId, channel, reason]);
    const open = this.pending.get(key);
    if (open) {
      open.more += 1;
      return;
    }
    const timer = setTimeout(() => void this.close(key, scannerId, reason), this.windowMs);
    timer.unref();
    this.pending.set(key, { channel, more: 0, timer });
    await this.record(scannerId, channel, reason, fileName);
  }

  /** Records the summaries still open (on shutdown). */
  async flush(): Promise<void> {
    for (const key of [...this.pending.keys()]) {
      const [scannerId, , reason] = JSON.parse(key) as [string, IntakeChannel, string];
      clearTimeout(this.pending.get(key)!.timer);
      await this.close(key, scannerId, reason);
    }
  }

  private async close(key: string, scannerId: string, reason: string): Promise<void> {
    const open = this.pending.get(key);
    this.pending.delete(key);
    if (!open || open.more === 0) return;
    const seconds = Math.round(this.windowMs / 1000);
    await this.record(scannerId, open.channel, `${reason} (and ${open.more} more within ${seconds} s)`, null).catch((e: unknown) =>
      this.log(`recording a summary of scanner refusals failed: ${String(e)}`),
    );
  }
}
