/**
 * The camera's arithmetic, without Phaser (unit-tested in Node). Phaser's camera zooms about the
 * middle of the screen: a world point w is drawn at (w − scroll − half) × zoom + half, where half is
 * half the camera's size in canvas pixels.
 */
export interface CameraView {
  scrollX: number;
  scrollY: number;
  zoom: number;
  /** The camera's size in canvas pixels. */
  width: number;
  height: number;
}

/** The world point under a screen (canvas-pixel) point. */
export function worldAt(v: CameraView, sx: number, sy: number): { x: number; y: number } {
  return { x: (sx - v.width / 2) / v.zoom + v.scrollX + v.width / 2, y: (sy - v.height / 2) / v.zoom + v.scrollY + v.height / 2 };
}

/** The scroll that keeps the world point under (px, py) where it is while the zoom becomes `zoom`. */
export function zoomAbout(v: CameraView, px: number, py: number, zoom: number): { scrollX: number; scrollY: number } {
  return {
    scrollX: v.scrollX + (px - v.width / 2) * (1 / v.zoom - 1 / zoom),
    scrollY: v.scrollY + (py - v.height / 2) * (1 / v.zoom - 1 / zoom),
  };
}

/**
 * The zoom factor of one wheel event: 2^(−dy/300), so a notch (dy ±100) is ×0.79 or ×1.26 and a step
 * in is exactly undone by the same step out (trackpads send many small deltas; the product is the same).
 */
export function wheelFactor(deltaY: number): number {
  const dy = Math.max(-150, Math.min(150, deltaY));
  return 2 ** (-dy / 300);
}

/** How far past the map's edge the view may be panned, as a share of the view (panels cover the edges). */
const EDGE_SLACK = 0.25;

/**
 * Where to centre the opening view on one axis so it shows only map (no dark beyond its edge: a
 * 2560×1440 screen opened with 360 px of nothing under the town): the wanted centre, moved in until
 * the view's edge is the map's; the map's middle when the whole map fits.
 */
export function openingCentre(centre: number, view: number, map: number): number {
  if (view >= map) return map / 2;
  return Math.min(map - view / 2, Math.max(view / 2, centre));
}

/**
 * Keep the map on screen: on an axis where the whole map fits in the view it is centred; otherwise
 * the view may run past the map's edge by EDGE_SLACK of itself, no further.
 */
export function clampScroll(v: CameraView, mapW: number, mapH: number): { scrollX: number; scrollY: number } {
  const axis = (scroll: number, size: number, map: number) => {
    const view = size / v.zoom;
    const centre = scroll + size / 2;
    if (view >= map) return map / 2 - size / 2;
    const slack = view * EDGE_SLACK;
    const lo = view / 2 - slack;
    const hi = map - view / 2 + slack;
    return Math.min(hi, Math.max(lo, centre)) - size / 2;
  };
  return { scrollX: axis(v.scrollX, v.width, mapW), scrollY: axis(v.scrollY, v.height, mapH) };
}

/**
 * The camera's follow lerp for one frame of `frameMs`: the share of the way to the followed persona it
 * closes. It closes 95 % of the gap within one glide (the walk of one step on screen: 300 ms at 1×,
 * 17 ms at 60×), so the camera keeps up with a walker at any speed instead of trailing it, and the
 * same on a slow frame rate as on a fast one. (At 1× and 60 frames a second it is 0.15.)
 */
export function followLerp(glideMs: number, frameMs: number): number {
  return Math.min(1, Math.max(0.05, 1 - 0.05 ** (frameMs / Math.max(1, glideMs))));
}

/** Zooms in screen terms (1 = one map pixel per CSS pixel); the camera's zoom is this × the pixel ratio. */
export const MAX_VIEW_ZOOM = 3;
/** The least zoom ever offered, even for a huge map on a small screen. */
const FLOOR_VIEW_ZOOM = 0.05;

/** The smallest zoom: the whole map in view (but never below a quarter unless the map needs it). */
export function minViewZoom(cssW: number, cssH: number, mapW: number, mapH: number): number {
  const fit = Math.min(cssW / mapW, cssH / mapH);
  return Math.max(FLOOR_VIEW_ZOOM, Math.min(0.25, fit, MAX_VIEW_ZOOM));
}
