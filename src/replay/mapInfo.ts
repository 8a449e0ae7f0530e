import type { WorldModel } from '../sim/world/types';
import { hashString } from '../sim/rng';
import type { MapInfo } from './format';

/**
 * What a replay says about its map: name, size, and a fingerprint of the walkable grid and the place
 * names, so a replay of another map (or an older layout of ours) is recognised before it is shown
 * or forked.
 */
export function mapInfoOf(world: WorldModel): MapInfo {
  let h = hashString(`${world.name}|${world.width}x${world.height}|${world.tileSize}`);
  let run = '';
  for (let i = 0; i < world.walkable.length; i++) {
    run += world.walkable[i] ? '1' : '0';
    if (run.length === 1024) {
      h = hashString(run, h);
      run = '';
    }
  }
  h = hashString(run, h);
  for (const s of world.sectors) h = hashString(`s:${s.name}`, h);
  for (const a of world.arenas) h = hashString(`a:${a.sector}:${a.name}`, h);
  for (const o of world.objects) h = hashString(`o:${o.sector}:${o.arena}:${o.name}`, h);
  return { name: world.name, width: world.width, height: world.height, tileSize: world.tileSize, fingerprint: h.toString(16).padStart(8, '0') };
}
