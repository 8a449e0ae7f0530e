import { beforeAll, describe, expect, it } from 'vitest';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { Brain } from '../../src/sim/brain/port';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import type { WorldModel } from '../../src/sim/world/types';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { startFakeLlm } from '../support/fakeLlm';
import { talkativeModel } from '../support/talkativeModel';
import { packedConversationPrompt } from '../support/goodModel';

/**
 * Issue 15: "in lock-step a hung call holds up no call that is not waiting on it". Lock-step
 * reactions on a remote brain run side by side, each waiting only for the earlier reactions that
 * share one of its two personas, and the town ends exactly as the one-by-one run.
 */

/** Reactions' calls (faithful and packed): the ones a step's reaction phase makes. */
const REACTION_CALLS = new Set(['decideToTalk', 'decideToReact', 'conversation', 'conversationTurn', 'summarizeConversation', 'newDecompSchedule', 'replanStretches']);

/** The offline brain's answers, each arriving after a macrotask as a network model's would; counts reaction calls out at once. */
function remoteOffline(inner: Brain): Brain & { mostAtOnce: number } {
  let out = 0;
  let most = 0;
  return new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'remote') return true;
      if (key === 'mostAtOnce') return most;
      const v = Reflect.get(target, key, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        const answer = (v as (...a: unknown[]) => unknown).apply(target, args);
        // A brain's synchronous methods (knowTown) stay synchronous: only answers travel.
        if (!(answer instanceof Promise)) return answer;
        const reaction = REACTION_CALLS.has(String(key));
        if (reaction) most = Math.max(most, ++out);
        return new Promise((resolve, reject) =>
          setTimeout(() => {
            if (reaction) out--;
            answer.then(resolve, reject);
          }, 0),
        );
      };
    },
  }) as Brain & { mostAtOnce: number };
}

describe('lock-step reactions on a remote brain', () => {
  let world: WorldModel;
  let personas: PersonaSpec[];
  beforeAll(() => {
    world = loadTownWorld();
    personas = loadTownPersonas();
  });

  it('run side by side, and the town ends exactly as the one-by-one run on the same answers', { timeout: 120_000 }, async () => {
    const run = async (brain: Brain) => {
      const sim = new Simulation({ world, personas, brain, seed: 1, start: '2023-02-13T07:00:00', stepMode: 'lockstep' });
      await sim.run(240);
      return { snapshot: JSON.stringify(sim.snapshot()), conversations: sim.conversations };
    };
    const one = await run(new OfflineBrain(1, personas));
    const remote = remoteOffline(new OfflineBrain(1, personas));
    const side = await run(remote);
    // Two reactions' calls were out at the same time: the remote run did not react one by one.
    expect(remote.mostAtOnce).toBeGreaterThanOrEqual(2);
    expect(side.conversations.length).toBeGreaterThan(2);
    expect(side.conversations).toEqual(one.conversations);
    expect(side.snapshot).toBe(one.snapshot);
  });

  it('a conversation call that hangs holds up no other reaction: another persona\'s is asked and answered meanwhile; the step waits for it', { timeout: 120_000 }, async () => {
    let release = () => {};
    const hung = new Promise<void>((r) => (release = r));
    const model = talkativeModel();
    /** Who started each conversation call the server got, in order, and whether the hung one was still out. */
    const seen: { init: string; whileHung: boolean }[] = [];
    let hangs: string | null = null;
    let answeredWhileHung = 0;
    let hungOut = false;
    const fake = await startFakeLlm((body, task, prompt) => {
      const r = model(body, task, prompt);
      if (task !== 'conversation' || r.kind !== 'content') return r;
      const init = packedConversationPrompt(prompt).init;
      seen.push({ init, whileHung: hungOut });
      if (hangs === null) {
        hangs = init;
        hungOut = true;
        return { ...r, after: hung };
      }
      if (hungOut) answeredWhileHung++;
      return r;
    });
    try {
      const offline = new OfflineBrain(1, personas);
      const llm = new LlmBrain(new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake', concurrency: 4 }), loadPromptsNode(), { offline });
      const sim = new Simulation({ world, personas, brain: llm, seed: 1, start: '2023-02-13T12:00:00', stepMode: 'lockstep', callPlan: 'packed' });
      let stepped = false;
      // Step until the first conversation call comes, and hangs.
      let step: Promise<unknown> = Promise.resolve();
      const hangsNow = async () => {
        while (hangs === null) await new Promise((r) => setTimeout(r, 10));
      };
      for (let i = 0; i < 300 && hangs === null; i++) {
        step = sim.tick();
        await Promise.race([step, hangsNow()]);
      }
      expect(hangs).not.toBeNull();
      void step.then(() => (stepped = true));
      // Another persona's conversation is asked and answered while that one hangs.
      await expect.poll(() => seen.filter((s) => s.whileHung && s.init !== hangs).length, { timeout: 30_000 }).toBeGreaterThan(0);
      await expect.poll(() => answeredWhileHung, { timeout: 30_000 }).toBeGreaterThan(0);
      // Lock-step: the step itself waits for the hung call.
      expect(stepped).toBe(false);
      hungOut = false;
      release();
      await step;
      expect(stepped).toBe(true);
      // The step's conversations are listed in persona order, as one by one.
      const order = sim.personas.map((p) => p.name);
      const last = sim.conversations.filter((c) => c.step === sim.step - 1).map((c) => order.indexOf(c.participants[0]));
      expect(last.length).toBeGreaterThan(1);
      expect(last).toEqual([...last].sort((a, b) => a - b));
    } finally {
      await fake.close();
    }
  });
});
