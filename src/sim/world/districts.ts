import { addressTilesOf } from './loadWorld';
import type { ArenaInfo, GameObjectInfo, JobSpec, SectorInfo, ShopItemSpec, Tile, WorldModel } from './types';

/**
 * A bigger town is a bigger map: N districts, each a copy of the base map (its homes, workplaces and
 * shops), laid side by side in a near-square grid. District 0 keeps the base map's names; district d
 * adds a suffix to every sector ("Quinn Cottage B", "Bramble Café BA"), so each resident lives, works
 * and shops among its own district's places and a town of N × 25 residents has the density of 25.
 * The base map's streets run to its edges, so neighbouring districts join where their roads meet.
 */

/**
 * The most districts a generated town has: 80 copies of a 140×100 map are 1.1 million tiles, the size
 * of the largest map `loadWorld` accepts, and 2,000 residents; far above the bench's 1,000, low
 * enough that an absurd request is refused in a sentence instead of exhausting memory.
 */
export const MAX_DISTRICTS = 80;

/** A district's suffix: '' for district 0, then " B" … " Z", " BA", " BB" … (letters only, so ids stay kebab-case). */
export function districtLetters(d: number): string {
  if (!Number.isInteger(d) || d < 0) throw new Error(`district must be a whole number ≥ 0, got ${d}`);
  if (d === 0) return '';
  let s = '';
  for (let n = d; n > 0; n = Math.floor(n / 26)) s = String.fromCharCode(97 + (n % 26)) + s;
  return s;
}

/** A place name in district d ("Quinn Cottage" → "Quinn Cottage B"). */
export function districtName(name: string, d: number): string {
  const letters = districtLetters(d);
  return letters ? `${name} ${letters.toUpperCase()}` : name;
}

/** Columns of the districts' grid: near square in tiles. */
function columnsFor(count: number, width: number, height: number): number {
  return Math.max(1, Math.min(count, Math.round(Math.sqrt((count * height) / width))));
}

/**
 * The base map copied into `count` districts. `spawns` of the result is empty: the residents' spawns
 * are their homes' (see districtSpawn). With count 1 the base map itself is returned.
 */
export function districtWorld(base: WorldModel, count: number): WorldModel {
  if (!Number.isInteger(count) || count < 1 || count > MAX_DISTRICTS) throw new Error(`a town has 1 to ${MAX_DISTRICTS} districts, asked for ${count}`);
  if (count === 1) return base;
  const cols = columnsFor(count, base.width, base.height);
  const rows = Math.ceil(count / cols);
  const width = cols * base.width;
  const height = rows * base.height;
  if (count * base.arenas.length > 32_767 || count * base.sectors.length > 32_767) throw new Error(`${count} districts of ${base.name} have more places than a map holds (32,767 arenas)`);
  const walkable = new Uint8Array(width * height);
  const sectorAt = new Int16Array(width * height).fill(-1);
  const arenaAt = new Int16Array(width * height).fill(-1);
  const objectAt = new Int32Array(width * height).fill(-1);
  const sectors: SectorInfo[] = [];
  const arenas: ArenaInfo[] = [];
  const objects: GameObjectInfo[] = [];
  const jobs: JobSpec[] = [];
  const items: ShopItemSpec[] = [];
  const declared = { jobs: new Set<string>(), items: new Set<string>() };
  const rents: Record<string, number> = {};
  for (let d = 0; d < count; d++) {
    const ox = (d % cols) * base.width;
    const oy = Math.floor(d / cols) * base.height;
    const name = (s: string) => districtName(s, d);
    const move = <T extends { rect: { x: number; y: number; w: number; h: number } }>(p: T): T => ({ ...p, rect: { ...p.rect, x: p.rect.x + ox, y: p.rect.y + oy } });
    const [s0, a0, o0] = [sectors.length, arenas.length, objects.length];
    for (const s of base.sectors) sectors.push({ ...move(s), name: name(s.name), district: d });
    for (const a of base.arenas) arenas.push({ ...move(a), sector: name(a.sector) });
    for (const o of base.objects) objects.push({ ...move(o), sector: name(o.sector) });
    for (const j of base.jobs) jobs.push({ ...j, id: jobs.length + 1, sector: name(j.sector) });
    for (const it of base.items) items.push({ ...it, id: items.length + 1, sector: name(it.sector) });
    for (const s of base.declared.jobs) declared.jobs.add(name(s));
    for (const s of base.declared.items) declared.items.add(name(s));
    for (const [s, rent] of Object.entries(base.rents)) rents[name(s)] = rent;
    for (let y = 0; y < base.height; y++) {
      const from = y * base.width;
      const to = (y + oy) * width + ox;
      walkable.set(base.walkable.subarray(from, from + base.width), to);
      for (let x = 0; x < base.width; x++) {
        const s = base.sectorAt[from + x] ?? -1;
        const a = base.arenaAt[from + x] ?? -1;
        const o = base.objectAt[from + x] ?? -1;
        if (s >= 0) sectorAt[to + x] = s0 + s;
        if (a >= 0) arenaAt[to + x] = a0 + a;
        if (o >= 0) objectAt[to + x] = o0 + o;
      }
    }
  }
  const places = { sectors, arenas, objects, sectorAt, arenaAt, objectAt };
  return { name: base.name, width, height, tileSize: base.tileSize, walkable, ...places, jobs, items, declared, rents, spawns: new Map(), addressTiles: addressTilesOf(base.name, width, height, places) };
}

/** Where a base-map tile lies in district d of a town of `count` districts. */
export function districtTile(base: WorldModel, count: number, d: number, t: Tile): Tile {
  const cols = columnsFor(count, base.width, base.height);
  return { x: t.x + (d % cols) * base.width, y: t.y + Math.floor(d / cols) * base.height };
}
