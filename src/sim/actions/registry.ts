import type { Persona } from '../persona/persona';
import type { Tile } from '../world/types';
import { hourOf, minuteOfDay, parseHHMM } from '../clock';
import {
  DAILY_WAGE,
  PRICES,
  accessReason,
  arenaAddress,
  dayIndex,
  hereOf,
  isOwnHome,
  isOwnWorkplace,
  isStudent,
  objectAddress,
  placeOfAddress,
  placeOfTile,
  routineHours,
  workWindowReason,
} from './places';
import type { ActionDef, ActionWorld, Place, StateChange } from './types';
import type { ActionId } from './ids';

/**
 * ActionRegistry (seed 002): every action that changes the world, with the scenes it belongs to, a
 * description for the model, a precondition, a pure executor, a priority and a cooldown. Whatever a
 * brain decides, the world changes only through these.
 */
export class ActionRegistry {
  private readonly defs = new Map<string, ActionDef>();

  register(def: ActionDef): void {
    if (this.defs.has(def.id)) throw new Error(`Action ${def.id} is already registered`);
    this.defs.set(def.id, def);
  }

  get(id: string): ActionDef | undefined {
    return this.defs.get(id);
  }

  has(id: string): id is ActionId {
    return this.defs.has(id);
  }

  /** All actions, highest priority first. */
  all(): ActionDef[] {
    return [...this.defs.values()].sort((a, b) => b.priority - a.priority || a.id.localeCompare(b.id));
  }
}

// ---- helpers the definitions share ------------------------------------------------------------

/** Sleeping now (the current action is SLEEP), or not started yet (a run's first action). */
export function isAsleep(p: Persona): boolean {
  const s = p.scratch;
  if (s.actionId !== null) return s.actionId === 'SLEEP';
  return !s.actDescription || /\b(sleep|sleeping|asleep)\b/.test(s.actDescription);
}

const change = (p: Persona, address: string, minutes: number, description: string, emoji: string, object = description): StateChange => ({
  address,
  minutes,
  description,
  emoji,
  event: [p.name, 'is', object],
});

/** Where to stand for an action here: the place's arena, a random free tile of it. */
function hereAddress(w: ActionWorld, p: Persona, place: Place): string {
  if (place.sector && place.arena) return `${w.world.name}:${place.sector}:${place.arena}:<random>`;
  if (place.sector) return `${arenaAddress(w.world, place.sector)}:<random>`;
  return `<waiting> ${p.tile.x} ${p.tile.y}`;
}

function livingArena(p: Persona): string | null {
  return p.spec.livingArea.split(':')[1] ?? null;
}

/** Minutes from now until hour `h` (today or tomorrow). */
function minutesUntilHour(now: number, h: number): number {
  const m = (h * 60 - minuteOfDay(now) + 1440) % 1440;
  return m === 0 ? 1440 : m;
}

/** Night (19:00–10:00) or an afternoon nap (13:00–16:00). */
function sleepTimeReason(now: number): string | null {
  const h = hourOf(now);
  if (h >= 19 || h < 10 || (h >= 13 && h < 16)) return null;
  return `it is ${h}:00: bedtime is from 19:00, and a nap only fits between 13:00 and 16:00`;
}

/** No going back to bed this soon after waking up (stops a WAKE_UP ⇄ SLEEP flip-flop). */
const AWAKE_AT_LEAST = 180;

const EAT_KINDS = new Set(['home', 'cafe', 'bakery', 'bar', 'grocery', 'park', 'square', 'college']);
const STUDY_ARENAS = /library|classroom|room|bedroom|apartment|common room/;

const OBJECT_EMOJI: [RegExp, string][] = [
  [/bed/, '🛏️'],
  [/stove|oven/, '🍳'],
  [/table|counter/, '🍽️'],
  [/sofa|chair|bench|stool/, '🪑'],
  [/tv/, '📺'],
  [/book|shelf|desk|lectern|blackboard/, '📖'],
  [/shower|sink|toilet/, '🚿'],
  [/piano/, '🎹'],
  [/easel|paint/, '🎨'],
  [/flower|garden|swing|slide|sandbox|fountain|pond|fishing/, '🌳'],
  [/coffee/, '☕'],
];

