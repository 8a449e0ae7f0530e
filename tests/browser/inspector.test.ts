import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { closeAll, openTown, screenshot, setSpeed, startSession, type Session } from './harness';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/* The page's debug handle (src/main.ts), as far as these tests read it. */
interface Node {
  id: number;
  type: string;
  description: string;
}
interface Handle {
  ready: boolean;
  store: {
    getState(): {
      step: number;
      speed: number;
      followId: string | null;
      selectedId: string | null;
      brainName: string;
      personas: { id: string; name: string; description: string; tile: { x: number; y: number } }[];
      setSpeed(s: number): void;
      follow(id: string | null): void;
      select(id: string | null): void;
    };
  };
  sim: {
    now: number;
    world: { width: number; height: number; name: string };
    byId: Map<string, { name: string; memory: { nodes: Node[]; add(type: string, n: unknown): Node }; scratch: { importanceTriggerCurr: number; importanceTriggerMax: number }; lastReflection: number | null }>;
  };
  brains: { llm: { log: { records: { persona: string }[]; forPersona(id: string): { module: string; promptText: string }[] } } | null } | null;
  screenPositionOf(id: string): { x: number; y: number } | null;
  screenPositionOfTile(x: number, y: number): { x: number; y: number };
}
const PAYLOAD = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';

