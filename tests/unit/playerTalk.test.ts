import { describe, expect, it } from 'vitest';
import { Simulation } from '../../src/sim/simulation';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import { loadTownPersonas, loadTownWorld } from '../../src/node/town';
import { playerSpec } from '../../src/sim/player/player';
import type { Persona } from '../../src/sim/persona/persona';
import { DAY, dayStart } from '../../src/sim/clock';
import { addCommitment } from '../../src/sim/cognition/commitments';
import { accepts } from '../../src/llm/offline/inviteReply';
import { offlineTurn } from '../../src/llm/offline/talk';
import { Persona as PersonaClass } from '../../src/sim/persona/persona';
import { Rng } from '../../src/sim/rng';

const world = loadTownWorld();
const personas = loadTownPersonas();
const ALEX = { name: 'Alex Rivera', description: 'A travelling photographer who loves old buildings', sprite: 'ada-quinn' };

function town(seed = 1): Simulation {
  return new Simulation({ world, personas, brain: new OfflineBrain(seed, personas), seed, start: '2023-02-13T07:00:00', player: playerSpec(ALEX, world) });
}
const me = (sim: Simulation): Persona => sim.player!.persona;
const near = (a: Persona, b: Persona, d: number) => Math.abs(a.tile.x - b.tile.x) <= d && Math.abs(a.tile.y - b.tile.y) <= d;

function besideOf(sim: Simulation, p: Persona): { x: number; y: number } {
  for (const [dx, dy] of [[0, 1], [1, 0], [0, -1], [-1, 0], [1, 1], [-1, -1], [1, -1], [-1, 1]] as const) {
    if (sim.world.walkable[(p.tile.y + dy) * sim.world.width + p.tile.x + dx] === 1) return { x: p.tile.x + dx, y: p.tile.y + dy };
  }
  throw new Error(`no free tile beside ${p.name}`);
}

/** Walk up to a resident who stays put at work this morning and start talking. */
async function talkTo(sim: Simulation, id: string): Promise<{ p: Persona; ask: (text: string) => Promise<string> }> {
  await sim.run(200);
  const p = sim.byId.get(id)!;
  // Walk up (again, if it moved on) until beside it and it is free to talk; it may come up to you first.
  for (let i = 0; ; i++) {
    if (sim.player!.chat?.personaId === p.id) break;
    if (near(me(sim), p, 2) && me(sim).scratch.actionId === 'IDLE' && !p.scratch.chattingWith) break;
    if (i >= 800) throw new Error(`could not get to ${p.name}: ${p.scratch.actDescription}`);
    if (i % 40 === 0 && !near(me(sim), p, 2)) sim.playerInput({ kind: 'walk', ...besideOf(sim, p) });
    await sim.tick();
  }
  sim.playerInput({ kind: 'talk', personaId: p.id });
  await sim.tick();
  const ask = async (text: string) => {
    // A long talk winds down after a while: start another.
    if (!sim.player!.chat) {
      sim.playerInput({ kind: 'talk', personaId: p.id });
      await sim.tick();
    }
    sim.playerInput({ kind: 'say', text });
    const r = await sim.tick();
    const line = (r.player!.chat ?? r.player!.ended[0]!).lines.at(-1)!;
    expect(line.speaker).toBe(p.name);
    return line.text;
  };
  return { p, ask };
}

const first = (id: string) => personas.find((s) => s.id === id)!.firstName;

