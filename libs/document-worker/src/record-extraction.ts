import type { BlobStore } from '@portal/blob-store';
import type { CommandRuntime } from '@portal/commands';
import { ORIGIN, type ExtractionResult, type SupplierModelRecord } from '@portal/contracts';
import { documentDecider, documentStreamId, type RecordExtraction } from '@portal/domain';
import { looksLikePayroll } from '@portal/extraction';
import { searchablePdfOf } from '@portal/extraction';
import type { DocumentWorkItem } from '@portal/messages';
import { learnedFieldsOf } from './learning/apply-model';

export const WORKER_USER = 'ocr-worker';

export interface RecordDeps {
  blobs: BlobStore;
  runtime: CommandRuntime;
  /** The supplier models of a client, to read the fields the reader left empty (none: no learning). */
  models?(clientNo: number): Promise<SupplierModelRecord[]>;
  log?(message: string): void;
}

/** The searchable PDF of a scanned document into the file store; a failure there never loses the extraction. */
async function searchable(
  deps: RecordDeps,
  item: DocumentWorkItem,
  extracted: ExtractionResult,
  bytes: Buffer | null,
): Promise<RecordExtraction['searchablePdf']> {
  if (!bytes || !extracted.ocrImages) return undefined;
  const started = Date.now();
  try {
    const pdf = await searchablePdfOf(extracted, { bytes, mediaType: item.mediaType }, item.fileName, new Date());
    if (!pdf) return undefined;
    return { sha256: await deps.blobs.put(pdf.bytes), size: pdf.bytes.length, pages: pdf.pages, pdfa: pdf.pdfa, ms: Date.now() - started };
  } catch (error) {
    deps.log?.(`searchable PDF of document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

/**
 * Records what was read from a document, as the worker does: text and page words into the file store, the
 * fields (with what the supplier's model adds), the searchable PDF of a scan and the payroll suggestion, in
 * one RecordExtraction command. Answers the result as recorded (with the learned fields).
 */
export async function recordExtraction(
  deps: RecordDeps,
  item: DocumentWorkItem,
  extracted: ExtractionResult,
  bytes: Buffer | null = null,
): Promise<ExtractionResult> {
  const hasWords = (extracted.pageWords ?? []).some((p) => p.words.length > 0);
  const wordsSha256 = hasWords ? await deps.blobs.put(Buffer.from(JSON.stringify(extracted.pageWords), 'utf8')) : null;
  const learned = hasWords && !extracted.problem && deps.models ? learnedFieldsOf(extracted, await deps.models(item.clientNo)) : null;
  const result = learned?.result ?? extracted;
  const searchablePdf = await searchable(deps, item, extracted, bytes);
  const hasText = result.text.length > 0;
  const textSha256 = hasText ? await deps.blobs.put(Buffer.from(result.text, 'utf8')) : null;
  const hasFields = Object.keys(result.fields).length > 0;
  const command: RecordExtraction = {
    type: 'RecordExtraction',
    text: textSha256
      ? {
          origin: result.pageOrigins.includes(ORIGIN.OCR) ? ORIGIN.OCR : ORIGIN.PDF_Parse,
          pages: result.pages,
          pageOrigins: result.pageOrigins,
          textSha256,
          textLength: result.text.length,
          language: result.language ?? null,
          ms: Math.round(result.ms),
          ...(wordsSha256 ? { wordsSha256 } : {}),
        }
      : null,
    fields: hasFields
      ? {
          origin: result.origin,
          fields: result.fields,
          fieldOrigins: result.fieldOrigins,
          einvoice: result.einvoice ?? null,
          ...(result.fieldConfidence ? { fieldConfidence: result.fieldConfidence } : {}),
          ...(result.review?.length ? { review: result.review } : {}),
          ...(learned?.info ? { learned: learned.info } : {}),
        }
      : null,
    ...(searchablePdf ? { searchablePdf } : {}),
    ...(hasText && looksLikePayroll(result.text) ? { payrollSuggested: true } : {}),
    problem: result.problem ?? (hasText || hasFields ? null : { flag: 'BadRendering', reason: 'No text could be read from the document.' }),
    sha256: item.sha256,
  };
  await deps.runtime.execute(documentDecider, documentStreamId(item.documentId), command, {
    userId: WORKER_USER,
    clientNo: item.clientNo,
    // One result per file (a document whose pages changed in the editor is extracted again); a retry is a new command.
    commandId: item.attempt
      ? `extract-${item.documentId}-${item.sha256.slice(0, 16)}-retry-${item.attempt}`
      : `extract-${item.documentId}-${item.sha256.slice(0, 16)}`,
    originCode: result.origin,
  });
  return result;
}
