import type { BlobStore } from '@portal/blob-store';
import type { Bus, BusSubscription } from '@portal/bus';
import type { CommandRuntime } from '@portal/commands';
import { ORIGIN, type ExtractionResult, type SupplierModelRecord } from '@portal/contracts';
import { documentDecider, documentStreamId, type RecordExtraction } from '@portal/domain';
import { DOCUMENTS, SUPPLIER_MODELS } from '@portal/projector';
import type { ReadStore } from '@portal/read-store';
import { extractDocument, OcrEngine } from './extraction';
import { looksLikePayroll } from './extraction/fields/payroll';
import { learnedFieldsOf } from './learning/apply-model';
import { searchablePdfOf } from './searchable-pdf';
import { DOCUMENT_PROGRESS_TOPIC, DOCUMENT_UPLOADED_TOPIC, type DocumentProgress, type DocumentWorkItem } from './work-items';

export const WORKER_USER = 'ocr-worker';
type Extract = (input: { bytes: Buffer; mediaType: string }) => Promise<ExtractionResult>;

export interface DocumentWorkerOptions {
  log?(message: string): void;
  /** Replaces the extraction (tests); defaults to pdf.js + tesseract.js. */
  extract?: Extract;
  /** Runs after an extraction with fields was recorded (the RPA address database's suggestion); its failure is logged, never fatal. */
  suggest?(input: { documentId: number; clientNo: number; fields: ExtractionResult['fields'] }): Promise<unknown>;
  /** The read models: the supplier models the next invoice of a supplier is read with. */
  reads?: ReadStore;
}

/**
 * Takes uploaded documents from the bus one at a time, extracts text and fields, stores the text
 * in the file store and reports back by command. A file that breaks the extraction becomes a
 * flagged document; the queue always goes on.
 */
export class DocumentWorker {
  private subscription: BusSubscription | null = null;
  private readonly ocr = new OcrEngine();
  private queue: Promise<void> = Promise.resolve();
  private processed = 0;

  constructor(
    private readonly bus: Bus,
    private readonly blobs: BlobStore,
    private readonly runtime: CommandRuntime,
    private readonly options: DocumentWorkerOptions = {},
  ) {}

  get processedCount(): number {
    return this.processed;
  }

  async start(): Promise<void> {
    this.subscription = await this.bus.subscribe<DocumentWorkItem>(DOCUMENT_UPLOADED_TOPIC, 'ocr-worker', (message) => this.enqueue(message.value));
  }

  /** Work items are handled strictly one after another (extraction is CPU-bound). */
  enqueue(item: DocumentWorkItem): Promise<void> {
    const run = this.queue.then(() => this.process(item));
    this.queue = run.catch(() => undefined);
    return run;
  }

  /** Queues documents whose extraction never finished (a crash, or work items lost with an in-process bus). */
  async recoverPending(reads: ReadStore): Promise<number> {
    const pending = await reads.find(DOCUMENTS, { where: { extraction: 'pending', deleted: false }, sort: [['uploaded_at', 1]], skip: 0, limit: 10_000 });
    for (const doc of pending.data) {
      const attempt = typeof doc.extraction_attempt === 'number' ? doc.extraction_attempt : 0;
      void this.enqueue({ documentId: doc.id as number, clientNo: doc.client_no as number, sha256: doc.sha256 as string, mediaType: doc.media_type as string, fileName: doc.file_name as string, ...(attempt ? { attempt } : {}) });
    }
    return pending.data.length;
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.queue;
    await this.ocr.terminate();
  }

