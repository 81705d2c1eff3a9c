import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { ScannerRecord } from '@portal/contracts';
import { SCANNERS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { ScannerIntake } from './scanner-intake';

export interface ScanFolderOptions {
  /** `<data dir>/consume`: one folder per scanner. */
  root: string;
  pollMs: number;
  /** A file is taken once its size and time stayed the same this long. */
  stableMs: number;
  /** Larger files go to failed/ without being read (the upload limit). */
  maxBytes: number;
  log(message: string): void;
}

interface Seen {
  size: number;
  mtimeMs: number;
  since: number;
}

/** An empty file that stays empty this long is taken (and refused as empty) instead of waiting forever. */
const EMPTY_GRACE_MS = 60_000;

/**
 * Scan to network folder: `consume/<scanner>/` per scanner. Files are taken only when complete (size and
 * time unchanged for `stableMs`), claimed by a rename so each is taken once, delivered through the scanner
 * intake, then moved to `processed/` or to `failed/` beside a `.reason.txt`. Polling rather than file
 * events, because network shares (SMB/NFS) do not report changes reliably.
 */
export class ScanFolderWatcher {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private readonly seen = new Map<string, Seen>();
  private taken = 0;

  constructor(
    private readonly intake: Pick<ScannerIntake, 'deliver' | 'refuse'>,
    private readonly reads: ReadStore,
    private readonly options: ScanFolderOptions,
  ) {}

  get takenCount(): number {
    return this.taken;
  }

  folderOf(scannerId: string): string {
    return join(this.options.root, scannerId);
  }

  start(): void {
    const tick = () => {
      if (this.running) return;
      this.running = this.scan()
        .catch((e: unknown) => this.options.log(`scan folders: ${e instanceof Error ? e.message : String(e)}`))
        .finally(() => (this.running = null));
    };
    tick();
    this.timer = setInterval(tick, this.options.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass over every scanner's folder (creating missing folders); resolves when the ready files are delivered. */
  async scan(now = Date.now()): Promise<void> {
    const page = await this.reads.find(SCANNERS, { where: {}, sort: [['id', 1]], skip: 0, limit: 10_000 });
    for (const scanner of page.data) {
      const folder = this.folderOf(scanner.id);
      await mkdir(join(folder, 'processed'), { recursive: true });
      await mkdir(join(folder, 'failed'), { recursive: true });
      for (const entry of await readdir(folder, { withFileTypes: true })) {
        if (!entry.isFile() || entry.name.startsWith('.')) continue;
        const path = join(folder, entry.name);
        const info = await stat(path).catch(() => null);
        if (!info) continue;
        const before = this.seen.get(path);
        if (!before || before.size !== info.size || before.mtimeMs !== info.mtimeMs) {
          this.seen.set(path, { size: info.size, mtimeMs: info.mtimeMs, since: now });
          continue;
        }
        const quiet = now - before.since;
        if (quiet < this.options.stableMs || (info.size === 0 && quiet < EMPTY_GRACE_MS)) continue;
        this.seen.delete(path);
        await this.take(scanner, folder, entry.name);
      }
    }
  }

  private async take(scanner: ScannerRecord, folder: string, name: string): Promise<void> {
    const claimed = join(folder, `.taking-${name}`);
    try {
      await rename(join(folder, name), claimed);
    } catch {
      return; // another pass (or process) took it
    }
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const reason = await this.deliverClaimed(scanner, claimed, name).catch((error: unknown) => (error instanceof Error ? error.message : String(error)));
    if (reason === null) {
      this.taken++;
      await rename(claimed, join(folder, 'processed', `${stamp}-${name}`));
    } else {
      await rename(claimed, join(folder, 'failed', `${stamp}-${name}`));
      await writeFile(join(folder, 'failed', `${stamp}-${name}.reason.txt`), `${reason}\n`);
    }
  }

  /** Delivers a claimed file; answers why it was refused, or null once taken. */
  private async deliverClaimed(scanner: ScannerRecord, claimed: string, name: string): Promise<string | null> {
    const { size } = await stat(claimed);
    if (size > this.options.maxBytes) {
      // Measured before reading: a huge file in a share never lands in memory.
      const reason = `The file is larger than ${Math.round(this.options.maxBytes / 1048576)} MB.`;
      await this.intake.refuse(scanner.id, 'folder', reason, name);
      return reason;
    }
    const [outcome] = await this.intake.deliver(scanner, 'folder', [{ originalName: name, bytes: await readFile(claimed) }], `consume/${scanner.id}`);
    return outcome?.ok ? null : (outcome?.error?.message ?? 'The file was not taken.');
  }
}
