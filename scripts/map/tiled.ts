/**
 * Tiled 1.10 JSON output (what the Tiled editor itself writes for an uncompressed orthogonal map):
 * keys in alphabetical order, tile layers as plain arrays, object rectangles in pixels.
 */
import { TILE_NAMES, TILE_SIZE, TILESET_COLUMNS } from '../art/catalog';
import { type Rect, TILE_LAYERS, type Town } from './grid';
import { SECTORS, WORLD_NAME } from './spec';
import { at } from '../../src/sim/checked';
import { byCodeUnits } from '../../src/sim/order';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

type Prop = { name: string; type: 'string'; value: string } | { name: string; type: 'int'; value: number };

const prop = (name: string, value: string): Prop => ({ name, type: 'string', value });

export function toTiled(town: Town): Record<string, Json> {
  let nextObjectId = 1;
  const rectObject = (name: string, r: Rect, properties?: Prop[]): Record<string, Json> => {
    const o: Record<string, Json> = {
      height: r.h * TILE_SIZE,
      id: nextObjectId++,
      name,
      rotation: 0,
      type: '',
      visible: true,
      width: r.w * TILE_SIZE,
      x: r.x * TILE_SIZE,
      y: r.y * TILE_SIZE,
    };
    if (properties) o.properties = properties as unknown as Json;
    return sortKeys(o);
  };

  let layerId = 1;
  const tileLayers = TILE_LAYERS.map((name) =>
    sortKeys({
      data: Array.from(town.layers[name]),
      height: town.h,
      id: layerId++,
      name,
      opacity: 1,
      type: 'tilelayer',
      visible: name !== 'collision',
      width: town.w,
      x: 0,
      y: 0,
    }),
  );
  const objectLayer = (name: string, objects: Record<string, Json>[]) =>
    sortKeys({ draworder: 'topdown', id: layerId++, name, objects, opacity: 1, type: 'objectgroup', visible: true, x: 0, y: 0 });

  const sectors = objectLayer(
    'sectors',
    town.sectors.map((s) => rectObject(s.name, s.rect, [prop('kind', s.kind), ...economyProps(s.name)])),
  );
  const arenas = objectLayer('arenas', town.arenas.map((a) => rectObject(a.name, a.rect)));
  const objects = objectLayer('objects', town.objects.map((o) => rectObject(o.name, o.rect)));
  const spawns = objectLayer(
    'spawns',
    town.spawns.map((s) =>
      sortKeys({
        height: 0,
        id: nextObjectId++,
        name: s.name,
        point: true,
        rotation: 0,
        type: '',
        visible: true,
        width: 0,
        x: (s.x + 0.5) * TILE_SIZE,
        y: (s.y + 0.5) * TILE_SIZE,
      }),
    ),
  );

  const tilecount = TILE_NAMES.length;
  return sortKeys({
    compressionlevel: -1,
    height: town.h,
    infinite: false,
    layers: [...tileLayers, sectors, arenas, objects, spawns],
    nextlayerid: layerId,
    nextobjectid: nextObjectId,
    orientation: 'orthogonal',
    properties: [prop('world', WORLD_NAME)] as unknown as Json,
    renderorder: 'right-down',
    tiledversion: '1.10.2',
    tileheight: TILE_SIZE,
    tilesets: [
      sortKeys({
        columns: TILESET_COLUMNS,
        firstgid: 1,
        image: '../public/assets/tiles.png',
        imageheight: TILE_SIZE * Math.ceil(tilecount / TILESET_COLUMNS),
        imagewidth: TILE_SIZE * TILESET_COLUMNS,
        margin: 0,
        name: 'hamlet',
        spacing: 0,
        tilecount,
        tileheight: TILE_SIZE,
        tilewidth: TILE_SIZE,
      }),
    ],
    tilewidth: TILE_SIZE,
    type: 'map',
    version: '1.10',
    width: town.w,
  });
}

/** A sector's jobs, items and rent (docs/economy.md#jobs-and-shops-are-map-data) as Tiled string properties, one entry per line. */
function economyProps(sector: string): Prop[] {
  const spec = SECTORS.find((s) => s.name === sector);
  const out: Prop[] = [];
  if (spec?.jobs) out.push(prop('jobs', spec.jobs.join('\n')));
  if (spec?.items) out.push(prop('items', spec.items.join('\n')));
  if (spec?.rent !== undefined) out.push({ name: 'rent', type: 'int', value: spec.rent });
  return out;
}

function sortKeys(o: Record<string, Json>): Record<string, Json> {
  const out: Record<string, Json> = {};
  for (const [k, v] of Object.entries(o).sort(([a], [b]) => byCodeUnits(a, b))) out[k] = v;
  return out;
}

/**
 * Text of the .tmj: indented JSON like Tiled's, except that each tile layer's `data` array is
 * written one map row per line, which keeps diffs of the map readable.
 */
export function serializeMap(map: Record<string, Json>, width: number): string {
  const marker = '__DATA_';
  const datas: number[][] = [];
  const layers = (map.layers as Record<string, Json>[]).map((l) => {
    if (!Array.isArray(l.data)) return l;
    datas.push(l.data as number[]);
    return { ...l, data: `${marker}${datas.length - 1}` };
  });
  let text = JSON.stringify({ ...map, layers }, null, 1);
  text = text.replace(new RegExp(`"${marker}(\\d+)"`, 'g'), (_m, i: string) => {
    const data = at(datas, Number(i), 'tile layer data');
    const rows: string[] = [];
    for (let y = 0; y * width < data.length; y++) rows.push(data.slice(y * width, (y + 1) * width).join(','));
    return `[\n${rows.join(',\n')}]`;
  });
  return `${text}\n`;
}
