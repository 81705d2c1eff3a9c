import { hashSeed, Prng, prngFor } from './prng';

describe('Prng', () => {
  it('produces the same sequence for the same seed', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    expect(Array.from({ length: 20 }, () => a.next())).toEqual(Array.from({ length: 20 }, () => b.next()));
  });

  it('produces different sequences for different seeds', () => {
    expect(new Prng(1).next()).not.toEqual(new Prng(2).next());
  });

  it('keeps integers within the inclusive bounds and reaches both ends', () => {
    const prng = new Prng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const n = prng.int(3, 6);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(6);
      seen.add(n);
    }
    expect([...seen].sort()).toEqual([3, 4, 5, 6]);
  });

  it('shuffles without losing or duplicating items', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(new Prng(5).shuffle(items).sort((a, b) => a - b)).toEqual(items);
  });

  it('derives independent sub-seeds from labelled parts', () => {
    expect(hashSeed('invoice', 1, 2)).toBe(hashSeed('invoice', 1, 2));
    expect(hashSeed('invoice', 1, 2)).not.toBe(hashSeed('invoice', 12));
    expect(prngFor('a', 1).next()).toBe(prngFor('a', 1).next());
  });
});
