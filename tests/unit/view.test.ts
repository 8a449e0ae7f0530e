import { describe, expect, it } from 'vitest';
import { clampScroll, followLerp, minViewZoom, wheelFactor, worldAt, zoomAbout, type CameraView } from '../../src/game/cameraMath';
import { placeBubble, stackLabels, type LabelBox } from '../../src/game/labelLayout';
import { addressForPeople } from '../../src/sim/world/address';
import { noCallsText } from '../../src/ui/inspector/townPanel';
import { recordedBy } from '../../src/ui/hud';

const MAP = { w: 4480, h: 3200 };
const view = (o: Partial<CameraView> = {}): CameraView => ({ scrollX: 1000, scrollY: 800, zoom: 1, width: 1280, height: 800, ...o });

describe('camera arithmetic (Phaser zooms about the middle of the screen)', () => {
  it('zooming about a point keeps the map point under it', () => {
    const v = view({ zoom: 1.3 });
    const p = { x: 200, y: 650 };
    const before = worldAt(v, p.x, p.y);
    const s = zoomAbout(v, p.x, p.y, 2.1);
    const after = worldAt({ ...v, ...s, zoom: 2.1 }, p.x, p.y);
    expect(after.x).toBeCloseTo(before.x, 9);
    expect(after.y).toBeCloseTo(before.y, 9);
    // Not the middle of the screen: the map point there has moved.
    const mid = worldAt(v, 640, 400);
    expect(Math.abs(worldAt({ ...v, ...s, zoom: 2.1 }, 640, 400).x - mid.x)).toBeGreaterThan(50);
  });

  it('following a walker, the camera keeps within half a tile of it at any speed and frame rate (it trailed by tiles at 60×)', () => {
    /** The most the camera trails a walker going a 32 px tile a step, `rate` steps a second, once under way. */
    const trail = (rate: number, frameMs: number, lerp: (glideMs: number, frameMs: number) => number) => {
      const glide = Math.min(300, 1000 / rate);
      let cam = 0;
      let worst = 0;
      for (let t = 0; t < 6000; t += frameMs) {
        const walker = (t / 1000) * rate * 32;
        cam += (walker - cam) * lerp(glide, frameMs);
        if (t > 3000) worst = Math.max(worst, walker - cam);
      }
      return worst;
    };
    for (const rate of [1, 10, 60]) for (const frameMs of [1000 / 60, 50]) expect(trail(rate, frameMs, followLerp), `${rate}× at ${frameMs.toFixed(0)} ms a frame`).toBeLessThan(16);
    // The fixed 0.15 a frame it had trailed by more than five tiles at 60×.
    expect(trail(60, 1000 / 60, () => 0.15)).toBeGreaterThan(5 * 32);
    // At 1× on a 60 Hz screen it eases as gently as before.
    expect(followLerp(300, 1000 / 60)).toBeCloseTo(0.15, 2);
  });

  it('four wheel steps in and four out end where they began, zoom and position', () => {
    let v = view();
    const p = { x: 300, y: 220 };
    for (const dy of [-100, -100, -100, -100, 100, 100, 100, 100]) {
      const z = v.zoom * wheelFactor(dy);
      v = { ...v, ...zoomAbout(v, p.x, p.y, z), zoom: z };
    }
    expect(v.zoom).toBeCloseTo(1, 12);
    expect(v.scrollX).toBeCloseTo(1000, 9);
    expect(v.scrollY).toBeCloseTo(800, 9);
    // Trackpads send many small deltas: the same distance in small steps is the same zoom.
    expect(wheelFactor(-20) ** 5).toBeCloseTo(wheelFactor(-100), 12);
    expect(wheelFactor(-100)).toBeGreaterThan(1);
  });

  it('centres the map on an axis where it fits, and keeps it in view otherwise', () => {
    // Far out: the whole map fits; it is centred whatever the scroll was.
    const far = view({ zoom: 0.25, scrollX: -9999, scrollY: 5555 });
    const s = clampScroll(far, MAP.w, MAP.h);
    const mid = worldAt({ ...far, ...s }, 640, 400);
    expect(mid.x).toBeCloseTo(MAP.w / 2, 9);
    expect(mid.y).toBeCloseTo(MAP.h / 2, 9);
    // Close in, dragged far off the left: the map's left edge stays within a quarter view of the screen's.
    const near = view({ zoom: 2, scrollX: -5000 });
    const n = clampScroll(near, MAP.w, MAP.h);
    const left = worldAt({ ...near, ...n }, 0, 0).x;
    expect(left).toBeLessThan(0);
    expect(left).toBeGreaterThanOrEqual(-(1280 / 2) * 0.25 - 1e-9);
    // Inside the map, nothing moves.
    const inside = view({ zoom: 2, scrollX: 1500, scrollY: 1200 });
    expect(clampScroll(inside, MAP.w, MAP.h)).toEqual({ scrollX: 1500, scrollY: 1200 });
  });

  it('the least zoom shows the whole map, on a phone as on a desktop', () => {
    expect(minViewZoom(1280, 800, MAP.w, MAP.h)).toBe(0.25);
    const phone = minViewZoom(390, 844, MAP.w, MAP.h);
    expect(MAP.w * phone).toBeLessThanOrEqual(390);
    expect(phone).toBeGreaterThan(0.05);
  });
});

