import type { BlobStore } from '@portal/blob-store';
import type { Bus, BusSubscription } from '@portal/bus';
import type { CommandRuntime } from '@portal/commands';
import { ORIGIN, type ExtractionResult, type SupplierModelRecord } from '@portal/contracts';
import { DOCUMENTS, SUPPLIER_MODELS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';
import { EInvoiceChecker, extractDocument, OcrEngine } from '@portal/extraction';
import { DOCUMENT_PROGRESS_TOPIC, DOCUMENT_UPLOADED_TOPIC, type DocumentProgress, type DocumentWorkItem } from '@portal/messages';
import { readEInvoiceTermsAgain } from './read-einvoice-terms-again';
import { recordEInvoiceValidation } from './record-einvoice-validation';
import { recordExtraction, WORKER_USER } from './record-extraction';
import { PriorityWorkQueue, queueEstimateSeconds } from './work-queue';

export { WORKER_USER };
type Extract = (input: { bytes: Buffer; mediaType: string }) => Promise<ExtractionResult>;

export interface DocumentWorkerOptions {
  log?(message: string): void;
  /** Replaces the extraction (tests); defaults to pdf.js + tesseract.js. */
  extract?: Extract;
  /** Runs after an extraction with fields was recorded (the RPA address database's suggestion); its failure is logged, never fatal. */
  suggest?(input: { documentId: number; clientNo: number; fields: ExtractionResult['fields'] }): Promise<unknown>;
  /** The read models: the supplier models the next invoice of a supplier is read with. */
  reads?: ReadStore;
  /** Where incoming e-invoices are checked against the EN 16931 / XRechnung rules (default: its own thread). */
  einvoiceChecker?: EInvoiceChecker;
}

/**
 * Takes uploaded documents from the bus one at a time, extracts text and fields, stores the text
 * in the file store and reports back by command. A file that breaks the extraction becomes a
 * flagged document; the queue always goes on.
 */
/** How many waiting bulk documents are told their place (people's uploads always are): each move is one message per document. */
const ANNOUNCED_BULK = 20;
/** The time per document assumed before the first has been read. */
const FIRST_ESTIMATE_MS = 15_000;

interface Waiting {
  item: DocumentWorkItem;
  settle: () => void;
}

export class DocumentWorker {
  private subscription: BusSubscription | null = null;
  private readonly ocr = new OcrEngine();
  private readonly einvoices: EInvoiceChecker;
  private readonly waiting = new PriorityWorkQueue<Waiting>();
  private running = false;
  private readonly idle: Array<() => void> = [];
  private averageMs = FIRST_ESTIMATE_MS;
  private processed = 0;
  /** An announcement of the places is due at the end of this turn of the loop (a burst of uploads is told once). */
  private announcementDue = false;

  constructor(
    private readonly bus: Bus,
    private readonly blobs: BlobStore,
    private readonly runtime: CommandRuntime,
    private readonly options: DocumentWorkerOptions = {},
  ) {
    this.einvoices = options.einvoiceChecker ?? new EInvoiceChecker();
  }

  get processedCount(): number {
    return this.processed;
  }

  async start(): Promise<void> {
    // The bus hands over one message at a time: taking it into the worker's own line at once lets a person's
    // upload pass the bulk intake already waiting. A crash loses only what recoverPending finds again (extraction pending).
    this.subscription = await this.bus.subscribe<DocumentWorkItem>(DOCUMENT_UPLOADED_TOPIC, 'ocr-worker', (message) => {
      void this.enqueue(message.value);
    });
  }

  /**
   * Work items are handled one after another (extraction is CPU-bound), people's before bulk intake; every
   * waiting document a person uploaded is told its place in the line and the expected wait.
   */
  enqueue(item: DocumentWorkItem): Promise<void> {
    return new Promise<void>((settle) => {
      this.waiting.push({ item, settle }, item.priority ?? 'bulk');
      this.announceSoon();
      void this.pump();
    });
  }

  private async pump(): Promise<void> {
    if (this.running) return;
    this.running = true;
    try {
      for (let next = this.waiting.shift(); next; next = this.waiting.shift()) {
        await this.announcePlaces();
        const started = Date.now();
        await this.process(next.item).catch(() => undefined);
        // A moving average: the line's estimate follows what reading costs on this machine now.
        this.averageMs = Math.round(this.averageMs * 0.7 + (Date.now() - started) * 0.3);
        next.settle();
      }
    } finally {
      this.running = false;
      this.idle.splice(0).forEach((resolve) => resolve());
    }
  }

  /**
   * Every enqueue moves places, but a burst (the intake of a scanner batch, the documents found pending at a start)
   * is announced once after it: each announcement is a message per waiting document to every connection that may
   * read it, so announcing per upload would cost uploads × waiting × connections.
   */
  private announceSoon(): void {
    if (this.announcementDue) return;
    this.announcementDue = true;
    setImmediate(() => {
      this.announcementDue = false;
      void this.announcePlaces();
    });
  }

  private async announcePlaces(): Promise<void> {
    const messages = this.waiting.waiting
      .map((w, i) => ({ ...w, position: i + 1 }))
      .filter((w) => w.priority === 'person' || w.position <= ANNOUNCED_BULK)
      .map(({ item: { item }, position }) => {
        const value: DocumentProgress = {
          documentId: item.documentId,
          client_no: item.clientNo,
          stage: 'uploaded',
          percent: 10,
          queue_position: position,
          estimate_seconds: queueEstimateSeconds(position, this.averageMs, this.running),
        };
        return { key: String(item.documentId), value };
      });
    if (messages.length > 0) await this.bus.publish<DocumentProgress>(DOCUMENT_PROGRESS_TOPIC, messages).catch(() => undefined);
  }

  /** Queues documents whose extraction never finished (a crash, or work items lost with an in-process bus). */
  async recoverPending(reads: ReadStore): Promise<number> {
    const pending = await reads.find(DOCUMENTS, { where: { extraction: 'pending', deleted: false }, sort: [['uploaded_at', 1]], skip: 0, limit: 10_000 });
    for (const doc of pending.data) {
      const attempt = typeof doc.extraction_attempt === 'number' ? doc.extraction_attempt : 0;
      void this.enqueue({
        documentId: doc.id as number,
        clientNo: doc.client_no as number,
        sha256: doc.sha256 as string,
        mediaType: doc.media_type as string,
        fileName: doc.file_name as string,
        ...(attempt ? { attempt } : {}),
        priority: 'bulk',
      });
    }
    return pending.data.length;
  }

  /** Gives e-invoice documents read before the extraction's present reading of their terms those terms, from their stored files (once per reading). */
  readEInvoiceTermsAgain(reads: ReadStore): Promise<number> {
    return readEInvoiceTermsAgain({ reads, blobs: this.blobs, runtime: this.runtime, checker: this.einvoices, log: this.options.log });
  }

  /** Finishes the document being read; those still waiting stay pending and are read again after the next start. */
  async stop(): Promise<void> {
    await this.subscription?.close();
    this.waiting.clear().forEach((w) => w.settle());
    if (this.running) await new Promise<void>((resolve) => this.idle.push(resolve));
    await this.ocr.terminate();
    await this.einvoices.close();
  }

  private async process(item: DocumentWorkItem): Promise<void> {
    const progress = (stage: DocumentProgress['stage'], percent: number, message?: string) =>
      this.bus.publish<DocumentProgress>(DOCUMENT_PROGRESS_TOPIC, [
        { key: String(item.documentId), value: { documentId: item.documentId, client_no: item.clientNo, stage, percent, ...(message ? { message } : {}) } },
      ]);
    try {
      await progress('extracting', 30);
      const bytes = await this.blobs.get(item.sha256);
      const result: ExtractionResult = bytes
        ? await (this.options.extract ?? ((input) => extractDocument(input as Parameters<typeof extractDocument>[0], { ocr: this.ocr })))({
            bytes,
            mediaType: item.mediaType,
          })
        : {
            origin: ORIGIN.PDF_Parse,
            text: '',
            pages: 0,
            pageOrigins: [],
            fields: {},
            fieldOrigins: {},
            problem: { flag: 'Broken', reason: 'The file is missing from the file store.' },
            ms: 0,
          };
      await progress('fields', 80);
      await this.record(item, result, bytes);
      if (bytes) await this.validateEInvoice(item, bytes, result);
      await progress(result.problem ? 'failed' : 'done', 100, result.problem?.reason);
    } catch (error) {
      this.options.log?.(`extraction of document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`);
      await this.record(item, {
        origin: ORIGIN.PDF_Parse,
        text: '',
        pages: 0,
        pageOrigins: [],
        fields: {},
        fieldOrigins: {},
        problem: { flag: 'BadRendering', reason: 'The document could not be processed.' },
        ms: 0,
      }).catch(() => undefined);
      await progress('failed', 100, 'The document could not be processed.').catch(() => undefined);
    } finally {
      this.processed++;
    }
  }

  /** Every incoming e-invoice gets the rules' verdict; a failed check is logged and leaves the document as read. */
  private async validateEInvoice(item: DocumentWorkItem, bytes: Buffer, result: ExtractionResult): Promise<void> {
    await recordEInvoiceValidation({ runtime: this.runtime, checker: this.einvoices }, item, bytes, result).catch((error: unknown) =>
      this.options.log?.(`e-invoice check of document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  private async models(clientNo: number): Promise<SupplierModelRecord[]> {
    if (!this.options.reads) return [];
    const page = await this.options.reads.find(SUPPLIER_MODELS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 10_000 });
    return page.data;
  }

  private async record(item: DocumentWorkItem, extracted: ExtractionResult, bytes: Buffer | null = null): Promise<void> {
    const result = await recordExtraction(
      { blobs: this.blobs, runtime: this.runtime, models: (clientNo) => this.models(clientNo), log: this.options.log },
      item,
      extracted,
      bytes,
    );
    if (Object.keys(result.fields).length > 0 && this.options.suggest) {
      await this.options
        .suggest({ documentId: item.documentId, clientNo: item.clientNo, fields: result.fields })
        .catch((error: unknown) =>
          this.options.log?.(`RPA suggestion for document ${item.documentId} failed: ${error instanceof Error ? error.message : String(error)}`),
        );
    }
  }
}
