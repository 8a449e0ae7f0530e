/**
 * `npm run art`: regenerates every image asset from code, deterministically.
 *
 *   public/assets/tiles.png                 the tileset (catalogue order, 16 columns of 32×32)
 *   public/assets/characters/<id>.png       one 96×128 walk sheet per persona
 *   out/art/*.png                           previews for eyeballing (git-ignored)
 *
 * Multi-tile arrangements the map builder must follow (x to the right, y down):
 *
 *   Tree      canopy_tl (x, y-1)   canopy_tr (x+1, y-1)        ← foreground layer
 *             canopy_bl (x, y)     canopy_br (x+1, y)          ← foreground layer
 *             tree_trunk (x, y)                                ← furniture layer, blocked
 *             The trunk is drawn towards the right of its tile so it sits under the middle of
 *             the 2-wide canopy; (x+1, y) needs nothing in the furniture layer and may stay
 *             walkable (a persona there walks "behind" the leaves).
 *   Lamp      lamp_top (x, y-1) in foreground, lamp_post (x, y) in furniture (blocked).
 *   Bed       bed_head (x, y) above bed_foot (x, y+1), pillow at the top.
 *   Sofa      sofa_left (x, y) beside sofa_right (x+1, y), facing down (towards the viewer).
 *   Counters  kitchen_counter, sink, coffee_machine and cash_register share one counter body
 *             with no end caps, so any mix of them placed side by side reads as one run;
 *             bar_counter likewise joins with itself.
 *   Walls     wall_top is a wall seen from above (back/side walls, 1 tile thick); a wall whose
 *             face the viewer sees uses wall_front* (windows are on the *_window variants).
 *             roof_lip goes in the foreground layer on a doorway tile, to shade its top edge.
 *   Fences    fence_h joins left-right, fence_v joins up-down; hedge joins left-right.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Canvas } from './canvas';
import { TILE_NAMES } from './catalog';
import { APPEARANCES } from './characters';
import { type Actor, renderScene } from './mockup';
import { cottage, square } from './scenes';
import { encodePng } from '../png';
import { lineupPreview, seamPreview, tilesheetPreview } from './preview';
import { buildCharacterSheet } from './sprite/sheet';
import { buildTileset } from './tileset';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function save(path: string, c: Canvas): void {
  const full = join(ROOT, path);
  mkdirSync(dirname(full), { recursive: true });
  writeFileSync(full, encodePng(c.width, c.height, c.data));
  console.log(`wrote ${path} (${c.width}×${c.height})`);
}

function main(): void {
  save('public/assets/tiles.png', buildTileset());
  const sheets: Array<[string, Canvas]> = Object.entries(APPEARANCES).map(([id, a]) => [id, buildCharacterSheet(a)]);
  for (const [id, sheet] of sheets) save(`public/assets/characters/${id}.png`, sheet);

  // Previews.
  save('out/art/tiles-3x.png', tilesheetPreview(3, 8));
  save('out/art/seams.png', seamPreview(TILE_NAMES.slice(0, 28), 1));
  save('out/art/lineup-2x.png', lineupPreview(sheets, 2, 9));
  const frame = (id: string, row: number, col = 1) => sheets.find(([i]) => i === id)![1].crop(col * 32, row * 32, 32, 32);
  const actors: Actor[] = [
    { sprite: frame('nora-hartwell', 0), tx: 5, ty: 5 },
    { sprite: frame('tom-hartwell', 2, 0), tx: 10, ty: 4 },
    { sprite: frame('lily-hartwell', 3), tx: 9, ty: 9 },
    { sprite: frame('hans-becker', 1, 2), tx: 18, ty: 7 },
    { sprite: frame('jess-turner', 0, 0), tx: 15, ty: 10 },
    { sprite: frame('walter-brooks', 2), tx: 4, ty: 11 },
    { sprite: frame('yumi-sato', 3, 2), tx: 14, ty: 3 },
  ];
  const home = renderScene(cottage, actors);
  save('out/art/mockup-1x.png', home);
  save('out/art/mockup-2x.png', home.scaled(2));
  save('out/art/mockup-detail-2x.png', home.crop(96, 48, 560, 320).scaled(2));
  const town = renderScene(square, [
    { sprite: frame('chloe-dubois', 0), tx: 2, ty: 3 },
    { sprite: frame('sofia-moreno', 1), tx: 3, ty: 4 },
    { sprite: frame('marcus-reed', 0), tx: 15, ty: 1 },
    { sprite: frame('fiona-walsh', 2, 0), tx: 13, ty: 4 },
    { sprite: frame('ana-moreno', 3), tx: 6, ty: 8 },
    { sprite: frame('owen-clarke', 1, 0), tx: 18, ty: 9 },
    { sprite: frame('mia-novak', 0, 2), tx: 17, ty: 14 },
    { sprite: frame('ravi-kumar', 2), tx: 11, ty: 10 },
  ]);
  save('out/art/town-1x.png', town);
  save('out/art/town-detail-2x.png', town.crop(0, 0, 560, 320).scaled(2));
  const pick = process.env.ART_ZOOM?.split(',');
  if (pick) save('out/art/zoom.png', lineupPreview(sheets.filter(([id]) => pick.includes(id)), 4, 4));
}

main();
