/** The broker's default `message.max.bytes` (and the producer's default request size): 1 MiB, less room for headers. */
export const MAX_REQUEST_BYTES = 1_000_000;
/** What a record costs beyond its key and value in a record batch (varint lengths, offsets, timestamps, headers). */
const RECORD_OVERHEAD = 64;
/** What a produce request costs beyond its records (batch header, topic and partition framing). */
const REQUEST_OVERHEAD = 512;

export interface EncodedMessage {
  key: string;
  value: string;
}

export const recordBytes = (message: EncodedMessage): number => Buffer.byteLength(message.key) + Buffer.byteLength(message.value) + RECORD_OVERHEAD;

/** A message larger than a broker accepts: it cannot be published (and must never be built). */
export class MessageTooLarge extends Error {
  constructor(
    readonly topic: string,
    readonly key: string,
    readonly bytes: number,
  ) {
    super(
      `A message of ${bytes} bytes (topic ${topic}, key ${key}) exceeds the ${MAX_REQUEST_BYTES} bytes a broker accepts; publish small messages (ids, not whole records)`,
    );
    this.name = 'MessageTooLarge';
  }
}

/**
 * The messages of one publish split, in order, into produce requests of at most `maxBytes` each: a large publish
 * (a batch of many changes) never exceeds what the broker accepts in one request.
 */
export function kafkaRequests(topic: string, messages: readonly EncodedMessage[], maxBytes = MAX_REQUEST_BYTES): EncodedMessage[][] {
  const requests: EncodedMessage[][] = [];
  let current: EncodedMessage[] = [];
  let size = REQUEST_OVERHEAD;
  for (const message of messages) {
    const bytes = recordBytes(message);
    if (bytes + REQUEST_OVERHEAD > maxBytes) throw new MessageTooLarge(topic, message.key, bytes);
    if (current.length > 0 && size + bytes > maxBytes) {
      requests.push(current);
      current = [];
      size = REQUEST_OVERHEAD;
    }
    current.push(message);
    size += bytes;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}
