import type { RecordedEvent } from '@portal/event-store';
import type { ChangeIntent } from '@portal/read-models';
import type { CollectionSpec, ReadTransaction } from '@portal/read-store';

/**
 * What a projection may read while it projects: the records as they stand inside the current batch,
 * and extracted texts from the file store (content-addressed, so a replay reads the same text; a
 * purged text belongs to a purged document, whose records a replay removes again).
 */
export interface ProjectionView extends Pick<ReadTransaction, 'get' | 'findWhere'> {
  readText(sha256: string): Promise<string | null>;
}

export type TextReader = (sha256: string) => Promise<string | null>;

export type { ChangeIntent };

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
