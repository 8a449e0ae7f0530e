/**
 * Spatial memory: the part of the town a persona knows, as the tree world → sector → arena → objects.
 * It grows as the persona perceives new places.
 */
export class SpatialMemory {
  readonly tree = new Map<string, Map<string, Set<string>>>();

  /** Places of the map (by index in a per-world table) already learned: seeing them again costs nothing. */
  private readonly learnedPlaces = new Set<number>();

  constructor(readonly world: string) {}

  /** Learn a place seen on the map, identified by its index among the map's places; repeats are free. */
  learnPlace(id: number, sector: string, arena?: string, object?: string): void {
    if (this.learnedPlaces.has(id)) return;
    this.learnedPlaces.add(id);
    this.learn(sector, arena, object);
  }

  /** Forget everything (before loading a saved state). */
  clear(): void {
    this.tree.clear();
    this.learnedPlaces.clear();
  }

  learn(sector: string, arena?: string, object?: string): void {
    let arenas = this.tree.get(sector);
    if (!arenas) this.tree.set(sector, (arenas = new Map()));
    if (!arena) return;
    let objects = arenas.get(arena);
    if (!objects) arenas.set(arena, (objects = new Set()));
    if (object) objects.add(object);
  }

  knowsSector(sector: string): boolean {
    return this.tree.has(sector);
  }

  sectors(): string[] {
    return [...this.tree.keys()];
  }

  arenas(sector: string): string[] {
    return [...(this.tree.get(sector)?.keys() ?? [])];
  }

  objects(sector: string, arena: string): string[] {
    return [...(this.tree.get(sector)?.get(arena) ?? [])];
  }
}
