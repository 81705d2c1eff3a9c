/** The entries of `next` that differ from `current`: an edit that changes nothing records no event. */
export function changedValues<Values extends object>(current: Values, next: Partial<Values>): Partial<Values> {
  return Object.fromEntries(Object.entries(next).filter(([key, value]) => current[key as keyof Values] !== value)) as Partial<Values>;
}