describe('talking with a resident on the offline brain', () => {
  it('answers every kind of question through the chat, in the first person, from its own state', async () => {
    const sim = town();
    const { p, ask } = await talkTo(sim, 'luis-moreno');
    const job = p.spec.occupation!;
    const rel = p.spec.relationships[0]!;
    const kinds: [string, string, RegExp][] = [
      ['how-are-you', "how're you doing?", /\b(I'm|I am|Just)\b/],
      ['work', 'so what do u do for work', new RegExp(`${job.workplace}|${job.title}`)],
      ['home', "where's home", new RegExp(p.spec.household)],
      ['age', 'how old r u', new RegExp(`\\b${p.spec.age}\\b`)],
      ['who-is', `who's ${first(rel.id).toLowerCase()}`, new RegExp(first(rel.id))],
      ['know-person', `how do you know ${first(rel.id)}?`, new RegExp(rel.kind, 'i')],
      ['opinion-place', 'what do you think of the café', /café|Café|coffee/],
      ['favourite', "what's your favourite thing on the menu", new RegExp(world.items.map((i) => i.name).join('|'))],
      ['plans', 'what are you doing tomorrow evening', /[Tt]omorrow/],
      ['hours', 'what time do you get up', /\d+ am/],
      ['doing-now', 'what are you up to right now', /Talking with you|I was|middle of/],
      ['recall-invite', 'who invited you?', /\b(did|Nobody|my own|hosting)\b/],
      ['heard-about', 'any news?', /\w+/],
      ['about-self', 'tell me about yourself', new RegExp(`I'm ${p.firstName}\\b`)],
      ['about-self', "what's on your mind these days", /\bI\b|\bmy\b/],
    ];
    const answers = new Set<string>();
    for (const [kind, text, fact] of kinds) {
      const answer = await ask(text);
      expect(answer, `${kind}: ${text}`).toMatch(fact);
      // Never about oneself in the third person, never a dodge.
      expect(answer, kind).not.toMatch(new RegExp(`\\b${p.firstName} (is|has|was)\\b`));
      expect(answer, kind).not.toMatch(/I don't know (much )?about/);
      // Never twelve words in a row read out of its persona file's descriptions.
      const said = answer.toLowerCase().match(/[a-z0-9']+/g) ?? [];
      const file = [p.spec.learned, p.spec.currently, p.spec.lifestyle, p.spec.dailyPlanReq].map((t) => ` ${(t.toLowerCase().match(/[a-z0-9']+/g) ?? []).join(' ')} `);
      for (let i = 0; i + 12 <= said.length; i++) expect(file.some((f) => f.includes(` ${said.slice(i, i + 12).join(' ')} `)), `${kind}: ${answer}`).toBe(false);
      answers.add(answer);
    }
    // Each kind of question gets its own answer.
    expect(answers.size).toBe(kinds.length);
  }, 60_000);

  it('a workplace named with a stop ("Hamlet Supply Co.") is said with one stop, never two', async () => {
    const brain = new OfflineBrain(4, personas);
    const sim = new Simulation({ world, personas, brain, seed: 4, start: '2023-02-13T10:00:00', player: playerSpec(ALEX, world) });
    const named = sim.personas.filter((p) => /\.$/.test(p.spec.occupation?.workplace ?? ''));
    expect(named.length).toBeGreaterThan(0);
    const questions = ['so what do you do?', 'Where do you work?', 'tell me about yourself', 'who are you, then?', 'hi! I just moved here', 'What is your job?'];
    for (const p of named) {
      for (const q of questions) {
        const answer = await brain.interview({ persona: p, now: sim.clock.now }, q, []);
        expect(answer, `${p.name}: ${q}`).not.toMatch(/(?<!\.)\.\.(?!\.)/);
      }
    }
    // The first words to a stranger introduce the job as well.
    const stranger = me(sim);
    for (const p of named) {
      const turn = await brain.conversationTurn({ persona: p, now: sim.clock.now }, { listener: stranger, convo: [{ speaker: stranger.name, text: 'Hello there, nice to meet you!' }], memories: [] });
      expect(turn.line, p.name).not.toMatch(/(?<!\.)\.\.(?!\.)/);
    }
  });

  it('remembers the visitor the next day: "Hello again", and what was said last time', async () => {
    const sim = town();
    const { p, ask } = await talkTo(sim, 'luis-moreno');
    await ask("I'm a photographer, here for the week.");
    sim.playerInput({ kind: 'leave' });
    await sim.tick();
    await sim.runUntil(dayStart(sim.now) + DAY + 7 * 3_600_000);
    const again = await talkTo(sim, p.id);
    const hello = sim.player!.view().chat!.lines[0]!.text;
    expect(hello).toMatch(/again/i);
    expect(hello).toContain('Alex');
    expect(await again.ask('what did we talk about yesterday?')).toMatch(/photographer/);
  }, 90_000);

  it('takes an invitation in many phrasings as a commitment at the place and time named, and turns up', async () => {
    const cafe = world.sectors.find((s) => s.kind === 'cafe')!.name;
    const bar = world.sectors.find((s) => s.kind === 'bar')!.name;
    const phrasings: [string, string, number][] = [
      ['Want to come to a party tomorrow at 5pm at the café?', cafe, 17 * 60],
      ['fancy a drink at the pub tomorrow around 8', bar, 20 * 60],
      ['How about coffee tomorrow at 10?', cafe, 10 * 60],
      [`let's meet at ${bar} tomorrow at 6`, bar, 18 * 60],
      ['Join me for dinner at the pub tomorrow at 7pm?', bar, 19 * 60],
    ];
    let kept: { p: Persona; sector: string; start: number } | null = null;
    let yes = 0;
    // Each phrasing to two residents who are free in the evening (a yes is their own draw).
    for (const [i, [text, sector, start]] of phrasings.entries()) {
      for (const id of ['walter-brooks', 'luis-moreno']) {
        const sim = town(i + 1);
        const { p, ask } = await talkTo(sim, id);
        const answer = await ask(text);
        // A yes, or a no that says why.
        expect(answer, text).toMatch(/come|Count me in|miss it|be there|working|on shift|bedtime|asleep|then|a lot on|my thing|catch up|quiet one/i);
        sim.playerInput({ kind: 'leave' });
        await sim.tick();
        const tomorrow = Math.floor(dayStart(sim.now) / DAY) + 1;
        const made = p.commitments.find((c) => c.source === 'Alex Rivera');
        if (!accepts(answer)) {
          expect(made, text).toBeUndefined();
          continue;
        }
        yes++;
        expect(made, text).toMatchObject({ sector, start, day: tomorrow });
        if (!kept && start >= 17 * 60) {
          kept = { p, sector, start };
          // During the hour it was asked to, it stands in that place.
          const from = dayStart(sim.now) + DAY + start * 60_000;
          await sim.runUntil(from);
          let seen = false;
          while (!seen && sim.now < from + 3_600_000) {
            await sim.tick();
            const at = sim.world.sectorAt[p.tile.y * sim.world.width + p.tile.x] ?? -1;
            seen = sim.world.sectors[at]?.name === sector;
          }
          expect(seen, `${p.name} turns up at ${sector}`).toBe(true);
        }
      }
    }
    expect(yes).toBeGreaterThan(0);
    expect(kept).not.toBeNull();
  }, 240_000);

  it('takes a favour asked for a time and place as a commitment to help, or says no with a reason', async () => {
    const square = world.sectors.find((s) => s.kind === 'square')!.name;
    const asks: [string, number][] = [
      ['could you help me carry some boxes at the square tomorrow at 6pm?', 18 * 60],
      ['can u give me a hand painting a fence in the square tmrw at 11am', 11 * 60],
      ['would you mind helping me move a wardrobe at the square tomorrow at 7pm', 19 * 60],
    ];
    let yes = 0;
    for (const [i, [text, start]] of asks.entries()) {
      for (const id of ['walter-brooks', 'luis-moreno', 'ada-quinn']) {
        const sim = town(i + 3);
        const { p, ask } = await talkTo(sim, id);
        const answer = await ask(text);
        sim.playerInput({ kind: 'leave' });
        await sim.tick();
        const made = p.commitments.find((c) => c.source === 'Alex Rivera');
        if (!accepts(answer)) {
          // A no says why: the shift, bed, another plan, or its own reason.
          expect(answer, `${p.name}: ${text}`).toMatch(/\bthen\b|asleep|rather not|better not|not this time/);
          expect(made, text).toBeUndefined();
          continue;
        }
        yes++;
        expect(answer, text).toMatch(/help|hand/i);
        expect(made, `${p.name}: ${text} → ${answer}`).toMatchObject({ sector: square, start, day: Math.floor(dayStart(sim.now) / DAY) + 1 });
        // The planning thought's parser (src/sim/cognition/commitments.ts) keeps the activity word only.
        expect(made!.event).toMatch(/^helping\b/);
      }
    }
    expect(yes).toBeGreaterThan(0);
  }, 120_000);

  it('the same event heard twice is one event: invited by the host first, the visitor hears "already going"', async () => {
    const sim = town();
    const { p, ask } = await talkTo(sim, 'walter-brooks');
    const cafe = world.sectors.find((s) => s.kind === 'cafe')!.name;
    const tomorrow = Math.floor(dayStart(sim.now) / DAY) + 1;
    addCommitment(p, { event: "the Valentine's Day party", sector: cafe, day: tomorrow, start: 17 * 60, minutes: 120, host: false, source: 'Sofia Moreno', scheduledOn: null });
    const answer = await ask('want to come to a party at the cafe tomorrow at 5?');
    expect(answer).toMatch(/already|asked me too|heard about it/i);
    expect(accepts(answer)).toBe(true);
    sim.playerInput({ kind: 'leave' });
    await sim.tick();
    expect(p.commitments.filter((c) => c.day === tomorrow && c.start === 17 * 60)).toHaveLength(1);
  }, 60_000);
});

describe('who greets whom as an acquaintance', () => {
  const MON_10AM = Date.UTC(2023, 1, 13, 10);
  const make = (id: string) => new PersonaClass(personas.find((s) => s.id === id)!, 'hamlet', { x: 0, y: 0 });

  it('neighbours under one roof and people of one workplace never open with a first meeting; strangers do', () => {
    // Pairs with no word about each other in their files: one building, one college; then two strangers.
    const pairs: [string, string, boolean][] = [
      ['elena-petrova', 'sam-whitaker', false],
      ['ingrid-becker', 'mia-novak', false],
      ['ana-moreno', 'grace-okafor', false],
    ];
    for (const a of personas) {
      const b = personas.find((o) => o.id !== a.id && o.household !== a.household && o.occupation?.workplace !== a.occupation?.workplace && !a.relationships.some((r) => r.id === o.id) && !o.relationships.some((r) => r.id === a.id));
      if (b && pairs.length < 5) pairs.push([a.id, b.id, true]);
    }
    for (const [a, b, firstMeeting] of pairs) {
      for (let seed = 1; seed <= 4; seed++) {
        const line = offlineTurn(make(a), make(b), [], [], new Rng(seed), MON_10AM).line;
        expect(/properly met/.test(line), `${a} → ${b}: ${line}`).toBe(firstMeeting);
      }
    }
  });
});

describe('a resident comes up to the visitor', () => {
  it('by the rules residents talk to each other by: standing about in the café for a few hours, someone starts a chat', async () => {
    const sim = town();
    const cafe = sim.world.sectors.findIndex((x) => x.kind === 'cafe');
    const spot = sim.world.sectorAt.findIndex((v, i) => v === cafe && sim.world.walkable[i] === 1);
    sim.playerInput({ kind: 'walk', x: spot % sim.world.width, y: Math.floor(spot / sim.world.width) });
    // Arrived and standing there (a chat on the way is left).
    for (let i = 0; i < 400 && !(me(sim).scratch.actionId === 'IDLE' && sim.world.sectorAt[me(sim).tile.y * sim.world.width + me(sim).tile.x] === cafe); i++) {
      if (sim.player!.chat) sim.playerInput({ kind: 'leave' });
      await sim.tick();
    }
    expect(me(sim).scratch.actionId).toBe('IDLE');
    let started: string | null = null;
    for (let i = 0; i < 8 * 360 && !started; i++) {
      const r = await sim.tick();
      if (r.player?.chat?.startedBy === 'persona') started = r.player.chat.with;
    }
    expect(started).not.toBeNull();
    // It opens like a person meeting a newcomer, in its own voice.
    const first = sim.player!.view().chat!.lines[0]!.text;
    expect(first).toMatch(/^(Hello|Hi|Oh)/);
    expect(first).not.toContain(started!);
  }, 120_000);
});
