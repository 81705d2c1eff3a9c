import type { ClientSession, Db } from 'mongodb';
import { mongoDriver } from './mongo-driver';
import { FencedOut, type Fence, type LeaseClaim, type LeaseState } from '../read-store.port';
import { holderIsGone } from '../shared/process-alive';
import { LEASES, type LeaseDocument } from './mongo-documents';

const DUPLICATE_KEY = 11000;

const toState = (doc: LeaseDocument): LeaseState => ({ holder: doc.holder, host: doc.host, pid: doc.pid, epoch: doc.epoch, expiresAt: doc.expiresAt });

export async function currentLease(db: Db, name: string): Promise<LeaseState | null> {
  const doc = await db.collection<LeaseDocument>(LEASES).findOne({ _id: name });
  return doc ? toState(doc) : null;
}

/**
 * Takes the lease with a compare-and-set on its epoch: of two writers that both saw it free, one update
 * matches and the other finds the epoch moved. Expiry uses this host's clock: a skewed clock can only make a
 * writer take over early, and then the epoch (checked in every write transaction) fences the old one out.
 */
export async function acquireLease(db: Db, claim: LeaseClaim, ttlMs: number, now = Date.now()): Promise<Fence | null> {
  const leases = db.collection<LeaseDocument>(LEASES);
  const current = await currentLease(db, claim.name);
  const free = current === null || current.expiresAt <= now || current.holder === claim.holder || holderIsGone(current, claim.host);
  if (!free) return null;
  const fields = { holder: claim.holder, host: claim.host, pid: claim.pid, expiresAt: now + ttlMs };
  if (current === null) {
    try {
      await leases.insertOne({ _id: claim.name, ...fields, epoch: 1 });
      return { name: claim.name, holder: claim.holder, epoch: 1, ttlMs };
    } catch (error) {
      if (error instanceof mongoDriver().MongoServerError && error.code === DUPLICATE_KEY) return null;
      throw error;
    }
  }
  const taken = await leases.updateOne({ _id: claim.name, epoch: current.epoch }, { $set: { ...fields, epoch: current.epoch + 1 } });
  return taken.modifiedCount === 1 ? { name: claim.name, holder: claim.holder, epoch: current.epoch + 1, ttlMs } : null;
}

/**
 * First step of a fenced transaction: renews the lease only if this fence still holds it. A take-over committed
 * meanwhile makes this update either match nothing (FencedOut) or conflict with it (the transaction aborts).
 */
export async function checkFence(db: Db, session: ClientSession, fence: Fence, now = Date.now()): Promise<void> {
  const renewed = await db
    .collection<LeaseDocument>(LEASES)
    .updateOne({ _id: fence.name, holder: fence.holder, epoch: fence.epoch }, { $set: { expiresAt: now + fence.ttlMs } }, { session });
  if (renewed.matchedCount === 1) return;
  const current = await db.collection<LeaseDocument>(LEASES).findOne({ _id: fence.name }, { session });
  throw new FencedOut(fence, current ? { holder: current.holder, epoch: current.epoch } : null);
}

export async function releaseLease(db: Db, fence: Fence): Promise<void> {
  await db.collection<LeaseDocument>(LEASES).updateOne({ _id: fence.name, holder: fence.holder, epoch: fence.epoch }, { $set: { expiresAt: 0 } });
}
