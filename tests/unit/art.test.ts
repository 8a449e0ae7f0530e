/**
 * Generated art: sizes read straight from the PNG headers (no pixel decoding), and the generators
 * are deterministic (same bytes on every run), so `npm run art` never produces spurious diffs.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { TILE_NAMES, TILESET_COLUMNS, TILE_SIZE } from '../../scripts/art/catalog';
import { APPEARANCES } from '../../scripts/art/characters';
import { decodePng, encodePng, readPngSize } from '../../scripts/png';
import { buildCharacterSheet } from '../../scripts/art/sprite/sheet';
import { PAINTERS, buildTileset, paintTile } from '../../scripts/art/tileset';
import { at, defined } from '../../src/sim/checked';

const ASSETS = fileURLToPath(new URL('../../public/assets', import.meta.url));
const PERSONA_IDS = [
  'nora-hartwell', 'tom-hartwell', 'lily-hartwell', 'grace-okafor', 'daniel-okafor', 'sofia-moreno', 'luis-moreno',
  'ana-moreno', 'hans-becker', 'ingrid-becker', 'kenji-sato', 'yumi-sato', 'fiona-walsh', 'arjun-patel', 'priya-patel',
  'walter-brooks', 'ada-quinn', 'marcus-reed', 'elena-petrova', 'sam-whitaker', 'chloe-dubois', 'ravi-kumar',
  'jess-turner', 'owen-clarke', 'mia-novak',
];

describe('tileset', () => {
  it('has a painter for every catalogue tile and no strays', () => {
    expect(Object.keys(PAINTERS).sort()).toEqual([...TILE_NAMES].sort());
  });

  it('tiles.png is 16 columns × ceil(N / 16) rows of 32×32 tiles', () => {
    const size = readPngSize(readFileSync(join(ASSETS, 'tiles.png')));
    expect(size).toEqual({
      width: TILESET_COLUMNS * TILE_SIZE,
      height: Math.ceil(TILE_NAMES.length / TILESET_COLUMNS) * TILE_SIZE,
    });
  });

  it('ground and wall faces are opaque; furniture and foreground have transparent backgrounds', () => {
    const alphas = (name: (typeof TILE_NAMES)[number]) => {
      const d = paintTile(name).data;
      return Array.from({ length: d.length / 4 }, (_, i) => at(d, i * 4 + 3, 'alpha'));
    };
    const opaque = TILE_NAMES.slice(0, TILE_NAMES.indexOf('fence_h'));
    for (const name of opaque) expect(alphas(name).every((a) => a === 255), name).toBe(true);
    for (const name of TILE_NAMES.slice(TILE_NAMES.indexOf('fence_h'))) {
      expect(alphas(name).some((a) => a < 255), name).toBe(true);
    }
  });

  it('is generated deterministically', () => {
    const a = buildTileset();
    const b = buildTileset();
    expect(encodePng(a.width, a.height, a.data).equals(encodePng(b.width, b.height, b.data))).toBe(true);
  });
});

describe('character sheets', () => {
  it('has an appearance for exactly the spec personas', () => {
    expect(Object.keys(APPEARANCES).sort()).toEqual([...PERSONA_IDS].sort());
  });

  it.each(PERSONA_IDS)('%s.png is 96×128', (id) => {
    const file = join(ASSETS, 'characters', `${id}.png`);
    expect(existsSync(file)).toBe(true);
    expect(readPngSize(readFileSync(file))).toEqual({ width: 96, height: 128 });
  });

  it('are generated deterministically', () => {
    const nora = defined(APPEARANCES['nora-hartwell'], 'nora-hartwell appearance');
    const a = buildCharacterSheet(nora);
    const b = buildCharacterSheet(nora);
    expect(Buffer.from(a.data).equals(Buffer.from(b.data))).toBe(true);
  });
});

describe('png encoder', () => {
  it('writes a valid signature and IHDR', () => {
    const png = encodePng(3, 2, new Uint8Array(3 * 2 * 4));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(readPngSize(png)).toEqual({ width: 3, height: 2 });
  });

  it('decodes what it encodes, pixel for pixel, and the committed tileset the map build reads', () => {
    const rgba = Uint8Array.from({ length: 5 * 3 * 4 }, (_, i) => (i * 37 + (i >> 2) * 11) & 0xff);
    const back = decodePng(encodePng(5, 3, rgba));
    expect([back.width, back.height]).toEqual([5, 3]);
    expect([...back.data]).toEqual([...rgba]);
    const tiles = readFileSync(join(ASSETS, 'tiles.png'));
    const img = decodePng(tiles);
    expect({ width: img.width, height: img.height }).toEqual(readPngSize(tiles));
    expect(encodePng(img.width, img.height, img.data).equals(tiles)).toBe(true);
  });
});
