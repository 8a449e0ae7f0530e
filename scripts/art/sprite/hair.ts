/**
 * Hair shapes per style and facing, as masks over the 32×32 frame, and the shading that makes them
 * read as hair (a lit crown, shaded ends). Side masks face left; the sheet mirrors them for right.
 */
import type { Canvas } from '../canvas';
import type { HairStyle } from '../characters';
import { Mask } from './mask';
import type { Ramp } from './ramp';

export type Facing = 'down' | 'side' | 'up';

/** The head: 12 px wide, rows 4–15 (the outline adds one pixel all round). */
export function headMask(): Mask {
  return new Mask().spans([
    [4, 12, 19], [5, 11, 20], [6, 10, 21], [7, 10, 21], [8, 10, 21], [9, 10, 21], [10, 10, 21],
    [11, 10, 21], [12, 10, 21], [13, 10, 21], [14, 11, 20], [15, 12, 19],
  ]);
}

/** The cap of hair every non-bald style shares: covers the crown, a pixel wider than the head. */
function cap(): Mask {
  return new Mask().spans([[3, 12, 19], [4, 10, 21], [5, 9, 22], [6, 9, 22], [7, 9, 22]]);
}

/** Back of the head, seen from behind, down to `bottom`. */
function backOfHead(bottom: number, wide = 9): Mask {
  const m = new Mask().spans([[3, 12, 19], [4, 10, 21]]);
  for (let y = 5; y <= bottom; y++) m.span(y, wide, 31 - wide);
  return m;
}

/** Short hair from behind: rounded towards the nape, which stays bare. */
function shortBack(): Mask {
  return backOfHead(11).spans([[12, 10, 21], [13, 11, 20]]);
}

function down(style: HairStyle): Mask {
  switch (style) {
    case 'bald':
      return new Mask().rect(9, 7, 2, 4).rect(21, 7, 2, 4);
    case 'buzz':
      return new Mask().spans([[4, 12, 19], [5, 11, 20], [6, 10, 21], [7, 10, 10], [7, 21, 21]]);
    case 'short':
      return cap().spans([[8, 9, 12], [8, 14, 17], [8, 19, 22]]).rect(9, 9, 2, 2).rect(21, 9, 2, 2);
    case 'swept':
      return cap().spans([[8, 9, 18], [9, 9, 13]]).rect(9, 10, 2, 1).rect(21, 8, 2, 3);
    case 'spiky':
      return cap()
        .spans([[8, 9, 12], [8, 14, 17], [8, 19, 22], [2, 11, 11], [2, 14, 14], [2, 17, 17], [2, 20, 20], [3, 10, 21]])
        .rect(9, 9, 2, 2)
        .rect(21, 9, 2, 2);
    case 'bob':
      return cap().span(8, 9, 22).rect(8, 6, 3, 9).rect(21, 6, 3, 9).spans([[15, 9, 10], [15, 21, 22]]);
    case 'long':
      return cap()
        .spans([[8, 9, 14], [8, 17, 22], [9, 9, 12], [9, 19, 22]])
        .rect(8, 6, 3, 14)
        .rect(21, 6, 3, 14)
        .spans([[20, 9, 10], [20, 21, 22]]);
    case 'ponytail':
      return cap().spans([[8, 9, 11], [8, 20, 22]]).rect(9, 9, 2, 2).rect(21, 9, 2, 2);
    case 'bun':
      return cap().spans([[8, 9, 10], [8, 21, 22]]);
    case 'curly':
      return new Mask()
        .spans([[2, 12, 19], [3, 10, 21], [4, 9, 22], [5, 8, 23], [6, 8, 23], [7, 8, 23]])
        .spans([[8, 8, 12], [8, 14, 17], [8, 19, 23]])
        .rect(8, 9, 3, 5)
        .rect(21, 9, 3, 5)
        .spans([[14, 9, 10], [14, 21, 22]]);
    case 'afro': {
      const face = new Mask().rect(11, 9, 10, 7).span(8, 12, 19);
      return new Mask().ellipse(16, 6.5, 10, 7).subtract(face);
    }
    case 'pigtails':
      return cap().span(8, 9, 22).rect(9, 9, 2, 2).rect(21, 9, 2, 2);
  }
}

function side(style: HairStyle): Mask {
  const shortBack = (): Mask =>
    cap().spans([[8, 9, 11], [8, 15, 22], [9, 16, 22], [10, 18, 22], [11, 18, 22], [12, 18, 22], [13, 19, 21]]);
  switch (style) {
    case 'bald':
      return new Mask().spans([[8, 18, 22], [9, 19, 22], [10, 19, 22], [11, 19, 21]]);
    case 'buzz':
      return new Mask().spans([[4, 12, 19], [5, 11, 20], [6, 10, 21], [7, 14, 21], [8, 18, 21], [9, 19, 21], [10, 19, 21], [11, 19, 21]]);
    case 'short':
      return shortBack();
    case 'swept':
      return shortBack().spans([[8, 9, 13], [9, 9, 11]]);
    case 'spiky':
      return shortBack().spans([[2, 12, 12], [2, 15, 15], [2, 18, 18], [3, 10, 21], [4, 23, 23], [5, 23, 23]]);
    case 'bob':
      return cap().spans([[8, 9, 11], [8, 14, 23]]).rect(15, 9, 9, 6).span(15, 16, 22);
    case 'long':
      return cap().spans([[8, 9, 11], [8, 14, 23]]).rect(15, 9, 9, 11).span(20, 16, 22);
    case 'ponytail':
      return shortBack();
    case 'bun':
      return cap().spans([[8, 16, 22], [9, 18, 22], [10, 18, 22], [11, 18, 22], [12, 19, 21]]);
    case 'curly':
      return new Mask()
        .spans([[2, 12, 19], [3, 10, 21], [4, 9, 23], [5, 8, 23], [6, 8, 23], [7, 8, 23], [8, 8, 11], [8, 15, 23]])
        .rect(17, 9, 7, 5)
        .span(14, 18, 22);
    case 'afro': {
      const face = new Mask().rect(7, 8, 9, 8);
      return new Mask().ellipse(17, 6.5, 10, 7).subtract(face);
    }
    case 'pigtails':
      return shortBack().spans([[8, 9, 13]]);
  }
}

