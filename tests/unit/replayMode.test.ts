import { describe, expect, it } from 'vitest';
import { createHamletStore } from '../../src/store/store';
import { ReplayMode } from '../../src/app/replayMode';
import { importSmallville } from '../../src/replay/smallville';

// A four-step Smallville sample: A walks right one tile per step; A and B chat at step 2.
const meta = JSON.stringify({ start_date: 'February 13, 2023', sec_per_step: 10, persona_names: ['Ann Lee', 'Bo Kim'] });
const movement = JSON.stringify({
  0: { 'Ann Lee': { movement: [1, 1], pronunciatio: '🚶', description: 'walking @ a', chat: null }, 'Bo Kim': { movement: [9, 9], pronunciatio: '📖', description: 'reading @ b', chat: null } },
  1: { 'Ann Lee': { movement: [2, 1] } },
  2: { 'Ann Lee': { movement: [3, 1], chat: [['Ann Lee', 'Hi Bo'], ['Bo Kim', 'Hi Ann']] }, 'Bo Kim': { chat: [['Ann Lee', 'Hi Bo'], ['Bo Kim', 'Hi Ann']] } },
  3: { 'Ann Lee': { movement: [4, 1], chat: null }, 'Bo Kim': { chat: null } },
  4: { 'Ann Lee': { movement: [5, 1] } },
});
const replay = importSmallville(meta, movement, { hamlet: [{ id: 'x', name: 'X', sprite: 'x' }], showOn: { name: 'Hamlet', width: 140, height: 100, tileSize: 32 } });

function setup() {
  const store = createHamletStore();
  const calls: string[] = [];
  let frame: ((t: number) => void) | null = null;
  const mode = new ReplayMode(
    store,
    { pauseLive: () => calls.push('pause'), resumeLive: () => calls.push('resume'), whyNotForkable: () => 'imported', useSprites: (p) => calls.push(`sprites:${p.length}`) },
    (cb) => {
      frame = cb;
      return 1;
    },
    () => {
      frame = null;
    },
  );
  const tick = (t: number) => frame?.(t);
  return { store, calls, mode, tick };
}

describe('replay mode of the page', () => {
  it('feeds the store the replay at the shown step, plays at steps per second, and hands the town back', () => {
    const { store, calls, mode, tick } = setup();
    mode.open(replay);
    expect(calls).toEqual(['pause', 'sprites:2']);
    let s = store.getState();
    expect(s.mode).toBe('replay');
    expect(s.replay).toMatchObject({ firstStep: 0, lastStep: 4, playing: false, whyNotForkable: 'imported' });
    expect(s.personas.map((p) => p.tile.x)).toEqual([1, 9]);
    expect(new Date(s.time).toISOString()).toBe('2023-02-13T00:00:00.000Z');

    mode.setSpeed(2);
    mode.play();
    tick(1000);
    tick(1500); // half a second at 2 steps per second
    s = store.getState();
    expect(s.step).toBe(1);
    expect(s.personas[0]!.tile.x).toBe(2);
    tick(2000);
    expect(store.getState().step).toBe(2);
    expect(store.getState().personas[0]!.chattingWith).toBe('Bo Kim');
    // The chat seen at step 2 is in the feed from then on.
    expect(store.getState().feed.map((f) => f.text)).toEqual([expect.stringContaining('Ann Lee and Bo Kim')]);
    tick(2500);
    expect(store.getState().step).toBe(3);
    expect(store.getState().personas[0]!.chattingWith).toBeNull();
    tick(5000); // past the end: stops there
    expect(store.getState().step).toBe(4);
    expect(store.getState().replay!.playing).toBe(false);

    mode.seek(1);
    expect(store.getState().personas[0]!.tile.x).toBe(2);
    expect(store.getState().feed).toHaveLength(0);
    mode.stepBy(-5);
    expect(store.getState().step).toBe(0);

    mode.close();
    expect(calls).toEqual(['pause', 'sprites:2', 'resume']);
    expect(store.getState().mode).toBe('live');
    expect(store.getState().replay).toBeNull();
  });
});
