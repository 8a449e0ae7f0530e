/**
 * The tileset catalogue: the order of tiles in public/assets/tiles.png (16 columns, 32×32 each).
 * Tile index i is gid i + 1 in maps/hamlet.tmj. Append only: reordering breaks the map.
 * Layer hints: G ground, W walls, F furniture, O foreground (drawn above personas), C collision.
 */
export const TILE_NAMES = [
  // ground (G)
  'grass', 'grass_dark', 'grass_flowers', 'dirt_path', 'road', 'road_line_h', 'road_line_v', 'sidewalk',
  'plaza_stone', 'sand', 'water', 'water_edge_n', 'wood_floor', 'tile_floor', 'carpet_red', 'carpet_blue',
  'carpet_green', 'concrete_floor', 'bridge_wood', 'doormat',
  // walls (W)
  'wall_top', 'wall_front', 'wall_front_window', 'wall_front_brick', 'wall_front_window_brick', 'fence_h', 'fence_v', 'hedge',
  // furniture (F)
  'bed_head', 'bed_foot', 'table', 'chair', 'desk', 'bookshelf', 'sofa_left', 'sofa_right',
  'tv', 'fridge', 'stove', 'kitchen_counter', 'sink', 'toilet', 'shower', 'wardrobe',
  'bar_counter', 'bar_stool', 'coffee_machine', 'cafe_table', 'pastry_case', 'grocery_shelf', 'produce_stand', 'medicine_shelf',
  'cash_register', 'crates', 'workbench', 'tool_rack', 'lumber_pile', 'easel', 'paint_shelf', 'blackboard',
  'lectern', 'school_desk', 'plant_pot', 'rug', 'piano', 'bench', 'picnic_table', 'fountain',
  'flower_bed', 'tree_trunk', 'lamp_post', 'notice_board', 'oven', 'display_case', 'flour_sacks', 'exam_bed',
  'filing_cabinet', 'printing_press', 'paper_stacks', 'swing', 'slide', 'sandbox', 'garden_shed', 'computer_desk',
  // foreground (O)
  'canopy_tl', 'canopy_tr', 'canopy_bl', 'canopy_br', 'lamp_top', 'roof_lip',
  // collision (C): drawn only in the Tiled editor (the layer is hidden in the game)
  'collision',
] as const;

export type TileName = (typeof TILE_NAMES)[number];
export const TILESET_COLUMNS = 16;
export const TILE_SIZE = 32;

/** gid of a named tile (index + 1). */
export function gid(name: TileName): number {
  return TILE_NAMES.indexOf(name) + 1;
}
