import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, screenshot, setSpeed, startSession, type Frame, type Session } from './harness';
import { startFakeLlm, type FakeLlm, type FakeReply, type Responder } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

const json = (v: unknown): FakeReply => ({ kind: 'content', content: JSON.stringify(v) });
const ME = 'Alex Rivera';
const INVITATION = 'Would you like to come to the photo party at Bramble Café tomorrow at 5 pm?';

/**
 * The good model, and in a conversation with the player a persona that says what it was asked and
 * what it remembers (so the test sees the player's words and the retrieved memories reached the
 * model), takes an invitation, and says goodbye when the player does.
 */
function playerModel(): Responder {
  const good = goodModel();
  return (body, task, prompt) => {
    const to = new RegExp(`What does (.+) say to ${ME} next\\?`).exec(prompt);
    if (task !== 'conversation_turn' || !to) return good(body, task, prompt);
    const transcript = (prompt.split('The conversation so far:')[1] ?? '').split('\n\nWhat does')[0]!.trim();
    const last = transcript.split('\n').pop() ?? '';
    if (!last.startsWith(`${ME}: `)) return json({ line: `Hello! You must be new here, ${ME.split(' ')[0]}.`, end: false });
    const said = last.slice(ME.length + 2);
    if (/would you like to come to [^?]+\?/i.test(said)) return json({ line: "Yes, I'd love to come! See you there.", end: false });
    if (/goodbye/i.test(said)) return json({ line: 'Goodbye, take care!', end: true });
    const memory = /^1\. (.+)$/m.exec(prompt)?.[1] ?? 'nothing much';
    return json({ line: `You asked me: "${said}" What comes to mind: ${memory}`, end: false });
  };
}

interface Handle {
  ready: boolean;
  store: {
    getState(): {
      step: number;
      mode: string;
      brainName: string;
      callPlan: string;
      replay: { lastStep: number; speed: number } | null;
      personas: Frame[];
      player: { id: string; chat: { with: string } | null } | null;
      setSpeed(s: number): void;
      select(id: string | null): void;
    };
  };
  sim: { world: { walkable: Uint8Array; width: number }; playerInput(i: unknown): void };
  replays: { mode: { seek(step: number): void; active: boolean }; recorder(): unknown };
  screenPositionOf(id: string): { x: number; y: number } | null;
}
const hamlet = (page: Page) => page.evaluate(() => 0);

