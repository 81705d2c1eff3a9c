import type { Doc } from '../read-store.port';
import { copyStored, storedForm } from './stored-form';

const roundTrip = (doc: Doc): Doc => JSON.parse(JSON.stringify(doc)) as Doc;

class Money {
  constructor(readonly cents: number) {}
}

const DOCS: Doc[] = [
  { id: 1, name: 'a', nested: { list: [1, 'x', null, { deep: true }] } },
  { id: 'k', dropped: undefined, fn: () => 1, list: [undefined, () => 1, Number.NaN, Infinity, -0], zero: -0 },
  { id: 2, at: new Date('2024-01-02T03:04:05Z'), money: new Money(5), boxed: Object(5) as number },
  { id: 3, withToJson: { toJSON: () => 'replaced' }, 2: 'integer key', b: 'after' },
  { id: 4, [Symbol('hidden')]: 1, text: 'lone \ud800 surrogate' } as unknown as Doc,
  JSON.parse('{"id":5,"__proto__":{"polluted":true}}') as Doc,
];

describe('the stored form of a record', () => {
  it('is what a JSON round trip gives, key order included, for plain and special values', () => {
    for (const doc of DOCS) {
      const stored = storedForm(doc);
      expect(JSON.stringify(stored)).toBe(JSON.stringify(roundTrip(doc)));
      expect(stored).toStrictEqual(roundTrip(doc));
    }
  });

  it('refuses what a put refuses: no id, a reserved key, not an object', () => {
    expect(() => storedForm({ name: 'x' } as unknown as Doc)).toThrow(/id/);
    expect(() => storedForm({ id: 1, _id: 'x' })).toThrow(/_id/);
    expect(() => storedForm([1] as unknown as Doc)).toThrow(/object/);
    expect(() => storedForm({ id: Number.NaN })).toThrow(/id/);
  });

  it('frozen: every object of it, so a reader that tries to change it throws', () => {
    const stored = storedForm({ id: 1, totals: { a: 1 }, list: [{ b: 2 }], when: new Date(0) }, { frozen: true });
    expect(stored).toStrictEqual({ id: 1, totals: { a: 1 }, list: [{ b: 2 }], when: '1970-01-01T00:00:00.000Z' });
    for (const part of [stored, stored.totals, stored.list, (stored.list as object[])[0]]) expect(Object.isFrozen(part)).toBe(true);
    expect(() => {
      (stored.totals as { a: number }).a = 2;
    }).toThrow(TypeError);
  });

  it('adopted: frozen in place when JSON keeps it, sharing frozen stored parts; copied when JSON would drop a key', () => {
    const shared = storedForm({ id: 9, a: { b: [1, 2] } }, { frozen: true });
    const doc: Doc = { id: 1, totals: shared.a, zero: -0, nan: Number.NaN, plain: { c: 1 } };
    const adopted = storedForm(doc, { adopt: true });
    expect(adopted).toBe(doc);
    expect(Object.isFrozen(adopted)).toBe(true);
    expect(adopted.totals).toBe(shared.a);
    expect(JSON.stringify(adopted)).toBe('{"id":1,"totals":{"b":[1,2]},"zero":0,"nan":null,"plain":{"c":1}}');
    expect(Object.is(adopted.zero, 0)).toBe(true);
    for (const source of DOCS) {
      const copy = { ...source } as Doc;
      const stored = storedForm(copy, { adopt: true });
      expect(JSON.stringify(stored)).toBe(JSON.stringify(roundTrip(source)));
      expect(stored).toStrictEqual(roundTrip(source));
      expect(Object.isFrozen(stored)).toBe(true);
    }
    const withUndefined: Doc = { id: 2, gone: undefined };
    expect(storedForm(withUndefined, { adopt: true })).not.toBe(withUndefined);
    // A nested part the caller may still hold is copied, never frozen under it.
    const nested = { b: 1 };
    const adoptedWithNested = storedForm({ id: 3, a: nested }, { adopt: true });
    expect(adoptedWithNested.a).not.toBe(nested);
    expect(Object.isFrozen(nested)).toBe(false);
  });

  it('adopted: a nested part an earlier record froze is shared by the next one, and the record is checked as a put checks it', () => {
    const first = storedForm({ id: 1, terms: { net_days: 30, skonto: [{ days: 14 }] }, revision: 0 }, { adopt: true });
    const next = storedForm({ ...first, revision: 1 }, { adopt: true });
    expect(next.terms).toBe(first.terms);
    expect(JSON.stringify(next)).toBe('{"id":1,"terms":{"net_days":30,"skonto":[{"days":14}]},"revision":1}');
    expect(() => storedForm({ id: 1, _id: undefined }, { adopt: true })).toThrow(/_id/);
    expect(() => storedForm({ id: 1, _fts: 'x' }, { adopt: true })).toThrow(/_fts/);
    expect(() => storedForm({ id: Infinity, a: 1 }, { adopt: true })).toThrow(/id/);
    expect(() => storedForm({ id: 1, big: 1n } as unknown as Doc, { adopt: true })).toThrow();
  });

  it('copies are deep, fresh and equal', () => {
    const stored = storedForm(DOCS[0]!);
    const copy = copyStored(stored);
    expect(copy).toStrictEqual(stored);
    expect(copy.nested).not.toBe(stored.nested);
    const proto = copyStored(storedForm(DOCS[5]!));
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(JSON.stringify(proto)).toBe('{"id":5,"__proto__":{"polluted":true}}');
  });
});
