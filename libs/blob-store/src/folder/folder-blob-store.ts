import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { SHA256_HEX, type BlobStore } from '../blob-store.port';

/** Content-addressed folder: `<root>/ab/cd/<sha256>`, written to a temp name and renamed so readers never see half a file. */
export class FolderBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  private pathOf(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`Invalid blob id '${sha256}'`);
    return join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    const target = this.pathOf(sha256);
    if (await this.has(sha256)) return sha256;
    await mkdir(join(target, '..'), { recursive: true });
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes, { flush: true });
    await rename(temp, target);
    return sha256;
  }

  async putStream(source: Readable): Promise<string> {
    await mkdir(this.root, { recursive: true });
    const temp = join(this.root, `incoming-${randomUUID()}.tmp`);
    const hash = createHash('sha256');
    try {
      await pipeline(
        source,
        new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            hash.update(chunk);
            callback(null, chunk);
          },
        }),
        createWriteStream(temp, { flush: true }),
      );
      const sha256 = hash.digest('hex');
      const target = this.pathOf(sha256);
      if (await this.has(sha256)) return sha256;
      await mkdir(join(target, '..'), { recursive: true });
      await rename(temp, target);
      return sha256;
    } finally {
      await rm(temp, { force: true });
    }
  }

  async get(sha256: string): Promise<Buffer | null> {
    try {
      return await readFile(this.pathOf(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  async has(sha256: string): Promise<boolean> {
    try {
      await stat(this.pathOf(sha256));
      return true;
    } catch {
      return false;
    }
  }

  async delete(sha256: string): Promise<void> {
    await rm(this.pathOf(sha256), { force: true });
  }

  async close(): Promise<void> {}
}
