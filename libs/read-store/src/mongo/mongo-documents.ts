export const CHECKPOINTS = '_checkpoints';

export interface CheckpointDocument {
  _id: string;
  position: number;
}

/** A read-model record as stored: the doc's id as `_id`. */
export interface MongoRecord {
  _id: string | number;
  [field: string]: unknown;
}
