import { createHash, randomUUID } from 'node:crypto';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db, GridFSBucket, MongoClient } from 'mongodb';
import { mongoDriver } from './mongo-driver';
import { SHA256_HEX, type BlobStore } from '../blob-store.port';

/** MongoDB GridFS, one file per sha256 (the file name), for production. */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(
    db: Db,
    private readonly client: MongoClient | null = null,
    bucketName = 'blobs',
  ) {
    this.bucket = new (mongoDriver().GridFSBucket)(db, { bucketName });
  }

  static async connect(url: string, dbName: string): Promise<GridFsBlobStore> {
    const client = await mongoDriver().MongoClient.connect(url);
    const store = new GridFsBlobStore(client.db(dbName), client);
    await client.db(dbName).collection('blobs.files').createIndex({ filename: 1 }, { unique: true });
    return store;
  }

  private check(sha256: string): string {
    if (!SHA256_HEX.test(sha256)) throw new Error(`Invalid blob id '${sha256}'`);
    return sha256;
  }

  async put(bytes: Buffer): Promise<string> {
    const sha256 = createHash('sha256').update(bytes).digest('hex');
    if (await this.has(sha256)) return sha256;
    await new Promise<void>((resolve, reject) => {
      const upload = this.bucket.openUploadStream(sha256);
      upload.once('finish', () => resolve());
      upload.once('error', (error: Error & { code?: number }) => (error.code === 11000 ? resolve() : reject(error)));
      upload.end(bytes);
    });
    return sha256;
  }

  /** Uploaded under a temporary name while hashing, then renamed to its sha256 (or dropped when that exists). */
  async putStream(source: Readable): Promise<string> {
    const hash = createHash('sha256');
    const upload = this.bucket.openUploadStream(`incoming-${randomUUID()}`);
    await pipeline(
      source,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          hash.update(chunk);
          callback(null, chunk);
        },
      }),
      upload,
    );
    const sha256 = hash.digest('hex');
    if (await this.has(sha256)) {
      await this.bucket.delete(upload.id);
      return sha256;
    }
    await this.bucket.rename(upload.id, sha256);
    return sha256;
  }

  async get(sha256: string): Promise<Buffer | null> {
    if (!(await this.has(sha256))) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStreamByName(this.check(sha256))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async has(sha256: string): Promise<boolean> {
    return (
      (
        await this.bucket
          .find({ filename: this.check(sha256) })
          .limit(1)
          .toArray()
      ).length > 0
    );
  }

  async delete(sha256: string): Promise<void> {
    for (const file of await this.bucket.find({ filename: this.check(sha256) }).toArray()) await this.bucket.delete(file._id);
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
