/** A tile painter draws one 32×32 tile onto a fresh transparent canvas. */
import type { Canvas } from '../canvas';

export type TilePainter = (c: Canvas) => void;

export const T = 32;

/** Wrap a coordinate into the tile, so features that cross an edge re-enter on the other side. */
export function wrap(v: number): number {
  return ((v % T) + T) % T;
}
