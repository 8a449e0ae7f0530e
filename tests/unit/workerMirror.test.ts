import { describe, expect, it } from 'vitest';
import { createHamletStore } from '../../src/store/store';
import { mergePatches, pageState, sendPageChanges, sendTownChanges, townPatchApplier, type NumberedPatch } from '../../src/app/worker/mirror';

/**
 * The store split between the page and the town's worker (src/app/worker/mirror.ts): the page gets
 * what the town changed, batched (at most one patch a frame, however many steps it covers), with no
 * spoken line lost between two patches; the worker gets what the page changed that the town reads.
 */

const line = (speaker: string, text: string) => ({ speaker, text });
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('the worker store mirror', () => {
  it('sends many steps as one patch, the latest values, and only what changed', async () => {
    const worker = createHamletStore();
    const got: NumberedPatch[] = [];
    const mirror = sendTownChanges(worker, (p) => got.push(p), 10);
    for (let step = 1; step <= 30; step++) worker.setState({ step, time: step * 10_000 });
    // The page's own keys are not the town's: never sent.
    worker.setState({ speed: 60, selectedId: 'x' });
    expect(got).toEqual([]);
    await wait(30);
    expect(got).toEqual([{ seq: 1, patch: { step: 30, time: 300_000 } }]);
    worker.setState({ notice: 'hello' });
    mirror.flush();
    expect(got.at(-1)).toEqual({ seq: 2, patch: { notice: 'hello' } });
    // A reply takes the pending changes instead of a send.
    worker.setState({ step: 99 });
    expect(mirror.take()).toEqual({ seq: 3, patch: { step: 99 } });
    expect(mirror.take()).toBeNull();
    mirror.dispose();
    worker.setState({ step: 31 });
    await wait(30);
    expect(got).toHaveLength(2);
  });

  it('keeps every spoken line of the steps a patch covers, in order', async () => {
    const worker = createHamletStore();
    const page = createHamletStore();
    const mirror = sendTownChanges(worker, townPatchApplier(page).apply, 1000);
    worker.setState({ spoken: { seq: 1, lines: [line('Ana', 'Morning!')] } });
    worker.setState({ spoken: { seq: 2, lines: [line('Ben', 'Hi Ana.'), line('Ana', 'Coffee?')] } });
    worker.setState({ spoken: { seq: 3, lines: [line('Ben', 'Yes please.')] } });
    mirror.flush();
    expect(page.getState().spoken).toEqual({ seq: 3, lines: [line('Ana', 'Morning!'), line('Ben', 'Hi Ana.'), line('Ana', 'Coffee?'), line('Ben', 'Yes please.')] });
    expect(mergePatches({ step: 1, spoken: { seq: 1, lines: [line('A', 'a')] } }, { step: 2 })).toEqual({ step: 2, spoken: { seq: 1, lines: [line('A', 'a')] } });
    mirror.dispose();
  });

  it('applies each key from the latest patch that set it, whatever order patches arrive in', () => {
    const page = createHamletStore();
    const { apply } = townPatchApplier(page);
    apply({ seq: 2, patch: { step: 20, time: 200 } });
    // An older patch overtaken on the way: its step and time are stale, its notice is not.
    apply({ seq: 1, patch: { step: 10, time: 100, notice: 'from step 10' } });
    expect(page.getState()).toMatchObject({ step: 20, time: 200, notice: 'from step 10' });
    apply({ seq: 3, patch: { step: 30, notice: null } });
    expect(page.getState()).toMatchObject({ step: 30, time: 200, notice: null });
    // What arrived during one frame, in one setState: the newest of each key, every spoken line.
    let updates = 0;
    page.subscribe(() => updates++);
    apply({ seq: 5, patch: { step: 50, spoken: { seq: 2, lines: [line('Ben', 'Later.')] } } }, { seq: 4, patch: { step: 40, notice: 'n4', spoken: { seq: 1, lines: [line('Ana', 'Hi.')] } } });
    expect(updates).toBe(1);
    expect(page.getState()).toMatchObject({ step: 50, notice: 'n4', spoken: { seq: 2, lines: [line('Ana', 'Hi.'), line('Ben', 'Later.')] } });
  });

  it('shows no live step over a replay: only the brain’s news gets through while one is open', () => {
    const page = createHamletStore();
    const { apply } = townPatchApplier(page);
    page.setState({ mode: 'replay', step: 500, personas: [] });
    apply({ seq: 1, patch: { step: 12, time: 120, spoken: { seq: 1, lines: [line('Ana', 'Hi.')] }, notice: 'The model is rate limiting us (429): waiting 2 s.' } });
    expect(page.getState()).toMatchObject({ step: 500, spoken: { seq: 0, lines: [] }, notice: 'The model is rate limiting us (429): waiting 2 s.' });
    page.setState({ mode: 'live' });
    apply({ seq: 2, patch: { step: 13 } });
    expect(page.getState().step).toBe(13);
  });

  it('shows the live town again when a replay closes, as the worker last sent it, at once', () => {
    const page = createHamletStore();
    const patches = townPatchApplier(page);
    const ana = { id: 'ana', name: 'Ana', tile: { x: 1, y: 2 } } as never;
    patches.remember({ step: 10, time: 100, personas: [ana], feed: [{ time: 90, text: 'Ana and Ben: hello' }], conversations: 1 });
    patches.apply({ seq: 1, patch: { step: 11, time: 110 } });
    // A replay takes the map, the clock and the feed; the live town's step that arrives meanwhile is held.
    page.setState({ mode: 'replay', step: 500, time: 5000, personas: [], feed: [], conversations: 0 });
    patches.apply({ seq: 2, patch: { step: 12, time: 120, spoken: { seq: 3, lines: [line('Ana', 'Hi.')] } } });
    expect(page.getState()).toMatchObject({ step: 500, time: 5000 });
    page.setState({ mode: 'live' });
    patches.showLive();
    expect(page.getState()).toMatchObject({ step: 12, time: 120, personas: [ana], feed: [{ time: 90, text: 'Ana and Ben: hello' }], conversations: 1 });
    // A line said while the replay was shown is not said again.
    expect(page.getState().spoken.seq).toBe(0);
    // An older patch that arrives late changes nothing it has a newer value of.
    patches.apply({ seq: 1, patch: { step: 11 } });
    expect(page.getState().step).toBe(12);
  });

  it('sends the worker the speed, live or replay, and the selection, and nothing else', () => {
    const page = createHamletStore();
    const worker = createHamletStore();
    worker.setState(pageState(page));
    const stop = sendPageChanges(page, (p) => worker.setState(p));
    page.getState().setSpeed(60);
    page.getState().select('ana');
    page.setState({ mode: 'replay', notice: 'only on the page', step: 99 });
    expect(worker.getState()).toMatchObject({ speed: 60, selectedId: 'ana', mode: 'replay', notice: null, step: 0 });
    stop();
    page.getState().setSpeed(1);
    expect(worker.getState().speed).toBe(60);
  });
});
