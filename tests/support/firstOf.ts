type Tuple<T, N extends number, R extends T[] = []> = R['length'] extends N ? R : Tuple<T, N, [...R, T]>;

/** The first n items as a tuple, for `const [ann, bob] = firstOf(sim.personas, 2)`; throws if there are fewer. */
export function firstOf<T, N extends number>(items: readonly T[], n: N): Tuple<T, N> {
  if (items.length < n) throw new Error(`expected at least ${n} items, got ${items.length}`);
  return items.slice(0, n) as Tuple<T, N>;
}