describe('playing on a model (a fake OpenAI-compatible server through the real openai client)', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];

  beforeAll(async () => {
    fake = await startFakeLlm(playerModel());
    ({ server, ctx, page, errors } = await startSession());
    await page.goto(`${server.url}?worker=off`);
  });

  afterAll(() => closeAll(ctx, server, fake));

  it('starts a town on the model from the start screen, with the call plan picked there', { timeout: 120_000 }, async () => {
    await page.waitForSelector('.start-screen:not([hidden])', { timeout: 90_000 });
    // The call plan matters only on a model: shown once one is picked.
    expect(await page.isVisible('select[name=calls]')).toBe(false);
    await page.selectOption('select[name=brain]', 'model');
    expect(await page.isVisible('select[name=calls]')).toBe(true);
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'play-model-start-390');
    await page.setViewportSize({ width: 1400, height: 850 });
    await screenshot(page, 'play-model-start-1400');
    await page.setViewportSize({ width: 1280, height: 800 });
    // No model configured yet: the settings open, nothing starts.
    await page.click('button[name=new-town]');
    expect(await page.textContent('.start-error')).toMatch(/Set up a model/);
    await page.waitForSelector('.settings:not([hidden])');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'fake-model');
    await page.selectOption('select[name=structuredOutput]', 'json_schema');
    await page.fill('input[name=embeddingModel]', '');
    await page.click('button[name=apply]');
    await page.click('.settings button:has-text("Close")');
    await page.click('.start-card h1');
    await page.selectOption('select[name=calls]', 'packed');
    await page.fill('input[name=personas]', '1');
    await page.fill('input[name=player-name]', ME);
    await page.click('button[name=new-town]');
    await page.waitForFunction(() => (window as unknown as { hamlet?: Handle }).hamlet?.ready === true && (window as unknown as { hamlet: Handle }).hamlet.store.getState().player !== null, null, { timeout: 90_000 });
    const s = await page.evaluate(() => {
      const st = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return { brain: st.brainName, plan: st.callPlan, people: st.personas.map((p) => p.name) };
    });
    expect(s).toEqual({ brain: 'llm:fake-model', plan: 'packed', people: ['Ada Quinn', ME] });
    // Ada is up on the start of her day, then plans it on the model, in the packed plan's one call.
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas[0]!.description !== '', null, { timeout: 60_000 });
    const tasks = () => fake.requests.map((r) => /Task: (\S+)/.exec(r.messages.find((m) => m.role === 'system')?.content ?? '')?.[1]);
    expect(tasks()).toContain('start_day');
    for (let i = 0; i < 600 && !tasks().includes('plan_day'); i++) await page.waitForTimeout(100);
    expect(tasks()).toContain('plan_day');
    expect(tasks()).not.toContain('daily_planning');
  });

  it('walks up to Ada and holds a 3-turn chat: the model gets the player’s words and answers them', { timeout: 120_000 }, async () => {
    await setSpeed(page, 10);
    // Walk next to her (by A*; the page's keys and clicks are play.test.ts's); she may move on, so step up again.
    for (let tries = 0; tries < 8; tries++) {
      const ready = await page.evaluate(() => {
        const h = (window as unknown as { hamlet: Handle }).hamlet;
        const s = h.store.getState();
        if (s.player!.chat) return true;
        const ada = s.personas.find((p) => p.id === 'ada-quinn')!.tile;
        const me = s.personas.find((p) => p.id === s.player!.id)!.tile;
        if (Math.abs(ada.x - me.x) <= 1 && Math.abs(ada.y - me.y) <= 1) return true;
        const w = h.sim.world;
        const t = [[0, 1], [1, 0], [-1, 0], [0, -1], [1, 1], [-1, 1], [1, -1], [-1, -1]].map(([dx, dy]) => ({ x: ada.x + dx!, y: ada.y + dy! })).find((c) => w.walkable[c.y * w.width + c.x] === 1)!;
        h.sim.playerInput({ kind: 'walk', ...t });
        return false;
      });
      if (ready) break;
      await page.waitForTimeout(3000);
    }
    await setSpeed(page, 2);
    // Talk from the inspector (or she came up to us first: personas may, by the same rules).
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().select('ada-quinn'));
    await page.click('.insp-tab-btn[data-tab=talk]');
    if (!(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().player!.chat))) {
      await page.waitForSelector('button[name=talk-in-person]:not([disabled])', { timeout: 20_000 });
      await page.click('button[name=talk-in-person]');
    }
    await page.waitForSelector('[data-panel=chat]:not([hidden])', { timeout: 20_000 });
    await page.waitForFunction(() => document.querySelectorAll('.chat-log li.them').length >= 1, null, { timeout: 20_000 });
    const theirs = () => page.evaluate(() => document.querySelectorAll('.chat-log li.them').length);
    const say = async (text: string) => {
      const n = await theirs();
      await page.fill('input[name=chat-text]', text);
      await page.press('input[name=chat-text]', 'Enter');
      await page.waitForFunction((k) => document.querySelectorAll('.chat-log li.them').length === k, n + 1, { timeout: 30_000 });
      return page.evaluate(() => [...document.querySelectorAll('.chat-log li.them')].at(-1)!.textContent ?? '');
    };
    const first = await say('Hello Ada! What are you up to this morning?');
    expect(first).toContain('You asked me: "Hello Ada! What are you up to this morning?"');
    // The persona's retrieved memories went into the prompt (the fake model quotes the first one).
    expect(first).not.toContain('nothing much');
    expect(await say(INVITATION)).toContain("I'd love to come");
    for (const [w, hgt] of [[1400, 850], [390, 844]] as const) {
      await page.setViewportSize({ width: w, height: hgt });
      await screenshot(page, `play-model-chat-${w}`);
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    // What the player writes is text, never markup, also when it comes back from the model.
    expect(await say('<img src=x onerror="window.__owned=1"> Great, goodbye!')).toContain('Goodbye');
    await page.waitForFunction(() => /The conversation ended/.test(document.querySelector('.chat-state')?.textContent ?? ''));
    expect(await page.evaluate(() => (window as unknown as { __owned?: number }).__owned)).toBeUndefined();
    expect(await page.textContent('.chat-log')).toContain('<img src=x');
    // Each of the player's lines reached the model through the real openai client.
    const asked = fake.requests.filter((r) => r.messages.some((m) => m.content.includes(`What does Ada Quinn say to ${ME} next?`))).map((r) => r.messages.map((m) => m.content).join('\n'));
    expect(asked.some((p) => p.includes(`${ME}: ${INVITATION}`))).toBe(true);
    await screenshot(page, 'play-model-chat');
  });

  it('finds the chat in Ada’s Chats and Memory tabs, and the invitation as a commitment in her Day', async () => {
    await page.click('.insp-tab-btn[data-tab=chats]');
    await page.waitForFunction((me) => (document.querySelector('.insp-chats')?.textContent ?? '').includes(me), ME);
    expect(await page.textContent('.insp-chats')).toContain(INVITATION);
    await page.click('.insp-tab-btn[data-tab=memory]');
    await page.waitForFunction(() => /For Ada Quinn's planning: I will go to the photo party at Bramble Café/.test(document.querySelector('.insp-memory')?.textContent ?? ''));
    await page.click('.insp-tab-btn[data-tab=day]');
    await page.waitForFunction(() => /photo party at Bramble Café on \w+day February 14 at 5:00 pm/.test(document.querySelector('.insp-commit')?.textContent ?? ''), null, { timeout: 10_000 });
    await screenshot(page, 'play-model-day');
  });

  it('Continue on the start screen opens the newest save, with the player and what Ada promised', { timeout: 60_000 }, async () => {
    const saved = await page.evaluate(async () => {
      const x = (window as unknown as { hamlet: Handle & { saves: { save(name: string): Promise<unknown> }; sim: { step: number } } }).hamlet;
      x.store.getState().setSpeed(0);
      await x.saves.save('After meeting Ada');
      x.store.getState().setSpeed(10);
      return x.sim.step;
    });
    await page.waitForFunction((s) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step > s + 3, saved);
    await setSpeed(page, 0);
    await page.click('button[name=menu]');
    await page.waitForFunction(() => /Continue: After meeting Ada/.test(document.querySelector('button[name=continue]')?.textContent ?? ''));
    expect(await page.isDisabled('button[name=continue]')).toBe(false);
    await page.click('button[name=continue]');
    await page.waitForFunction((s) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step === s, saved, { timeout: 30_000 });
    const back = await page.evaluate(() => {
      const x = (window as unknown as { hamlet: Handle & { sim: { byId: Map<string, { commitments: { sector: string }[] }> } } }).hamlet;
      const s = x.store.getState();
      return { mode: s.mode, player: s.player?.id ?? null, promised: x.sim.byId.get('ada-quinn')!.commitments.map((c) => c.sector), brain: s.brainName };
    });
    expect(back).toEqual({ mode: 'live', player: 'player-resident', promised: ['Bramble Café'], brain: 'llm:fake-model' });
  });

  it('the replay of the session shows the player and the chat', { timeout: 60_000 }, async () => {
    const [download] = await Promise.all([page.waitForEvent('download'), page.click('button[name=download-recording]')]);
    const file = (await download.path())!;
    // Opened again from the start screen (☰ Menu → Open a replay…).
    await page.click('button[name=menu]');
    await page.setInputFiles('input[name=open-replay-file]', { name: 'session.json.gz', mimeType: 'application/gzip', buffer: readFileSync(file) });
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.replays.mode.active);
    const last = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const step = h.store.getState().replay!.lastStep;
      h.replays.mode.seek(step);
      return step;
    });
    await page.waitForFunction((s) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step === s, last);
    // The same number keys mean the same speeds as live (1×, 2×, 5×, 10×, 60×).
    for (const [key, speed] of [['3', 5], ['5', 60]] as const) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().replay!.speed)).toBe(speed);
    }
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.replays.mode.seek((window as unknown as { hamlet: Handle }).hamlet.store.getState().replay!.lastStep));
    const shown = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const s = h.store.getState();
      return { mode: s.mode, people: s.personas.map((p) => p.name), drawn: h.screenPositionOf('player-resident') !== null };
    });
    expect(shown).toEqual({ mode: 'replay', people: ['Ada Quinn', ME], drawn: true });
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().select('ada-quinn'));
    await page.click('.insp-tab-btn[data-tab=chats]');
    await page.waitForFunction((line) => (document.querySelector('.insp-chats')?.textContent ?? '').includes(line), INVITATION, { timeout: 10_000 });
    // The start screen's Watch a recorded day opens the demo in its place.
    await page.click('button[name=menu]');
    await page.click('button[name=watch]');
    await page.waitForFunction(() => {
      const s = (window as unknown as { hamlet: Handle }).hamlet.store.getState();
      return s.mode === 'replay' && s.personas.length === 25;
    }, null, { timeout: 30_000 });
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });
});

void hamlet;
