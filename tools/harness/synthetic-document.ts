import { randomUUID } from 'node:crypto';
import type { ExtractedFields } from '@portal/contracts';
import { documentStreamId, type DocumentEvent } from '@portal/domain';
import { sealEvents, type EventDraft, type EventStore } from '@portal/event-store';

/** An event of the document aggregate as a command handler would draft it, with its metadata. */
export interface DocumentEventSpec {
  event: DocumentEvent;
  userId: string;
  time: string;
  originCode?: number;
}

export const uploaded = (documentId: number, clientNo: number, title: string, category: 'ER_U' | 'AR_U' = 'ER_U'): DocumentEvent => ({
  type: 'DocumentUploaded',
  data: { documentId, clientNo, fileName: `${title}.pdf`, mediaType: 'application/pdf', size: 1234, sha256: 'a'.repeat(64), category, title },
});

export const fieldsExtracted = (fields: ExtractedFields, origin = 2): DocumentEvent => ({
  type: 'DocumentFieldsExtracted',
  data: { origin, fields, fieldOrigins: Object.fromEntries(Object.keys(fields).map((k) => [k, origin])), einvoice: null },
});

export const renamed = (title: string, previous: string): DocumentEvent => ({ type: 'DocumentRenamed', data: { title, previous } });

/** Appends events to a document's stream, sealing them onto its hash chain; returns the last revision. */
export async function appendDocumentEvents(store: EventStore, documentId: number, clientNo: number, specs: readonly DocumentEventSpec[]): Promise<number> {
  const stream = documentStreamId(documentId);
  const existing = await store.readStream(stream);
  const drafts: EventDraft[] = specs.map((spec) => ({
    type: spec.event.type,
    data: spec.event.data as Record<string, unknown>,
    metadata: {
      userId: spec.userId,
      clientNo,
      time: spec.time,
      commandId: randomUUID(),
      correlationId: randomUUID(),
      ...(spec.originCode === undefined ? {} : { originCode: spec.originCode }),
    },
  }));
  const last = existing[existing.length - 1];
  const sealed = sealEvents(stream, last?.metadata.hash ?? null, drafts);
  const result = await store.append(stream, sealed, last ? last.revision : 'no_stream');
  return result.nextRevision;
}

/**
 * A document with `count` events: the upload, then alternating renames and field extractions
 * (amount and invoice number changing each time), one minute apart.
 */
export function busyDocument(documentId: number, clientNo: number, count: number, userId = 'bench'): DocumentEventSpec[] {
  const start = Date.parse('2026-01-05T08:00:00.000Z');
  const at = (i: number) => new Date(start + i * 60_000).toISOString();
  const specs: DocumentEventSpec[] = [{ event: uploaded(documentId, clientNo, 'Rechnung 0'), userId, time: at(0) }];
  for (let i = 1; i < count; i++) {
    const event =
      i % 2 === 1
        ? renamed(`Rechnung ${i}`, `Rechnung ${i - 1}`)
        : fieldsExtracted({
            invoice_number: `RE-${i}`,
            gross_amount: 100 + i,
            currency: 'EUR',
            biller: { name: 'Bench GmbH' },
            iban: 'DE89370400440532013000',
          });
    specs.push({ event, userId, time: at(i), ...(event.type === 'DocumentFieldsExtracted' ? { originCode: 2 } : {}) });
  }
  return specs;
}
