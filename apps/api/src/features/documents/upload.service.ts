import { randomInt } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { open, stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import type { BlobStore } from '@portal/blob-store';
import type { Bus } from '@portal/bus';
import { BadRequest, Conflict, Forbidden, hasPermission, mayAccessClient, NotFound, type User } from '@portal/contracts';
import { documentDecider, documentStreamId, FILING_CATEGORIES, type FilingCategory } from '@portal/domain';
import { DOCUMENT_PROGRESS_TOPIC, DOCUMENT_UPLOADED_TOPIC, type DocumentProgress, type DocumentWorkItem } from '@portal/messages';

type WorkPriority = NonNullable<DocumentWorkItem['priority']>;
import { COMPANIES, DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import { SNIFF_BYTES, sniffMediaType } from './media-type';

/** One file of an upload: in memory (the demo seed) or in the temporary area on disk (HTTP uploads). */
export interface UploadedFile {
  originalName: string;
  bytes?: Buffer;
  path?: string;
}

export type UploadOutcome =
  | { fileName: string; ok: true; documentId: number; duplicate: false }
  | { fileName: string; ok: false; error: { name: string; code: number; message: string } };

/** What an upload is checked and stored by: its size, its first bytes (its type) and its bytes as a stream. */
interface OpenedUpload {
  size: number;
  head: Buffer;
  stream(): Readable;
}

/** The chunk size a file in memory is hashed and stored by, like a file read from disk. */
const CHUNK_BYTES = 64 * 1024;

function* chunksOf(bytes: Buffer): Generator<Buffer> {
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) yield bytes.subarray(at, at + CHUNK_BYTES);
}

/**
 * A file of an upload, opened without reading it whole: stored as a stream, its sha256 is hashed chunk by chunk
 * on the way into the store (the same hash as of the whole bytes), so a large file never holds the event loop.
 */
async function openUpload(file: UploadedFile): Promise<OpenedUpload> {
  if (file.bytes || !file.path) {
    const bytes = file.bytes ?? Buffer.alloc(0);
    return { size: bytes.length, head: bytes.subarray(0, SNIFF_BYTES), stream: () => Readable.from(chunksOf(bytes)) };
  }
  const path = file.path;
  const { size } = await stat(path);
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, SNIFF_BYTES));
    await handle.read(head, 0, head.length, 0);
    return { size, head, stream: () => createReadStream(path) };
  } finally {
    await handle.close();
  }
}

/** File names as users see them: no path, no control characters, at most 200 characters. */
export function safeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  const clean = base
    .replace(/[\u0000-\u001f\u007f]/g, '')
    .replace(/^\.+/, '')
    .trim();
  return (clean || 'upload').slice(0, 200);
}

/**
 * The one upload path, used by the REST endpoint and by the demo seed: checks permission, client,
 * size and real file type, refuses duplicates within the client, stores the original, records the
 * upload as a command and queues the extraction.
 */
export class UploadService {
  constructor(
    private readonly reads: ReadStore,
    private readonly blobs: BlobStore,
    private readonly bus: Bus,
    private readonly commands: CommandSender,
    private readonly maxBytes: number,
  ) {}

  /** Permission, client and category: checked before a single byte of the files is read. */
  async assertMayUpload(user: User, clientNo: number, category: string, payroll = false): Promise<void> {
    if (!hasPermission(user, 'doc')) throw Forbidden('Uploading documents needs the permission doc.');
    if (payroll && !hasPermission(user, 'dpv')) throw Forbidden('Uploading payroll documents needs the permission dpv.');
    if (!Number.isSafeInteger(clientNo) || !mayAccessClient(user, clientNo) || !(await this.reads.get(COMPANIES, clientNo))) {
      throw NotFound(`No record found for id '${clientNo}'`);
    }
    if (!(category in FILING_CATEGORIES)) throw BadRequest(`Unknown document category '${category}'.`);
  }

  /** `priority`: 'person' when someone waits for the reading (the upload screen), 'bulk' for intake no one watches. */
  async upload(
    user: User,
    clientNo: number,
    category: string,
    files: UploadedFile[],
    payroll = false,
    priority: WorkPriority = 'person',
  ): Promise<UploadOutcome[]> {
    await this.assertMayUpload(user, clientNo, category, payroll);
    if (files.length === 0) throw BadRequest('No file was sent.');
    const outcomes: UploadOutcome[] = [];
    for (const file of files) {
      const fileName = safeFileName(file.originalName);
      try {
        const documentId = await this.uploadOne(user, clientNo, category as FilingCategory, fileName, await openUpload(file), payroll, priority);
        outcomes.push({ fileName, ok: true, documentId, duplicate: false });
      } catch (error) {
        const e = error as { name?: string; code?: number; message?: string };
        const known = typeof e.code === 'number' && e.code >= 400 && e.code < 500;
        outcomes.push({
          fileName,
          ok: false,
          error: known
            ? { name: e.name ?? 'BadRequest', code: e.code!, message: e.message ?? 'Error during upload.' }
            : { name: 'GeneralError', code: 500, message: 'Error during upload.' },
        });
      }
    }
    return outcomes;
  }

  private async uploadOne(
    user: User,
    clientNo: number,
    category: FilingCategory,
    fileName: string,
    file: OpenedUpload,
    payroll: boolean,
    priority: WorkPriority,
  ): Promise<number> {
    if (file.size === 0) throw BadRequest('The file is empty.');
    if (file.size > this.maxBytes) throw BadRequest(`The file is larger than ${Math.round(this.maxBytes / 1048576)} MB.`);
    const mediaType = sniffMediaType(file.head);
    if (!mediaType) throw BadRequest('The file is not a PDF, PNG, JPEG, TIFF or e-invoice XML (checked by its content).');
    const sha256 = await this.blobs.putStream(file.stream());
    const existing = await this.reads.find(DOCUMENTS, { where: { client_no: clientNo, sha256 }, sort: [], skip: 0, limit: 1, select: ['id'] });
    if (existing.total > 0) throw Conflict('Document already exists.', { documentId: existing.data[0]!.id });
    const documentId = randomInt(1, 2 ** 47);
    await this.commands.send(
      documentDecider,
      documentStreamId(documentId),
      { type: 'UploadDocument', documentId, clientNo, fileName, mediaType, size: file.size, sha256, category, ...(payroll ? { payroll: true } : {}) },
      { userId: user.keycloakId, clientNo },
    );
    const item: DocumentWorkItem = { documentId, clientNo, sha256, mediaType, fileName, priority };
    await this.bus.publish(DOCUMENT_UPLOADED_TOPIC, [{ key: String(documentId), value: item }]);
    const progress: DocumentProgress = { documentId, client_no: clientNo, stage: 'uploaded', percent: 10 };
    await this.bus.publish(DOCUMENT_PROGRESS_TOPIC, [{ key: String(documentId), value: progress }]);
    return documentId;
  }
}
