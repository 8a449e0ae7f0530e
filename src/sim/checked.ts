/**
 * Reads where absence would be a bug. With `noUncheckedIndexedAccess` an index read is `T | undefined`;
 * where the index is known to be in range (a loop bound, a regex group that always takes part, a key
 * just checked) these return `T` and, if the reasoning was ever wrong, fail at once with a message
 * naming what was missing — instead of a `!` that asserts nothing and lets `undefined` travel on.
 * Where absence is legitimate, callers narrow or write `?? fallback` instead.
 */

/** `items[index]`, which must exist: in range and not undefined (e.g. a regex group that always takes part). */
export function at<T>(items: ArrayLike<T | undefined>, index: number, what: string): T {
  const item = items[index];
  if (item === undefined) throw new Error(`${what}: nothing at index ${index} of ${items.length}`);
  return item;
}

/** A value that must be there, neither undefined nor null (a map entry just set, a lookup a precondition guaranteed). */
export function defined<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new Error(`${what} is missing`);
  return value;
}
