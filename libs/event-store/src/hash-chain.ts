import { createHash } from 'node:crypto';
import type { EventData, EventMetadata, RecordedEvent } from './event-store.port';

/** Metadata as the command handler fills it; the chain adds `hash` and `prevHash`. */
export type DraftMetadata = Omit<EventMetadata, 'hash' | 'prevHash'>;

export interface EventDraft {
  type: string;
  data: Record<string, unknown>;
  metadata: DraftMetadata;
}

export interface HashableEvent extends EventDraft {
  streamId: string;
}

export type ChainVerdict = { ok: true } | { ok: false; revision: number; reason: string };

/**
 * JSON with object keys sorted at every level, so equal values always give equal text.
 * Follows JSON.stringify for everything else: undefined members are dropped, `toJSON` is honoured,
 * non-finite numbers become null. The stored form of an event (JSON) hashes the same as the in-memory one.
 */
export function canonicalJson(value: unknown): string {
  const text = canonicalize(value);
  return text === undefined ? 'null' : text;
}

function canonicalize(value: unknown): string | undefined {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return canonicalize((value as { toJSON(): unknown }).toJSON());
  }
  if (Array.isArray(value)) {
    return `[${value.map((item) => canonicalize(item) ?? 'null').join(',')}]`;
  }
  if (value !== null && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = canonicalize(record[key]);
      if (member !== undefined) members.push(`${JSON.stringify(key)}:${member}`);
    }
    return `{${members.join(',')}}`;
  }
  if (typeof value === 'bigint') throw new TypeError('canonicalJson: bigint is not JSON');
  return JSON.stringify(value) as string | undefined;
}

function withoutChainFields(metadata: DraftMetadata | EventMetadata): DraftMetadata {
  const { hash: _hash, prevHash: _prevHash, ...rest } = metadata as Partial<EventMetadata> & DraftMetadata;
  return rest;
}

/** sha256 (hex) over stream id, type, data, metadata (without the chain fields) and the predecessor's hash. */
export function eventHash(prevHash: string | null, event: HashableEvent): string {
  const content = canonicalJson({
    streamId: event.streamId,
    type: event.type,
    data: event.data,
    metadata: withoutChainFields(event.metadata),
    prevHash,
  });
  return createHash('sha256').update(content, 'utf8').digest('hex');
}

/** Fills `prevHash`/`hash` of new events, continuing the chain from the stream's last hash (null for a new stream). */
export function sealEvents(streamId: string, lastHash: string | null, drafts: readonly EventDraft[]): EventData[] {
  let prevHash = lastHash;
  return drafts.map((draft) => {
    const metadata = withoutChainFields(draft.metadata);
    const hash = eventHash(prevHash, { streamId, type: draft.type, data: draft.data, metadata });
    const sealed: EventData = { type: draft.type, data: draft.data, metadata: { ...metadata, hash, prevHash } };
    prevHash = hash;
    return sealed;
  });
}

/**
 * Verifies a whole stream as read by readStream (revision 0 first). Detects changed content,
 * reordered, missing or inserted events, and events of another stream.
 */
export function verifyChain(events: readonly RecordedEvent[]): ChainVerdict {
  let prevHash: string | null = null;
  const streamId = events[0]?.streamId;
  for (let index = 0; index < events.length; index++) {
    const event = events[index];
    const fail = (reason: string): ChainVerdict => ({ ok: false, revision: event.revision, reason });
    if (event.streamId !== streamId) return fail(`event belongs to stream ${event.streamId}, expected ${String(streamId)}`);
    if (event.revision !== index) return fail(`expected revision ${index}, found ${event.revision} (missing or reordered event)`);
    if (event.metadata.prevHash !== prevHash) return fail('prevHash does not match the hash of the preceding event');
    const expected = eventHash(prevHash, event);
    if (event.metadata.hash !== expected) return fail('hash does not match the event content');
    prevHash = expected;
  }
  return { ok: true };
}
