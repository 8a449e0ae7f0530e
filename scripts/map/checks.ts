/**
 * Checks the built town before it is written; returns a list of problems (empty = fine).
 *  - every ground cell is set; the collision layer uses only the collision tile
 *  - every walkable tile is reachable from every other (4-neighbour flood fill)
 *  - sector/arena/object rectangles are in bounds and have a walkable tile; sectors and arenas
 *    don't overlap; objects don't overlap; each arena lies in exactly one sector and each object
 *    in exactly one arena
 *  - the sectors, kinds, arenas and objects match docs/town-spec.md (homes may have extra objects)
 *  - every persona has one spawn, on a walkable tile inside its bedroom arena
 */
import { gid } from '../art/catalog';
import { type NamedRect, type Rect, type Town, cellsOf, containsRect, inRect, overlaps } from './grid';
import { SECTORS, livingAreas } from './spec';
import { at, defined } from '../../src/sim/checked';

function where(r: Rect): string {
  return `(${r.x}, ${r.y}, ${r.w}×${r.h})`;
}

export function checkTown(town: Town): string[] {
  const problems: string[] = [];
  const { w, h } = town;
  const collisionGid = gid('collision');

  for (let i = 0; i < w * h; i++) {
    if (town.layers.ground[i] === 0) problems.push(`ground cell (${i % w}, ${Math.floor(i / w)}) is empty`);
    const c = town.layers.collision[i];
    if (c !== 0 && c !== collisionGid) problems.push(`collision cell (${i % w}, ${Math.floor(i / w)}) holds gid ${c}`);
  }

  problems.push(...checkConnectivity(town));

  const sectorOf = (r: Rect) => town.sectors.filter((s) => containsRect(s.rect, r));
  const arenasOf = (r: Rect) => town.arenas.filter((a) => containsRect(a.rect, r));
  const hasWalkable = (r: Rect) => cellsOf(r).some(([x, y]) => town.walkable(x, y));
  const inBounds = (r: Rect) => r.x >= 0 && r.y >= 0 && r.w >= 1 && r.h >= 1 && r.x + r.w <= w && r.y + r.h <= h;

  const all: [string, NamedRect][] = [
    ...town.sectors.map((s): [string, NamedRect] => ['sector', s]),
    ...town.arenas.map((a): [string, NamedRect] => ['arena', a]),
    ...town.objects.map((o): [string, NamedRect] => ['object', o]),
  ];
  for (const [what, r] of all) {
    if (!inBounds(r.rect)) problems.push(`${what} "${r.name}" ${where(r.rect)} is out of bounds`);
    else if (!hasWalkable(r.rect)) problems.push(`${what} "${r.name}" ${where(r.rect)} has no walkable tile`);
  }
  const noOverlap = (what: string, list: NamedRect[]) => {
    list.forEach((a, i) => {
      for (const b of list.slice(i + 1)) {
        if (overlaps(a.rect, b.rect)) problems.push(`${what} "${a.name}" ${where(a.rect)} overlaps "${b.name}" ${where(b.rect)}`);
      }
    });
  };
  noOverlap('sector', town.sectors);
  noOverlap('arena', town.arenas);
  noOverlap('object', town.objects);

  // Containment, and the built hierarchy: sector → arena → object names.
  const built = new Map<string, Map<string, Map<string, number>>>();
  for (const s of town.sectors) {
    if (built.has(s.name)) problems.push(`sector "${s.name}" appears twice`);
    built.set(s.name, new Map());
  }
  const arenaSector = new Map<NamedRect, string>();
  for (const a of town.arenas) {
    const hits = sectorOf(a.rect);
    const [sector] = hits;
    if (!sector || hits.length !== 1) {
      problems.push(`arena "${a.name}" ${where(a.rect)} lies in ${hits.length} sectors (${hits.map((s) => s.name).join(', ')})`);
      continue;
    }
    const arenas = defined(built.get(sector.name), `sector "${sector.name}"`);
    if (arenas.has(a.name)) problems.push(`arena "${a.name}" appears twice in "${sector.name}"`);
    arenas.set(a.name, new Map());
    arenaSector.set(a, sector.name);
  }
  for (const o of town.objects) {
    const hits = arenasOf(o.rect);
    const [arena] = hits;
    if (!arena || hits.length !== 1) {
      problems.push(`object "${o.name}" ${where(o.rect)} lies in ${hits.length} arenas (${hits.map((a) => a.name).join(', ')})`);
      continue;
    }
    const sector = arenaSector.get(arena);
    if (!sector) continue;
    const objects = defined(built.get(sector)?.get(arena.name), `arena "${arena.name}" of "${sector}"`);
    objects.set(o.name, (objects.get(o.name) ?? 0) + 1);
  }

  // Compare with the spec.
  const kinds = new Map(town.sectors.map((s) => [s.name, s.kind]));
  for (const spec of SECTORS) {
    const arenas = built.get(spec.name);
    if (!arenas) {
      problems.push(`sector "${spec.name}" is missing`);
      continue;
    }
    if (kinds.get(spec.name) !== spec.kind) problems.push(`sector "${spec.name}" has kind ${kinds.get(spec.name)}, expected ${spec.kind}`);
    const specArenas = new Set(spec.arenas.map((a) => a.name));
    for (const name of arenas.keys()) if (!specArenas.has(name)) problems.push(`"${spec.name}" has an arena "${name}" the spec doesn't list`);
    for (const a of spec.arenas) {
      const objects = arenas.get(a.name);
      if (!objects) {
        problems.push(`"${spec.name}" lacks the arena "${a.name}"`);
        continue;
      }
      for (const [name, n] of Object.entries(a.objects)) {
        const got = objects.get(name) ?? 0;
        if (spec.kind === 'home' ? got < n : got !== n) {
          problems.push(`"${spec.name}:${a.name}" has ${got} "${name}", expected ${spec.kind === 'home' ? 'at least ' : ''}${n}`);
        }
      }
      if (a.sleepers && (objects.get('bed') ?? 0) !== a.sleepers.length) {
        problems.push(`"${spec.name}:${a.name}" has ${objects.get('bed') ?? 0} beds for ${a.sleepers.length} sleepers`);
      }
      if (spec.kind !== 'home') {
        for (const name of objects.keys()) {
          if (!(name in a.objects)) problems.push(`"${spec.name}:${a.name}" has an object "${name}" the spec doesn't list`);
        }
      }
    }
  }
  for (const name of built.keys()) if (!SECTORS.some((s) => s.name === name)) problems.push(`sector "${name}" is not in the spec`);

  // Spawns.
  const homes = livingAreas();
  const seen = new Set<string>();
  for (const s of town.spawns) {
    if (seen.has(s.name)) problems.push(`spawn "${s.name}" appears twice`);
    seen.add(s.name);
    const home = homes.get(s.name);
    if (!home) {
      problems.push(`spawn "${s.name}" is not a persona of the spec`);
      continue;
    }
    if (!town.walkable(s.x, s.y)) problems.push(`spawn "${s.name}" at (${s.x}, ${s.y}) is on a blocked tile`);
    const [sector, arena] = home.split(':');
    const a = town.arenas.find((q) => q.name === arena && inRect(q.rect, s.x, s.y) && arenaSector.get(q) === sector);
    if (!a) problems.push(`spawn "${s.name}" at (${s.x}, ${s.y}) is not inside "${home}"`);
  }
  for (const id of homes.keys()) if (!seen.has(id)) problems.push(`persona "${id}" has no spawn`);
  return problems;
}

