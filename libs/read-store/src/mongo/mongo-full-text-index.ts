import type { AnyBulkWriteOperation, Collection } from 'mongodb';
import { mongoDriver } from './mongo-driver';
import type { CollectionSpec } from '../read-store.port';
import { fullTextSignature } from '../search/document-text';
import type { MongoRecord } from './mongo-documents';
import { FULL_TEXT_FIELD, FULL_TEXT_INDEX, mongoFullText } from './mongo-full-text';
import { fromMongoDoc } from './to-mongo';

const INDEX_NOT_FOUND = 27;
/** The text index of the earlier layout (MongoDB's own stemming over the raw fields). */
const LEGACY_TEXT_INDEX = 'fulltext';
const BACKFILL_BATCH = 500;

/**
 * The multikey index over the token array, and token streams for records written before the
 * collection had these full-text fields (or with another tokeniser version).
 */
export async function ensureMongoFullText(collection: Collection<MongoRecord>, spec: CollectionSpec): Promise<void> {
  await dropIndexIfPresent(collection, LEGACY_TEXT_INDEX);
  if (!spec.fullText || spec.fullText.length === 0) return;
  await collection.createIndex({ [`${FULL_TEXT_FIELD}.t`]: 1 }, { name: FULL_TEXT_INDEX });
  const signature = fullTextSignature(spec);
  let batch: Array<AnyBulkWriteOperation<MongoRecord>> = [];
  for await (const record of collection.find({ [`${FULL_TEXT_FIELD}.s`]: { $ne: signature } })) {
    const doc = fromMongoDoc(record);
    batch.push({ updateOne: { filter: { _id: record._id }, update: { $set: { [FULL_TEXT_FIELD]: mongoFullText(doc, spec) } } } });
    if (batch.length >= BACKFILL_BATCH) {
      await collection.bulkWrite(batch, { ordered: false });
      batch = [];
    }
  }
  if (batch.length > 0) await collection.bulkWrite(batch, { ordered: false });
}

async function dropIndexIfPresent(collection: Collection<MongoRecord>, name: string): Promise<void> {
  try {
    await collection.dropIndex(name);
  } catch (error) {
    if (!(error instanceof mongoDriver().MongoServerError && (error.code === INDEX_NOT_FOUND || error.codeName === 'IndexNotFound'))) throw error;
  }
}
