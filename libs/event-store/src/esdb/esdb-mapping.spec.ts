import { ANY, NO_STREAM, START } from '@eventstore/db-client';
import { fromEsdbCurrent, fromEsdbRecord, toEsdbExpected, toReadPosition } from './esdb-mapping';

describe('EventStoreDB mapping', () => {
  it('maps expected revisions to the client constants and bigint revisions', () => {
    expect(toEsdbExpected('any')).toBe(ANY);
    expect(toEsdbExpected('no_stream')).toBe(NO_STREAM);
    expect(toEsdbExpected(4)).toBe(BigInt(4));
  });

  it('maps the actual revision of a conflict, a missing stream being no_stream', () => {
    expect(fromEsdbCurrent(BigInt(7))).toBe(7);
    expect(fromEsdbCurrent(NO_STREAM)).toBe('no_stream');
  });

  it('maps a global position to a commit and prepare position, null to the start', () => {
    expect(toReadPosition(null)).toBe(START);
    expect(toReadPosition(1234)).toEqual({ commit: BigInt(1234), prepare: BigInt(1234) });
  });

  it('maps a recorded JSON event, using the commit position as the global position', () => {
    const event = fromEsdbRecord({
      streamId: 'doc-1',
      revision: BigInt(2),
      type: 'Confirmed',
      isJson: true,
      data: { a: 1 },
      metadata: { userId: 'u' },
      position: { commit: BigInt(5000), prepare: BigInt(5000) },
    });
    expect(event).toEqual({ streamId: 'doc-1', revision: 2, position: 5000, type: 'Confirmed', data: { a: 1 }, metadata: { userId: 'u' } });
  });

  it('drops system events and streams, and marks a position the server did not report as -1', () => {
    const base = { streamId: 'doc-1', revision: BigInt(0), type: 'X', isJson: true, data: {}, metadata: {} };
    expect(fromEsdbRecord({ ...base, type: '$metadata' })).toBeNull();
    expect(fromEsdbRecord({ ...base, streamId: '$stats-1' })).toBeNull();
    expect(fromEsdbRecord(undefined)).toBeNull();
    expect(fromEsdbRecord({ ...base, position: { commit: BigInt('18446744073709551615'), prepare: BigInt(0) } })?.position).toBe(-1);
  });
});