  private async process(item: DocumentWorkItem): Promise<void> {
    const progress = (stage: DocumentProgress['stage'], percent: number, message?: string) =>
      this.bus.publish<DocumentProgress>(DOCUMENT_PROGRESS_TOPIC, [{ key: String(item.documentId), value: { documentId: item.documentId, client_no: item.clientNo, stage, percent, ...(message ? { message } : {}) } }]);
    try {
      await progress('extracting', 30);
      const bytes = await this.blobs.get(item.sha256);
      const result: ExtractionResult = bytes
        ? await (this.options.extract ?? ((input) => extractDocument(input as Parameters<typeof extractDocument>[0], { ocr: this.ocr })))({ bytes, mediaType: item.mediaType })
        : { origin: ORIGIN.PDF_Parse, text: '', pages: 0, pageOrigins: [], fields: {}, fieldOrigins: {}, problem: { flag: 'Broken', reason: 'The file is missing from the file store.' }, ms: 0 };
      await progress('fields', 80);
      await this.record(item, result, bytes);
      await progress(result.problem ? 'failed' : 'done', 100, result.problem?.reason);
    } catch (error) {
      this.options.log?.(`extraction of document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.record(item, { origin: ORIGIN.PDF_Parse, text: '', pages: 0, pageOrigins: [], fields: {}, fieldOrigins: {}, problem: { flag: 'BadRendering', reason: 'The document could not be processed.' }, ms: 0 }).catch(() => undefined);
      await progress('failed', 100, 'The document could not be processed.').catch(() => undefined);
    } finally {
      this.processed++;
    }
  }

  private async models(clientNo: number): Promise<SupplierModelRecord[]> {
    if (!this.options.reads) return [];
    const page = await this.options.reads.find(SUPPLIER_MODELS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 10_000 });
    return page.data as unknown as SupplierModelRecord[];
  }

  /** The searchable PDF of a scanned document into the file store; a failure there never loses the extraction. */
  private async searchable(item: DocumentWorkItem, extracted: ExtractionResult, bytes: Buffer | null): Promise<RecordExtraction['searchablePdf']> {
    if (!bytes || !extracted.ocrImages) return undefined;
    const started = Date.now();
    try {
      const pdf = await searchablePdfOf(extracted, { bytes, mediaType: item.mediaType }, item.fileName, new Date());
      if (!pdf) return undefined;
      return { sha256: await this.blobs.put(pdf.bytes), size: pdf.bytes.length, pages: pdf.pages, pdfa: pdf.pdfa, ms: Date.now() - started };
    } catch (error) {
      this.options.log?.(`searchable PDF of document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`);
      return undefined;
    }
  }

  private async record(item: DocumentWorkItem, extracted: ExtractionResult, bytes: Buffer | null = null): Promise<void> {
    const hasWords = (extracted.pageWords ?? []).some((p) => p.words.length > 0);
    const wordsSha256 = hasWords ? await this.blobs.put(Buffer.from(JSON.stringify(extracted.pageWords), 'utf8')) : null;
    const learned = hasWords && !extracted.problem ? learnedFieldsOf(extracted, await this.models(item.clientNo)) : null;
    const result = learned?.result ?? extracted;
    const searchablePdf = await this.searchable(item, extracted, bytes);
    const hasText = result.text.length > 0;
    const textSha256 = hasText ? await this.blobs.put(Buffer.from(result.text, 'utf8')) : null;
    const hasFields = Object.keys(result.fields).length > 0;
    const command: RecordExtraction = {
      type: 'RecordExtraction',
      text: textSha256
        ? { origin: result.pageOrigins.includes(ORIGIN.OCR) ? ORIGIN.OCR : ORIGIN.PDF_Parse, pages: result.pages, pageOrigins: result.pageOrigins, textSha256, textLength: result.text.length, language: result.language ?? null, ms: Math.round(result.ms), ...(wordsSha256 ? { wordsSha256 } : {}) }
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
    await this.runtime.execute(documentDecider, documentStreamId(item.documentId), command, {
      userId: WORKER_USER,
      clientNo: item.clientNo,
      // One result per file (a document whose pages changed in the editor is extracted again); a retry is a new command.
      commandId: item.attempt ? `extract-${item.documentId}-${item.sha256.slice(0, 16)}-retry-${item.attempt}` : `extract-${item.documentId}-${item.sha256.slice(0, 16)}`,
      originCode: result.origin,
    });
    if (hasFields && this.options.suggest) {
      await this.options.suggest({ documentId: item.documentId, clientNo: item.clientNo, fields: result.fields }).catch((error: unknown) =>
        this.options.log?.(`RPA suggestion for document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}
