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

/** Object keys as JSON strings: events repeat the same few field names thousands of times. */
const quotedKeys = new Map<string, string>();
const QUOTED_KEYS_LIMIT = 10_000;

function quotedKey(key: string): string {
  let quoted = quotedKeys.get(key);
  if (quoted === undefined) {
    quoted = JSON.stringify(key);
    if (quotedKeys.size >= QUOTED_KEYS_LIMIT) quotedKeys.clear();
    quotedKeys.set(key, quoted);
  }
  return quoted;
}

// Built by concatenation, the keys quoted once: a 500-entry ledger event is hashed on every append.
function canonicalize(value: unknown): string | undefined {
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'boolean':
      return value ? 'true' : 'false';
    case 'number':
      return JSON.stringify(value);
    case 'bigint':
      throw new TypeError('canonicalJson: bigint is not JSON');
    case 'object':
      break;
    default:
      return undefined;
  }
  if (value === null) return 'null';
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return canonicalize((value as { toJSON(): unknown }).toJSON());
  if (Array.isArray(value)) {
    let text = '[';
    for (let i = 0; i < value.length; i++) text += (i === 0 ? '' : ',') + (canonicalize(value[i]) ?? 'null');
    return `${text}]`;
  }
  const record = value as Record<string, unknown>;
  let text = '{';
  for (const key of Object.keys(record).sort()) {
    const member = canonicalize(record[key]);
    if (member !== undefined) text += (text.length === 1 ? '' : ',') + quotedKey(key) + ':' + member;
  }
  return `${text}}`;
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

/** Members of a long array are hashed one by one (a slice may end between them); a short one as one piece. */
const LONG_ARRAY = 64;

const isContainer = (value: unknown): value is object =>
  value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON !== 'function';

/** canonicalJson's text in pieces (their concatenation is the same text): a long array's members one at a time. */
function* canonicalPieces(value: unknown): Generator<string> {
  if (!isContainer(value)) {
    yield canonicalize(value) ?? 'null';
    return;
  }
  if (Array.isArray(value)) {
    if (value.length <= LONG_ARRAY) {
      yield canonicalize(value)!;
      return;
    }
    yield '[';
    for (let i = 0; i < value.length; i++) yield (i === 0 ? '' : ',') + (canonicalize(value[i]) ?? 'null');
    yield ']';
    return;
  }
  const record = value as Record<string, unknown>;
  let first = true;
  yield '{';
  for (const key of Object.keys(record).sort()) {
    const member = record[key];
    // A plain object or array is never dropped; anything else is dropped when canonicalize says so.
    if (isContainer(member)) {
      yield (first ? '' : ',') + quotedKey(key) + ':';
      yield* canonicalPieces(member);
      first = false;
      continue;
    }
    const text = canonicalize(member);
    if (text === undefined) continue;
    yield (first ? '' : ',') + quotedKey(key) + ':' + text;
    first = false;
  }
  yield '}';
}

/** Whether a value holds an array long enough to be hashed member by member (anywhere inside it). */
function holdsLongArray(value: unknown): boolean {
  if (!isContainer(value)) return false;
  if (Array.isArray(value)) return value.length > LONG_ARRAY || value.some(holdsLongArray);
  return Object.values(value).some(holdsLongArray);
}

/** Asked between the pieces of a hash: a promise (the event loop's next turn) when the slice is used up. */
export type SliceStep = () => Promise<void> | undefined;

/** eventHash's hash, the canonical text made and hashed in pieces, giving the event loop back when `step` asks. */
export async function eventHashInSlices(prevHash: string | null, event: HashableEvent, step: SliceStep): Promise<string> {
  const hash = createHash('sha256');
  const content = { streamId: event.streamId, type: event.type, data: event.data, metadata: withoutChainFields(event.metadata), prevHash };
  for (const piece of canonicalPieces(content)) {
    hash.update(piece, 'utf8');
    const turn = step();
    if (turn) await turn;
  }
  return hash.digest('hex');
}

/** sealEvents for large events (hundreds of entries): the same hashes, made in slices of the event loop's time. */
export async function sealEventsInSlices(streamId: string, lastHash: string | null, drafts: readonly EventDraft[], step: SliceStep): Promise<EventData[]> {
  let prevHash = lastHash;
  const sealed: EventData[] = [];
  for (const draft of drafts) {
    const metadata = withoutChainFields(draft.metadata);
    const event = { streamId, type: draft.type, data: draft.data, metadata };
    // Hashing in pieces costs twice the time of one piece: only an event with a long array has a reason to.
    const hash = holdsLongArray(draft.data) ? await eventHashInSlices(prevHash, event, step) : eventHash(prevHash, event);
    sealed.push({ type: draft.type, data: draft.data, metadata: { ...metadata, hash, prevHash } });
    prevHash = hash;
  }
  return sealed;
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
