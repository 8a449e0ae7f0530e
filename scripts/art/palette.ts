/**
 * The town palette: warm, soft and slightly desaturated so that large areas stay restful. All tiles
 * and sprites draw from here so the art reads as one world.
 */
import { hex } from './color';

export const INK = hex('#2e2230'); // outlines on objects and characters
export const INK_SOFT = hex('#4b3a45'); // inner lines, seams

export const GRASS = { dark: hex('#5f9450'), mid: hex('#74a85a'), base: hex('#82b663'), light: hex('#96c471'), tip: hex('#aed183') };
export const GRASS_DARK = { dark: hex('#4d7d47'), mid: hex('#5a8d4f'), base: hex('#669a56'), light: hex('#78ab63'), tip: hex('#8bbb70') };
export const LEAF = { deep: hex('#2f5a3c'), dark: hex('#3f7345'), mid: hex('#55904f'), base: hex('#6aa657'), light: hex('#8cc26a'), glint: hex('#b4dc8a') };
export const DIRT = { dark: hex('#a07a52'), base: hex('#bd9768'), light: hex('#d1ad7c'), pebble: hex('#e3c797') };
export const ROAD = { dark: hex('#6a6470'), base: hex('#7b7580'), light: hex('#8b858f'), line: hex('#efe2b8') };
export const STONE = { dark: hex('#9c9087'), base: hex('#c4b9aa'), light: hex('#d6cdbf'), pale: hex('#e4dccf') };
export const PLAZA = { grout: hex('#a8927d'), dark: hex('#c3ab90'), base: hex('#d5bfa2'), light: hex('#e6d3b6') };
export const SAND = { dark: hex('#d8bc85'), base: hex('#e8d19c'), light: hex('#f3e2b4') };
export const WATER = { deep: hex('#3f7ea8'), base: hex('#5399c0'), light: hex('#76b6d4'), foam: hex('#c6e6ef') };
export const WOOD = { deep: hex('#5a3826'), dark: hex('#7a4e33'), base: hex('#9c6942'), light: hex('#b98455'), pale: hex('#d2a270') };
export const FLOOR = { seam: hex('#8a5c3c'), dark: hex('#b07d52'), base: hex('#c48f61'), light: hex('#d3a172') };
export const PLASTER = { shadow: hex('#cdbb9c'), base: hex('#eadcc0'), light: hex('#f6ecd6') };
export const BRICK = { mortar: hex('#c9b8a4'), dark: hex('#8c4a3a'), base: hex('#a65b45'), light: hex('#bd7157') };
export const ROOF = { deep: hex('#3a2e3e'), dark: hex('#4a3b4d'), base: hex('#5a4a5c'), light: hex('#6e5d6d') };
export const METAL = { dark: hex('#6b7280'), base: hex('#9aa1ac'), light: hex('#c8ced6'), shine: hex('#eef2f5') };
export const WHITE = { shadow: hex('#c9c6c9'), base: hex('#e9e6e3'), light: hex('#fbf8f3') };
export const GLASS = { dark: hex('#5f86a0'), base: hex('#8fb9cf'), light: hex('#cfe6ee') };

export const RED = { dark: hex('#8e3a3c'), base: hex('#b5524d'), light: hex('#d1746a') };
export const BLUE = { dark: hex('#3c5685'), base: hex('#5673a8'), light: hex('#7c97c6') };
export const TEAL = { dark: hex('#2f6a6b'), base: hex('#438787'), light: hex('#66a8a2') };
export const MUSTARD = { dark: hex('#b1842f'), base: hex('#d6a845'), light: hex('#eccb70') };
export const ROSE = { dark: hex('#a65a6c'), base: hex('#c87a86'), light: hex('#e2a1a4') };
export const PLUM = { dark: hex('#5a3a5e'), base: hex('#7a527a'), light: hex('#9c7397') };
export const CREAM = hex('#f3e6c6');
export const SKY_GLOW = hex('#ffe9a8');
