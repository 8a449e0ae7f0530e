import type { Persona } from '../persona/persona';
import type { Tile } from '../world/types';
import { hourOf, minuteOfDay, parseHHMM } from '../clock';
import {
  accessReason,
  arenaAddress,
  dayIndex,
  hereOf,
  isOwnHome,
  isOwnWorkplace,
  isSchool,
  isStudent,
  objectAddress,
  placeOfAddress,
  placeOfTile,
  routineHours,
  workWindowReason,
} from './places';
import type { ActionDef, ActionWorld, Place, StateChange } from './types';
import { placeAddress, randomIn, type ActionAddress, type PlaceAddress } from '../world/actionAddress';
import type { ActionId } from '../persona/actionIds';
import { MAX_HELD, MAX_HELD_PER_ITEM } from '../economy/economy';
import { heldCount, heldFood, itemFor, jobFor, jobToday, justLooking, purchaseTarget, sameMeal, samePurchase, shiftWindowReason } from './goods';
import { WAKE_FROM, isAsleep, livingArena, livingPlace, minutesUntilHour, sleepReason, upSince } from './wakefulness';
import { byCodeUnits } from '../order';
import type { SectorKind } from '../world/sectorKinds';
import { defined } from '../checked';
import { PLACE_KINDS } from '../placeKinds';
import { sectorContents } from '../world/bySector';

/**
 * The action registry (docs/action-registry.md#only-registered-actions-change-the-world): every action that changes the world, with the scenes it belongs to, a
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

  /** A registered action the code names by id; every ActionId is registered (tests/unit/actions.test.ts). */
  def(id: ActionId): ActionDef {
    return defined(this.defs.get(id), `the registered action ${id}`);
  }

  has(id: string): id is ActionId {
    return this.defs.has(id);
  }

  /** All actions, highest priority first. */
  all(): ActionDef[] {
    return [...this.defs.values()].sort((a, b) => b.priority - a.priority || byCodeUnits(a.id, b.id));
  }
}

// ---- helpers the definitions share ------------------------------------------------------------

const change = (p: Persona, address: ActionAddress, minutes: number, description: string, emoji: string, object = description): StateChange => ({
  address,
  minutes,
  description,
  emoji,
  event: [p.name, 'is', object],
});

/** Where to stand for an action here: the place's arena, a random free tile of it (the player stays where it is: only the player moves it). */
function hereAddress(w: ActionWorld, p: Persona, place: Place): ActionAddress {
  if (p.agent.mode === 'human') return { kind: 'tile', x: p.tile.x, y: p.tile.y };
  if (place.sector && place.arena) return randomIn(placeAddress(w.world.name, place.sector, place.arena));
  if (place.sector) return randomIn(arenaAddress(w.world, place.sector));
  return waitingHere(p);
}

const waitingHere = (p: Persona): ActionAddress => ({ kind: 'waiting', x: p.tile.x, y: p.tile.y });

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
  const names = sectorContents(w.world, here.sector).objects.filter((o) => o.name !== 'bed' || isOwnHome(p, here)).map((o) => o.name);
  return [...new Set(names)];
}

/** An object of the persona's own home: in its own room first (an apartment), then anywhere in the home. */
function homeObject(w: ActionWorld, p: Persona, names: readonly string[]): PlaceAddress | null {
  return objectAddress(w.world, p.spec.household, livingArena(p), names) ?? objectAddress(w.world, p.spec.household, null, names);
}

const isLeisure = (kind: SectorKind | null) => kind !== null && PLACE_KINDS[kind].leisure;

/** Places to go, most likely first: favourite haunts, public places, friends' homes, the rest (never one's own home: that is GO_HOME). */
function goToTargets(w: ActionWorld, p: Persona): string[] {
  const known = p.spatial.sectors().filter((s) => s !== p.spec.household);
  const rank = (s: string) => (p.spec.haunts.includes(s) ? 0 : isLeisure(placeOfAddress(w.world, placeAddress(w.world.name, s)).kind) ? 1 : 2);
  return known.map((s, i) => ({ s, i, r: rank(s) })).sort((a, b) => a.r - b.r || a.i - b.i).map((x) => x.s);
}

