import { beforeAll, describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadWorld } from '../../src/sim/world/loadWorld';
import { Recorder } from '../../src/replay/recorder';
import { ReplayPlayer } from '../../src/replay/player';
import { createHamletStore } from '../../src/store/store';
import { liveSource } from '../../src/app/readModel/live';
import type { CallLogHandle } from '../../src/app/readModel/types';
import { replaySource } from '../../src/app/readModel/replay';
import type { CallRecord } from '../../src/llm/callLog';
import { miniMap, miniPersonas } from '../fixtures/miniTown';
import { printAddress } from '../../src/sim/world/actionAddress';
import { actionWindow, hhmm, minuteOf, scheduleSegments, segmentAt } from '../../src/ui/inspector/timeline';
import { formatHHMM } from '../../src/sim/clock';

function town(): Simulation {
  const specs = miniPersonas();
  return new Simulation({ world: loadWorld(miniMap()), personas: specs, brain: new OfflineBrain(1, specs), seed: 1, start: '2023-02-13T07:00:00' });
}

function call(id: number, persona: string, hour = 0): CallRecord {
  return { id, persona, module: 'poignancy', prompt: 'poignancy_event', promptVersion: '1', gameTime: hour * 3_600_000, promptText: `prompt ${id}`, replies: ['{"rating": 3}'], parsed: 3, latencyMs: 5, tokens: { prompt: 10, completion: 2 }, retries: 0, outcome: 'ok' };
}

function handle(records: CallRecord[]): CallLogHandle {
  const t = { calls: records.length, promptTokens: 10 * records.length, completionTokens: 2 * records.length, cost: 0, fallbacks: 0 };
  return { log: { records, totals: t, byPersonaHour: new Map([['x@0', t]]) } };
}

