import { createHash } from 'node:crypto';

/** A fixed namespace for the portal's event ids (RFC 4122 name-based UUIDs, version 5). */
const NAMESPACE = Buffer.from('6f1c3b2a9d4e4f7a8b5c0d1e2f3a4b5c', 'hex');

/**
 * The EventStoreDB event id of the `index`-th event a command appends to a stream: derived from the command id,
 * so an append sent again (after a timeout whose outcome is unknown) carries the same ids, and the server
 * recognises it as the same write (idempotent for an exact expected revision) instead of storing it twice.
 */
export function eventIdOf(commandId: string, streamId: string, index: number): string {
  const hash = createHash('sha1').update(NAMESPACE).update(`${streamId}\u0000${commandId}\u0000${index}`).digest();
  const bytes = hash.subarray(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x50;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
