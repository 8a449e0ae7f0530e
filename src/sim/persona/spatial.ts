/**
 * Spatial memory: the part of the town a persona knows, as the tree world → sector → arena → objects.
 * It grows as the persona perceives new places.
 */
export class SpatialMemory {
  readonly tree = new Map<string, Map<string, Set<string>>>();

  constructor(readonly world: string) {}

  learn(sector: string, arena?: string, object?: string): void {
    let arenas = this.tree.get(sector);
    if (!arenas) this.tree.set(sector, (arenas = new Map()));
    if (!arena) return;
    let objects = arenas.get(arena);
    if (!objects) arenas.set(arena, (objects = new Set()));
    if (object) objects.add(object);
  }

  /** Learn from an address string "world:sector[:arena[:object]]". */
  learnAddress(address: string): void {
    const [, sector, arena, object] = address.split(':');
    if (sector) this.learn(sector, arena, object);
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