function emojiForObject(name: string): string {
  return OBJECT_EMOJI.find(([re]) => re.test(name))?.[1] ?? '🙂';
}

/** Objects of the sector the persona stands in, each name once. */
function objectsHere(w: ActionWorld, p: Persona): string[] {
  const here = hereOf(w, p);
  if (!here.sector) return [];
  const names = w.world.objects.filter((o) => o.sector === here.sector && (o.name !== 'bed' || isOwnHome(p, here))).map((o) => o.name);
  return [...new Set(names)];
}

/** An object of the persona's own home: in its own room first (an apartment), then anywhere in the home. */
function homeObject(w: ActionWorld, p: Persona, names: readonly string[]): string | null {
  return objectAddress(w.world, p.spec.household, livingArena(p), names) ?? objectAddress(w.world, p.spec.household, null, names);
}

const LEISURE = new Set(['park', 'square', 'cafe', 'bar', 'bakery', 'shop', 'grocery']);

/** Places to go, most likely first: favourite haunts, public places, friends' homes, the rest (never one's own home: that is GO_HOME). */
function goToTargets(w: ActionWorld, p: Persona): string[] {
  const known = p.spatial.sectors().filter((s) => s !== p.spec.household);
  const rank = (s: string) => (p.spec.haunts.includes(s) ? 0 : LEISURE.has(placeOfAddress(w.world, `${w.world.name}:${s}`).kind ?? '') ? 1 : 2);
  return known.map((s, i) => ({ s, i, r: rank(s) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.s);
}

/** Other people within this many tiles may be chatted with. */
const CHAT_RADIUS = 10;

// ---- the actions ------------------------------------------------------------------------------

function createDefaultRegistry(): ActionRegistry {
  const r = new ActionRegistry();

  r.register({
    id: 'WAKE_UP',
    scenes: ['MORNING', 'HOME', 'NIGHT'],
    description: 'wake up and get ready for the day',
    emoji: '🌅',
    target: 'none',
    precondition: (w, p) => {
      // Asleep, or not yet up today (a word with someone at dawn before getting up still counts).
      const woke = p.agent.lastStarted.WAKE_UP;
      if (!isAsleep(p) && woke !== undefined && w.now - woke < 12 * 60 * 60_000) return `${p.firstName} is already up`;
      const h = hourOf(w.now);
      return h >= 4 && h < 12 ? null : `it is ${h}:00: people wake up between 4:00 and 12:00`;
    },
    executor: (w, p, c) => {
      const bath = homeObject(w, p, ['shower', 'sink']);
      return change(p, bath ?? hereAddress(w, p, c.place), 30, 'waking up and getting ready', '🌅', 'waking up');
    },
    priority: 95,
    cooldown: 600,
  });

  r.register({
    id: 'SLEEP',
    scenes: ['MORNING', 'HOME', 'EVENING', 'NIGHT'],
    description: 'go to bed and sleep (at home only; until the morning at night, a short nap in the afternoon)',
    emoji: '😴',
    target: 'none',
    precondition: (w, p, c) => {
      if (!isOwnHome(p, c.place)) return `${p.firstName} is not at home: people sleep in their own bed`;
      const woke = p.agent.lastStarted.WAKE_UP;
      if (woke !== undefined && w.now - woke < AWAKE_AT_LEAST * 60_000) return `${p.firstName} woke up less than ${AWAKE_AT_LEAST / 60} hours ago`;
      return sleepTimeReason(w.now);
    },
    executor: (w, p) => {
      const bed = objectAddress(w.world, p.spec.household, livingArena(p), ['bed']) ?? `${w.world.name}:${p.spec.livingArea}:<random>`;
      const h = hourOf(w.now);
      const night = h >= 19 || h < 10;
      // At night until the persona's wake-up hour; past that hour (a lie-in) or in the afternoon, an hour.
      const untilWake = minutesUntilHour(w.now, routineHours(p).wake);
      const minutes = night && untilWake <= 12 * 60 ? Math.max(30, untilWake) : 60;
      return change(p, bed, minutes, 'sleeping', '😴');
    },
    priority: 90,
    cooldown: 60,
  });

  r.register({
    id: 'CHECK_IN',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: "go to one's workplace and check in for the day's shift (once a day, on work days, in working hours; pays the day's wage)",
    emoji: '🕘',
    target: 'none',
    where: (w, p) => {
      const o = p.spec.occupation;
      return o ? placeOfAddress(w.world, arenaAddress(w.world, o.workplace, new RegExp(`^${o.arena.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))) : null;
    },
    precondition: (w, p, c) => {
      if (isStudent(p)) return `${p.firstName} is a student: students STUDY, they don't check in`;
      const window = workWindowReason(p, w.now);
      if (window) return window;
      if (p.agent.wallet.checkedInDay === dayIndex(w.now)) return `${p.firstName} has already checked in today`;
      if (!isOwnWorkplace(p, c.place)) return `check-in happens at ${p.firstName}'s own workplace, ${p.spec.occupation!.workplace}`;
      return null;
    },
    executor: (w, p, c) => {
      const o = p.spec.occupation!;
      return {
        ...change(p, `${c.place.address}:<random>`, 30, `checking in for work at ${o.workplace}`, '🕘', `checking in at ${o.workplace}`),
        wallet: { credits: p.agent.wallet.credits + DAILY_WAGE, checkedInDay: dayIndex(w.now) },
      };
    },
    priority: 85,
    cooldown: 720,
  });

  r.register({
    id: 'WORK',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'EVENING', 'NIGHT'],
    description: "do one's job at one's workplace (after checking in today)",
    emoji: '💼',
    target: 'none',
    precondition: (w, p, c) => {
      const o = p.spec.occupation;
      if (!o || isStudent(p)) return `${p.firstName} has no job`;
      if (!isOwnWorkplace(p, c.place)) return `${p.firstName} is not at their workplace, ${o.workplace}`;
      if (p.agent.wallet.checkedInDay !== dayIndex(w.now)) return `${p.firstName} has not checked in today`;
      if (minuteOfDay(w.now) >= parseHHMM(o.end) + 120) return `${p.firstName}'s shift ended at ${o.end}`;
      return null;
    },
    executor: (w, p) => {
      const o = p.spec.occupation!;
      const left = parseHHMM(o.end) - minuteOfDay(w.now);
      const address = `${arenaAddress(w.world, o.workplace, new RegExp(`^${o.arena.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`))}:<random>`;
      return change(p, address, Math.min(120, Math.max(15, left)), `working as ${/^[aeiou]/i.test(o.title) ? 'an' : 'a'} ${o.title} at ${o.workplace}`, '💼', 'working');
    },
    priority: 80,
    cooldown: 0,
  });

  r.register({
    id: 'STUDY',
    scenes: ['MORNING', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'study or attend classes (at the college or at home, between 6:00 and 23:00)',
    emoji: '📚',
    target: 'none',
    precondition: (w, p, c) => {
      const h = hourOf(w.now);
      if (h < 6 || h >= 23) return `it is ${h}:00: nobody studies between 23:00 and 6:00`;
      if (c.place.kind !== 'college' && !isOwnHome(p, c.place) && !STUDY_ARENAS.test(c.place.arena ?? '')) return `${c.place.sector ?? 'the street'} is not a place to study`;
      return accessReason(w, p, c.place);
    },
    executor: (w, p, c) => {
      const o = p.spec.occupation;
      let address = hereAddress(w, p, c.place);
      if (c.place.kind === 'college') {
        const arena = isStudent(p) && o && o.workplace === c.place.sector ? o.arena : 'library';
        address = `${arenaAddress(w.world, c.place.sector!, new RegExp(`^${arena}$`))}:<random>`;
      } else if (isOwnHome(p, c.place)) address = objectAddress(w.world, p.spec.household, livingArena(p), ['desk']) ?? address;
      return change(p, address, 60, `studying at ${c.place.sector ?? 'home'}`, '📚', 'studying');
    },
    priority: 70,
    cooldown: 0,
  });

  r.register({
    id: 'EAT',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'have a meal or a snack where there is food (home, café, bakery, bar, the college, a picnic)',
    emoji: '🍽️',
    target: 'none',
    precondition: (w, p, c) => {
      if (!c.place.sector || (!EAT_KINDS.has(c.place.kind ?? '') && !isOwnWorkplace(p, c.place))) return `there is nothing to eat at ${c.place.sector ?? 'the street'}`;
      return accessReason(w, p, c.place);
    },
    executor: (w, p, c) => {
      const tables = ['kitchen table', 'café table', 'pub table', 'picnic table', 'library table'];
      const table = isOwnHome(p, c.place) ? homeObject(w, p, tables) : objectAddress(w.world, c.place.sector!, null, tables);
      return change(p, table ?? hereAddress(w, p, c.place), 30, `eating at ${c.place.sector}`, '🍽️', 'eating');
    },
    priority: 60,
    cooldown: 120,
  });

  r.register({
    id: 'GO_HOME',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'walk home',
    emoji: '🏠',
    target: 'none',
    precondition: (w, p) => (isOwnHome(p, hereOf(w, p)) ? `${p.firstName} is already at home` : null),
    executor: (w, p) => change(p, `${arenaAddress(w.world, p.spec.household, /living room|common room|lobby/)}:<random>`, 30, 'going home', '🏠'),
    priority: 50,
    cooldown: 30,
  });

  r.register({
    id: 'BUY',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'go to a shop (café, bakery, bar, grocery, store, the college canteen) and buy something (costs credits)',
    emoji: '🛒',
    target: 'sector',
    where: (w, _p, target) => {
      const place = placeOfAddress(w.world, arenaAddress(w.world, target));
      return place.kind ? place : null;
    },
    targets: (w) => w.world.sectors.filter((s) => PRICES[s.kind] !== undefined).map((s) => s.name),
    precondition: (w, p, c) => {
      const price = PRICES[c.place.kind ?? ''];
      if (price === undefined) return `${c.place.sector ?? 'the street'} sells nothing`;
      // A shop sells only when it is open, even to the people who work there.
      const access = accessReason(w, p, c.place, true);
      if (access) return access;
      if (p.agent.wallet.credits < price) return `${p.firstName} has ${p.agent.wallet.credits} credits and this costs ${price}: not enough money`;
      return null;
    },
    executor: (w, p, c) => {
      const till = objectAddress(w.world, c.place.sector!, null, ['cash register', 'counter', 'bar counter', 'display case', 'pharmacy counter']);
      return {
        ...change(p, till ?? `${c.place.address}:<random>`, 20, `buying something at ${c.place.sector}`, '🛒', `shopping at ${c.place.sector}`),
        wallet: { ...p.agent.wallet, credits: p.agent.wallet.credits - PRICES[c.place.kind!]! },
      };
    },
    priority: 40,
    cooldown: 60,
  });

  r.register({
    id: 'GO_TO',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'go to a place in town and spend some time there',
    emoji: '🚶',
    target: 'sector',
    where: (w, _p, target) => {
      const place = placeOfAddress(w.world, arenaAddress(w.world, target));
      return place.kind ? place : null;
    },
    targets: goToTargets,
    precondition: (w, p, c) => accessReason(w, p, c.place),
    executor: (w, p, c) => change(p, `${c.place.address}:<random>`, 45, `spending time at ${c.place.sector}`, '🚶', `at ${c.place.sector}`),
    priority: 30,
    cooldown: 30,
  });

  r.register({
    id: 'USE_OBJECT',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'use an object in the building one is in (a stove, a sofa, a bookshelf, a bench …)',
    emoji: '🔧',
    target: 'object',
    where: (w, p, target) => {
      const here = hereOf(w, p);
      const address = here.sector ? objectAddress(w.world, here.sector, here.arena, [target]) ?? objectAddress(w.world, here.sector, null, [target]) : null;
      return address ? placeOfAddress(w.world, address) : null;
    },
    targets: objectsHere,
    precondition: (w, p, c) => {
      if (!c.place.object) return 'no object named';
      if (c.place.object === 'bed' && !isOwnHome(p, c.place)) return "that is someone else's bed";
      return accessReason(w, p, c.place);
    },
    executor: (_w, p, c) => change(p, c.place.address, 30, `using the ${c.place.object}`, emojiForObject(c.place.object!), `using the ${c.place.object}`),
    priority: 25,
    cooldown: 0,
  });

  r.register({
    id: 'CHAT',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'go over to someone nearby and chat with them',
    emoji: '💬',
    target: 'persona',
    where: (w, _p, target) => {
      const other = w.byName.get(target);
      return other ? hereOf(w, other) : null;
    },
    targets: (w, p) =>
      w.personas.filter((o) => o !== p && Math.abs(o.tile.x - p.tile.x) <= CHAT_RADIUS && Math.abs(o.tile.y - p.tile.y) <= CHAT_RADIUS).map((o) => o.name),
    precondition: (w, p, c) => {
      const other = w.byName.get(c.target);
      if (!other || other === p) return `there is nobody called "${c.target}" to chat with`;
      if (isAsleep(other)) return `${other.firstName} is asleep`;
      if (Math.abs(other.tile.x - p.tile.x) > CHAT_RADIUS || Math.abs(other.tile.y - p.tile.y) > CHAT_RADIUS) return `${other.firstName} is too far away to chat with`;
      return null;
    },
    executor: (_w, p, c) => ({ address: `<persona> ${c.target}`, minutes: 10, description: `chatting with ${c.target}`, emoji: '💬', event: [p.name, 'is chatting with', c.target] }),
    priority: 20,
    cooldown: 30,
  });

  r.register({
    id: 'WAIT',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'wait where one is for a quarter of an hour',
    emoji: '⌛',
    target: 'none',
    precondition: () => null,
    executor: (_w, p) => change(p, `<waiting> ${p.tile.x} ${p.tile.y}`, 15, 'waiting', '⌛'),
    priority: 5,
    cooldown: 0,
  });

  r.register({
    id: 'IDLE',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'take it easy where one is for a while',
    emoji: '🙂',
    target: 'none',
    precondition: () => null,
    executor: (w, p, c) => change(p, hereAddress(w, p, c.place), 20, `taking it easy at ${c.place.sector ?? 'the street'}`, '🙂', 'idle'),
    priority: 0,
    cooldown: 0,
  });

  r.register({
    id: 'WALK',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'walk to a tile of the map (the player, by keyboard or by a click)',
    emoji: '🚶',
    target: 'tile',
    modes: ['human'],
    where: (w, _p, target) => {
      const t = parseTileTarget(target);
      return t && t.x < w.world.width && t.y < w.world.height ? placeOfTile(w.world, t) : null;
    },
    precondition: (w, _p, c) => {
      const t = parseTileTarget(c.target)!;
      return w.world.walkable[t.y * w.world.width + t.x] === 1 ? null : `tile ${t.x},${t.y} is not walkable`;
    },
    executor: (_w, p, c) => {
      const t = parseTileTarget(c.target)!;
      const where = c.place.sector ? `to ${c.place.arena ? `the ${c.place.arena} of ` : ''}${c.place.sector}` : 'down the street';
      return { address: `<tile> ${t.x} ${t.y}`, minutes: 60, description: `walking ${where}`, emoji: '🚶', event: [p.name, 'is walking', where] };
    },
    priority: 1,
    cooldown: 0,
  });

  return r;
}

/** A WALK target, "x,y", as a tile; null when it is not two whole numbers ≥ 0. */
export function parseTileTarget(target: string): Tile | null {
  const m = /^(\d{1,4}),(\d{1,4})$/.exec(target.trim());
  return m ? { x: Number(m[1]), y: Number(m[2]) } : null;
}

/** The town's registry. */
export const REGISTRY = createDefaultRegistry();

/** Where an action happens for a target: its own rule, or where the persona stands. */
export function placeFor(def: ActionDef, w: ActionWorld, p: Persona, target: string): Place | null {
  return def.where ? def.where(w, p, target) : hereOf(w, p);
}

