import { describe, expect, it } from 'vitest';
import { Simulation, type StepResult } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { Brain, CallContext } from '../../src/sim/brain/port';
import { remoteBrain } from '../support/remoteBrain';
import type { Persona } from '../../src/sim/persona/persona';
import type { PersonaSpec } from '../../src/sim/persona/schema';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { PLAYER_ID, playerSetupProblem, playerSpec } from '../../src/sim/player/player';
import { REGISTRY } from '../../src/sim/actions/registry';
import { actionWorldOf, validateProposal } from '../../src/sim/actions/validate';
import { sceneOf } from '../../src/sim/actions/scenes';
import { hourOf, nextMorning, nextTimeAtHour, dayStart, DAY } from '../../src/sim/clock';
import { INVITE } from '../../src/llm/offline/inviteReply';
import { Recorder } from '../../src/replay/recorder';
import { forkReplay } from '../../src/replay/fork';
import type { SimSnapshot } from '../../src/sim/snapshot';

const world = loadTownWorld();
const personas = loadTownPersonas();
const ALEX = { name: 'Alex Rivera', description: 'A travelling photographer who loves old buildings', sprite: 'ada-quinn' };

function town(brain: Brain = new OfflineBrain(1, personas), start = '2023-02-13T07:00:00'): Simulation {
  return new Simulation({ world, personas, brain, seed: 1, start, player: playerSpec(ALEX, world) });
}

const me = (sim: Simulation): Persona => sim.player!.persona;
const near = (a: Persona, b: Persona, d: number) => Math.abs(a.tile.x - b.tile.x) <= d && Math.abs(a.tile.y - b.tile.y) <= d;

/** A walkable tile next to a persona (where the player can stand to talk). */
function besideOf(sim: Simulation, p: Persona): { x: number; y: number } {
  for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [-1, -1], [1, -1], [-1, 1]] as const) {
    const x = p.tile.x + dx;
    const y = p.tile.y + dy;
    if (sim.world.walkable[y * sim.world.width + x] === 1) return { x, y };
  }
  throw new Error(`no free tile beside ${p.name}`);
}

/** Run until `done` holds (at most `max` steps); returns the step results. */
async function until(sim: Simulation, done: (r: StepResult) => boolean, max: number): Promise<StepResult[]> {
  const out: StepResult[] = [];
  for (let i = 0; i < max; i++) {
    const r = await sim.tick();
    out.push(r);
    if (done(r)) return out;
  }
  throw new Error(`condition not reached in ${max} steps`);
}

/** Walk the player next to an awake persona that stays put (here: the baker at work) and return it. */
async function walkUpTo(sim: Simulation, id = 'luis-moreno'): Promise<Persona> {
  await sim.run(200); // 7:33: everyone is at their morning's place
  const other = sim.byId.get(id)!;
  sim.playerInput({ kind: 'walk', ...besideOf(sim, other) });
  await until(sim, () => near(me(sim), other, 2) && me(sim).scratch.actionId === 'IDLE', 200);
  return other;
}