/** Components of walkable tiles; every one but the largest is a problem, named by a tile in it. */
export function checkConnectivity(town: Town): string[] {
  const { w, h } = town;
  const comp = new Int32Array(w * h).fill(-1);
  const sizes: number[] = [];
  const firsts: number[] = [];
  for (let start = 0; start < w * h; start++) {
    if (comp[start] !== -1 || town.layers.collision[start] !== 0) continue;
    const id = sizes.length;
    let size = 0;
    const queue = [start];
    comp[start] = id;
    for (let i = queue.pop(); i !== undefined; i = queue.pop()) {
      size++;
      const x = i % w;
      const y = (i - x) / w;
      for (const [nx, ny] of [[x + 1, y], [x - 1, y], [x, y + 1], [x, y - 1]] as const) {
        if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
        const j = ny * w + nx;
        if (comp[j] === -1 && town.layers.collision[j] === 0) {
          comp[j] = id;
          queue.push(j);
        }
      }
    }
    sizes.push(size);
    firsts.push(start);
  }
  if (sizes.length <= 1) return [];
  const main = sizes.indexOf(Math.max(...sizes));
  const out: string[] = [];
  sizes.forEach((size, id) => {
    if (id === main) return;
    const first = at(firsts, id, 'component start');
    const x = first % w;
    const y = Math.floor(first / w);
    const s = town.sectors.find((q) => inRect(q.rect, x, y));
    const a = town.arenas.find((q) => inRect(q.rect, x, y));
    const place = [s?.name, a?.name].filter(Boolean).join(':') || 'outdoors';
    out.push(`unreachable pocket of ${size} walkable tile(s) at (${x}, ${y}) in ${place}`);
  });
  return out;
}
