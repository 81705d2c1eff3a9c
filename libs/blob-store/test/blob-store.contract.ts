import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { BlobStore } from '../src/blob-store.port';

/** One suite for every blob-store adapter. */
export function blobStoreContract(name: string, make: () => Promise<BlobStore>): void {
  describe(`${name} blob store`, () => {
    let store: BlobStore;
    beforeEach(async () => {
      store = await make();
    });
    afterEach(async () => {
      await store.close();
    });

    const unique = (label: string) => Buffer.from(`${label} ${Math.random()} Größe €`);

    it('answers the sha256 of the stored bytes and gives them back unchanged', async () => {
      const bytes = unique('invoice');
      const id = await store.put(bytes);
      expect(id).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect((await store.get(id))?.equals(bytes)).toBe(true);
      expect(await store.has(id)).toBe(true);
    });

    it('keeps one copy when the same bytes are stored twice', async () => {
      const bytes = unique('twice');
      expect(await store.put(bytes)).toBe(await store.put(bytes));
    });

    it('answers null for a blob that does not exist', async () => {
      const missing = createHash('sha256').update('missing').digest('hex');
      expect(await store.get(missing)).toBeNull();
      expect(await store.has(missing)).toBe(false);
    });

    it('deletes a blob, and deleting it again is not an error', async () => {
      const id = await store.put(unique('purge'));
      await store.delete(id);
      await store.delete(id);
      expect(await store.get(id)).toBeNull();
    });

    it('stores a large file of several megabytes', async () => {
      const big = Buffer.alloc(6 * 1024 * 1024, 7);
      big.write(String(Math.random()));
      const id = await store.put(big);
      expect((await store.get(id))?.length).toBe(big.length);
    });

    it('stores a stream like its bytes: the same sha256, the bytes back unchanged, one copy', async () => {
      const parts = [unique('stream part 1'), Buffer.alloc(3 * 1024 * 1024, 3), unique('part 3')];
      const whole = Buffer.concat(parts);
      const id = await store.putStream(Readable.from(parts));
      expect(id).toBe(createHash('sha256').update(whole).digest('hex'));
      expect((await store.get(id))?.equals(whole)).toBe(true);
      expect(await store.putStream(Readable.from([whole]))).toBe(id);
      expect(await store.put(whole)).toBe(id);
    });

    it('stores nothing of a stream that fails on the way', async () => {
      const failing = new Readable({
        read() {
          this.push(Buffer.from('half a file'));
          this.destroy(new Error('connection lost'));
        },
      });
      await expect(store.putStream(failing)).rejects.toThrow('connection lost');
      expect(await store.has(createHash('sha256').update('half a file').digest('hex'))).toBe(false);
    });

    it('refuses an id that is not a sha256, so no path can escape the store', async () => {
      await expect(store.get('../../etc/passwd')).rejects.toThrow(/Invalid blob id/);
    });
  });
}
