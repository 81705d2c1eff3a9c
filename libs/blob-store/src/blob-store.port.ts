import type { Readable } from 'node:stream';

/**
 * The file port: uploaded originals and extracted texts, addressed by the sha256 of their bytes.
 * Originals are never altered (bookkeeping law); a purge deletes them.
 */
export interface BlobStore {
  /** Stores the bytes and answers their sha256 (hex); storing the same bytes twice keeps one copy. */
  put(bytes: Buffer): Promise<string>;
  /** The same for bytes that arrive as a stream (a large export file), never held whole in memory. */
  putStream(source: Readable): Promise<string>;
  /** The bytes, or null when the blob does not exist (or was purged). */
  get(sha256: string): Promise<Buffer | null>;
  has(sha256: string): Promise<boolean>;
  /** Removes the blob; removing a missing blob is not an error. */
  delete(sha256: string): Promise<void>;
  close(): Promise<void>;
}

export const SHA256_HEX = /^[0-9a-f]{64}$/;
