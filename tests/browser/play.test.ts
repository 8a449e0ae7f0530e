import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, mapAreaCentre, screenshot, setSpeed, startSession, whenReady, type Frame, type Session } from './harness';
import { accepts } from '../../src/llm/offline/inviteReply';

interface Handle {
  ready: boolean;
  store: {
    getState(): {
      time: number;
      step: number;
      speed: number;
      mode: string;
      personas: Frame[];
      player: { id: string; name: string; chat: { with: string; lines: { speaker: string; text: string }[] } | null } | null;
      fastForward: unknown;
      setSpeed(s: number): void;
      select(id: string | null): void;
    };
  };
  sim: { world: { walkable: Uint8Array; width: number }; conversations: { participants: string[]; lines: { speaker: string; text: string }[] }[] };
  screenPositionOfTile(x: number, y: number): { x: number; y: number };
  replays: { recorder(): { toReplay(): { personas: { id: string; name: string }[]; steps: { c?: { participants: string[] }[] }[] } } | null };
}

const h = (page: Page) => page.evaluate(() => 0);
const INVITATION = 'Would you like to come to the photo party at Bramble Café tomorrow at 5 pm?';

describe('playing in Hamlet (start screen, resident, chat, time)', () => {
  let server: Session['server'];
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  /** Luis's answer to the invitation. */
  let reply = '';

  const state = () => page.evaluate(() => {
    const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
    return { time: s.time, step: s.step, speed: s.speed, player: s.player, personas: s.personas, fastForward: s.fastForward };
  });
  const me = async () => {
    const s = await state();
    return s.personas.find((p) => p.id === s.player!.id)!;
  };

  beforeAll(async () => {
    ({ server, ctx, page, errors } = await startSession());
    await page.goto(`${server.url}?worker=off`);
  });

  afterAll(() => closeAll(ctx, server));

  it('opens on the start screen without URL parameters; a new town with your resident starts from it', async () => {
    await page.waitForSelector('.start-screen:not([hidden])', { timeout: 90_000 });
    expect(await page.isDisabled('button[name=continue]')).toBe(true);
    expect(await page.textContent('button[name=continue]')).toMatch(/no saves yet/);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'play-start-390');
    // The brain menu shows its choice whole ("Offline (no key, no network)" was cut in a narrow column).
    const room = await page.evaluate(() => {
      const s = document.querySelector<HTMLSelectElement>('select[name=brain]')!;
      const probe = Object.assign(document.createElement('span'), { textContent: s.selectedOptions[0]!.text });
      probe.style.cssText = `position: absolute; white-space: pre; font: ${getComputedStyle(s).font}`;
      document.body.append(probe);
      const need = probe.getBoundingClientRect().width;
      probe.remove();
      return s.clientWidth - need;
    });
    expect(room, 'px to spare beside the brain menu\'s text (for its arrow)').toBeGreaterThan(24);
    await page.setViewportSize({ width: 1280, height: 800 });
    // A name that is taken is refused with a reason, nothing starts.
    await page.fill('input[name=player-name]', 'Sofia Moreno');
    await page.click('button[name=new-town]');
    expect(await page.textContent('.start-error')).toMatch(/already lives in this town/);
    await page.fill('input[name=player-name]', 'Alex <b>Rivera</b>');
    await page.click('button[name=new-town]');
    expect(await page.textContent('.start-error')).toMatch(/letters/);
    await page.fill('input[name=player-name]', 'Alex Rivera');
    await page.fill('textarea[name=player-about]', 'A travelling photographer who loves old buildings');
    await page.click('button[name=look-jess-turner]');
    await page.fill('input[name=seed]', '3');
    await page.selectOption('select[name=start-hour]', '9');
    await screenshot(page, 'play-start-1280');
    await page.click('button[name=new-town]');
    await whenReady(page);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().player !== null);
    const s = await state();
    expect(new Date(s.time).toISOString()).toMatch(/^2023-02-13T09:0/);
    expect(s.personas).toHaveLength(26);
    expect(s.player!.name).toBe('Alex Rivera');
    expect(await page.isHidden('.start-screen')).toBe(true);
    await page.waitForSelector('[data-panel=player]:not([hidden])');
    await page.waitForFunction(() => /^Alex Rivera is taking it easy at Town Square/.test(document.querySelector('.player-status')?.textContent ?? ''));
    // Arrived awake: waking up is not among what it may do.
    await expect.poll(() => page.locator('select[name=player-action] option').allTextContents()).toContain('Take it easy');
    const menu = await page.locator('select[name=player-action] option').allTextContents();
    expect(menu).not.toContain('Wake up');
    // Words, not the registry's ids ("CHECK_IN → paper round at …" it said); the values keep the ids.
    expect(menu.filter((t) => /[A-Z]{2,}_|→/.test(t))).toEqual([]);
    expect(menu).toContain('Go to Bramble Café');
    expect(await page.locator('select[name=player-action] option[value="IDLE|"]').textContent()).toBe('Take it easy');
  });

  it('walks by keyboard, a tile per key press', async () => {
    await setSpeed(page, 10);
    const from = (await me()).tile;
    // A direction with three free tiles from where the resident stands.
    const dir = await page.evaluate((t) => {
      const w = (window as unknown as { hamlet: Handle }).hamlet.sim.world;
      const dirs: [string, number, number][] = [['ArrowRight', 1, 0], ['ArrowLeft', -1, 0], ['ArrowDown', 0, 1], ['ArrowUp', 0, -1]];
      return dirs.find(([, dx, dy]) => [1, 2, 3].every((k) => w.walkable[(t.y + dy * k) * w.width + t.x + dx * k] === 1)) ?? null;
    }, from);
    expect(dir).not.toBeNull();
    const [key, dx, dy] = dir!;
    const want = { x: from.x + dx * 3, y: from.y + dy * 3 };
    for (let k = 0; k < 3; k++) await page.keyboard.press(key);
    await page.waitForFunction((t) => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      const p = s.personas.find((f) => f.id === s.player!.id)!.tile;
      return p.x === t.x && p.y === t.y;
    }, want, { timeout: 20_000 });
    // And stays there: only the player moves the resident.
    await page.waitForTimeout(1500);
    expect((await me()).tile).toEqual(want);
    // The camera follows your resident: it stands in the middle of the map view (what the panels leave uncovered).
    const seen = await page.evaluate(() => (window as unknown as { hamlet: { screenPositionOf(id: string): { x: number; y: number } | null } }).hamlet.screenPositionOf('player-resident'));
    const mid = await mapAreaCentre(page);
    expect(Math.abs(seen!.x - mid.x)).toBeLessThan(120);
    expect(Math.abs(seen!.y - mid.y)).toBeLessThan(120);
    // Keys 1–5 are the speeds 1×, 2×, 5×, 10×, 60× (the same keys in a replay: playModel.test.ts).
    for (const [key, speed] of [['3', 5], ['5', 60], ['4', 10]] as const) {
      await page.keyboard.press(key);
      expect((await state()).speed).toBe(speed);
    }
  });

  it('walks by a click on a tile next to a persona, and talks with her for three turns (offline brain)', { timeout: 300_000 }, async () => {
    // Jump to 10:00 (an hour of the town run headless): Luis Moreno is baking at Crumb & Crust Bakery then, a person who stays put.
    await page.selectOption('select[name=jump-hour]', '10');
    await page.waitForFunction(() => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return s.fastForward === null && new Date(s.time).getUTCHours() === 10;
    }, null, { timeout: 120_000 });
    expect(new Date((await state()).time).toISOString()).toMatch(/T10:0/);
    // Paused while the tile is chosen and clicked: nobody walks onto it in between (a click near a persona picks the persona).
    await setSpeed(page, 0);
    const luis = (await state()).personas.find((p) => p.id === 'luis-moreno')!;
    const target = await page.evaluate((t) => {
      const h = (window as unknown as { hamlet: Handle & { sim: { paths: { find(a: unknown, b: unknown): unknown[] | null } } } }).hamlet;
      const w = h.sim.world;
      const s = h.store.getState();
      const from = s.personas.find((p) => p.id === s.player!.id)!.tile;
      // Two tiles off (close enough to talk; far enough that the click picks the tile, not her), on a way from here.
      for (const [dx, dy] of [[0, 2], [2, 0], [-2, 0], [0, -2], [2, 2], [-2, 2], [2, -2], [-2, -2], [1, 2], [2, 1], [-1, 2], [-2, 1]]) {
        const c = { x: t.x + dx!, y: t.y + dy! };
        const clear = s.personas.every((p) => p.id === s.player!.id || Math.max(Math.abs(p.tile.x - c.x), Math.abs(p.tile.y - c.y)) > 1);
        if (clear && w.walkable[c.y * w.width + c.x] === 1 && h.sim.paths.find(from, c)) return c;
      }
      return null;
    }, luis.tile);
    expect(target).not.toBeNull();
    // Drag the view there first (the camera follows you), then click the tile.
    await page.evaluate((t) => {
      const h = (window as unknown as { hamlet: Handle & { store: { setState(x: unknown): void } } }).hamlet;
      h.store.setState({ followId: null, panTo: { x: t.x, y: t.y, seq: 99 } });
    }, target!);
    await page.waitForTimeout(300);
    const pos = await page.evaluate((t) => (window as unknown as { hamlet: Handle }).hamlet.screenPositionOfTile(t.x, t.y), target!);
    // (The page was 390 px wide before: a click must land on the tile under it after a resize too.)
    await page.mouse.click(pos.x, pos.y);
    await setSpeed(page, 10);
    await page.waitForFunction((t) => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      const p = s.personas.find((f) => f.id === s.player!.id)!;
      return (p as unknown as { actionTarget: string }).actionTarget === `${t.x},${t.y}`;
    }, target!, { timeout: 10_000 });
    await setSpeed(page, 60);
    await page.waitForFunction(
      (t) => {
        const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
        const p = s.personas.find((f) => f.id === s.player!.id)!;
        return p.tile.x === t.x && p.tile.y === t.y;
      },
      target!,
      { timeout: 150_000 },
    );
    await setSpeed(page, 2);
    // She may have moved on a few tiles meanwhile (baking at another counter): step up to her again.
    for (let tries = 0; tries < 5 && !(await page.isVisible('button[name=talk-luis-moreno]')); tries++) {
      const t = await page.evaluate(() => {
        const h = (window as unknown as { hamlet: Handle & { sim: { playerInput(i: unknown): void; paths: { find(a: unknown, b: unknown): unknown[] | null } } } }).hamlet;
        const w = h.sim.world;
        const s = h.store.getState();
        const from = s.personas.find((p) => p.id === s.player!.id)!.tile;
        const l = s.personas.find((p) => p.id === 'luis-moreno')!.tile;
        // The nearest tile within talking distance that can be walked to (the tile beside her may be behind a counter).
        const near = [[0, 1], [1, 0], [-1, 0], [0, -1], [1, 1], [-1, 1], [1, -1], [-1, -1], [0, 2], [2, 0], [-2, 0], [0, -2], [1, 2], [2, 1], [-1, 2], [-2, 1], [1, -2], [2, -1], [-1, -2], [-2, -1], [2, 2], [-2, 2], [2, -2], [-2, -2]];
        const t = near.map(([dx, dy]) => ({ x: l.x + dx!, y: l.y + dy! })).find((t) => w.walkable[t.y * w.width + t.x] === 1 && h.sim.paths.find(from, t));
        if (t) h.sim.playerInput({ kind: 'walk', ...t });
        return t ?? null;
      });
      if (!t) break;
      // Walk there at 60× (as the click's walk above), then look for her button at an easy pace.
      await setSpeed(page, 60);
      await page
        .waitForFunction(
          (t) => {
            const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
            const p = s.personas.find((f) => f.id === s.player!.id)!;
            return p.tile.x === t.x && p.tile.y === t.y;
          },
          t,
          { timeout: 30_000 },
        )
        .catch(() => undefined);
      await setSpeed(page, 2);
      await page.waitForSelector('button[name=talk-luis-moreno]', { timeout: 4000 }).catch(() => undefined);
    }
    await setSpeed(page, 1);
    // Either we go up to her, or she has already started talking to us (personas may, by the same rules),
    // maybe just now: then her button is disabled and the chat is with her.
    const chatWith = () => page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().player!.chat?.with ?? null);
    if ((await chatWith()) === null) {
      await page.click('button[name=talk-luis-moreno]', { timeout: 5_000 }).catch(async (e: unknown) => {
        if ((await chatWith()) === null) throw e;
      });
    }
    const partner = await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().player!.chat?.with ?? null, null, { timeout: 30_000 });
    expect(await partner.jsonValue()).toBe('Luis Moreno');
    await page.waitForSelector('[data-panel=chat]:not([hidden])');
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li.them').length === 1, null, { timeout: 20_000 });
    const say = async (text: string, n: number) => {
      await page.fill('input[name=chat-text]', text);
      await page.press('input[name=chat-text]', 'Enter');
      await page.waitForFunction((k) => document.querySelectorAll('.chat-log li.them').length === k, n, { timeout: 20_000 });
      return page.evaluate(() => [...document.querySelectorAll('.chat-log li.them')].at(-1)!.textContent ?? '');
    };
    expect(await say('Hello Luis! Where do you work?', 2)).toContain('Crumb & Crust Bakery');
    // Speech bubbles: the lines show over the speakers' heads for a moment.
    await page.waitForFunction(() => /Crumb & Crust Bakery/.test((window as unknown as { hamlet: { speechOf(id: string): string | null } }).hamlet.speechOf('luis-moreno') ?? ''), null, { timeout: 10_000 });
    const speechOf = (id: string) => page.evaluate((x) => (window as unknown as { hamlet: { speechOf(id: string): string | null } }).hamlet.speechOf(x), id);
    // Neighbours' bubbles do not cover each other: your line gave way to his answer.
    expect(await speechOf('player-resident')).toBeNull();
    // 💬 Bubbles off takes them down; on again for what follows.
    await page.click('button[name=bubbles]');
    await page.waitForFunction(() => (window as unknown as { hamlet: { speechOf(id: string): string | null } }).hamlet.speechOf('luis-moreno') === null);
    await page.click('button[name=bubbles]');
    // What the player writes is text: a tag stays a tag on the page.
    // He answers with his age (personas/hamlet/luis-moreno.json: 40), in whichever of his phrasings.
    expect(await say('<img src=x onerror="window.__owned=1"> How old are you?', 3)).toMatch(/\b40\b/);
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
    expect(await page.textContent('.chat-log')).toContain('<img src=x');
    await screenshot(page, 'play-chat-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'play-chat-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    // An invitation: the offline brain says yes or no as to a neighbour (free then: mostly yes); then you leave.
    reply = await say(INVITATION, 4);
    await page.click('button[name=chat-leave]');
    await page.waitForFunction(() => /The conversation ended: you said goodbye and left/.test(document.querySelector('.chat-state')?.textContent ?? ''));
    // The resident's latest conversation (the town runs on: another pair's may have ended since).
    const convo = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.sim.conversations.filter((c) => c.participants.includes('Alex Rivera')).at(-1)!);
    // The one who started it comes first: you, or Luis if she came up to you.
    expect([...convo.participants].sort()).toEqual(['Alex Rivera', 'Luis Moreno']);
    expect(convo.lines.filter((l) => l.speaker === 'Alex Rivera')).toHaveLength(3);
    // A yes is a commitment he will act on; a no plans nothing.
    const promised = await page.evaluate(() => (window as unknown as { hamlet: { sim: { byId: Map<string, { commitments: { sector: string; source: string }[] }> } } }).hamlet.sim.byId.get('luis-moreno')!.commitments.filter((c) => c.source === 'Alex Rivera').map((c) => c.sector));
    expect(promised).toEqual(accepts(reply) ? ['Bramble Café'] : []);
  });

  it('finds the chat in Luis’s Chats and Memory tabs, his planning thought, and his answer in his Day', async () => {
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().select('luis-moreno'));
    await page.waitForSelector('.insp-panel:not([hidden])');
    await page.click('.insp-tab-btn[data-tab=chats]');
    await page.waitForFunction(() => /Alex Rivera/.test(document.querySelector('.insp-chats')?.textContent ?? ''));
    expect(await page.textContent('.insp-chats')).toContain('Where do you work?');
    await page.click('.insp-tab-btn[data-tab=memory]');
    await page.waitForFunction(() => /For Luis Moreno's planning/.test(document.querySelector('.insp-memory')?.textContent ?? ''));
    await screenshot(page, 'play-memory');
    if (accepts(reply)) {
      // Yes: the party is among his commitments in the Day tab.
      await page.click('.insp-tab-btn[data-tab=day]');
      await page.waitForFunction(() => /photo party at Bramble Café on Tuesday February 14 at 5:00 pm/.test(document.querySelector('.insp-commit')?.textContent ?? ''), null, { timeout: 10_000 });
    } else {
      // No: he remembers telling you so, and plans nothing.
      expect(await page.textContent('.insp-memory')).toContain("I told Alex I can't make it to the photo party");
    }
  });

  it('a click on an activity line opens the persona it names and moves the camera there', async () => {
    await page.click('.insp-close').catch(() => undefined);
    // Paused, so no newer line takes the top of the list between reading it and clicking it.
    await setSpeed(page, 0);
    const line = page.locator('.hud-feed-list li.feed-link').first();
    const text = await line.getAttribute('data-text');
    const first = await page.evaluate((t) => {
      const ps = (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas;
      return ps.map((p) => ({ id: p.id, at: t!.indexOf(p.name) })).filter((x) => x.at >= 0).sort((a, b) => a.at - b.at)[0]!.id;
    }, text);
    await line.click();
    await page.waitForFunction((id) => (window as unknown as { hamlet: { store: { getState(): { selectedId: string | null } } } }).hamlet.store.getState().selectedId === id, first);
    const pos = await page.evaluate((id) => (window as unknown as { hamlet: { screenPositionOf(id: string): { x: number; y: number } | null } }).hamlet.screenPositionOf(id), first);
    // On screen, near the middle of the map view.
    const mid = await mapAreaCentre(page);
    expect(Math.abs(pos!.x - mid.x)).toBeLessThan(200);
    expect(Math.abs(pos!.y - mid.y)).toBeLessThan(200);
  });

  it('follows the action: the camera goes to whoever starts speaking', { timeout: 60_000 }, async () => {
    await page.click('.insp-close').catch(() => undefined);
    // Away to a corner of the map first, so a speaker in the middle is the camera's doing.
    await page.evaluate(() => (window as unknown as { hamlet: { store: { setState(x: unknown): void } } }).hamlet.store.setState({ followId: null, panTo: { x: 3, y: 3, seq: 1000 } }));
    await page.click('button[name=follow-action]');
    expect(await page.getAttribute('button[name=follow-action]', 'aria-pressed')).toBe('true');
    await setSpeed(page, 10);
    await page.waitForFunction(
      (mid) => {
        const h = (window as unknown as { hamlet: { store: { getState(): { personas: Frame[]; spoken: { lines: { speaker: string }[] } } }; screenPositionOf(id: string): { x: number; y: number } | null } }).hamlet;
        const s = h.store.getState();
        const who = s.personas.find((p) => p.name === s.spoken.lines[0]?.speaker);
        const at = who ? h.screenPositionOf(who.id) : null;
        return !!at && Math.abs(at.x - mid.x) < 150 && Math.abs(at.y - mid.y) < 150;
      },
      await mapAreaCentre(page),
      { timeout: 45_000 },
    );
    await page.click('button[name=follow-action]');
  });

  it('skips to the next morning: the town runs headless to 6:00 with a progress bar, everyone in a valid state', async () => {
    await setSpeed(page, 1);
    const before = new Date((await state()).time);
    // The next 6:00: tomorrow's, or today's before 6 am.
    const day = before.getUTCDate() + (before.getUTCHours() >= 6 ? 1 : 0);
    await page.click('button[name=skip-morning]');
    await page.waitForSelector('.hud-progress:not([hidden])', { timeout: 10_000 });
    await screenshot(page, 'play-skip');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().fastForward === null, null, { timeout: 240_000 });
    const s = await state();
    const at = new Date(s.time);
    expect(at.getUTCDate()).toBe(day);
    expect([at.getUTCHours(), at.getUTCMinutes()]).toEqual([6, 0]);
    const bad = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const w = h.sim.world;
      return h.store.getState().personas.filter((p) => w.walkable[p.tile.y * w.width + p.tile.x] !== 1 || !p.description).map((p) => p.name);
    });
    expect(bad).toEqual([]);
    // It goes on at the speed it had.
    expect(s.speed).toBe(1);
  });

  it('the recording of the session has the player and the chat', async () => {
    const r = await page.evaluate(() => {
      const rec = (window as unknown as { hamlet: Handle }).hamlet.replays.recorder()!.toReplay();
      return { personas: rec.personas.map((p) => p.name), convos: rec.steps.flatMap((s) => s.c ?? []).map((c) => [...c.participants].sort().join(' & ')) };
    });
    expect(r.personas).toContain('Alex Rivera');
    expect(r.convos).toContain('Alex Rivera & Luis Moreno');
    expect(errors).toEqual([]);
  });
});

void h;
