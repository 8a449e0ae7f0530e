import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation, type StepMode } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { Recorder } from '../../src/replay/recorder';
import { decodeReplay, encodeReplay } from '../../src/replay/codec';
import { gunzip } from '../../src/replay/gzip';
import { ReplayPlayer } from '../../src/replay/player';
import { forkReplay } from '../../src/replay/fork';
import { hourOf } from '../../src/sim/clock';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { startFakeLlm, type FakeLlm, type FakeReply, type Responder } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';
import { printAddress } from '../../src/sim/world/actionAddress';

/**
 * Model runs end to end, through the fake server and the real `openai` client (issue 15, points 3,
 * 5 and 6): a garbage endpoint leaves a living town; a key a provider echoes never reaches a log, an
 * error, a recording or a replay; a recording with fallbacks, retries and refusals reopens and forks.
 */

const KEY = 'sk-test-ECHOED-0123456789abcdefXYZ';
let fake: FakeLlm;
beforeAll(async () => {
  fake = await startFakeLlm(goodModel());
});
afterAll(async () => {
  await fake.close();
});

function town(stepMode: StepMode, start: string) {
  const personas = miniPersonas();
  const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: KEY, timeoutMs: 2_000 }, { sleep: async () => {} });
  const llm = new LlmBrain(client, loadPromptsNode(), { offline: new OfflineBrain(1, personas) });
  const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start, stepMode });
  return { sim, llm };
}

/** Run on, letting the model's answers arrive between steps (as the page's clock would). */
async function runFor(sim: Simulation, steps: number, each?: (r: Awaited<ReturnType<Simulation['tick']>>) => void): Promise<void> {
  for (let i = 0; i < steps; i++) {
    const r = await sim.tick();
    each?.(r);
    if (sim.gate.inFlight > 0) await Promise.race([sim.gate.whenAnswer(), new Promise((r) => setTimeout(r, 50))]);
  }
}

const garbage: Responder = (_b, _t, prompt) => {
  const n = prompt.length % 4;
  const replies: FakeReply[] = [
    { kind: 'content', content: '{"oops": ' },
    { kind: 'content', content: '' },
    { kind: 'content', content: '<html><body>502 Bad Gateway</body></html>' },
    { kind: 'content', content: '{"answer": "I cannot help with that."}' },
  ];
  return replies[n]!;
};

describe('a town on an endpoint that answers garbage', () => {
  for (const mode of ['async', 'lockstep'] as const) {
    it(`lives like an offline town (${mode}): awake and acting by 9 am, never asleep all day`, { timeout: 120_000 }, async () => {
      fake.setResponder(garbage);
      const { sim, llm } = town(mode, '2023-02-13T06:00:00');
      await runFor(sim, 3 * 360);
      expect(hourOf(sim.now)).toBe(9);
      expect(sim.brain.fallbackTotal).toBeGreaterThan(20);
      expect(llm.log.totals.calls).toBeGreaterThan(20);
      for (const p of sim.personas) {
        const d = p.scratch.actDescription ?? '';
        expect(d, p.name).not.toMatch(/sleep/);
        expect(p.scratch.actAddress ? printAddress(p.scratch.actAddress) : '', p.name).not.toMatch(/bathroom/);
        // The day has more than one thing in it: no 16-hour sleep.
        const sleepMinutes = p.scratch.fDailySchedule.filter(([t]) => /sleep/.test(t)).reduce((m, [, d]) => m + d, 0);
        expect(sleepMinutes, p.name).toBeLessThan(12 * 60);
      }
    });
  }
});

describe('secrets and recordings of model runs', () => {
  it('a key echoed in a 401 reaches no log, error, recording or replay; the replay reopens and forks', { timeout: 120_000 }, async () => {
    const good = goodModel();
    let n = 0;
    // Good answers mixed with a 401 that echoes the key, malformed replies (retries) and refusals.
    fake.setResponder((body, task, prompt) => {
      n++;
      if (n % 7 === 0) return { kind: 'status', status: 401, body: { error: { message: `Incorrect API key provided: ${KEY}. You can find your API key at https://example.invalid.`, code: 'invalid_api_key' } } };
      if (n % 5 === 0) return { kind: 'content', content: '{"broken": ' };
      if (n % 11 === 0) return { kind: 'content', content: "I'm sorry, but I can't help with that request." };
      return good(body, task, prompt);
    });
    const { sim, llm } = town('async', '2023-02-13T07:00:00');
    const rec = new Recorder(sim, { title: 'model run', snapshotInterval: 60 });
    llm.log.listeners.add((c) => rec.addCall(c));
    const errors: string[] = [];
    sim.brain.onFallback = (e) => errors.push(e.reason);
    await runFor(sim, 200, (r) => rec.record(r));
    const outcomes = new Set(llm.log.records.map((r) => r.outcome));
    expect(outcomes).toContain('fallback');
    expect(outcomes).toContain('retried');
    expect(llm.log.records.some((r) => /401/.test(r.error ?? ''))).toBe(true);
    // Nothing stored holds the key.
    expect(JSON.stringify(llm.log.records)).not.toContain(KEY);
    expect(errors.join('\n')).not.toContain(KEY);
    expect(errors.some((e) => e.includes('[key removed]'))).toBe(true);
    const bytes = await encodeReplay(rec.toReplay());
    expect(new TextDecoder().decode(await gunzip(bytes))).not.toContain(KEY);
    // It reopens (calls without a parsed answer included), plays, and forks.
    const replay = await decodeReplay(bytes);
    expect(replay.steps.some((s) => s.a && s.a.length > 0)).toBe(true);
    expect(replay.steps.flatMap((s) => s.l ?? []).some((c) => c.parsed === undefined)).toBe(true);
    const player = new ReplayPlayer(replay);
    expect(player.lastStep).toBe(sim.step);
    const forked = await forkReplay(replay, 120, loadWorld(miniMap()), (specs, seed) => new OfflineBrain(seed, specs));
    expect(forked.step).toBe(120);
    await forked.run(30);
    expect(forked.step).toBe(150);
  });
});