/** Other people within this many tiles may be chatted with. */
export const CHAT_RADIUS = 10;

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
      if (upSince(w, p) !== null) return `${p.firstName} is already up`;
      const h = hourOf(w.now);
      return h >= WAKE_FROM && h < 12 ? null : `it is ${h}:00: people wake up between ${WAKE_FROM}:00 and 12:00`;
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
    precondition: (w, p, c) => sleepReason(w, p, c.place),
    executor: (w, p) => {
      const bed = objectAddress(w.world, p.spec.household, livingArena(p), ['bed']) ?? randomIn(livingPlace(w, p));
      const h = hourOf(w.now);
      const night = h >= 19 || h < 10;
      // At night until the persona's wake-up hour; past that hour (a lie-in) or in the afternoon, an hour.
      const untilWake = minutesUntilHour(w.now, routineHours(p).wake);
      const minutes = night && untilWake <= 12 * 60 ? Math.max(30, untilWake) : 60;
      const slept = change(p, bed, minutes, 'sleeping', '😴');
      // Goods one carried home are put to use by bedtime (the book on the shelf, the seedlings in the bed): holdings are what one carries.
      const goods = Object.keys(p.agent.wallet.holdings).filter((n) => w.economy.items.some((i) => i.name === n && !i.food));
      if (goods.length === 0) return slept;
      const holdings = { ...p.agent.wallet.holdings };
      for (const n of goods) delete holdings[n];
      return { ...slept, wallet: { ...p.agent.wallet, holdings } };
    },
    priority: 90,
    cooldown: 60,
  });

  r.register({
    id: 'CHECK_IN',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description:
      "go to a workplace and check in for a shift: one's own job (no target) or a job with a free slot today (\"title at Sector\"); once a day, in the shift's hours; pays the job's wage",
    emoji: '🕘',
    target: 'job',
    where: (w, p, target) => {
      const job = jobFor(w, p, target);
      return job ? placeOfAddress(w.world, placeAddress(w.world.name, job.sector, job.arena)) : null;
    },
    targets: (w, p) => (w.economy.jobOf(p.id) ? [''] : w.economy.jobs.filter((j) => w.economy.openSlots(j, w.now) > 0).map((j) => `${j.title} at ${j.sector}`)),
    precondition: (w, p, c) => {
      const job = jobFor(w, p, c.target);
      if (!job) return c.target ? `there is no job called "${c.target}"` : `${p.firstName} has no job of their own: name a job with a free slot`;
      if (p.agent.wallet.checkedInDay === dayIndex(w.now)) return `${p.firstName} has already checked in today`;
      const window = job.staff.includes(p.id) ? workWindowReason(p, w.now) : shiftWindowReason(job, w.now);
      if (window) return window;
      const staff = job.staff.includes(p.id);
      if ((staff ? w.economy.freeSlots(job, w.now) : w.economy.openSlots(job, w.now)) <= 0) return `the ${job.title} job at ${job.sector} has no free slot left today (${job.slots} a day${staff ? '' : `, ${job.staff.length} for its staff`})`;
      if (c.place.sector !== job.sector) return `check-in happens at ${job.sector}`;
      return null;
    },
    executor: (w, p, c) => {
      const job = defined(jobFor(w, p, c.target), 'CHECK_IN: the job its precondition found');
      return {
        ...change(p, randomIn(placeAddress(w.world.name, job.sector, job.arena)), 30, `checking in for work at ${job.sector}`, '🕘', `checking in at ${job.sector}`),
        wallet: { ...p.agent.wallet, credits: p.agent.wallet.credits + job.wage, checkedInDay: dayIndex(w.now), jobId: job.id },
        economy: { kind: 'checkin', jobId: job.id, what: `checked in as ${job.title} at ${job.sector} (+${job.wage} credits)` },
      };
    },
    priority: 85,
    cooldown: 720,
  });

  r.register({
    id: 'WORK',
    // TOWN too: a part-time shift taken for the day is worked at someone else's workplace.
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'TOWN', 'EVENING', 'NIGHT'],
    description: "do the job one checked in for today, at its workplace",
    emoji: '💼',
    target: 'none',
    precondition: (w, p, c) => {
      const job = jobToday(w, p);
      if (!job) return p.spec.occupation && !isStudent(p) ? `${p.firstName} has not checked in today` : `${p.firstName} has no job today`;
      if (c.place.sector !== job.sector) return `${p.firstName} is not at their workplace, ${job.sector}`;
      const end = job.staff.includes(p.id) && p.spec.occupation ? p.spec.occupation.end : job.end;
      if (minuteOfDay(w.now) >= parseHHMM(end) + 120) return `${p.firstName}'s shift ended at ${end}`;
      return null;
    },
    executor: (w, p) => {
      const job = defined(jobToday(w, p), "WORK: today's check-in its precondition found");
      const own = job.staff.includes(p.id) ? p.spec.occupation : null;
      const left = parseHHMM(own?.end ?? job.end) - minuteOfDay(w.now);
      const arena = own?.arena ?? job.arena;
      const address = randomIn(arenaAddress(w.world, job.sector, new RegExp(`^${arena.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)));
      return change(p, address, Math.min(120, Math.max(15, left)), `working as ${/^[aeiou]/i.test(job.title) ? 'an' : 'a'} ${job.title} at ${job.sector}`, '💼', 'working');
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
      // At home means a home: the resident's spot on the square is no place to study.
      const atHome = isOwnHome(p, c.place) && c.place.kind === 'home';
      if (!isSchool(c.place) && !atHome && !STUDY_ARENAS.test(c.place.arena ?? '')) return `${c.place.sector ?? 'the street'} is not a place to study`;
      return accessReason(w, p, c.place);
    },
    executor: (w, p, c) => {
      const o = p.spec.occupation;
      let address = hereAddress(w, p, c.place);
      if (isSchool(c.place)) {
        const arena = isStudent(p) && o && o.workplace === c.place.sector ? o.arena : 'library';
        address = randomIn(arenaAddress(w.world, c.place.sector ?? '', new RegExp(`^${arena}$`)));
      } else if (isOwnHome(p, c.place)) address = objectAddress(w.world, p.spec.household, livingArena(p), ['desk']) ?? address;
      return change(p, address, 60, `studying at ${c.place.sector ?? 'home'}`, '📚', 'studying');
    },
    priority: 70,
    cooldown: 0,
  });

  r.register({
    id: 'EAT',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'have a meal or a snack: food one holds (anywhere), or where there is food (home, café, bakery, bar, the college, a picnic)',
    emoji: '🍽️',
    target: 'none',
    precondition: (w, p, c) => {
      if (!heldFood(w, p) && (!c.place.sector || ((c.place.kind === null || !PLACE_KINDS[c.place.kind].food) && !isOwnWorkplace(p, c.place)))) return `there is nothing to eat at ${c.place.sector ?? 'the street'}`;
      return accessReason(w, p, c.place);
    },
    executor: (w, p, c) => {
      const tables = ['kitchen table', 'café table', 'pub table', 'picnic table', 'library table'];
      const table = !c.place.sector ? null : isOwnHome(p, c.place) ? homeObject(w, p, tables) : objectAddress(w.world, c.place.sector, null, tables);
      const food = sameMeal(w, p) ? null : heldFood(w, p);
      const consumed = food?.drink ? 'drank' : 'ate';
      const eaten = change(p, table ?? hereAddress(w, p, c.place), 30, food ? `${food.drink ? 'having' : 'eating'} the ${food.name} from ${food.sector}` : `eating at ${c.place.sector}`, '🍽️', 'eating');
      if (!food) return eaten;
      const holdings = { ...p.agent.wallet.holdings, [food.name]: (p.agent.wallet.holdings[food.name] ?? 0) - 1 };
      if ((holdings[food.name] ?? 0) <= 0) delete holdings[food.name];
      return { ...eaten, wallet: { ...p.agent.wallet, holdings }, economy: { kind: 'eat', item: food.name, what: `${consumed} the ${food.name} from ${food.sector}` } };
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
    executor: (w, p) => change(p, randomIn(arenaAddress(w.world, p.spec.household, /living room|common room|lobby/)), 30, 'going home', '🏠'),
    priority: 50,
    cooldown: 30,
  });

  r.register({
    id: 'BUY',
    scenes: ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'],
    description: 'go to a shop and buy one item ("Sector" buys a meal one can afford there, "Sector:item" that item); costs its price in credits',
    emoji: '🛒',
    target: 'sector',
    where: (w, _p, target) => {
      const place = placeOfAddress(w.world, arenaAddress(w.world, purchaseTarget(target).shop));
      return place.kind ? place : null;
    },
    targets: (w) => w.economy.shops(),
    precondition: (w, p, c) => {
      const sold = w.economy.itemsAt(c.place.sector ?? '');
      if (sold.length === 0) return `${c.place.sector ?? 'the street'} sells nothing`;
      const item = itemFor(w, p, c.target);
      if (!item) return `${c.place.sector} sells no "${purchaseTarget(c.target).item}" (it sells ${sold.map((i) => i.name).join(', ')})`;
      // A shop sells only when it is open, even to the people who work there.
      const access = accessReason(w, p, c.place, true);
      if (access) return access;
      if (samePurchase(w, p, item.sector) || justLooking(w, p, c.target)) return null;
      if (p.agent.wallet.credits < item.price) return `${p.firstName} has ${p.agent.wallet.credits} credits and the ${item.name} costs ${item.price}: not enough money`;
      if (item.drink) return null; // drunk on the spot: nothing more to carry
      if ((p.agent.wallet.holdings[item.name] ?? 0) >= MAX_HELD_PER_ITEM) return `${p.firstName} already holds ${MAX_HELD_PER_ITEM} of ${item.name} (the most one keeps)`;
      if (heldCount(p) >= MAX_HELD) return `${p.firstName} already holds ${MAX_HELD} things (the most one keeps)`;
      return null;
    },
    executor: (w, p, c) => {
      const item = defined(itemFor(w, p, c.target), 'BUY: the item its precondition found');
      const till = objectAddress(w.world, defined(c.place.sector, 'BUY: the shop'), null, ['cash register', 'counter', 'bar counter', 'display case', 'pharmacy counter']);
      if (justLooking(w, p, c.target)) return change(p, randomIn(c.place.address), 20, `looking around ${c.place.sector} (nothing bought)`, '👀', `browsing at ${c.place.sector}`);
      const shopping = change(p, till ?? randomIn(c.place.address), 20, `buying ${item.name} at ${c.place.sector}`, '🛒', `shopping at ${c.place.sector}`);
      if (samePurchase(w, p, item.sector)) return shopping;
      // A drink is drunk where it is bought (the coffee at the café, the cider at the bar), not carried off to be "eaten" at breakfast.
      const holdings = item.drink ? { ...p.agent.wallet.holdings } : { ...p.agent.wallet.holdings, [item.name]: (p.agent.wallet.holdings[item.name] ?? 0) + 1 };
      return {
        ...shopping,
        wallet: { ...p.agent.wallet, credits: p.agent.wallet.credits - item.price, holdings, lastPurchase: { sector: item.sector, at: w.now } },
        economy: { kind: 'purchase', itemId: item.id, what: `bought ${item.name} at ${item.sector} (−${item.price} credits)` },
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
    // Once there one stays a while: the place's emoji, not a walker's (🚶 showed on someone sitting in the café).
    executor: (w, p, c) => change(p, randomIn(c.place.address), 45, `spending time at ${c.place.sector}`, c.place.kind ? PLACE_KINDS[c.place.kind].emoji : '🚶', `at ${c.place.sector}`),
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
    executor: (_w, p, c) => change(p, c.place.address, 30, `using the ${c.place.object}`, emojiForObject(defined(c.place.object, 'USE_OBJECT: the object')), `using the ${c.place.object}`),
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
    executor: (_w, p, c) => ({ address: { kind: 'persona', name: c.target }, minutes: 10, description: `chatting with ${c.target}`, emoji: '💬', event: [p.name, 'is chatting with', c.target] }),
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
    executor: (_w, p) => change(p, waitingHere(p), 15, 'waiting', '⌛'),
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
    // The player's resident stays where the player put it; anyone else strolls to a spot of the place.
    executor: (w, p, c) => change(p, p.agent.mode === 'human' ? waitingHere(p) : hereAddress(w, p, c.place), 20, `taking it easy at ${c.place.sector ?? 'the street'}`, '🙂', 'idle'),
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
      const t = defined(parseTileTarget(c.target), `WALK: the tile "${c.target}"`);
      return w.world.walkable[t.y * w.world.width + t.x] === 1 ? null : `tile ${t.x},${t.y} is not walkable`;
    },
    executor: (_w, p, c) => {
      const t = defined(parseTileTarget(c.target), `WALK: the tile "${c.target}"`);
      const where = c.place.sector ? `to ${c.place.arena ? `the ${c.place.arena} of ` : ''}${c.place.sector}` : 'down the street';
      return { address: { kind: 'tile', x: t.x, y: t.y }, minutes: 60, description: `walking ${where}`, emoji: '🚶', event: [p.name, 'is walking', where] };
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

