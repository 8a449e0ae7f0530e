const cache = new WeakMap<ReadonlyMap<string, string>, Map<string, string[]>>();

/**
 * The town's distinct full names grouped by first name, in order of first appearance: made once per
 * names map (id → name), so a persona's plan or reflection reads a town's few first names instead of
 * splitting a thousand names (a town of districts repeats each first name once per district).
 */
export function namesByFirst(names: ReadonlyMap<string, string>): ReadonlyMap<string, readonly string[]> {
  let groups = cache.get(names);
  if (!groups) {
    groups = new Map();
    for (const name of new Set(names.values())) {
      const first = name.split(' ')[0] ?? name;
      const group = groups.get(first);
      if (group) group.push(name);
      else groups.set(first, [name]);
    }
    cache.set(names, groups);
  }
  return groups;
}