describe('the inspector overlay', () => {
  let server: Session['server'];
  let fake: FakeLlm;
  let ctx: BrowserContext;
  let page: Page;
  let errors: string[];
  let id = '';
  let name = '';

  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
    ({ server, ctx, page, errors } = await startSession());
    await openTown(page, `${server.url}?worker=off&paused`);
    // Let the town live a little (plans, actions, memories), then pause.
    await setSpeed(page, 60);
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().step >= 40, null, { timeout: 60_000 });
    await setSpeed(page, 0);
  });

  afterAll(() => closeAll(ctx, server, fake));

  async function tab(t: string): Promise<void> {
    await page.click(`.insp-tab-btn[data-tab=${t}]`);
  }

  it('opens on a persona clicked on the map, with its name and current action', async () => {
    // Bring a persona with something to do to the middle of the screen, then click it.
    const pick = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const p = h.store.getState().personas.find((f) => f.description && !f.description.includes('sleeping')) ?? h.store.getState().personas[0]!;
      h.store.getState().follow(p.id);
      return { id: p.id, name: p.name };
    });
    id = pick.id;
    name = pick.name;
    await page.waitForTimeout(800);
    await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().follow(null));
    const pos = await page.evaluate((pid) => (window as unknown as { hamlet: Handle }).hamlet.screenPositionOf(pid), id);
    expect(pos).not.toBeNull();
    await page.mouse.click(pos!.x, pos!.y);
    await page.waitForSelector('.insp-panel:not([hidden])');
    expect(await page.textContent('.insp-panel .insp-name')).toBe(name);
    const action = await page.evaluate((pid) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.find((p) => p.id === pid)!.description, id);
    expect(action.length).toBeGreaterThan(0);
    await page.waitForFunction((a) => document.querySelector('.insp-now .insp-action')?.textContent === a, action);
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().selectedId)).toBe(id);
    // The town panel lists everyone; the selected persona is marked.
    expect(await page.locator('.town-list li').count()).toBe(25);
    expect(await page.textContent('.town-list li.selected .town-pname')).toBe(name);
    await screenshot(page, 'inspector-now');
  });

  it('names the registered action the current action runs as, and switches the persona to the registry brain at the next step', async () => {
    await tab('now');
    await page.waitForSelector('.insp-now .insp-registered');
    const registered = await page.textContent('.insp-now .insp-registered');
    const frame = await page.evaluate((pid) => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.find((p) => p.id === pid) as unknown as { actionId: string; actionTarget: string }, id);
    expect(registered).toBe(frame.actionTarget ? `${frame.actionId} → ${frame.actionTarget}` : frame.actionId);
    expect(await page.textContent('.insp-now .insp-brain-mode')).toMatch(/^generative/);
    // Why: who proposed the action (a generative persona's come from its plan, a reaction, the pulse or a town plan), and when.
    expect(await page.textContent('.insp-now .insp-proposed')).toMatch(/^(its plan for the day|a reaction to someone|the town’s hourly pulse|the town director) at \d\d:\d\d/);
    expect(await page.textContent('.town-actions')).toMatch(/Actions: [\d,]+ checked .* brains: 25 generative, 0 registry/);
    await page.click('.insp-now .insp-switch-brain');
    await page.waitForFunction(() => /switching to registry at the next step/.test(document.querySelector('.insp-now')?.textContent ?? ''));
    await page.click('.hud-speeds button[title^="One step"]');
    await page.waitForFunction(() => /^registry/.test(document.querySelector('.insp-now .insp-brain-mode')?.textContent ?? ''));
    await page.waitForFunction(() => /brains: 24 generative, 1 registry/.test(document.querySelector('.town-actions')?.textContent ?? ''));
    await screenshot(page, 'inspector-now-registry');
    // And back, so the rest of these tests see a generative persona.
    await page.click('.insp-now .insp-switch-brain');
    await page.click('.hud-speeds button[title^="One step"]');
    await page.waitForFunction(() => /^generative/.test(document.querySelector('.insp-now .insp-brain-mode')?.textContent ?? ''));
  });

  it('lists the memory stream, filters it, and shows a node whole', async () => {
    await tab('memory');
    const total = await page.evaluate((pid) => (window as unknown as { hamlet: Handle }).hamlet.sim.byId.get(pid)!.memory.nodes.length, id);
    expect(total).toBeGreaterThan(0);
    await page.waitForFunction((n) => document.querySelector('.insp-count')?.textContent === `${n} of ${n}`, total);
    const rows = page.locator('.insp-mem-row');
    expect(await rows.count()).toBeGreaterThan(0);
    // Virtualised: never more rows in the DOM than fit in the list (plus overscan).
    expect(await rows.count()).toBeLessThanOrEqual(Math.min(total, 30));
    const newest = await page.evaluate((pid) => {
      const nodes = (window as unknown as { hamlet: Handle }).hamlet.sim.byId.get(pid)!.memory.nodes;
      return nodes[nodes.length - 1]!;
    }, id);
    expect(await rows.first().locator('.insp-mem-desc').textContent()).toBe(newest.description);
    // Only thoughts: none of the listed rows is an event or a chat.
    await page.uncheck('input[name=type-event]');
    await page.uncheck('input[name=type-chat]');
    const types = await page.$$eval('.insp-mem-row .insp-badge', (els) => els.map((e) => e.textContent));
    expect(types.every((t) => t === 'thought')).toBe(true);
    await page.check('input[name=type-event]');
    await page.check('input[name=type-chat]');
    await rows.first().click();
    await page.waitForFunction((d) => document.querySelector('.insp-mem-full')?.textContent === d, newest.description);
    await screenshot(page, 'inspector-memory');
  });

  it('shows the latest retrieval with each memory’s recency, importance, relevance and total', async () => {
    // Someone who has talked: every conversation turn retrieves with scores.
    const talker = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      return h.store.getState().personas.find((f) => h.sim.byId.get(f.id)!.memory.nodes.some((n) => n.type === 'chat'))?.id ?? null;
    });
    expect(talker).not.toBeNull();
    await page.click(`.town-list li[data-id="${talker}"]`);
    await tab('memory');
    await page.waitForSelector('.insp-scores tbody tr');
    const rows = await page.$$eval('.insp-scores tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? '')));
    expect(rows.length).toBeGreaterThan(0);
    for (const [, , rec, imp, rel, total] of rows) {
      for (const v of [rec, imp, rel]) {
        expect(Number(v)).toBeGreaterThanOrEqual(0);
        expect(Number(v)).toBeLessThanOrEqual(1);
      }
      // 0.5·recency + 3·relevance + 2·importance (to the two decimals shown).
      expect(Math.abs(Number(total) - (0.5 * Number(rec) + 3 * Number(rel) + 2 * Number(imp)))).toBeLessThan(0.03);
    }
    const totals = rows.map((r) => Number(r[5]));
    expect(totals).toEqual([...totals].sort((a, b) => b - a));
    await screenshot(page, 'inspector-retrieval');
    // Clicking a row shows that memory.
    await page.click('.insp-scores tbody tr >> nth=0');
    const first = rows[0]![0]!;
    await page.waitForFunction((id) => document.querySelector('.insp-mem-row.selected')?.getAttribute('data-id') === id, first);
    // Back to the persona the other tests use.
    await page.click(`.town-list li[data-id="${id}"]`);
  });

  it('draws the day: plan, hourly schedule and tasks on a timeline with now marked', async () => {
    await tab('day');
    await page.waitForSelector('.insp-day .tl-seg');
    expect(await page.locator('.insp-day .tl-now').count()).toBe(1);
    expect(await page.locator('.insp-plan li').count()).toBeGreaterThan(0);
    // The plan says which day it is for: today's.
    expect(await page.textContent('.insp-plan-day')).toMatch(/^Today's plan \(\w+day \w+ \d+, \d{4}\)$/);
    expect(await page.locator('.insp-sched li.current').count()).toBe(1);
    await screenshot(page, 'inspector-day');
  });

  it('takes a whisper at the next step and shows the thought it became, as text', async () => {
    await tab('talk');
    await page.fill('textarea[name=whisper]', `You want to host a party at Bramble Café at 5 pm. ${PAYLOAD}`);
    await page.click('button[name=whisper-send]');
    await page.waitForFunction(() => /will take it in at the next step/.test(document.querySelector('.insp-talk .insp-status')?.textContent ?? ''));
    // One step (the HUD's ⏭ while paused).
    await page.click('.hud-speeds button[title^="One step"]');
    await page.waitForSelector('.insp-whisper-thought');
    const thought = await page.textContent('.insp-whisper-thought');
    expect(thought).toContain('<script>window.__pwned=2</script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#ui img, #ui script').count()).toBe(0);
    // A place and a time make it a plan, shown here and on the Day tab.
    expect(await page.textContent('.insp-whisper-plan')).toContain('hosting the party at Bramble Café');
    await screenshot(page, 'inspector-talk');
    await tab('day');
    await page.waitForFunction(() => [...document.querySelectorAll('.insp-commit li')].some((e) => /Hosting the party at Bramble Café .* at 5:00 pm/.test(e.textContent ?? '')));
    // The thought is in the Thoughts tab, still as text.
    await tab('thoughts');
    await page.waitForFunction((t) => [...document.querySelectorAll('.insp-thoughts .insp-card-text')].some((e) => e.textContent === t), thought);
  });

  it('asks the town for an event: the plan appears in the town panel with each step, its resident and status, as text', async () => {
    await page.fill('input[name=ask-town]', `Hold a games night at Bramble Café at 8 pm ${PAYLOAD}`);
    await page.click('button[name=ask-town-send]');
    await page.waitForFunction(() => /makes a plan at the next step/.test(document.querySelector('[data-role=ask-town-status]')?.textContent ?? ''));
    await page.click('.hud-speeds button[title^="One step"]');
    await page.waitForSelector('.town-plan');
    const steps = await page.$$eval('.town-plan-step .town-plan-text', (els) => els.map((e) => e.textContent ?? ''));
    expect(steps).toHaveLength(3);
    for (const st of steps) expect(st).toMatch(/^\[[A-Z][a-z]+ [A-Z][a-z]+\] /);
    expect(steps[0]).toContain('<script>window.__pwned=2</script>');
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('.town-panel img, .town-panel script').count()).toBe(0);
    expect(await page.textContent('.town-plan-meta')).toMatch(/^plan_\d+ · 0\/3 done$/);
    expect(await page.$$eval('.town-plan-step', (els) => els.map((e) => e.className))).toEqual(Array(3).fill('town-plan-step in_progress'));
    expect(await page.textContent('.town-plan-notes')).toMatch(/^Told \w+ at \d+:\d\d [ap]m: ".*" — planned for 8:00 pm at Bramble Café\.$/);
    // The town's activity feed tells of it too (as text).
    await page.waitForFunction(() => [...document.querySelectorAll('.hud-feed-list .feed-text')].some((e) => /^Town plan “Hold a games night at Bramble Café at 8 pm <img src=x onerr…”: 3 steps for /.test(e.textContent ?? '')));
    await screenshot(page, 'town-plan');
    // A step's resident opens in the inspector.
    const who = steps[1]!.slice(1, steps[1]!.indexOf(']'));
    await page.click(`.town-plan-step:nth-child(2) .town-plan-who`);
    await page.waitForFunction((n) => document.querySelector('.insp-panel .insp-name')?.textContent === n, who);
    await page.click(`.town-list li[data-id="${id}"]`);
    await page.waitForFunction((n) => document.querySelector('.insp-panel .insp-name')?.textContent === n, name);
  });

  it('answers an interview question in character and keeps the exchange', async () => {
    await tab('talk');
    await page.fill('input[name=ask]', 'What are you doing right now?');
    await page.click('button[name=ask-send]');
    await page.waitForSelector('.insp-interview li.a');
    const lines = await page.$$eval('.insp-interview li', (els) => els.map((e) => e.textContent));
    expect(lines[0]).toBe('You: What are you doing right now?');
    expect(lines[1]).toMatch(new RegExp(`^${name}: Right now I'm `));
  });

  it('shows thoughts with evidence links that jump to the evidence', async () => {
    // A reflection with evidence, as the reflection stage stores it.
    const evidence = await page.evaluate((pid) => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const mem = h.sim.byId.get(pid)!.memory;
      const ev = mem.nodes.filter((n) => n.type === 'event').slice(-2);
      mem.add('thought', { created: h.sim.now, subject: 'x', predicate: 'reflects', object: 'y', description: 'I seem to spend my mornings the same way', poignancy: 4, keywords: ['morning'], evidence: ev.map((n) => n.id) });
      return ev.map((n) => ({ id: n.id, description: n.description }));
    }, id);
    await tab('thoughts');
    await page.waitForFunction(() => document.querySelector('.insp-thoughts .insp-card-text')?.textContent === 'I seem to spend my mornings the same way');
    // Over the thoughts: how near the next reflection is, from the persona's own counters.
    const at = await page.evaluate((pid) => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const p = h.sim.byId.get(pid)!;
      p.scratch.importanceTriggerCurr = p.scratch.importanceTriggerMax - 37;
      p.lastReflection = h.sim.now - 2 * 3600_000;
      const d = new Date(p.lastReflection);
      return `${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
    }, id);
    await page.waitForFunction(() => /: 37 so far/.test(document.querySelector('.insp-reflect-next')?.textContent ?? ''));
    expect(await page.textContent('.insp-reflect-next')).toMatch(new RegExp(`^Next reflection when the poignancy of what happens adds up to 150: 37 so far · last reflected \\w+ ${at}$`));
    await screenshot(page, 'inspector-thoughts');
    await page.click(`.insp-thoughts .insp-card >> nth=0 >> .insp-ev >> nth=0`);
    await page.waitForSelector('.insp-memory:not([hidden])');
    await page.waitForFunction((d) => document.querySelector('.insp-mem-full')?.textContent === d, evidence[0]!.description);
    expect(await page.textContent('.insp-mem-row.selected .insp-mem-desc')).toBe(evidence[0]!.description);
  });

  it('renders a chat line carrying an HTML/script payload as inert text', async () => {
    await page.evaluate(
      ({ pid, payload }) => {
        const h = (window as unknown as { hamlet: Handle }).hamlet;
        const p = h.sim.byId.get(pid)!;
        p.memory.add('chat', { created: h.sim.now, subject: p.name, predicate: 'chat with', object: 'Mallory', description: `conversing about ${payload}`, poignancy: 3, keywords: ['mallory'], transcript: [{ speaker: 'Mallory', text: payload }, { speaker: p.name, text: 'What was that?' }] });
      },
      { pid: id, payload: PAYLOAD },
    );
    await tab('chats');
    await page.waitForFunction((t) => [...document.querySelectorAll('.insp-chats .insp-line')].some((e) => e.textContent === t), PAYLOAD);
    await page.waitForTimeout(300);
    expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
    expect(await page.locator('#ui img, #ui script').count()).toBe(0);
    await screenshot(page, 'inspector-chats');
  });

  it('reads out the hovered tile: coordinates, collision, address, events', async () => {
    // An object tile (four-level address) where the map shows (no panel over it), nearest the middle:
    // where the camera is depends on where the persona it last followed had walked.
    const target = await page.evaluate(() => {
      const h = (window as unknown as { hamlet: Handle }).hamlet;
      const w = h.sim.world as unknown as { width: number; height: number; name: string; sectorAt: Int16Array; arenaAt: Int16Array; objectAt: Int32Array; sectors: { name: string }[]; arenas: { name: string; sector: string }[]; objects: { name: string; arena: string; sector: string }[] };
      let best: { x: number; y: number; sx: number; sy: number; d: number } | null = null;
      for (let y = 0; y < w.height; y++)
        for (let x = 0; x < w.width; x++) {
          const i = y * w.width + x;
          const o = w.objectAt[i]!;
          if (o < 0 || w.sectorAt[i]! < 0 || w.arenaAt[i]! < 0) continue;
          const s = h.screenPositionOfTile(x, y);
          if (s.x < 0 || s.y < 0 || s.x >= innerWidth || s.y >= innerHeight || document.elementFromPoint(s.x, s.y)?.tagName !== 'CANVAS') continue;
          const d = (s.x - innerWidth / 2) ** 2 + (s.y - innerHeight / 2) ** 2;
          if (!best || d < best.d) best = { x, y, sx: s.x, sy: s.y, d };
        }
      return best;
    });
    expect(target).not.toBeNull();
    await page.mouse.move(target!.sx, target!.sy);
    await page.waitForFunction((t) => (document.querySelector('.tile-line')?.textContent ?? '').startsWith(`(${t!.x}, ${t!.y}) · `), target);
    const line = (await page.textContent('.tile-line'))!;
    const expected = await page.evaluate(({ x, y }) => {
      const w = (window as unknown as { hamlet: Handle }).hamlet.sim.world as unknown as { width: number; name: string; walkable: Uint8Array; sectorAt: Int16Array; arenaAt: Int16Array; objectAt: Int32Array; sectors: { name: string }[]; arenas: { name: string }[]; objects: { name: string }[] };
      const i = y * w.width + x;
      return { address: `${w.name}:${w.sectors[w.sectorAt[i]!]!.name}:${w.arenas[w.arenaAt[i]!]!.name}:${w.objects[w.objectAt[i]!]!.name}`, walkable: w.walkable[i] === 1 };
    }, target!);
    expect(line).toBe(`(${target!.x}, ${target!.y}) · ${expected.walkable ? 'walkable' : 'blocked'} · ${expected.address}`);
    await page.keyboard.press('g');
    await page.waitForTimeout(400);
    await screenshot(page, 'inspector-tile-grid');
    await page.keyboard.press('g');
  });

  it('keys: F follows, Esc closes the panel, I hides and shows the overlay', async () => {
    await page.keyboard.press('f');
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().followId)).toBe(id);
    await page.keyboard.press('f');
    expect(await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().followId)).toBeNull();
    await page.keyboard.press('Escape');
    await page.waitForSelector('.insp-panel', { state: 'hidden' });
    await page.keyboard.press('i');
    await page.waitForSelector('.town-panel', { state: 'hidden' });
    await page.keyboard.press('i');
    await page.waitForSelector('.town-panel', { state: 'visible' });
    // Picking from the town panel's list opens the panel again.
    await page.click(`.town-list li[data-id="${id}"]`);
    await page.waitForSelector('.insp-panel:not([hidden])');
    expect(await page.textContent('.insp-panel .insp-name')).toBe(name);
  });

  it('shows every LLM call of the persona in the Brain tab (fake model)', async () => {
    await page.click('button[name=settings]');
    await page.selectOption('select[name=preset]', 'custom');
    await page.fill('input[name=baseURL]', fake.url);
    await page.fill('input[name=model]', 'fake-model');
    await page.fill('input[name=apiKey]', 'sk-test-inspector');
    await page.fill('input[name=embeddingModel]', '');
    await page.click('button[name=apply]');
    await page.waitForFunction(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().brainName.startsWith('llm:'));
    await page.click('.settings button:text-is("Close")');
    await setSpeed(page, 60);
    await page.waitForFunction(() => ((window as unknown as { hamlet: Handle }).hamlet.brains?.llm?.log.records.length ?? 0) >= 10, null, { timeout: 60_000 });
    await setSpeed(page, 0);
    // Inspect the persona the model has thought most for, picked from the town panel.
    const busiest = await page.evaluate(() => {
      const counts = new Map<string, number>();
      for (const r of (window as unknown as { hamlet: Handle }).hamlet.brains!.llm!.log.records) counts.set(r.persona, (counts.get(r.persona) ?? 0) + 1);
      return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
    });
    await page.click(`.town-list li[data-id="${busiest}"]`);
    id = busiest;
    await tab('brain');
    await page.waitForSelector('.insp-call-row');
    // The list is newest first (calls still in flight when paused may land: compare in one go).
    await page.waitForFunction((pid) => {
      const calls = (window as unknown as { hamlet: Handle }).hamlet.brains!.llm!.log.forPersona(pid);
      const rows = [...document.querySelectorAll('.insp-call-row .insp-call-module')].map((e) => e.textContent);
      return rows.length > 0 && rows[0] === calls[calls.length - 1]!.module && rows[1] === (calls[calls.length - 2]?.module ?? undefined);
    }, id);
    // The chosen call is shown whole: its prompt, verbatim.
    await page.waitForSelector('.insp-call-detail dd');
    const shownId = Number(/^#(\d+)/.exec((await page.textContent('.insp-call-detail dd'))!)![1]);
    const shownPrompt = await page.evaluate(
      ({ pid, cid }) => (window as unknown as { hamlet: Handle }).hamlet.brains!.llm!.log.forPersona(pid).find((c) => (c as unknown as { id: number }).id === cid)!.promptText,
      { pid: id, cid: shownId },
    );
    expect(shownPrompt.length).toBeGreaterThan(100);
    expect(await page.$$eval('.insp-call-detail .insp-pre', (els, p) => els.some((e) => e.textContent === p), shownPrompt)).toBe(true);
    expect(await page.locator('.insp-call-detail .insp-copy').count()).toBeGreaterThanOrEqual(3);
    // Copy puts the prompt, verbatim, on the clipboard.
    await ctx.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url.replace(/\/$/, '') });
    await page.click('.insp-call-detail .insp-copy >> nth=0');
    await page.waitForFunction(() => document.querySelector('.insp-call-detail .insp-copy')?.textContent === 'copied ✓');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(shownPrompt);
    // The town panel charts the calls over game time.
    expect(await page.locator('.town-chart .town-bar').count()).toBeGreaterThan(0);
    await screenshot(page, 'inspector-brain');
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });

  it('inspects a replay: what it recorded, without Whisper or Ask', async () => {
    await page.click('button[name=watch-demo]');
    await page.waitForFunction(() => (window as unknown as { hamlet: { store: { getState(): { mode: string } } } }).hamlet.store.getState().mode === 'replay', null, { timeout: 30_000 });
    const frame = await page.evaluate(() => (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas[3]!);
    await page.click(`.town-list li[data-id="${frame.id}"]`);
    await page.waitForFunction((n) => document.querySelector('.insp-panel:not([hidden]) .insp-name')?.textContent === n, frame.name);
    expect(await page.locator('.insp-tab-btn[data-tab=talk]').isHidden()).toBe(true);
    await tab('now');
    // The replay plays on: the panel follows the frame shown.
    await page.waitForFunction((pid) => {
      const f = (window as unknown as { hamlet: Handle }).hamlet.store.getState().personas.find((p) => p.id === pid)!;
      return document.querySelector('.insp-now .insp-action')?.textContent === (f.description || 'idle');
    }, frame.id);
    // The demo replay records each persona's registered action; the inspector names it, read-only.
    await page.waitForSelector('.insp-now .insp-registered');
    expect(await page.locator('.insp-now .insp-switch-brain').count()).toBe(0);
    await tab('memory');
    await page.waitForSelector('.insp-mem-row');
    await screenshot(page, 'inspector-replay-memory');
    expect(errors.filter((e) => !/net::ERR|Failed to load resource/.test(e))).toEqual([]);
  });
});
