import type { Where } from '@portal/contracts';
import type { RecordedEvent } from '@portal/event-store';
import { ALL_PROJECTIONS, type Projection, type ProjectionView } from '@portal/projections';
import { DOCUMENTS, type StoredDocument } from '@portal/read-models';
import type { Collection, Doc } from '@portal/read-store';

const documentsProjection: Projection = (() => {
  const projection = ALL_PROJECTIONS.find((p) => p.name === DOCUMENTS);
  if (!projection) throw new Error('The documents projection is not registered');
  return projection;
})();

/** The state of a document's read-model record after one event of its stream (null: no record). */
export interface DocumentSnapshot {
  event: RecordedEvent;
  record: StoredDocument | null;
}

/**
 * A read model of one document held in memory. The projection reads records by id only; extracted
 * texts are not loaded (the timeline leaves the text out and audits it by its hash).
 */
class InMemoryView implements ProjectionView {
  private readonly records = new Map<string, Doc>();

  private key(collection: string, id: string | number) {
    return `${collection}\u0000${String(id)}`;
  }

  async get<Row = Doc>(collection: Collection<Row> | string, id: string | number): Promise<Row | null> {
    return (this.records.get(this.key(collection, id)) as Row | undefined) ?? null;
  }

  /** Equality on top-level scalar fields only, which is all a single-document fold can need. */
  async findWhere<Row = Doc>(collection: Collection<Row> | string, where: Where): Promise<Row[]> {
    const prefix = `${collection}\u0000`;
    return [...this.records.entries()]
      .filter(([key, doc]) => key.startsWith(prefix) && Object.entries(where).every(([field, value]) => doc[field] === value))
      .map(([, doc]) => doc as Row);
  }

  async readText(): Promise<string | null> {
    return null;
  }

  put(collection: string, doc: Doc) {
    this.records.set(this.key(collection, doc.id), doc);
  }

  remove(collection: string, id: string | number) {
    this.records.delete(this.key(collection, id));
  }
}

/**
 * Folds a document's stream (revision 0 first) through the documents projection, exactly as the
 * projector builds the read model, and returns the record after each event.
 */
export async function replayDocument(documentId: number, events: readonly RecordedEvent[]): Promise<DocumentSnapshot[]> {
  const view = new InMemoryView();
  const snapshots: DocumentSnapshot[] = [];
  for (const event of events) {
    if (documentsProjection.handles.includes(event.type)) {
      for (const change of await documentsProjection.project(event, view)) {
        if (change.collection !== DOCUMENTS) continue;
        if (change.op === 'put') view.put(DOCUMENTS, change.doc);
        else view.remove(DOCUMENTS, change.id);
      }
    }
    snapshots.push({ event, record: await view.get(DOCUMENTS, documentId) });
  }
  return snapshots;
}