describe('the player’s resident', () => {
  it('joins the town after its personas as a visitor with the brain mode "human", taking it easy on the square', async () => {
    const sim = town();
    expect(sim.personas).toHaveLength(personas.length + 1);
    const p = me(sim);
    expect(sim.personas.at(-1)).toBe(p);
    expect(p.id).toBe(PLAYER_ID);
    expect(p.agent.mode).toBe('human');
    expect(sim.byName.get('Alex Rivera')).toBe(p);
    const r = await sim.tick();
    expect(p.scratch.actionId).toBe('IDLE');
    expect(r.personas.at(-1)).toMatchObject({ id: PLAYER_ID, brainMode: 'human', description: 'taking it easy at Town Square' });
    // Its brain is the player: it is never switched to a model's.
    expect(() => sim.setBrainMode(PLAYER_ID, 'registry')).toThrow(/player/);
  });

  it('refuses a bad setup with a reason: no name, a persona’s name, an unknown look', () => {
    const taken = personas.map((p) => p.name);
    const looks = personas.map((p) => p.sprite);
    expect(playerSetupProblem({ ...ALEX, name: '  ' }, taken, looks)).toMatch(/needs a name/);
    expect(playerSetupProblem({ ...ALEX, name: 'sofia moreno' }, taken, looks)).toMatch(/already lives/);
    expect(playerSetupProblem({ ...ALEX, name: '<b>x</b>' }, taken, looks)).toMatch(/letters/);
    expect(playerSetupProblem({ ...ALEX, sprite: 'dragon' }, taken, looks)).toMatch(/not one of the looks/);
    expect(playerSetupProblem(ALEX, taken, looks)).toBeNull();
  });

  it('walks by a click (A*, one tile a step) and by keys, through the registered WALK action; others see "walking to …"', async () => {
    const sim = town();
    await sim.tick();
    // Keys: three presses before the next step add up to a three-tile walk.
    const from = { ...me(sim).tile };
    const dir = [[1, 0], [-1, 0], [0, 1], [0, -1]].find(([dx, dy]) => [1, 2, 3].every((k) => world.walkable[(from.y + dy! * k) * world.width + from.x + dx! * k] === 1))!;
    for (let k = 0; k < 3; k++) sim.playerInput({ kind: 'step', dx: dir[0]!, dy: dir[1]! });
    await sim.run(4);
    // Standing still afterwards: only the player moves the resident.
    await sim.run(20);
    expect(me(sim).tile).toEqual({ x: from.x + dir[0]! * 3, y: from.y + dir[1]! * 3 });
    const start = { ...me(sim).tile };
    const cafe = world.sectors.find((s) => s.name === 'Bramble Café')!;
    const free = (x: number, y: number) => world.walkable[y * world.width + x] === 1;
    const DIRS = [[1, 0], [-1, 0], [0, 1], [0, -1]] as const;
    // A café tile with room for three steps in a row (the resident stays where the walk ends).
    const target = world.addressTiles.get(`${world.name}:Bramble Café:café`)!.find((t) => free(t.x, t.y) && DIRS.some(([dx, dy]) => [1, 2, 3].every((k) => free(t.x + dx * k, t.y + dy * k))))!;
    sim.playerInput({ kind: 'walk', ...target });
    const first = await sim.tick();
    expect(me(sim).scratch.actionId).toBe('WALK');
    expect(me(sim).scratch.actDescription).toMatch(/^walking to the café of Bramble Café/);
    expect(first.player!.refusals).toEqual([]);
    const steps = await until(sim, () => me(sim).tile.x === target.x && me(sim).tile.y === target.y, 300);
    // One tile per step, as everyone walks.
    let prev = start;
    for (const r of [first, ...steps]) {
      const t = r.personas.at(-1)!.tile;
      expect(Math.abs(t.x - prev.x) + Math.abs(t.y - prev.y)).toBeLessThanOrEqual(1);
      prev = t;
    }
    await sim.tick();
    expect(me(sim).scratch.actDescription).toBe(`taking it easy at ${cafe.name}`);
    await sim.run(20);
    expect(me(sim).tile).toEqual(target);

  });

  it('is offered only what makes sense now: no waking up for a resident who arrived awake, until it has slept', async () => {
    const sim = town();
    await sim.tick();
    const ids = () => sim.player!.options(sim).map((o) => o.id);
    const w = actionWorldOf(sim);
    expect(sceneOf(w, me(sim))).toBe('MORNING');
    expect(ids()).toContain('IDLE');
    expect(ids()).not.toContain('WAKE_UP');
    sim.playerInput({ kind: 'act', action: 'WAKE_UP', target: '' });
    expect((await sim.tick()).player!.refusals).toEqual(['WAKE_UP: Alex is already up']);
    // After a night's sleep (up for a word with someone before getting up), waking up makes sense again.
    me(sim).agent.lastStarted.SLEEP = sim.clock.now - 8 * 3_600_000;
    expect(ids()).toContain('WAKE_UP');
  });

  it('is offered sleep when it makes sense: not on the morning it arrives (its home is a spot on the square), at bedtime yes; no studying on the square', async () => {
    const options = (sim: Simulation) => sim.player!.options(sim).map((o) => o.id);
    for (const hour of ['07', '09', '14']) {
      const sim = town(undefined, `2023-02-13T${hour}:00:00`);
      await sim.tick();
      expect(options(sim), `${hour}:00`).not.toContain('SLEEP');
      // Nor studying: its "home" is a spot on the square, not a home with a desk.
      expect(options(sim), `${hour}:00`).not.toContain('STUDY');
      sim.playerInput({ kind: 'act', action: 'SLEEP', target: '' });
      expect((await sim.tick()).player!.refusals, `${hour}:00`).toEqual(['SLEEP: Alex has been up since arriving, and bedtime is from 19:00']);
    }
    const late = town(undefined, '2023-02-13T21:30:00');
    await late.tick();
    expect(options(late)).toContain('SLEEP');
    late.playerInput({ kind: 'act', action: 'SLEEP', target: '' });
    await late.tick();
    expect(me(late).scratch.actionId).toBe('SLEEP');
  });

  it('cannot run an unregistered action, walk into a wall or talk from afar; WALK is the player’s alone', async () => {
    const sim = town();
    await sim.tick();
    const i = world.walkable.indexOf(0);
    const wall = { x: i % world.width, y: Math.floor(i / world.width) };
    sim.playerInput({ kind: 'act', action: 'BURN_CAFE', target: 'Bramble Café' });
    sim.playerInput({ kind: 'walk', ...wall });
    sim.playerInput({ kind: 'talk', personaId: 'sofia-moreno' });
    sim.playerInput({ kind: 'say', text: 'hello?' });
    const r = await sim.tick();
    expect(r.player!.refusals).toEqual([
      '"BURN_CAFE" is not a registered action',
      `WALK: tile ${wall.x},${wall.y} is not walkable`,
      'Sofia is too far away: walk up to them first',
      'You are not talking with anyone: walk up to someone and click Talk',
    ]);
    expect(me(sim).scratch.actionId).toBe('IDLE');
    const w = actionWorldOf(sim);
    const sofia = sim.byId.get('sofia-moreno')!;
    expect(validateProposal(w, sofia, sceneOf(w, sofia), { action: 'WALK', target: '70,44' }, { cooldowns: false })).toEqual({ ok: false, reason: 'WALK is only for the human brain' });
    expect(REGISTRY.get('WALK')!.modes).toEqual(['human']);
  });

  it('is perceived by the personas around it, as an event with its description', async () => {
    const sim = town();
    const luis = await walkUpTo(sim);
    await sim.run(3);
    const seen = luis.memory.nodes.filter((n) => n.type === 'event' && n.subject === 'Alex Rivera');
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.map((n) => n.description)).toContain('Alex Rivera is taking it easy at Crumb & Crust Bakery');
  });

  it('holds a 3-turn chat on the offline brain that the persona remembers with a poignancy, a summary and a planning thought; an invitation becomes a commitment', async () => {
    const sim = town();
    const luis = await walkUpTo(sim);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    let r = await sim.tick();
    expect(r.player!.chat).toMatchObject({ with: 'Luis Moreno', startedBy: 'player' });
    expect(r.player!.chat!.lines).toHaveLength(1);
    expect(r.player!.chat!.lines[0]!.speaker).toBe('Luis Moreno');
    expect(luis.scratch.chattingWith).toBe('Alex Rivera');
    expect(me(sim).scratch.actionId).toBe('CHAT');
    const said = ['Hi Luis! I just arrived in town. How is the bakery?', 'Would you like to come to the photo party at Bramble Café tomorrow at 5 pm?', 'Wonderful. Goodbye!'];
    for (const [i, text] of said.entries()) {
      sim.playerInput({ kind: 'say', text });
      r = await sim.tick();
      const lines = (r.player!.chat ?? r.player!.ended[0]!).lines;
      // Each of the player's lines is answered in the same step, by Luis.
      expect(lines).toHaveLength(3 + 2 * i);
      expect(lines.at(-2)).toEqual({ speaker: 'Alex Rivera', text });
      expect(lines.at(-1)!.speaker).toBe('Luis Moreno');
    }
    expect(r.player!.chat).toBeNull();
    expect(r.player!.ended[0]!.reason).toBe('you said goodbye');
    expect(r.conversations).toHaveLength(1);
    expect(r.conversations[0]!.participants).toEqual(['Alex Rivera', 'Luis Moreno']);

    const chat = luis.memory.nodes.filter((n) => n.type === 'chat' && n.object === 'Alex Rivera');
    expect(chat).toHaveLength(1);
    expect(chat[0]!.poignancy).toBeGreaterThan(0);
    expect(chat[0]!.description).toBe(r.conversations[0]!.summary);
    expect(chat[0]!.transcript.filter((l) => l.speaker === 'Alex Rivera').map((l) => l.text)).toEqual(said);
    const thoughts = luis.memory.nodes.filter((n) => n.type === 'thought' && n.evidence.includes(chat[0]!.id));
    expect(thoughts.some((t) => t.predicate === 'plans' && /photo party at Bramble Café/.test(t.description))).toBe(true);
    // The player keeps it too, and both go back to their day.
    expect(me(sim).memory.lastChatWith('Luis Moreno')?.transcript).toHaveLength(7);
    expect(me(sim).scratch.chattingWith).toBeNull();
    await sim.tick();
    expect(luis.scratch.chattingWith).toBeNull();
    expect(luis.scratch.actionId).not.toBe('CHAT');
  });

  it('on the offline brain the persona answers the question asked, not news', async () => {
    const sim = town();
    const luis = await walkUpTo(sim);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    await sim.tick();
    const ask = async (text: string) => {
      sim.playerInput({ kind: 'say', text });
      const r = await sim.tick();
      const line = (r.player!.chat ?? r.player!.ended[0]!).lines.at(-1)!;
      expect(line.speaker).toBe('Luis Moreno');
      return line.text;
    };
    const job = luis.spec.occupation!;
    expect(await ask('Nice to meet you! Where do you work?')).toContain(job.workplace);
    expect(await ask('How old are you?')).toContain(String(luis.spec.age));
    expect(await ask('Where do you live?')).toContain(luis.spec.household);
  });

  it('an invitation the persona accepts becomes a commitment it will act on', async () => {
    /** The offline brain, but every invitation is welcome (the offline brain's own "yes"). */
    class Agreeable extends OfflineBrain {
      override async conversationTurn(ctx: CallContext, input: Parameters<OfflineBrain['conversationTurn']>[1]) {
        const last = input.convo.at(-1);
        if (last && last.speaker === input.listener.name && INVITE.test(last.text)) return { line: "I'd love to come! I'll be there.", end: false };
        return super.conversationTurn(ctx, input);
      }
    }
    const sim = town(new Agreeable(1, personas));
    const luis = await walkUpTo(sim);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    await sim.tick();
    sim.playerInput({ kind: 'say', text: 'Would you like to come to the photo party at Bramble Café tomorrow at 5 pm?' });
    await sim.tick();
    sim.playerInput({ kind: 'leave' });
    await sim.tick();
    expect(luis.commitments).toContainEqual(expect.objectContaining({ sector: 'Bramble Café', start: 17 * 60, host: false, source: 'Alex Rivera', day: Math.floor(dayStart(sim.now) / DAY) + 1 }));
    // Tomorrow he goes: the party is in his schedule once the day is planned.
    await sim.runUntil(nextMorning(sim.now) + 3 * 3_600_000);
    expect(luis.scratch.fDailySchedule.some(([task]) => /photo party/.test(task))).toBe(true);
  }, 60_000);

  it('on a model the persona answers steps later; the chat that answer ends is still reported', async () => {
    // Every answer arrives after the step that asked (asynchronous steps, as on a network model).
    const sim = town();
    const luis = await walkUpTo(sim);
    const brain = remoteBrain(new OfflineBrain(1, personas), { auto: true });
    sim.brain.setInner(brain);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    await until(sim, (r) => (r.player!.chat?.lines.length ?? 0) >= 1, 100);
    sim.playerInput({ kind: 'say', text: 'Thanks, goodbye!' });
    // Ending takes the summary, the poignancies and the planning thought: a step or more each.
    const rs = await until(sim, (r) => r.player!.ended.length > 0, 100);
    const ended = rs.at(-1)!.player!.ended[0]!;
    expect(ended.reason).toBe('you said goodbye');
    expect(ended.lines.at(-2)).toEqual({ speaker: 'Alex Rivera', text: 'Thanks, goodbye!' });
    expect(ended.lines.at(-1)!.speaker).toBe('Luis Moreno');
    // The line came a step or more after it was asked.
    expect(rs.length).toBeGreaterThan(1);
    expect(brain.asked).toContain('conversationTurn');
  });

  it('walking away ends the chat; a persona the player ignores moves on', async () => {
    const sim = town();
    const luis = await walkUpTo(sim);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    sim.playerInput({ kind: 'say', text: 'Hello there' });
    await sim.tick();
    sim.playerInput({ kind: 'step', dx: 1, dy: 0 });
    const r = await sim.tick();
    expect(r.player!.ended[0]).toMatchObject({ with: 'Luis Moreno', reason: 'you walked away' });
    expect(luis.memory.lastChatWith('Alex Rivera')).toBeDefined();

    const sim2 = town();
    const luis2 = await walkUpTo(sim2);
    sim2.playerInput({ kind: 'talk', personaId: luis2.id });
    await sim2.tick();
    const rs = await until(sim2, (x) => x.player!.ended.length > 0, 200);
    expect(rs.at(-1)!.player!.ended[0]!.reason).toBe('Luis waited for you and moved on');
    // Nothing was said by the player: nothing to remember.
    expect(luis2.memory.lastChatWith('Alex Rivera')).toBeUndefined();
  });

  it('is talked to by a persona that decides to (lets_talk, by the same rules as between personas)', async () => {
    class Chatty extends OfflineBrain {
      asked: string[] = [];
      override async decideToTalk(ctx: CallContext, target: Persona): Promise<boolean> {
        if (target.id === PLAYER_ID) {
          this.asked.push(ctx.persona.name);
          return true;
        }
        return super.decideToTalk(ctx, target);
      }
    }
    const brain = new Chatty(1, personas);
    const sim = town(brain);
    await sim.run(200);
    const luis = sim.byId.get('luis-moreno')!;
    sim.playerInput({ kind: 'walk', ...besideOf(sim, luis) });
    const rs = await until(sim, (r) => r.player!.chat !== null, 300);
    const chat = rs.at(-1)!.player!.chat!;
    expect(chat.startedBy).toBe('persona');
    expect(brain.asked).toContain(chat.with);
    expect(chat.lines).toHaveLength(1);
    expect(chat.lines[0]!.speaker).toBe(chat.with);
    expect(sim.byName.get(chat.with)!.scratch.chattingWithBuffer['Alex Rivera']).toBe(800);
    void luis;
  });

  it('at 23:00 and while asleep nobody starts a chat with the player', async () => {
    class Chatty extends OfflineBrain {
      override async decideToTalk(): Promise<boolean> {
        return true;
      }
    }
    const sim = town(new Chatty(1, personas), '2023-02-13T22:50:00');
    const opened: number[] = [];
    await sim.run(360, (r) => {
      if (r.player!.chat?.startedBy === 'persona' && r.player!.chat.lines.length === 1) opened.push(hourOf(r.time));
    });
    expect(opened.filter((h) => h === 23)).toEqual([]);
  });

  it('a persona asleep beside the player does not start a chat, and the player cannot start one with them', async () => {
    class Chatty extends OfflineBrain {
      override async decideToTalk(): Promise<boolean> {
        return true;
      }
    }
    const sim = town(new Chatty(1, personas), '2023-02-14T02:00:00');
    await sim.run(3);
    const luis = sim.byId.get('luis-moreno')!;
    expect(luis.scratch.actDescription).toMatch(/sleep/);
    sim.playerInput({ kind: 'walk', ...besideOf(sim, luis) });
    await until(sim, () => near(me(sim), luis, 2) && me(sim).scratch.actionId === 'IDLE', 400);
    const rs: StepResult[] = [];
    await sim.run(60, (r) => void rs.push(r));
    expect(rs.filter((r) => r.player!.chat !== null)).toEqual([]);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    const r = await sim.tick();
    expect(r.player!.refusals.join(' ')).toMatch(/Luis is asleep/);
    expect(r.player!.chat).toBeNull();
  });
});

