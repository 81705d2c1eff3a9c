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

  it('freezes a Map: set, delete and clear throw, and the entries stay as they were', () => {
    const state = deepFreeze({ byId: new Map([['a', { amount: 1 }]]) });
    expect(() => state.byId.set('b', { amount: 2 })).toThrow(TypeError);
    expect(() => state.byId.delete('a')).toThrow(TypeError);
    expect(() => state.byId.clear()).toThrow(TypeError);
    expect(() => {
      (state.byId.get('a') as { amount: number }).amount = 3;
    }).toThrow(TypeError);
    expect([...state.byId]).toEqual([['a', { amount: 1 }]]);
  });

  it('freezes a Set: add, delete and clear throw, and its members stay as they were', () => {
    const state = deepFreeze({ keys: new Set([{ key: 'a' }]) });
    expect(() => state.keys.add({ key: 'b' })).toThrow(/never changed in place/);
    expect(() => state.keys.delete([...state.keys][0]!)).toThrow(TypeError);
    expect(() => state.keys.clear()).toThrow(TypeError);
    expect(() => {
      ([...state.keys][0] as { key: string }).key = 'c';
    }).toThrow(TypeError);
    expect(state.keys.size).toBe(1);
  });

  it('freezes Maps and Sets nested in Maps, and a Map copied from a frozen one can change', () => {
    const state = deepFreeze(new Map([['a', new Set([1])]]));
    expect(() => state.get('a')!.add(2)).toThrow(TypeError);
    const copy = new Map(state).set('b', new Set([2]));
    expect([...copy.keys()]).toEqual(['a', 'b']);
    expect(state.size).toBe(1);
  });

  it('leaves class instances usable (Immutable.js keeps caches inside its collections)', () => {
    const state = deepFreeze({ parties: ImmutableMap<string, number>().set('a', 1) });
    expect(Object.isFrozen(state)).toBe(true);
    expect(state.parties.set('b', 2).hashCode()).toEqual(expect.any(Number));
    expect(state.parties.hashCode()).toEqual(expect.any(Number));
  });

  it('freezes the values of persistent collections when asked, for specs', () => {
    const state = deepFreeze({ items: ImmutableMap<string, { relevant: boolean }>().set('a', { relevant: true }) }, { persistentValues: true });
    expect(() => {
      state.items.get('a')!.relevant = false;
    }).toThrow(TypeError);
    expect(deepFreeze(ImmutableMap<string, { n: number }>().set('a', { n: 1 })).get('a')!.n++).toBe(1);
  });

  it('returns primitives and null as they are', () => {
    expect(deepFreeze(3)).toBe(3);
    expect(deepFreeze(null)).toBeNull();
  });
});
