import type { RecordedEvent } from './event-store.port';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { canonicalJson, eventHash, sealEvents, sealEventsInSlices, verifyChain, type EventDraft } from './hash-chain';

const metadata = (n: number): EventDraft['metadata'] => ({
  userId: 'u-1',
  clientNo: 10001,
  time: `2024-01-0${n}T10:00:00.000Z`,
  commandId: `cmd-${n}`,
  correlationId: 'corr-1',
});

function recorded(streamId: string, drafts: EventDraft[]): RecordedEvent[] {
  return sealEvents(streamId, null, drafts).map((event, revision) => ({ ...event, streamId, revision, position: 100 + revision }));
}

const drafts: EventDraft[] = [
  { type: 'DocumentUploaded', data: { name: 'a.pdf', pages: 2 }, metadata: metadata(1) },
  { type: 'DocumentConfirmed', data: { by: 'u-1' }, metadata: metadata(2) },
  { type: 'DocumentRestored', data: { nested: { b: 1, a: [1, { z: true, y: null }] } }, metadata: { ...metadata(3), originCode: 4 } },
];

describe('canonicalJson', () => {
  it('sorts keys at every level so that equal values give equal text', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, { y: 1, x: 2 }], c: 'x' } })).toBe('{"a":{"c":"x","d":[2,{"x":2,"y":1}]},"b":1}');
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });

  it('drops undefined members like JSON.stringify so stored and in-memory events hash the same', () => {
    expect(canonicalJson({ a: undefined, b: null, c: [undefined] })).toBe('{"b":null,"c":[null]}');
    expect(canonicalJson(new Date('2024-01-01T00:00:00.000Z'))).toBe('"2024-01-01T00:00:00.000Z"');
  });

  it('writes every value as JSON.stringify does: escapes, numbers, booleans, nested arrays, functions and symbols dropped', () => {
    const value = {
      a: 'quote " backslash \\ newline \n tab \t control \u0001 umlaut ä emoji 😀 lone \ud800',
      b: [-0, 1e21, 0.1, -12.5, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, [[]], {}],
      c: { d: () => 1, e: Symbol('s'), f: [() => 1, undefined] },
      'k "quoted"': 1,
      z: new Date('2026-11-30T00:00:00.000Z'),
    };
    expect(canonicalJson(value)).toBe(JSON.stringify(value));
    expect(canonicalJson(undefined)).toBe('null');
    expect(() => canonicalJson({ n: 1n })).toThrow(TypeError);
  });
});

describe('eventHash', () => {
  it('is a stable sha256 hex digest independent of key order', () => {
    const a = eventHash(null, { streamId: 's', type: 't', data: { x: 1, y: 2 }, metadata: metadata(1) });
    const b = eventHash(null, { streamId: 's', type: 't', data: { y: 2, x: 1 }, metadata: { ...metadata(1) } });
    expect(a).toMatch(/^[0-9a-f]{64}$/);
    expect(a).toBe(b);
  });

  it('depends on the predecessor hash and the stream id', () => {
    const event = { streamId: 's', type: 't', data: {}, metadata: metadata(1) };
    expect(eventHash(null, event)).not.toBe(eventHash('00', event));
    expect(eventHash(null, event)).not.toBe(eventHash(null, { ...event, streamId: 'other' }));
  });
});

describe('sealEvents', () => {
  it('links each event to its predecessor, starting from the given last hash', () => {
    const sealed = sealEvents('doc-1', 'abc', drafts);
    expect(sealed[0].metadata.prevHash).toBe('abc');
    expect(sealed[1].metadata.prevHash).toBe(sealed[0].metadata.hash);
    expect(sealed[2].metadata.prevHash).toBe(sealed[1].metadata.hash);
    expect(sealed[2].metadata.originCode).toBe(4);
  });

  it('continues a chain across appends exactly as one batch would', () => {
    const first = sealEvents('doc-1', null, drafts.slice(0, 1));
    const rest = sealEvents('doc-1', first[0].metadata.hash, drafts.slice(1));
    expect([...first, ...rest]).toEqual(sealEvents('doc-1', null, drafts));
  });
});

