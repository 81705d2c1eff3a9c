/**
 * Freezes plain objects and arrays all the way down and returns the value. Objects already frozen are
 * not walked again, so freezing a state that shares most of its parts with a frozen predecessor costs
 * only its new parts. Class instances (Immutable.js collections, Map, Date) are left as they are: they
 * either cannot be changed in place or keep private caches that must stay writable.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  const proto = Object.getPrototypeOf(value) as unknown;
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return value;
  Object.freeze(value);
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return value;
}
