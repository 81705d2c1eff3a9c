import type { ChangeStream, ClientSession, Db, MongoClient } from 'mongodb';
import type { Doc, FeedBatch, FeedRetention, FeedSubscription, FollowOptions, LoadedFeedBatch } from '../read-store.port';
import { FeedGap } from '../feed/feed-gap';
import { deliver } from '../feed/deliver';
import { forgetReadersBefore, pruneThrough, PRUNE_SCAN } from '../feed/retention';
import { decodeChanges, encodeChanges } from '../feed/stored-changes';
import { FEED, FEED_PRUNED, FEED_READERS, type FeedDocument, type FeedPrunedDocument, type FeedReaderDocument, type MongoRecord } from './mongo-documents';
import { FULL_TEXT_FIELD } from './mongo-full-text';
import { fromMongoDoc } from './to-mongo';

/** Writes inside the projector's transaction. */
export async function appendFeed(db: Db, session: ClientSession, batch: FeedBatch): Promise<void> {
  if (!Number.isSafeInteger(batch.position)) throw new RangeError(`A feed position must be an integer, got ${batch.position}`);
  // insertOne, not upsert: a position written twice means two writers, and the transaction must fail.
  await db.collection<FeedDocument>(FEED).insertOne({ _id: batch.position, changes: encodeChanges(batch.changes), at: Date.now() }, { session });
}

export async function pruneFeed(db: Db, session: ClientSession, retention: FeedRetention, now = Date.now()): Promise<number> {
  const readers = db.collection<FeedReaderDocument>(FEED_READERS);
  await readers.deleteMany({ seenAt: { $lt: forgetReadersBefore(retention, now) } }, { session });
  const [live] = await readers.find({ seenAt: { $gte: now - retention.readerTimeoutMs } }, { session, sort: { position: 1 }, limit: 1 }).toArray();
  const oldest = await db
    .collection<FeedDocument>(FEED)
    .find({}, { session, sort: { _id: 1 }, limit: PRUNE_SCAN, projection: { at: 1 } })
    .toArray();
  const through = pruneThrough(
    oldest.map((d) => ({ position: d._id, writtenAt: d.at })),
    live?.position ?? null,
    retention,
    now,
  );
  if (through === null) return 0;
  const removed = await db.collection<FeedDocument>(FEED).deleteMany({ _id: { $lte: through } }, { session });
  await db.collection<FeedPrunedDocument>(FEED_PRUNED).updateOne({ _id: 1 }, { $max: { through } }, { upsert: true, session });
  return removed.deletedCount;
}

/**
 * Reads the feed and loads its records in one snapshot session (MongoDB 5.0+): the records are as they stood
 * when the newest batch read was committed, or later; `isKnown` tells which collections this store serves.
 */
export class MongoFeedReader {
  constructor(
    private readonly client: MongoClient,
    private readonly db: Db,
    private readonly isKnown: (collection: string) => boolean,
  ) {}

  async read(after: number | null, limit: number): Promise<LoadedFeedBatch[]> {
    const session = this.client.startSession({ snapshot: true });
    try {
      const pruned = await this.db.collection<FeedPrunedDocument>(FEED_PRUNED).findOne({ _id: 1 }, { session });
      if (after !== null && pruned && after < pruned.through) throw new FeedGap(after, pruned.through);
      const docs = await this.db
        .collection<FeedDocument>(FEED)
        .find({ _id: { $gt: after ?? -1 } }, { session, sort: { _id: 1 }, limit })
        .toArray();
      return await this.load(docs, session);
    } finally {
      await session.endSession();
    }
  }

