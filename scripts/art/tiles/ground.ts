/**
 * Ground tiles: fully opaque and seamless when repeated. Texture comes from periodic noise plus a
 * few wrapped details (tufts, pebbles, ripples) so big lawns and roads do not look flat.
 */
import { Canvas } from '../canvas';
import { type Color, hex, light, mix, shade } from '../color';
import { hash01, periodicNoise } from '../noise';
import { DIRT, FLOOR, GRASS, GRASS_DARK, PLAZA, ROAD, SAND, STONE, WATER, WOOD } from '../palette';
import { type TilePainter, T } from './painter';
import { mottle, scatter, setW, speckle } from './texture';
import { at } from '../../../src/sim/checked';

type GrassShades = typeof GRASS;

/** Lawn: soft clumps plus small blade tufts (light tips over a dark root pixel). */
function lawn(c: Canvas, g: GrassShades, seed: number): void {
  mottle(c, [g.mid, g.base, g.base, g.light], seed, 16, 0.2, 1.6);
  for (const [x, y] of scatter(9, seed + 10)) {
    // A tuft: two or three blades leaning outwards.
    setW(c, x, y, g.dark);
    setW(c, x + 2, y, g.dark);
    setW(c, x, y - 1, g.light);
    setW(c, x + 2, y - 1, g.light);
    setW(c, x + 1, y - 1, g.dark);
    setW(c, x - 1, y - 2, g.tip);
    setW(c, x + 1, y - 2, g.tip);
    setW(c, x + 3, y - 2, g.tip);
  }
  for (const [x, y] of scatter(6, seed + 20)) {
    setW(c, x, y, g.dark);
    setW(c, x + 1, y - 1, g.light);
  }
}

function flowers(c: Canvas): void {
  const petals: Color[] = [hex('#f6f0e0'), hex('#f2cf5b'), hex('#e99aa8'), hex('#f6f0e0'), hex('#b9a6e0')];
  scatter(5, 77).forEach(([x, y], i) => {
    const p = at(petals, i % petals.length, 'petals');
    setW(c, x, y + 2, GRASS.dark);
    setW(c, x, y - 1, p);
    setW(c, x - 1, y, p);
    setW(c, x + 1, y, p);
    setW(c, x, y + 1, shade(p, 0.25));
    setW(c, x, y, i % 2 ? hex('#e07a3c') : hex('#f2cf5b'));
  });
}

function dirt(c: Canvas): void {
  mottle(c, [DIRT.dark, DIRT.base, DIRT.base, DIRT.light], 31, 16, 0.25, 1.5);
  for (const [x, y] of scatter(7, 33)) {
    setW(c, x, y, DIRT.pebble);
    setW(c, x + 1, y, DIRT.light);
    setW(c, x, y + 1, DIRT.dark);
    setW(c, x + 1, y + 1, shade(DIRT.dark, 0.15));
  }
  speckle(c, shade(DIRT.dark, 0.1), 0.02, 34);
}

/** Asphalt: fine grain of dark and light specks over a gently mottled grey. */
function road(c: Canvas): void {
  mottle(c, [ROAD.dark, ROAD.base, ROAD.base, ROAD.light], 41, 16, 0.1, 1.2);
  speckle(c, shade(ROAD.dark, 0.15), 0.05, 42);
  speckle(c, ROAD.light, 0.04, 43);
}

/** Dashed centre line: one 18-px dash per tile, so repeats give an even dash rhythm. */
function roadLine(c: Canvas, vertical: boolean): void {
  road(c);
  for (let i = 7; i < 25; i++) {
    for (const k of [15, 16]) {
      const [x, y] = vertical ? [k, i] : [i, k];
      c.set(x, y, hash01(x, y, 44) < 0.12 ? mix(ROAD.line, ROAD.light, 0.5) : ROAD.line);
    }
  }
}

/** Paving slabs of 16 px with a 1-px joint on the left/top edge of each slab. */
function sidewalk(c: Canvas): void {
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const sx = x % 16;
      const sy = y % 16;
      const slab = (Math.floor(x / 16) + Math.floor(y / 16) * 2) % 4;
      const base = at([STONE.base, mix(STONE.base, STONE.light, 0.35), mix(STONE.base, STONE.dark, 0.12), STONE.base], slab, 'slab shade');
      let col = hash01(x, y, 51) < 0.08 ? shade(base, 0.06) : base;
      if (sx === 1 || sy === 1) col = light(base, 0.25);
      if (sx === 15 || sy === 15) col = mix(base, STONE.dark, 0.35);
      if (sx === 0 || sy === 0) col = STONE.dark;
      c.set(x, y, col);
    }
  }
}