describe('the live inspector source', () => {
  it('shows a persona as the simulation has it, without copying its memory', async () => {
    const sim = town();
    await sim.run(30);
    const src = liveSource(() => sim, () => null);
    const p = sim.personas[0]!;
    const v = src.persona(p.id)!;
    expect(v.name).toBe(p.name);
    expect(v.action).toBe(p.scratch.actDescription ?? '');
    expect(v.address).toBe(p.scratch.actAddress ? printAddress(p.scratch.actAddress) : '');
    expect(v.schedule).toBe(p.scratch.fDailySchedule);
    expect(v.memory).toBe(p.memory.nodes);
    expect(v.actEnd).toBe(p.scratch.actEndTime());
    expect(src.persona('nobody')).toBeNull();
    expect(src.world()).toBe(sim.world);
    expect(src.llm()).toBeNull();
    expect(src.calls(p.id)).toEqual([]);
    // Why it is doing this: the decision pipeline's log, the last entry the proposal of the action now.
    const log = v.agent!.decisions;
    expect(log.length).toBeGreaterThan(0);
    const e = log.at(-1)!;
    expect(e.time).toBe(p.scratch.actionAt);
    expect(e.outcome === 'started' ? e.action : e.instead).toBe(p.scratch.actionId);
  });

  it("gives the Now tab the task's time the Day tab lists (its slot), and says when an action begun late began", async () => {
    const sim = town();
    const src = liveSource(() => sim, () => null);
    // A persona at least 10 minutes into a scheduled task of its day.
    const slotOf = (q: (typeof sim.personas)[number]) => segmentAt(scheduleSegments(q.scratch.fDailySchedule), minuteOf(sim.now));
    const mid = (q: (typeof sim.personas)[number]) => {
      const seg = slotOf(q);
      return !!seg && !q.scratch.chattingWith && seg.label === q.scratch.actDescription && minuteOf(sim.now) >= seg.start + 10;
    };
    for (let i = 0; i < 200 && !sim.personas.some(mid); i++) await sim.run(6);
    const p = sim.personas.find(mid)!;
    expect(p).toBeDefined();
    const day = slotOf(p)!;
    // The action began 10 minutes into its slot (after a chat, a wait on the model): it still ends with the slot.
    p.scratch.actStartTime = sim.now - (minuteOf(sim.now) - day.start) * 60_000 + 10 * 60_000;
    p.scratch.actDuration = day.end - day.start - 10;
    expect(p.scratch.actStartTime).toBeLessThanOrEqual(sim.now);
    const v = src.persona(p.id)!;
    const w = actionWindow(v, sim.now)!;
    // One time for the task on both tabs (it showed 07:10–… on Now and 07:00–… on Day).
    expect([formatHHMM(w.start), formatHHMM(w.end)]).toEqual([hhmm(day.start), hhmm(day.end)]);
    expect(formatHHMM(w.end)).toBe(formatHHMM(v.actEnd!));
    expect(w.begun).toBe(p.scratch.actStartTime);
    // On time: nothing more said. Not the schedule's task (a conversation): the action's own times.
    p.scratch.actStartTime = sim.now - (minuteOf(sim.now) - day.start) * 60_000;
    expect(actionWindow(src.persona(p.id)!, sim.now)!.begun).toBeNull();
    const chat = { ...src.persona(p.id)!, action: 'chatting with Tom', actStart: sim.now - 60_000, actEnd: sim.now + 120_000 };
    expect(actionWindow(chat, sim.now)).toEqual({ start: chat.actStart, end: chat.actEnd, begun: null });
    expect(actionWindow({ ...chat, actStart: null, actEnd: null }, sim.now)).toBeNull();
  });

  it('sorts the call log by persona as it grows, and starts over for a new log', () => {
    const sim = town();
    const [a, b] = sim.personas.map((p) => p.id);
    const records = [call(1, a!), call(2, b!), call(3, a!)];
    let h = handle(records);
    const src = liveSource(() => sim, () => h);
    expect(src.calls(a!).map((c) => c.id)).toEqual([1, 3]);
    records.push(call(4, a!));
    expect(src.calls(a!).map((c) => c.id)).toEqual([1, 3, 4]);
    expect(src.calls(b!).map((c) => c.id)).toEqual([2]);
    // A new brain (new log): only its calls.
    h = handle([call(1, b!)]);
    expect(src.calls(a!)).toEqual([]);
    expect(src.calls(b!).map((c) => c.promptText)).toEqual(['prompt 1']);
    expect(src.llm()!.totals.calls).toBe(1);
  });

  it('queues a whisper for the next step and answers an interview', async () => {
    const sim = town();
    const src = liveSource(() => sim, () => null);
    const p = sim.personas[0]!;
    src.whisper!(p.id, 'You love the smell of fresh bread.');
    expect(src.queuedWhispers!()).toBe(1);
    await sim.tick();
    expect(src.queuedWhispers!()).toBe(0);
    expect(p.memory.nodes.some((n) => n.type === 'thought' && n.object === 'a whisper')).toBe(true);
    const before = p.memory.nodes.length;
    const answer = await src.interview!(p.id, 'What are you doing right now?', []);
    expect(answer).toMatch(/^Right now I'm /);
    expect(p.memory.nodes.length).toBe(before);
  });
});

describe('the replay inspector source', () => {
  let sim: Simulation;
  let player: ReplayPlayer;
  const STEPS = 120;

  beforeAll(async () => {
    sim = town();
    const rec = new Recorder(sim, { keyframeInterval: 30 });
    for (let i = 0; i < STEPS; i++) rec.record(await sim.tick());
    player = new ReplayPlayer(rec.toReplay());
  });

  function at(step: number) {
    const store = createHamletStore();
    store.setState({
      phase: 'ready',
      mode: 'replay',
      step,
      personas: player.framesAt(step),
      replay: { title: 't', notice: null, source: 'hamlet', brain: 'offline', firstStep: player.firstStep, lastStep: player.lastStep, playing: false, speed: 8, whyNotForkable: null, player },
    });
    return { store, src: replaySource(store, () => sim.world) };
  }

  it('shows each persona’s frame and the memories it had at the step shown', () => {
    const { src, store } = at(STEPS);
    for (const p of sim.personas) {
      const v = src.persona(p.id)!;
      expect(v.action).toBe(p.scratch.actDescription ?? '');
      expect(v.tile).toEqual(p.scratch.currTile);
      // Everything it remembered by the end, by id and text.
      expect(v.memory.map((m) => [m.id, m.type, m.description])).toEqual(p.memory.nodes.map((n) => [n.id, n.type, n.description]));
      expect(v.path).toEqual([]);
      expect(v.retrieval).toBeNull();
    }
    expect(src.mode).toBe('replay');
    expect(src.whisper).toBeUndefined();
    expect(src.interview).toBeUndefined();
    // Earlier in the replay, fewer memories.
    store.setState({ step: 1, personas: player.framesAt(1) });
    const early = src.persona(sim.personas[0]!.id)!;
    expect(early.memory.length).toBeLessThan(sim.personas[0]!.memory.nodes.length);
  });

  it('gives chats their transcripts from the recorded conversations', () => {
    const { src } = at(STEPS);
    const withChat = sim.personas.find((p) => p.memory.nodes.some((n) => n.type === 'chat'));
    expect(withChat, 'the mini town talked in its first steps').toBeDefined();
    if (!withChat) return;
    const v = src.persona(withChat.id)!;
    const chat = v.memory.find((m) => m.type === 'chat')!;
    const live = withChat.memory.nodes.find((n) => n.id === chat.id)!;
    expect(chat.transcript.length).toBeGreaterThan(0);
    expect(chat.transcript).toEqual(live.transcript);
  });
});