describe('time at the player’s command', () => {
  it('next morning is 6:00 tomorrow (or today before 6 am); jump to an hour is its next time', () => {
    const mon7 = Date.UTC(2023, 1, 13, 7, 0);
    expect(new Date(nextMorning(mon7)).toISOString()).toBe('2023-02-14T06:00:00.000Z');
    expect(new Date(nextMorning(Date.UTC(2023, 1, 13, 3, 0))).toISOString()).toBe('2023-02-13T06:00:00.000Z');
    expect(new Date(nextTimeAtHour(mon7, 18)).toISOString()).toBe('2023-02-13T18:00:00.000Z');
    expect(new Date(nextTimeAtHour(mon7, 7)).toISOString()).toBe('2023-02-14T07:00:00.000Z');
  });

  it('"skip to next morning" runs the town to 6:00 the next day, every persona in a valid state', async () => {
    const sim = town(new OfflineBrain(1, personas), '2023-02-13T16:00:00');
    await sim.run(10);
    const target = nextMorning(sim.now);
    let calls = 0;
    await sim.runUntil(target, (_r, done, total) => {
      calls++;
      expect(done).toBeLessThanOrEqual(total);
    });
    expect(calls).toBe((14 * 3600 - 100) / 10);
    expect(new Date(sim.now).toISOString()).toBe('2023-02-14T06:00:00.000Z');
    for (const p of sim.personas) {
      const s = p.scratch;
      expect(world.walkable[p.tile.y * world.width + p.tile.x], p.name).toBe(1);
      expect(s.actAddress, p.name).toBeTruthy();
      expect(s.actDescription, p.name).toBeTruthy();
      expect(REGISTRY.has(s.actionId ?? ''), `${p.name}: ${s.actionId}`).toBe(true);
      if (p.agent.mode === 'generative') expect(p.plannedDay, p.name).toBe(Math.floor(dayStart(sim.now) / DAY));
    }
    // Most of the town is still asleep at 6 am.
    expect(sim.personas.filter((p) => p.scratch.actionId === 'SLEEP' || /sleep/.test(p.scratch.actDescription ?? '')).length).toBeGreaterThan(personas.length / 2);
  }, 60_000);
});