/** Cobbles: rows of 8 px, staggered, each stone with rounded corners and a lit top edge. */
function cobbles(c: Canvas): void {
  const widths = [[11, 10, 11], [9, 12, 11], [12, 9, 11], [10, 11, 11]];
  const offsets = [0, 6, 2, 9];
  for (let y = 0; y < T; y++) {
    const row = Math.floor(y / 8);
    const sy = y % 8;
    for (let x = 0; x < T; x++) {
      const rowWidths = at(widths, row, 'cobble row');
      const ux = (((x - at(offsets, row, 'cobble offset')) % T) + T) % T;
      let start = 0;
      let k = 0;
      while (ux >= start + at(rowWidths, k, 'cobble width')) start += at(rowWidths, k++, 'cobble width');
      const sx = ux - start;
      const w = at(rowWidths, k, 'cobble width');
      const tint = hash01(k, row, 61);
      const base = tint < 0.33 ? PLAZA.dark : tint < 0.8 ? PLAZA.base : mix(PLAZA.base, PLAZA.light, 0.5);
      const corner = (sx === 0 || sx === w - 1) && (sy === 0 || sy === 7);
      let col: Color;
      if (sx === w - 1 || sy === 7 || corner) col = PLAZA.grout;
      else if (sy === 0 || sx === 0) col = light(base, 0.3);
      else if (sy === 6 || sx === w - 2) col = mix(base, PLAZA.grout, 0.45);
      else col = hash01(x, y, 62) < 0.07 ? shade(base, 0.08) : base;
      c.set(x, y, col);
    }
  }
}

function sand(c: Canvas): void {
  mottle(c, [SAND.dark, SAND.base, SAND.base, SAND.light], 71, 16, 0.3, 1.4);
  speckle(c, SAND.light, 0.05, 72);
  speckle(c, SAND.dark, 0.04, 73);
}

/** Water: slow darker/lighter swells with short wrapped ripple highlights. */
function water(c: Canvas, seed = 81): void {
  mottle(c, [mix(WATER.deep, WATER.base, 0.5), WATER.base, WATER.base, mix(WATER.base, WATER.light, 0.35)], seed, 16, 0.05, 1.3);
  // Glints: short light strokes, a foam pixel in the middle of some.
  scatter(4, seed + 1).forEach(([x, y], i) => {
    const len = 3 + (i % 2) * 2;
    for (let k = 0; k < len; k++) setW(c, x + k, y, WATER.light);
    if (i % 2 === 0) setW(c, x + 1, y, WATER.foam);
  });
}

/** Water with a grassy bank along the top; the grass rows match the plain grass tile exactly. */
function waterEdgeN(c: Canvas): void {
  water(c);
  const grassTile = new Canvas(T, T);
  lawn(grassTile, GRASS, 11);
  for (let x = 0; x < T; x++) {
    // Periodic wobble so neighbouring edge tiles join.
    const wob = Math.round(periodicNoise(x, 0, 8, T, 85) * 3);
    const grassEnd = 8 + wob; // last grass row
    for (let y = 0; y <= grassEnd; y++) c.set(x, y, grassTile.get(x, y));
    c.set(x, grassEnd, GRASS.dark);
    c.set(x, grassEnd + 1, DIRT.dark);
    c.set(x, grassEnd + 2, shade(DIRT.dark, 0.2));
    c.set(x, grassEnd + 3, shade(DIRT.dark, 0.4));
    c.set(x, grassEnd + 4, WATER.deep);
    c.set(x, grassEnd + 5, hash01(x, 0, 86) < 0.6 ? WATER.foam : WATER.light);
    c.set(x, grassEnd + 6, mix(WATER.deep, WATER.base, 0.5));
  }
}

/** Horizontal planks 8 px high; each row has one butt joint at its own offset. */
function woodFloor(c: Canvas): void {
  const joints = [5, 21, 13, 28];
  for (let y = 0; y < T; y++) {
    const row = Math.floor(y / 8);
    const joint = at(joints, row, 'plank joint');
    const sy = y % 8;
    for (let x = 0; x < T; x++) {
      const plank = x < joint ? 0 : 1;
      const tint = hash01(row, plank, 91);
      const base = tint < 0.3 ? FLOOR.dark : tint < 0.75 ? FLOOR.base : mix(FLOOR.base, FLOOR.light, 0.6);
      // Grain: long faint streaks, periodic along x.
      const grain = periodicNoise(x, y * 4, 16, T, 92 + row) > 0.62;
      let col = grain ? mix(base, FLOOR.seam, 0.18) : base;
      if (sy === 0) col = light(base, 0.12);
      if (sy === 7) col = FLOOR.seam;
      if (x === joint && sy !== 7) col = FLOOR.seam;
      if (x === joint + 1 && sy !== 7) col = light(base, 0.12);
      c.set(x, y, col);
    }
  }
}

