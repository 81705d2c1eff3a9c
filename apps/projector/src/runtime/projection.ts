import type { RecordedEvent } from '@portal/event-store';
import type { CollectionSpec, Doc, ReadTransaction } from '@portal/read-store';

/** A change to one read-model record, as pushed to the gateway (`<path> created|patched|removed`). */
export interface ReadModelChange {
  collection: string;
  event: 'created' | 'patched' | 'removed';
  id: string | number;
  doc: Doc;
  /**
   * A patched record as it was before, in published batches: the gateway tells a connection that could read
   * it before and no longer can (e.g. a document marked payroll) that it was removed.
   */
  before?: Doc;
}

/**
 * What a projection may read while it projects: the records as they stand inside the current batch,
 * and extracted texts from the file store (content-addressed, so a replay reads the same text; a
 * purged text belongs to a purged document, whose records a replay removes again).
 */
export interface ProjectionView extends Pick<ReadTransaction, 'get' | 'findWhere'> {
  readText(sha256: string): Promise<string | null>;
}

export type TextReader = (sha256: string) => Promise<string | null>;

export type ChangeIntent = { op: 'put'; collection: string; doc: Doc } | { op: 'remove'; collection: string; id: string | number };

/**
 * A projection: a deterministic function from one event (and the current view) to record changes.
 * Bump `version` when the function changes: its collections are then rebuilt from the log.
 */
export interface Projection {
  name: string;
  version: number;
  collections: CollectionSpec[];
  handles: readonly string[];
  project(event: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]>;
}

/** Published on the bus after every committed batch; `position` lets api instances know how far the read models are. */
export interface ReadModelBatch {
  position: number;
  changes: ReadModelChange[];
}

export const READ_MODEL_TOPIC = 'read-model-changes';