  /** Loads the records of feed documents: one query per collection and batch of ids. */
  async load(docs: readonly FeedDocument[], session?: ClientSession): Promise<LoadedFeedBatch[]> {
    const batches = docs.map((d) => ({ position: d._id, changes: decodeChanges(d.changes) }));
    const wanted = new Map<string, Set<string | number>>();
    for (const batch of batches) {
      for (const change of batch.changes) {
        if (change.event === 'removed' || !this.isKnown(change.collection)) continue;
        let ids = wanted.get(change.collection);
        if (!ids) wanted.set(change.collection, (ids = new Set()));
        ids.add(change.id);
      }
    }
    const found = new Map<string, Doc>();
    for (const [collection, ids] of wanted) {
      const records = await this.db
        .collection<MongoRecord>(collection)
        .find({ _id: { $in: [...ids] } }, { ...(session ? { session } : {}), projection: { [FULL_TEXT_FIELD]: 0 } })
        .toArray();
      for (const record of records) found.set(`${collection}\u0000${JSON.stringify(record._id)}`, fromMongoDoc(record));
    }
    return batches.map((batch) => ({
      position: batch.position,
      changes: batch.changes.map((change) => ({ ...change, doc: found.get(`${change.collection}\u0000${JSON.stringify(change.id)}`) ?? null })),
    }));
  }

  async head(): Promise<number | null> {
    const [newest] = await this.db
      .collection<FeedDocument>(FEED)
      .find({}, { sort: { _id: -1 }, limit: 1, projection: { _id: 1 } })
      .toArray();
    if (newest) return newest._id;
    return (await this.db.collection<FeedPrunedDocument>(FEED_PRUNED).findOne({ _id: 1 }))?.through ?? null;
  }

  async saveReader(reader: string, position: number): Promise<void> {
    await this.db.collection<FeedReaderDocument>(FEED_READERS).updateOne({ _id: reader }, { $set: { position, seenAt: Date.now() } }, { upsert: true });
  }

  async readerPosition(reader: string): Promise<number | null> {
    return (await this.db.collection<FeedReaderDocument>(FEED_READERS).findOne({ _id: reader }))?.position ?? null;
  }
}

const RETRY_MS = 1000;
const PAGE = 100;

/**
 * Follows the feed with a change stream on its collection, resuming from a position (not a resume token): the
 * stream is opened first, then the batches after the position are read, then the stream's inserts are
 * delivered, skipping any already delivered. A broken stream is reopened the same way from the last position.
 */
export class MongoFeedFollower implements FeedSubscription {
  private closed = false;
  private stream: ChangeStream<FeedDocument> | null = null;
  private wake: () => void = () => undefined;
  private readonly finished: Promise<void>;

  constructor(
    private readonly db: Db,
    private readonly reader: MongoFeedReader,
    private readonly options: FollowOptions,
  ) {
    this.finished = this.run();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake();
    await this.stream?.close().catch(() => undefined);
    await this.finished;
  }

  private async run(): Promise<void> {
    let cursor = this.options.after;
    while (!this.closed) {
      try {
        const stream = this.db.collection<FeedDocument>(FEED).watch<FeedDocument>([{ $match: { operationType: 'insert' } }]);
        this.stream = stream;
        for (;;) {
          let page: LoadedFeedBatch[];
          try {
            page = await this.reader.read(cursor, PAGE);
          } catch (error) {
            if (!(error instanceof FeedGap)) throw error;
            const head = await this.reader.head();
            this.options.onGap?.(cursor, head);
            cursor = head;
            continue;
          }
          if (page.length === 0) break;
          for (const batch of page) {
            if (this.closed) return;
            await deliver(
              this.options,
              batch,
              (ms) => this.pause(ms),
              () => this.closed,
            );
            cursor = batch.position;
          }
        }
        for await (const change of stream) {
          if (this.closed) return;
          if (change.operationType !== 'insert') continue;
          const doc = change.fullDocument;
          if (cursor !== null && doc._id <= cursor) continue;
          const [batch] = await this.reader.load([doc]);
          await deliver(
            this.options,
            batch!,
            (ms) => this.pause(ms),
            () => this.closed,
          );
          cursor = doc._id;
        }
      } catch (error) {
        if (this.closed) return;
        this.options.onError?.(error);
        await this.pause(RETRY_MS);
      } finally {
        await this.stream?.close().catch(() => undefined);
        this.stream = null;
      }
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }
}
