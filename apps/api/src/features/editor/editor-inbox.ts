import { randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { BlobStore } from '@portal/blob-store';
import { BadRequest, Conflict, NotFound, type InboxDeliveryOutcome, type IntakeChannel } from '@portal/contracts';
import { editorDocumentDecider, editorDocumentStreamId, titleOf, type FilingCategory } from '@portal/domain';
import { COMPANIES, EDITOR_DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import type { CommandSender } from '../../platform/domain-command';
import { sniffMediaType } from '../documents/media-type';
import { safeFileName, type UploadedFile } from '../documents/upload.service';
import { pageFileOf } from './page-files';

/** Where a delivery came from: the upload button, or a scanner by HTTP push, e-mail or watched folder. */
export interface IntakeOrigin {
  channel: IntakeChannel;
  /** Recorded as the event's user: a user id, or `scanner:<id>`. */
  userId: string;
  scannerId: string | null;
  scannerName: string | null;
  /** E-mail sender or folder, shown with the item. */
  sender: string | null;
  category: FilingCategory | null;
}

/** The failure of one file in words users understand; anything unexpected is the spec's "Error during upload.". */
export function outcomeError(error: unknown): { name: string; code: number; message: string } {
  const e = error as { name?: string; code?: number; message?: string };
  const known = typeof e.code === 'number' && e.code >= 400 && e.code < 500;
  return known
    ? { name: e.name ?? 'BadRequest', code: e.code!, message: e.message ?? 'Error during upload.' }
    : { name: 'GeneralError', code: 500, message: 'Error during upload.' };
}

/**
 * The document editor's inbox (accumulator): files delivered for a client wait here to be cut into
 * documents. Every intake (upload, HTTP push, e-mail, watched folder) goes through `deliver`, which applies
 * the upload path's rules (size, real file type by content, safe names), stores the original untouched
 * beside the PDF its pages are read from, and records the delivery as a command.
 */
export class EditorInbox {
  constructor(
    private readonly reads: ReadStore,
    private readonly blobs: BlobStore,
    private readonly commands: CommandSender,
    private readonly maxBytes: number,
  ) {}

  get maxUploadBytes(): number {
    return this.maxBytes;
  }

  async deliver(clientNo: number, files: UploadedFile[], origin: IntakeOrigin): Promise<InboxDeliveryOutcome[]> {
    if (!Number.isSafeInteger(clientNo) || !(await this.reads.get(COMPANIES, clientNo))) throw NotFound(`No record found for id '${clientNo}'`);
    if (files.length === 0) throw BadRequest('No file was sent.');
    const outcomes: InboxDeliveryOutcome[] = [];
    for (const file of files) {
      const fileName = safeFileName(file.originalName);
      try {
        const bytes = file.bytes ?? (file.path ? await readFile(file.path) : Buffer.alloc(0));
        const { editorDocumentId, pages } = await this.deliverOne(clientNo, fileName, bytes, origin);
        outcomes.push({ fileName, ok: true, editorDocumentId, pages });
      } catch (error) {
        outcomes.push({ fileName, ok: false, error: outcomeError(error) });
      }
    }
    return outcomes;
  }

  private async deliverOne(clientNo: number, fileName: string, bytes: Buffer, origin: IntakeOrigin): Promise<{ editorDocumentId: number; pages: number }> {
    if (bytes.length === 0) throw BadRequest('The file is empty.');
    if (bytes.length > this.maxBytes) throw BadRequest(`The file is larger than ${Math.round(this.maxBytes / 1048576)} MB.`);
    const mediaType = sniffMediaType(bytes);
    if (!mediaType) throw BadRequest('The file is not a PDF, PNG, JPEG, TIFF or e-invoice XML (checked by its content).');
    const pageFile = await pageFileOf(bytes, mediaType);
    const sha256 = await this.blobs.put(bytes);
    const waiting = await this.reads.find(EDITOR_DOCUMENTS, {
      where: { client_no: clientNo, sha256, is_processed_documents_accumulator: null },
      sort: [],
      skip: 0,
      limit: 1,
      select: ['id'],
    });
    if (waiting.total > 0) throw Conflict('Document already exists.', { editorDocumentId: waiting.data[0]!.id });
    const pdfSha256 = pageFile.pdf === bytes ? sha256 : await this.blobs.put(pageFile.pdf);
    const editorDocumentId = randomInt(1, 2 ** 47);
    await this.commands.send(
      editorDocumentDecider,
      editorDocumentStreamId(editorDocumentId),
      {
        type: 'ReceiveEditorDocument',
        editorDocumentId,
        clientNo,
        category: origin.category,
        title: titleOf(fileName),
        fileName,
        mediaType,
        size: bytes.length,
        sha256,
        pdfSha256,
        pageCount: pageFile.pageCount,
        channel: origin.channel,
        scannerId: origin.scannerId,
        scannerName: origin.scannerName,
        sender: origin.sender,
      },
      { userId: origin.userId, clientNo },
    );
    return { editorDocumentId, pages: pageFile.pageCount };
  }
}
