/**
 * Canvas pixels per CSS pixel: the screen's device pixel ratio, so names, emoji and tiles are sharp
 * on 2× screens, capped at 2 (a 3× phone would fill 2.25 times the pixels for little to see).
 */
const MAX_PIXEL_RATIO = 2;

export function pixelRatio(): number {
  const r = typeof window === 'undefined' ? 1 : window.devicePixelRatio || 1;
  return Math.min(MAX_PIXEL_RATIO, Math.max(1, r));
}

/** Size a Phaser game's canvas to its parent at the pixel ratio; call on start and on every resize. */
export function sizeCanvas(game: { scale: { setZoom(z: number): unknown; resize(w: number, h: number): unknown; refresh?(): unknown }; canvas: HTMLCanvasElement | null }, cssW: number, cssH: number): void {
  const r = pixelRatio();
  game.scale.setZoom(1 / r);
  game.scale.resize(Math.round(cssW * r), Math.round(cssH * r));
  // Phaser leaves the CSS size alone when it equals the canvas size: set it always.
  if (game.canvas) {
    game.canvas.style.width = `${cssW}px`;
    game.canvas.style.height = `${cssH}px`;
  }
  // Pointer positions are scaled by the canvas's displayed size: re-read it now that the CSS size changed
  // (else a click after a resize lands on the wrong tile).
  game.scale.refresh?.();
}