describe('the player in snapshots and replays', () => {
  it('a snapshot taken mid-chat continues the chat exactly', async () => {
    const sim = town();
    const luis = await walkUpTo(sim);
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    sim.playerInput({ kind: 'say', text: 'Hi, what is good today?' });
    await sim.tick();
    const snap = JSON.parse(JSON.stringify(sim.snapshot())) as SimSnapshot;
    expect((snap.parts.player!.data as { chat: { lines: unknown[] } }).chat.lines).toHaveLength(3);
    const other = town();
    other.restore(snap);
    for (const s of [sim, other]) s.playerInput({ kind: 'say', text: 'Thanks, bye!' });
    const [a, b] = [await sim.tick(), await other.tick()];
    expect(b.player).toEqual(a.player);
    expect(b.personas).toEqual(a.personas);
    expect(a.conversations).toHaveLength(1);
  });

  it('a recording shows the player and the chat, and forks back into a town with the player', async () => {
    const sim = town();
    const rec = new Recorder(sim, { snapshotInterval: 50 });
    const onStep = (r: StepResult) => rec.record(r);
    await sim.run(200, onStep);
    const luis = sim.byId.get('luis-moreno')!;
    sim.playerInput({ kind: 'walk', ...besideOf(sim, luis) });
    for (let i = 0; i < 200 && !(near(me(sim), luis, 2) && me(sim).scratch.actionId === 'IDLE'); i++) rec.record(await sim.tick());
    sim.playerInput({ kind: 'talk', personaId: luis.id });
    rec.record(await sim.tick());
    sim.playerInput({ kind: 'say', text: 'Lovely bread! Bye!' });
    rec.record(await sim.tick());
    const replay = rec.toReplay();
    const i = replay.personas.findIndex((p) => p.id === PLAYER_ID);
    expect(replay.personas[i]).toEqual({ id: PLAYER_ID, name: 'Alex Rivera', sprite: 'ada-quinn' });
    const convos = replay.steps.flatMap((s) => s.c ?? []);
    expect(convos).toContainEqual(expect.objectContaining({ participants: ['Alex Rivera', 'Luis Moreno'] }));
    expect(convos.at(-1)!.lines).toContainEqual(['Alex Rivera', 'Lovely bread! Bye!']);
    expect(replay.steps.flatMap((s) => s.p ?? []).some((c) => c.i === i && c.x !== undefined)).toBe(true);

    const forked = await forkReplay(replay, replay.firstStep + 120, world, (specs, seed) => new OfflineBrain(seed, specs));
    expect(forked.player!.persona.name).toBe('Alex Rivera');
    expect(forked.personas.map((p) => p.id)).toEqual(sim.personas.map((p) => p.id));
  }, 30_000);
});

export type { PersonaSpec };
