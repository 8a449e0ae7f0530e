import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { LlmBrain } from '../../src/llm/llmBrain';
import { LlmClient } from '../../src/llm/client';
import { DEFAULT_CONFIG } from '../../src/llm/config';
import { loadPromptsNode } from '../../src/llm/promptsNode';
import { converse, rememberConversation } from '../../src/sim/cognition/converse';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { startFakeLlm, type FakeLlm } from '../support/fakeLlm';
import { goodModel } from '../support/goodModel';

/** Whispers, invitations and interviews through a model (the fake server, the real openai client). */
describe('a whispered plan on the model: it spreads by invitation and the persona can be interviewed', () => {
  let fake: FakeLlm;
  beforeAll(async () => {
    fake = await startFakeLlm(goodModel());
  });
  afterAll(async () => {
    await fake.close();
  });

  it('whisper → the model’s statement and a plan; a chat → an invitation, accepted, planned; interview → an answer, memory untouched', async () => {
    const personas = miniPersonas();
    const client = new LlmClient({ ...DEFAULT_CONFIG, baseURL: fake.url, model: 'fake-model', apiKey: 'sk-fake', timeoutMs: 5_000 });
    const llm = new LlmBrain(client, loadPromptsNode(), { offline: new OfflineBrain(1, personas) });
    const sim = new Simulation({ world: loadWorld(miniMap()), personas, brain: llm, seed: 1, start: '2023-02-13T08:00:00', stepMode: 'lockstep' });
    const [ann, bob] = sim.personas as [typeof sim.personas[0], typeof sim.personas[0]];

    sim.whisper(ann.id, "You want to throw a Valentine's Day party at Bramble Café on February 14 at 5 pm");
    await sim.tick();
    const thought = ann.memory.nodes.find((n) => /Valentine/.test(n.description))!;
    expect(thought.description).toBe("Ann Test wants to throw a Valentine's Day party at Bramble Café on February 14 at 5 pm");
    expect(ann.commitments).toEqual([expect.objectContaining({ sector: 'Bramble Café', start: 17 * 60, host: true })]);

    // Ann's plans go into her conversation prompt, so the model has her invite Bob; Bob accepts.
    const lines = await converse(sim, ann, bob);
    expect(lines.map((l) => l.text).join('\n')).toMatch(/Would you like to come to the Valentine's Day party at Bramble Café on Tuesday February 14 at 5:00 pm\?\nYes, I'd love to come/);
    await rememberConversation(sim, ann, bob, lines, 'the party');
    expect(bob.memory.nodes.find((n) => n.predicate === 'plans')!.description).toMatch(/^For Bob Test's planning: I will go to the Valentine's Day party/);
    expect(bob.commitments).toEqual([expect.objectContaining({ sector: 'Bramble Café', start: 17 * 60, host: false, source: 'Ann Test' })]);

    const before = JSON.stringify(ann.memory.nodes);
    const answer = await sim.interview(ann.id, 'What are you planning this week?');
    expect(answer).toMatch(/^Well, here is what I have on my mind: .*Valentine's Day party/);
    expect(JSON.stringify(ann.memory.nodes)).toBe(before);
    expect(sim.brain.fallbackTotal).toBe(0);
  }, 60_000);
});