/** 16-px ceramic tiles in a soft two-colour check with thin grout. */
function tileFloor(c: Canvas): void {
  const a = hex('#ece6da');
  const b = hex('#dde2df');
  const grout = hex('#b9b4ac');
  for (let y = 0; y < T; y++) {
    for (let x = 0; x < T; x++) {
      const base = (Math.floor(x / 16) + Math.floor(y / 16)) % 2 ? b : a;
      const sx = x % 16;
      const sy = y % 16;
      let col = base;
      if (sx === 1 || sy === 1) col = light(base, 0.4);
      if (sx === 15 || sy === 15) col = shade(base, 0.06);
      if (sx === 0 || sy === 0) col = grout;
      if (sx >= 3 && sx <= 5 && sy === 3) col = light(base, 0.6); // glaze glint
      c.set(x, y, col);
    }
  }
}

/** Carpet: woven texture (fine dither) with a small repeating diamond motif. */
function carpet(base: Color, seed: number): TilePainter {
  return (c) => {
    const dark = shade(base, 0.18);
    const lite = light(base, 0.16);
    for (let y = 0; y < T; y++) {
      for (let x = 0; x < T; x++) {
        let col = (x + y * 3) % 4 === 0 ? mix(base, dark, 0.35) : base;
        if (hash01(x, y, seed) < 0.05) col = mix(base, lite, 0.6);
        // Diamond every 16 px, centred in each quarter.
        const dx = Math.abs((x % 16) - 8);
        const dy = Math.abs((y % 16) - 8);
        if (dx + dy === 3) col = lite;
        if (dx + dy === 0) col = dark;
        c.set(x, y, col);
      }
    }
  };
}

function concrete(c: Canvas): void {
  const base = hex('#b4b0a8');
  mottle(c, [shade(base, 0.08), base, base, light(base, 0.12)], 101, 16, 0.2, 1.3);
  speckle(c, shade(base, 0.2), 0.03, 102);
  speckle(c, light(base, 0.3), 0.03, 103);
  // Faint expansion joint along the top and left edge of each tile.
  for (let i = 0; i < T; i++) {
    c.set(i, 0, mix(c.get(i, 0), shade(base, 0.3), 0.6));
    c.set(0, i, mix(c.get(0, i), shade(base, 0.3), 0.6));
  }
}

/** Bridge deck: horizontal boards with dark gaps and nail heads near both ends. */
function bridgeWood(c: Canvas): void {
  for (let y = 0; y < T; y++) {
    const row = Math.floor(y / 8);
    const sy = y % 8;
    const tint = hash01(row, 0, 111);
    const base = tint < 0.4 ? WOOD.base : tint < 0.8 ? WOOD.light : mix(WOOD.base, WOOD.dark, 0.4);
    for (let x = 0; x < T; x++) {
      let col = periodicNoise(x, y * 4, 16, T, 112 + row) > 0.64 ? mix(base, WOOD.dark, 0.3) : base;
      if (sy === 0) col = light(base, 0.18);
      if (sy === 6) col = mix(base, WOOD.dark, 0.5);
      if (sy === 7) col = WOOD.deep;
      c.set(x, y, col);
    }
    if (sy === 3) {
      c.set(3, y, WOOD.deep);
      c.set(28, y, WOOD.deep);
    }
  }
}

/** Doormat over plank floor: a rounded red mat with a woven coir centre. */
function doormat(c: Canvas): void {
  woodFloor(c);
  const mat = hex('#c2884a');
  const rim = hex('#a14a3e');
  c.blendRect(5, 26, 24, 2, hex('#2e2230', 60));
  c.roundRect(4, 6, 24, 20, 2, shade(rim, 0.35));
  c.roundRect(4, 6, 24, 19, 2, rim);
  for (let y = 9; y < 22; y++) {
    for (let x = 7; x < 25; x++) c.set(x, y, (x + y * 2) % 4 < 2 ? mat : shade(mat, 0.12));
  }
  c.hline(6, 25, 7, light(rim, 0.25));
}

export const groundPainters: Record<string, TilePainter> = {
  grass: (c) => lawn(c, GRASS, 11),
  grass_dark: (c) => lawn(c, GRASS_DARK, 12),
  grass_flowers: (c) => {
    lawn(c, GRASS, 11);
    flowers(c);
  },
  dirt_path: dirt,
  road,
  road_line_h: (c) => roadLine(c, false),
  road_line_v: (c) => roadLine(c, true),
  sidewalk,
  plaza_stone: cobbles,
  sand,
  water: (c) => water(c),
  water_edge_n: waterEdgeN,
  wood_floor: woodFloor,
  tile_floor: tileFloor,
  carpet_red: carpet(hex('#a9504c'), 121),
  carpet_blue: carpet(hex('#56709e'), 122),
  carpet_green: carpet(hex('#5e8a5e'), 123),
  concrete_floor: concrete,
  bridge_wood: bridgeWood,
  doormat,
};
