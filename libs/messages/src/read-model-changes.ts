import type { Doc } from '@portal/read-store';

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

/** Published on the bus after every committed batch; `position` lets api instances know how far the read models are. */
export interface ReadModelBatch {
  position: number;
  changes: ReadModelChange[];
}

export const READ_MODEL_TOPIC = 'read-model-changes';
