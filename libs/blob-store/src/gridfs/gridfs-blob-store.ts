import { createHash } from 'node:crypto';
import { GridFSBucket, MongoClient, type Db } from 'mongodb';
import { SHA256_HEX, type BlobStore } from '../blob-store.port';

/** MongoDB GridFS, one file per sha256 (the file name), for production. */
export class GridFsBlobStore implements BlobStore {
  private readonly bucket: GridFSBucket;

  constructor(
    db: Db,
    private readonly client: MongoClient | null = null,
    bucketName = 'blobs',
  ) {
    this.bucket = new GridFSBucket(db, { bucketName });
  }

  static async connect(url: string, dbName: string): Promise<GridFsBlobStore> {
    const client = await MongoClient.connect(url);
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

  async get(sha256: string): Promise<Buffer | null> {
    if (!(await this.has(sha256))) return null;
    const chunks: Buffer[] = [];
    for await (const chunk of this.bucket.openDownloadStreamByName(this.check(sha256))) chunks.push(chunk as Buffer);
    return Buffer.concat(chunks);
  }

  async has(sha256: string): Promise<boolean> {
    return (await this.bucket.find({ filename: this.check(sha256) }).limit(1).toArray()).length > 0;
  }

  async delete(sha256: string): Promise<void> {
    for (const file of await this.bucket.find({ filename: this.check(sha256) }).toArray()) await this.bucket.delete(file._id);
  }

  async close(): Promise<void> {
    await this.client?.close();
  }
}
