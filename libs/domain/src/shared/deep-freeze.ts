import { isImmutable } from 'immutable';

export interface FreezeOptions {
  /**
   * Also freeze the values held in Immutable.js collections (the collections themselves cannot change). Walking
   * every entry of a large persistent collection costs time on every call, so the spec helper asks for it and the
   * command runtime's cache does not.
   */
  persistentValues?: boolean;
}

/**
 * Freezes a state all the way down and returns it: plain objects and arrays with `Object.freeze`; Maps and
 * Sets by replacing their changing methods (set/add, delete, clear) with ones that throw, because a frozen
 * Map or Set still changes through its methods. States are never changed in place: the command runtime keeps
 * folded states and hands the same object to the next command, and a change would corrupt what it believes.
 *
 * Objects already frozen are not walked again, so freezing a state that shares most of its parts with a
 * frozen predecessor costs only its new parts. Other class instances (Immutable.js collections, Date) are
 * left as they are: Immutable.js collections cannot be changed in place and keep private caches that must
 * stay writable (their values are frozen with `persistentValues`).
 */
export function deepFreeze<T>(value: T, options: FreezeOptions = {}): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  if (value instanceof Map) return freezeMap(value, options) as T;
  if (value instanceof Set) return freezeSet(value, options) as T;
  if (isImmutable(value)) {
    if (options.persistentValues) for (const entry of value.values()) deepFreeze(entry, options);
    return value;
  }
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key], options);
  return value;
}

function refuse(kind: string, method: string) {
  return () => {
    throw new TypeError(`Cannot ${method} on a frozen ${kind}: a state is never changed in place; evolve returns a new one.`);
  };
}

function lock(collection: object, kind: string, methods: readonly string[]): void {
  for (const method of methods) Object.defineProperty(collection, method, { value: refuse(kind, method), enumerable: false });
  Object.freeze(collection);
}

function freezeMap<K, V>(map: Map<K, V>, options: FreezeOptions): Map<K, V> {
  lock(map, 'Map', ['set', 'delete', 'clear']);
  for (const [key, entry] of map) {
    deepFreeze(key, options);
    deepFreeze(entry, options);
  }
  return map;
}

function freezeSet<V>(set: Set<V>, options: FreezeOptions): Set<V> {
  lock(set, 'Set', ['add', 'delete', 'clear']);
  for (const entry of set) deepFreeze(entry, options);
  return set;
}
