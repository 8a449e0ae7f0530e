/**
 * One 32×32 animation frame: parts are painted back to front onto a transparent canvas, then the
 * whole silhouette gets a selective dark outline and a soft shadow at the feet.
 */
import { Canvas } from '../canvas';
import { mix, shade, withAlpha } from '../color';
import { INK } from '../palette';
import type { Facing } from './hair';
import { paintHead } from './head';
import { type Phase, legsFrontBack, legsSide } from './legs';
import type { Look } from './look';
import { FRAME } from './mask';
import { apronBack, apronFront, apronSide, armSide, armsFrontBack, torsoBack, torsoFront, torsoSide } from './torso';

/** Upper body (everything above the hips), drawn on its own layer so walking can bob it. */
function upperBody(look: Look, facing: Facing, phase: Phase): Canvas {
  const c = new Canvas(FRAME, FRAME);
  if (facing === 'down') {
    torsoFront(c, look);
    armsFrontBack(c, look, phase);
    apronFront(c, look);
    paintHead(c, look, 'down');
  } else if (facing === 'up') {
    torsoBack(c, look);
    apronBack(c, look);
    armsFrontBack(c, look, (-phase) as Phase);
    paintHead(c, look, 'up');
  } else {
    torsoSide(c, look);
    apronSide(c, look);
    paintHead(c, look, 'side');
    armSide(c, look, phase);
  }
  return c;
}

/** A frame facing down, left, right or up. Right is the mirror image of left. */
export function drawFrame(look: Look, facing: Facing | 'right', phase: Phase): Canvas {
  const f = facing === 'right' ? 'side' : facing;
  const fig = new Canvas(FRAME, FRAME);
  if (f === 'side') legsSide(fig, look, phase);
  else legsFrontBack(fig, look, f === 'up' ? ((-phase) as Phase) : phase);
  // Walking frames sit one pixel lower: the body dips as the stride lands.
  fig.draw(upperBody(look, f, phase), 0, phase === 0 ? 0 : 1);
  fig.outline((n) => mix(shade(n, 0.55), INK, 0.6));

  const out = new Canvas(FRAME, FRAME);
  out.ellipse(16, 29.5, 7.5, 2, withAlpha(INK, 56), true);
  out.draw(fig, 0, 0, { flipX: facing === 'right' });
  return out;
}
