/**
 * Bus topic of the read store's change feed, relayed by the projector for consumers outside the portal when a bus
 * other processes hear runs (Kafka): one message per change, keyed `<collection>/<id>`. The portal's own api
 * processes follow the change feed in the read store itself.
 */
export const READ_MODEL_TOPIC = 'read-model-changes';

/** One relayed change: which record, how, and at which feed position; never the record itself. */
export interface ReadModelChangeMessage {
  position: number;
  collection: string;
  id: string | number;
  event: 'created' | 'patched' | 'removed';
  /** The record as it was, in its small form (a few KB at most), for removals and visibility changes. */
  before?: Record<string, unknown>;
}