describe('name labels of personas side by side', () => {
  const box = (id: string, x: number, y: number, w = 40): LabelBox => ({ id, x, y, w, h: 14 });
  const overlap = (a: LabelBox, b: LabelBox, oa: number, ob: number) => Math.abs(a.x - b.x) < (a.w + b.w) / 2 && a.y + oa < b.y + ob + b.h && b.y + ob < a.y + oa + a.h;

  it('moves a label down when it would cover its neighbour’s, and leaves lone labels alone', () => {
    const boxes = [box('kenji', 100, 50), box('yumi', 132, 50), box('ana', 400, 50), box('luis', 116, 50)];
    const off = stackLabels(boxes);
    expect(off.get('ana')).toBe(0);
    for (let i = 0; i < boxes.length; i++)
      for (let j = i + 1; j < boxes.length; j++) expect(overlap(boxes[i]!, boxes[j]!, off.get(boxes[i]!.id)!, off.get(boxes[j]!.id)!), `${boxes[i]!.id}/${boxes[j]!.id}`).toBe(false);
    expect([...off.values()].filter((d) => d > 0).length).toBeGreaterThanOrEqual(2);
  });

  it('labels far enough apart keep their places', () => {
    const off = stackLabels([box('a', 0, 0), box('b', 41, 0), box('c', 0, 15)]);
    expect([...off.values()]).toEqual([0, 0, 0]);
  });
});

describe('what a person reads', () => {
  it('internal address forms never reach the screen', () => {
    expect(addressForPeople('<waiting> 39 39')).toBe('waiting at (39, 39)');
    expect(addressForPeople('Hamlet:Elm Street Apartments:lobby:<random>')).toBe('Elm Street Apartments › lobby');
    expect(addressForPeople('Hamlet:Bramble Café:kitchen:stove')).toBe('Bramble Café › kitchen › stove');
    expect(addressForPeople('<persona> Ana Moreno')).toBe('with Ana Moreno');
    expect(addressForPeople('')).toBe('—');
    for (const a of ['<waiting> 1 2', 'x:y:<random>', '<persona> Z']) expect(addressForPeople(a)).not.toMatch(/<|>/);
  });

  it('a Smallville import is not said to be recorded with the offline brain', () => {
    expect(recordedBy('smallville')).toMatch(/Smallville/);
    expect(recordedBy('smallville')).not.toMatch(/offline/);
    expect(noCallsText('smallville')).not.toMatch(/offline/);
    expect(recordedBy('llm:gpt-4o-mini')).toMatch(/gpt-4o-mini/);
    expect(recordedBy('offline')).toMatch(/offline brain/);
  });
});

describe('speech bubbles stay whole in view', () => {
  // A phone: the top bar ends at 52, the folded panels start at 790.
  const phone = { left: 0, top: 52, right: 390, bottom: 790 };
  const bubble = (cx: number, headY: number, h = 60) => ({ cx, w: 180, h, aboveBottom: headY - 30, belowTop: headY + 20 });

  it('over the head when there is room; under the speaker when the top bar would cover it', () => {
    expect(placeBubble(bubble(200, 400), phone)).toEqual({ cx: 200, top: 310 });
    // The head at 100: over it, the bubble would start at 10, under the top bar.
    expect(placeBubble(bubble(200, 100), phone)).toEqual({ cx: 200, top: 120 });
  });

  it('near the top bar, it goes where it covers fewest of the others: under when nobody is there, beside when people stand below', () => {
    const head = (cx: number, y: number) => ({ left: cx - 16, top: y - 40, right: cx + 16, bottom: y + 16 });
    const cover = (c: { cx: number; top: number }, boxes: { left: number; top: number; right: number; bottom: number }[]) =>
      boxes.reduce((n, b) => n + Math.max(0, Math.min(c.cx + 90, b.right) - Math.max(c.cx - 90, b.left)) * Math.max(0, Math.min(c.top + 60, b.bottom) - Math.max(c.top, b.top)), 0);
    // Nobody below: under, as without anyone to avoid.
    expect(placeBubble(bubble(200, 100), phone, [head(60, 400)])).toEqual({ cx: 200, top: 120 });
    // Two people just below the speaker: under would cover them; it goes beside, covering nobody, whole in view.
    const below = [head(120, 150), head(140, 170)];
    const under = cover({ cx: 120, top: 120 }, below);
    expect(under).toBeGreaterThan(1000);
    const beside = placeBubble(bubble(120, 100), phone, below);
    expect(cover(beside, below)).toBeLessThan(under / 20);
    expect(beside.top).toBeGreaterThanOrEqual(phone.top);
    expect(beside.cx - 90).toBeGreaterThanOrEqual(phone.left);
    expect(beside.cx + 90).toBeLessThanOrEqual(phone.right);
    // People under and on both sides: the spot that covers least of them.
    const crowd = [head(200, 150), head(200, 180), head(60, 90), head(330, 90), head(330, 100)];
    const spot = placeBubble(bubble(200, 100), phone, crowd);
    for (const other of [{ cx: 200, top: 120 }, { cx: 304, top: 52 }, { cx: 96, top: 52 }]) expect(cover(spot, crowd)).toBeLessThanOrEqual(cover(other, crowd));
  });

  it('moved sideways into the view at an edge, and kept in on a view too small for it', () => {
    expect(placeBubble(bubble(20, 400), phone)).toEqual({ cx: 90, top: 310 });
    expect(placeBubble(bubble(380, 400), phone)).toEqual({ cx: 300, top: 310 });
    // Neither over nor under fits: as near to over the head as it can be, whole.
    const short = { left: 0, top: 52, right: 390, bottom: 160 };
    expect(placeBubble(bubble(200, 100), short)).toEqual({ cx: 200, top: 52 });
  });
});
