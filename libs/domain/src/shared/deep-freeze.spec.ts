import { Map as ImmutableMap } from 'immutable';
import { deepFreeze } from './deep-freeze';

describe('deepFreeze', () => {
  it('freezes nested plain objects and arrays so that a change throws', () => {
    const state = deepFreeze({ lines: [{ amount: 1 }], totals: { net: 1 } });
    expect(() => state.lines.push({ amount: 2 })).toThrow(TypeError);
    expect(() => {
      (state.totals as { net: number }).net = 2;
    }).toThrow(TypeError);
    expect(() => {
      (state.lines[0] as { amount: number }).amount = 3;
    }).toThrow(TypeError);
  });

  it('leaves class instances usable (Immutable.js keeps caches inside its collections)', () => {
    const state = deepFreeze({ parties: ImmutableMap<string, number>().set('a', 1) });
    expect(Object.isFrozen(state)).toBe(true);
    expect(state.parties.set('b', 2).hashCode()).toEqual(expect.any(Number));
    expect(state.parties.hashCode()).toEqual(expect.any(Number));
  });

  it('returns primitives and null as they are', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
  });
});
