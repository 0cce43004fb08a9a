/**
 * A lookup table keyed by words of a question or a schema. A Map, never a plain object: a word
 * such as "constructor" or "toString" must not find Object.prototype's members.
 */
export function wordTable<T>(entries: Readonly<Record<string, T>>): ReadonlyMap<string, T> {
  return new Map(Object.entries(entries));
}
