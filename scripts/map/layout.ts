/**
 * The town plan (tile coordinates, inclusive spans).
 *
 *   rows  0-1   forest edge
 *   rows  2-20  north homes (Walsh, Brooks, Hartwell, Okafor) | Centre St | college campus + dorm
 *   rows 21-25  North Road
 *   rows 26-48  workshop, studio, Copper Kettle | Town Hall over Town Square | clinic, supply, grocery
 *   rows 49-55  Main Street (rows 48 and 56 pave the shop fronts)
 *   rows 56-75  apartments | café, bakery | Centre St | gazette, books | Millbrook Park (to row 97)
 *   rows 76-80  South Road (ends at the park gate)
 *   rows 81-97  south homes (Becker, Moreno, Sato, Patel, Quinn)
 *   rows 98-99  forest edge
 * Elm Street runs north-south at columns 30-34 and Centre Street at 68-72 (except through the square).
 */
import * as bp from './blueprints';
import * as wp from './workplaceBlueprints';
import type { Blueprint, Facing } from './blueprints';
import { type Rect, span } from './grid';
import type { Street } from './outdoor';

export const STREETS: Street[] = [
  { dir: 'h', at: 21, from: 0, to: 139, sidewalk: 1 }, // North Road
  { dir: 'h', at: 49, from: 0, to: 139, sidewalk: 2 }, // Main Street
  { dir: 'h', at: 76, from: 0, to: 103, sidewalk: 1 }, // South Road
  { dir: 'v', at: 30, from: 0, to: 99, sidewalk: 1 }, // Elm Street
  { dir: 'v', at: 68, from: 0, to: 24, sidewalk: 1 }, // Centre Street (north)
  { dir: 'v', at: 68, from: 51, to: 99, sidewalk: 1 }, // Centre Street (south)
];

/** Shop-front aprons along Main Street (paved like the sidewalk). */
export const APRONS: Rect[] = [span(3, 48, 55, 48), span(85, 48, 136, 48), span(3, 56, 103, 56)];

export type { Facing };

export interface Lot {
  blueprint: Blueprint;
  /** Top-left corner of the building. */
  x: number;
  y: number;
  /** Side of the building that faces the street (where the front door is). */
  facing: Facing;
  /** Sector rectangle: the building plus its yard. Defaults to the building itself. */
  lot?: Rect;
  /** Draw a garden (back-yard fence, flower beds, hedge) around a home. */
  garden?: boolean;
}

export const LOTS: Lot[] = [
  // North homes, doors to North Road.
  { blueprint: bp.cottage('Walsh Cottage', 's'), x: 4, y: 9, facing: 's', lot: span(3, 2, 16, 20), garden: true },
  { blueprint: bp.cottage('Brooks Cottage', 's'), x: 17, y: 9, facing: 's', lot: span(17, 2, 29, 20), garden: true },
  { blueprint: bp.familyHouse('Hartwell House', "Lily's bedroom", 's'), x: 36, y: 7, facing: 's', lot: span(35, 2, 52, 20), garden: true },
  { blueprint: bp.coupleHouse('Okafor House', 's', 'carpet_blue'), x: 54, y: 8, facing: 's', lot: span(53, 2, 67, 20), garden: true },
  // Campus.
  { blueprint: wp.college(), x: 77, y: 4, facing: 's', lot: span(73, 2, 104, 20) },
  { blueprint: bp.dorm(), x: 110, y: 5, facing: 's', lot: span(105, 2, 136, 20) },
  // North side of Main Street.
  { blueprint: wp.workshop(), x: 4, y: 39, facing: 's' },
  { blueprint: wp.studio(), x: 18, y: 39, facing: 's' },
  { blueprint: wp.bar(), x: 37, y: 38, facing: 's' },
  { blueprint: wp.townHall(), x: 60, y: 28, facing: 's' },
  { blueprint: wp.clinic(), x: 86, y: 38, facing: 's' },
  { blueprint: wp.supply(), x: 102, y: 38, facing: 's' },
  { blueprint: wp.grocery(), x: 117, y: 37, facing: 's' },
  // South side of Main Street.
  { blueprint: bp.apartments(), x: 5, y: 57, facing: 'n', lot: span(3, 57, 29, 75) },
  { blueprint: wp.cafe(), x: 36, y: 57, facing: 'n' },
  { blueprint: wp.bakery(), x: 53, y: 57, facing: 'n' },
  { blueprint: wp.gazette(), x: 75, y: 57, facing: 'n' },
  { blueprint: wp.books(), x: 91, y: 57, facing: 'n' },
  // South homes, doors to South Road.
  { blueprint: bp.coupleHouse('Becker House', 'n', 'carpet_green'), x: 9, y: 83, facing: 'n', lot: span(3, 81, 29, 97), garden: true },
  { blueprint: bp.familyHouse('Moreno House', "Ana's bedroom", 'n'), x: 36, y: 83, facing: 'n', lot: span(35, 81, 52, 97), garden: true },
  { blueprint: bp.coupleHouse('Sato House', 'n', 'wood_floor'), x: 54, y: 83, facing: 'n', lot: span(53, 81, 67, 97), garden: true },
  { blueprint: bp.coupleHouse('Patel House', 'n', 'carpet_red'), x: 74, y: 83, facing: 'n', lot: span(73, 81, 88, 97), garden: true },
  { blueprint: bp.cottage('Quinn Cottage', 'n'), x: 91, y: 83, facing: 'n', lot: span(89, 81, 103, 97), garden: true },
];

export const SQUARE = span(56, 38, 84, 48);
export const PARK = span(104, 56, 136, 97);
