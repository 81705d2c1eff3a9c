import type { ExpectedRevision as EsdbExpectedRevision, Position, ReadPosition } from '@eventstore/db-client';
import { esdbDriver } from './esdb-driver';
import type { EventMetadata, ExpectedRevision, RecordedEvent } from '../event-store.port';

/**
 * Position mapping: the port's `position` is the event's commit position in the EventStoreDB
 * transaction log, as a Number (safe up to 2^53 bytes of log). Events appended through gRPC are
 * implicit transactions whose commit and prepare positions are equal, so a number maps back to
 * `{ commit: n, prepare: n }`. Positions are strictly increasing with large, irregular gaps.
 */
export function toReadPosition(position: number | null): ReadPosition {
  if (position === null) return esdbDriver().START;
  const value = BigInt(position);
  return { commit: value, prepare: value };
}

export function toEsdbExpected(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === 'any') return esdbDriver().ANY;
  if (expected === 'no_stream') return esdbDriver().NO_STREAM;
  return BigInt(expected);
}

export function fromEsdbCurrent(actual: unknown): number | 'no_stream' {
  return typeof actual === 'bigint' ? Number(actual) : 'no_stream';
}

export function commitToNumber(position: Position | undefined): number | null {
  if (!position || position.commit > BigInt(Number.MAX_SAFE_INTEGER)) return null;
  return Number(position.commit);
}

/** The subset of the client's recorded event this adapter reads. */
export interface EsdbRecord {
  streamId: string;
  revision: bigint;
  type: string;
  isJson: boolean;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

/** System streams and events (`$...`) are EventStoreDB's own bookkeeping, never the portal's. */
export function isSystemRecord(record: EsdbRecord): boolean {
  return record.streamId.startsWith('$') || record.type.startsWith('$');
}

/**
 * The metadata key EventStoreDB's `$by_correlation_id` system projection indexes by (stream `$bc-<value>`): the
 * adapter stores the command id under it, which makes that projection the command-id index.
 */
export const COMMAND_INDEX_KEY = '$correlationId';

/** The metadata as stored: the portal's metadata plus the command-id index key. */
export function toEsdbMetadata(metadata: EventMetadata): Record<string, unknown> {
  return { ...metadata, [COMMAND_INDEX_KEY]: metadata.commandId };
}

/**
 * Maps a stored event, or null for system and non-JSON events. readStream may come without a
 * position from servers that do not report it for stream reads; then `position` is -1. The index
 * key is the adapter's own and is left out (the hash chain covers the portal's metadata only).
 */
export function fromEsdbRecord(record: EsdbRecord | undefined): RecordedEvent | null {
  if (!record || !record.isJson || isSystemRecord(record)) return null;
  const { [COMMAND_INDEX_KEY]: _index, ...metadata } = (record.metadata ?? {}) as Record<string, unknown>;
  return {
    streamId: record.streamId,
    revision: Number(record.revision),
    position: commitToNumber(record.position) ?? -1,
    type: record.type,
    data: record.data as Record<string, unknown>,
    metadata: metadata as unknown as EventMetadata,
  };
}