describe('sealEventsInSlices', () => {
  // A ledger event of 500 entries with what canonicalJson must treat as JSON.stringify does, in long and short arrays.
  const entry = (i: number) => ({
    id: `tx-${i}`,
    amount: i % 7 === 0 ? -i * 1.5 : i,
    when: new Date(Date.UTC(2026, 0, 1 + (i % 28))),
    note: i % 3 === 0 ? undefined : `Zahlung "${i}" ü\n`,
    tags: i % 5 === 0 ? ['a', undefined, null] : [],
    nested: { z: i, a: { skip: undefined, keep: NaN }, f: () => i },
  });
  const drafts: EventDraft[] = [
    {
      type: 'TransactionsRecorded',
      data: { accountId: 'A', entries: Array.from({ length: 500 }, (_, i) => entry(i)), first: undefined },
      metadata: metadata(1),
    },
    { type: 'TransactionsRecorded', data: { entries: Array.from({ length: 65 }, (_, i) => entry(i)), short: [1, 2, 3] }, metadata: metadata(2) },
    { type: 'Small', data: { list: Array.from({ length: 64 }, (_, i) => i), empty: {} }, metadata: metadata(3) },
  ];

  it('gives the same events and hashes as sealEvents, whatever the slices', async () => {
    const whole = sealEvents('ledger-A', 'prev', drafts);
    expect(await sealEventsInSlices('ledger-A', 'prev', drafts, () => undefined)).toEqual(whole);
    expect(await sealEventsInSlices('ledger-A', 'prev', drafts, () => nextTurn())).toEqual(whole);
  });

  it('gives the event loop a turn between the members of a long array when the step asks for it', async () => {
    let turns = 0;
    let other = 0;
    const step = () => {
      turns++;
      if (turns % 100 !== 0) return undefined;
      setImmediate(() => other++);
      return nextTurn();
    };
    await sealEventsInSlices('ledger-A', null, drafts.slice(0, 1), step);
    expect(turns).toBeGreaterThan(500);
    expect(other).toBeGreaterThanOrEqual(5);
  });

  it('hashes an event without a long array in one piece, never asking for a turn', async () => {
    let asked = 0;
    const sealed = await sealEventsInSlices('ledger-A', null, drafts.slice(2), () => {
      asked++;
      return undefined;
    });
    expect(asked).toBe(0);
    expect(sealed).toEqual(sealEvents('ledger-A', null, drafts.slice(2)));
  });
});

describe('verifyChain', () => {
  it('accepts an untouched stream and an empty one', () => {
    expect(verifyChain(recorded('doc-1', drafts))).toEqual({ ok: true });
    expect(verifyChain([])).toEqual({ ok: true });
  });

  it('accepts events that went through a JSON round trip', () => {
    const stored = JSON.parse(JSON.stringify(recorded('doc-1', drafts))) as RecordedEvent[];
    expect(verifyChain(stored)).toEqual({ ok: true });
  });

  it('detects tampered data', () => {
    const events = recorded('doc-1', drafts);
    events[1] = { ...events[1], data: { by: 'someone-else' } };
    expect(verifyChain(events)).toMatchObject({ ok: false, revision: 1, reason: expect.stringContaining('hash') });
  });

  it('detects tampered metadata', () => {
    const events = recorded('doc-1', drafts);
    events[2] = { ...events[2], metadata: { ...events[2].metadata, userId: 'u-2' } };
    expect(verifyChain(events)).toMatchObject({ ok: false, revision: 2 });
  });

  it('detects tampered order even when revisions are renumbered', () => {
    const events = recorded('doc-1', drafts);
    const swapped = [events[0], { ...events[2], revision: 1 }, { ...events[1], revision: 2 }];
    expect(verifyChain(swapped)).toMatchObject({ ok: false, revision: 1 });
    expect(verifyChain([events[0], events[2], events[1]])).toMatchObject({ ok: false, revision: 2 });
  });

  it('detects a missing event, with or without renumbering', () => {
    const events = recorded('doc-1', drafts);
    expect(verifyChain([events[0], events[2]])).toMatchObject({ ok: false, revision: 2 });
    expect(verifyChain([events[0], { ...events[2], revision: 1 }])).toMatchObject({ ok: false, revision: 1, reason: expect.stringContaining('prevHash') });
    expect(verifyChain(events.slice(1))).toMatchObject({ ok: false, revision: 1 });
  });

  it('detects a rewritten event whose hash was recomputed but whose successor still points at the old one', () => {
    const events = recorded('doc-1', drafts);
    const forged = { ...events[1], data: { by: 'forger' } };
    forged.metadata = { ...forged.metadata, hash: eventHash(forged.metadata.prevHash, forged) };
    expect(verifyChain([events[0], forged, events[2]])).toMatchObject({ ok: false, revision: 2 });
  });

  it('detects an event moved in from another stream', () => {
    const events = recorded('doc-1', drafts);
    const foreign = recorded('doc-2', drafts);
    expect(verifyChain([events[0], foreign[1]])).toMatchObject({ ok: false, revision: 1 });
  });
});