function up(style: HairStyle): Mask {
  switch (style) {
    case 'bald':
      return new Mask().rect(9, 8, 14, 4).spans([[12, 10, 21]]);
    case 'buzz':
      return new Mask().spans([[4, 12, 19], [5, 11, 20]]).rect(10, 6, 12, 7).span(13, 11, 20);
    case 'short':
    case 'swept':
      return shortBack();
    case 'spiky':
      return shortBack().spans([[2, 11, 11], [2, 14, 14], [2, 17, 17], [2, 20, 20], [3, 10, 21]]);
    case 'bob':
      return backOfHead(14, 8).span(15, 9, 22);
    case 'long':
      return backOfHead(17, 8).spans([[18, 9, 22], [19, 9, 22], [20, 10, 21]]);
    case 'ponytail':
    case 'bun':
      return shortBack();
    case 'curly':
      return new Mask().spans([[2, 12, 19], [3, 10, 21]]).rect(8, 4, 16, 9).spans([[13, 9, 22], [14, 10, 21]]);
    case 'afro':
      return new Mask().ellipse(16, 6.5, 10, 7).rect(10, 12, 12, 2);
    case 'pigtails':
      return shortBack();
  }
}

export function hairMask(style: HairStyle, facing: Facing): Mask {
  const m = facing === 'down' ? down(style) : facing === 'side' ? side(style) : up(style);
  return style === 'curly' || style === 'afro' ? scallop(m) : m;
}

/** Knock notches into the upper outer edge so curly hair has a bumpy silhouette. */
function scallop(m: Mask): Mask {
  const out = new Mask().union(m);
  m.forEach((x, y) => {
    const edge = !m.has(x, y - 1) || !m.has(x - 1, y) || !m.has(x + 1, y);
    if (edge && y < 12 && (x + y) % 3 === 0) out.remove(x, y);
  });
  return out;
}

/**
 * Pieces of hair that sit apart from the head (bun, ponytail, pigtails). They are painted after
 * the main hair with their own shading, so a darker edge separates them from the head.
 */
export function hairExtras(style: HairStyle, facing: Facing): Mask[] {
  switch (style) {
    case 'bun':
      return [facing === 'down' ? new Mask().ellipse(16, 2.2, 3, 2.2) : facing === 'side' ? new Mask().ellipse(22.5, 5, 2.8, 2.8) : new Mask().ellipse(16, 5, 3.5, 3)];
    case 'ponytail':
      if (facing === 'side') {
        return [new Mask().spans([[7, 23, 24], [8, 23, 25], [9, 23, 25], [10, 23, 25], [11, 22, 24], [12, 22, 24], [13, 22, 24], [14, 22, 23], [15, 22, 23], [16, 22, 22]])];
      }
      return facing === 'up' ? [new Mask().rect(14, 11, 4, 7).span(18, 15, 16)] : [];
    case 'pigtails':
      if (facing === 'side') return [new Mask().ellipse(23.5, 13, 2.2, 3.8)];
      return [new Mask().ellipse(7, 13, 2.2, 3.8), new Mask().ellipse(25, 13, 2.2, 3.8)];
    default:
      return [];
  }
}

/**
 * Paint hair with soft shading: highlights along the lit crown (upper left), mid-shadow on the
 * lower and right edges, and a strand texture for curly styles.
 */
export function paintHair(c: Canvas, m: Mask, r: Ramp, style: HairStyle): void {
  const curly = style === 'curly' || style === 'afro';
  m.forEach((x, y) => {
    let col = r.base;
    const topEdge = !m.has(x, y - 1);
    const rightEdge = !m.has(x + 1, y);
    const bottomEdge = !m.has(x, y + 1);
    // Curls: little crescents of shadow in a staggered grid.
    if (curly && ((x % 4 === 0 && y % 3 === 1) || ((x + 2) % 4 === 0 && y % 3 === 2) || ((x + 1) % 4 === 0 && y % 3 === 0 && y % 2 === 0))) col = r.lo;
    if (topEdge && x < 20) col = r.hi;
    else if (y <= 5 && x >= 11 && x <= 14 && !curly) col = r.hi; // sheen on the crown
    if (rightEdge || bottomEdge) col = r.lo;
    if (y >= 15 && !curly) col = x % 3 === 0 ? r.dark : r.lo; // hanging ends sit in shadow
    else if (y >= 9 && !curly && x % 4 === 1 && !topEdge && m.has(x, y - 2) && m.has(x, y + 1)) col = r.lo; // strands
    c.set(x, y, col);
  });
}
