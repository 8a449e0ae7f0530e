import type { JobSpec, ShopItemSpec, WorldModel } from '../world/types';
import type { PersonaSpec } from '../persona/schema';
import { DAY, HOUR } from '../clock';
import { itemKind } from '../world/economyProps';
import { PLACE_KINDS } from '../placeKinds';

/**
 * The town's economy (docs/economy.md#money-and-goods): the jobs and shop items the map declares, and what happened to
 * them today (who checked in where, what sold), plus the hourly pulse's bookkeeping. Per-persona
 * money lives in each persona's wallet (credits, today's check-in, holdings); this is the town's
 * side. All of it is plain data: a snapshot carries `state` as it is.
 *
 * A map that declares no jobs at a resident's workplace gets an implied job for that resident (the
 * default wage, as many slots as staff, the resident's own hours); a shop-like sector that declares
 * no items sells the defaults of its kind. Both are listed in `notes`.
 */

/** What an implied job pays (a new persona's credits: START_CREDITS in src/sim/persona/agentState.ts). */
export const DEFAULT_WAGE = 40;
/** Credits a day each resident of a home pays in rent and bills when the map gives the home no "rent". */
export const DEFAULT_RENT = 12;
/** No one holds more than this many of one item (no unbounded hoarding). */
export const MAX_HELD_PER_ITEM = 3;
/** …nor more than this many things in all. */
export const MAX_HELD = 8;
/** Economy events kept for the feed and the town panel (docs/economy.md#the-activity-feed: the latest 50). */
export const MAX_EVENTS = 50;

export interface Job extends JobSpec {
  /** Residents whose occupation this job is. */
  staff: string[];
  /** Implied by a resident's occupation (the map declares no jobs at that workplace). */
  implied: boolean;
}

export interface ShopItem extends ShopItemSpec {
  implied: boolean;
}

/** One line of the activity feed: a persona did something with money or goods, or the pulse sent them. */
export interface EconomyEvent {
  time: number;
  personaId: string;
  name: string;
  action: 'checkin' | 'purchase' | 'eat' | 'chat' | 'refused' | 'bills';
  /** "checked in as library assistant at Hamlet College" */
  what: string;
  reason: string;
  /** Who decided: the hourly pulse, the persona's own plan, its registry brain, the scene default, the player, or the town's standing order (rent and bills). */
  source: 'pulse' | 'plan' | 'brain' | 'default' | 'player' | 'town';
}

/** One pulse decision as it was carried out (for the next round's prompt, the panel and the tests). */
export interface PulseOutcome {
  personaId: string;
  name: string;
  action: string;
  params: Record<string, unknown>;
  reason: string;
  /** done, rest, or why it was skipped. */
  result: 'done' | 'rest' | 'skipped';
  note: string;
}

export interface PulseRound {
  time: number;
  /** Skipped as a whole (invalid reply, timeout, network error, an exception), with why. */
  skipped: string | null;
  outcomes: PulseOutcome[];
  success: number;
  failed: number;
  rested: number;
  /** The snapshot's estimated tokens and what was cut to stay within the budget. */
  tokens: number;
  trimmed: string | null;
}

/** The town's economy state: plain JSON (snapshots carry it whole). */
export interface EconomyState {
  /** The hourly pulse runs (switch off per town). */
  pulseEnabled: boolean;
  /** Day index the counters below are of. */
  day: number;
  /** Job id → ids of the personas who checked in there today. */
  filled: Record<string, string[]>;
  /** Sector → purchases today. */
  sales: Record<string, number>;
  /** Credits of every persona (town order) at each game hour of today and yesterday: [time, credits[]]. */
  history: [number, number[]][];
  /** The game hour (hours since the epoch) of the last pulse round. */
  lastPulseHour: number | null;
  lastRound: PulseRound | null;
  rounds: number;
  skippedRounds: number;
  /** Latest economy events, oldest first (at most MAX_EVENTS). */
  events: EconomyEvent[];
  /** Day index whose rent and bills are paid (null: the town has not yet seen a day change: nothing is due before the first midnight). */
  billsDay: number | null;
}

export function newEconomyState(): EconomyState {
  return { pulseEnabled: true, day: -1, filled: {}, sales: {}, history: [], lastPulseHour: null, lastRound: null, rounds: 0, skippedRounds: 0, events: [], billsDay: null };
}

const key = (s: string) => s.trim().toLowerCase();

/** Everything the town's shops sell: the map's items, and a shop-like sector's defaults where the map declares none (ids in that order). */
function shopItems(world: WorldModel): ShopItem[] {
  const items: ShopItem[] = world.items.map((it) => ({ ...it, implied: false }));
  for (const s of world.sectors) {
    if (world.declared.items.has(s.name)) continue;
    for (const [name, price, kind] of PLACE_KINDS[s.kind].items) items.push({ id: items.length + 1, name, sector: s.name, price, ...itemKind(kind), implied: true });
  }
  return items;
}

/** A meal: food, not a drink. What "ordering lunch" buys, what the hungry look for, what EAT eats first. */
export function isMeal(item: Pick<ShopItemSpec, 'food' | 'drink'>): boolean {
  return item.food && !item.drink;
}

/** Without an item named, one spends on a dish up to this share of one's credits ("ordering lunch": a sandwich when well off, a croissant when short). */
const DISH_SHARE = 1 / 25;
/** Without an item named, goods (a book, tools) are bought only when they cost at most this share of one's credits. */
export const GOODS_SHARE = 1 / 10;

/**
 * What one buys at a shop when the words name no item: a meal ("ordering lunch") or a drink
 * ("ordering a drink"). Of that kind, the dearest that costs at most DISH_SHARE of one's credits,
 * else the cheapest one can afford, else the cheapest (the purchase is then refused for want of
 * money); a shop that sells none of that kind: any food or drink by the same rule (a coffee where
 * only coffee is sold), else goods within GOODS_SHARE of one's credits, else its cheapest item.
 */
export function unnamedPurchase(sold: readonly ShopItem[], credits: number, want: 'meal' | 'drink'): ShopItem | null {
  const byPrice = sold.slice().sort((a, b) => a.price - b.price || a.id - b.id);
  const wanted = byPrice.filter((i) => (want === 'meal' ? isMeal(i) : i.drink));
  const pool = wanted.length > 0 ? wanted : byPrice.filter((i) => i.food);
  const dish = pool.filter((i) => i.price <= credits * DISH_SHARE).at(-1) ?? pool.find((i) => i.price <= credits) ?? pool[0];
  return dish ?? byPrice.filter((i) => !i.food && i.price <= credits * GOODS_SHARE).at(-1) ?? byPrice[0] ?? null;
}

export class Economy {
  readonly jobs: Job[];
  readonly items: ShopItem[];
  /** What the map left out and the defaults stand in for. */
  readonly notes: string[] = [];
  state: EconomyState = newEconomyState();
  /** Events since the last drain (the step's result hands them to the feed). */
  private fresh: EconomyEvent[] = [];
  /** A pulse round that finished since the last drain (with a remote brain, a step or more after it began). */
  private freshRound: PulseRound | null = null;

  /** Jobs by id, by staff member (persona id) and by reference, and items by id and by shop, so a lookup does not read every job or item of a big town. */
  private readonly jobIds = new Map<number, Job>();
  private readonly jobOfStaff = new Map<string, Job>();
  /** "title at sector" and "title @ sector" (folded) → the first job so named; folded title → the jobs of that title. */
  private readonly jobByRef = new Map<string, Job>();
  private readonly jobsByTitle = new Map<string, Job[]>();
  private readonly itemIds = new Map<number, ShopItem>();
  private readonly itemsBySector = new Map<string, ShopItem[]>();
  /** Persona id → credits a day it pays in rent and bills, and where. */
  private readonly rents = new Map<string, { home: string; credits: number }>();

  constructor(world: WorldModel, personas: readonly PersonaSpec[]) {
    // Rent and bills: every resident pays its home's rate, but a student living with family (a home where someone is not a student) pays nothing.
    const isStudent = (p: PersonaSpec) => p.occupation?.title === 'student';
    let implied = 0;
    for (const p of personas) {
      const home = world.sectors.find((s) => s.name === p.household);
      if (!home) continue;
      const family = personas.some((o) => o.household === p.household && !isStudent(o));
      const rate = world.rents[home.name] ?? (home.kind === 'home' ? DEFAULT_RENT : 0);
      if (world.rents[home.name] === undefined && rate > 0) implied++;
      this.rents.set(p.id, { home: home.name, credits: isStudent(p) && family ? 0 : rate });
    }
    if (implied > 0) this.notes.push(`${implied} resident(s) live in homes without a "rent" property: ${DEFAULT_RENT} credits a day`);

    this.jobs = world.jobs.map((j) => ({ ...j, staff: [], implied: false }));
    for (const p of personas) {
      const o = p.occupation;
      if (!o || o.title === 'student') continue;
      let job = this.jobs.find((j) => j.sector === o.workplace && key(j.title) === key(o.title));
      if (!job && world.declared.jobs.has(o.workplace)) {
        const there = this.jobs.filter((j) => j.sector === o.workplace).map((j) => j.title);
        throw new Error(`Persona ${p.id} works as "${o.title}" at ${o.workplace}, but map "${world.name}" lists no such job there (its "jobs" property has: ${there.join(', ') || 'none'})`);
      }
      if (!job) {
        job = { id: this.jobs.length + 1, title: o.title, sector: o.workplace, arena: o.arena, wage: DEFAULT_WAGE, slots: 0, start: o.start, end: o.end, staff: [], implied: true };
        this.jobs.push(job);
        this.notes.push(`${o.title} at ${o.workplace}: not on the map, implied (${DEFAULT_WAGE} credits)`);
      }
      job.staff.push(p.id);
      if (job.implied) job.slots = job.staff.length;
    }
    for (const j of this.jobs) {
      if (j.staff.length > j.slots) throw new Error(`Map "${world.name}", sector "${j.sector}": the job "${j.title}" has ${j.slots} slot(s) a day but ${j.staff.length} residents work it (${j.staff.join(', ')})`);
    }
    for (const j of this.jobs) {
      if (!this.jobIds.has(j.id)) this.jobIds.set(j.id, j);
      for (const id of j.staff) if (!this.jobOfStaff.has(id)) this.jobOfStaff.set(id, j);
      for (const ref of [key(`${j.title} at ${j.sector}`), key(`${j.title} @ ${j.sector}`)]) if (!this.jobByRef.has(ref)) this.jobByRef.set(ref, j);
      const titled = this.jobsByTitle.get(key(j.title));
      if (titled) titled.push(j);
      else this.jobsByTitle.set(key(j.title), [j]);
    }
    this.items = shopItems(world);
    for (const i of this.items) {
      if (!this.itemIds.has(i.id)) this.itemIds.set(i.id, i);
      const sold = this.itemsBySector.get(i.sector);
      if (sold) sold.push(i);
      else this.itemsBySector.set(i.sector, [i]);
    }
    for (const s of world.sectors) if (PLACE_KINDS[s.kind].items.length > 0 && !world.declared.items.has(s.name)) this.notes.push(`${s.name}: no items on the map, sells the defaults of a ${s.kind}`);
  }

  /** What a persona pays a day in rent and bills, and for which home (0: nothing, e.g. a student living with family). */
  rentOf(personaId: string): { home: string; credits: number } {
    return this.rents.get(personaId) ?? { home: '', credits: 0 };
  }

  /** The job a persona's occupation is, or null (students, no occupation). */
  jobOf(personaId: string): Job | null {
    return this.jobOfStaff.get(personaId) ?? null;
  }

  jobById(id: number): Job | undefined {
    return this.jobIds.get(id);
  }

  /** "library assistant at Hamlet College", "#12", or a title only one job has. */
  findJob(ref: string): Job | undefined {
    const r = key(ref);
    const id = /^#?(\d+)$/.exec(r);
    if (id) return this.jobById(Number(id[1]));
    const at = this.jobByRef.get(r);
    if (at) return at;
    const titled = this.jobsByTitle.get(r);
    return titled?.length === 1 ? titled[0] : undefined;
  }

  itemsAt(sector: string): ShopItem[] {
    return [...(this.itemsBySector.get(sector) ?? [])];
  }

  itemById(id: number): ShopItem | undefined {
    return this.itemIds.get(id);
  }

  /** Sectors that sell something. */
  shops(): string[] {
    return [...new Set(this.items.map((i) => i.sector))];
  }

  /** Today's counters, reset when the day changed. */
  private today(now: number): EconomyState {
    const day = Math.floor(now / DAY);
    if (this.state.day !== day) {
      this.state.day = day;
      this.state.filled = {};
      this.state.sales = {};
    }
    return this.state;
  }

  filledToday(job: Job, now: number): string[] {
    return this.today(now).filled[job.id] ?? [];
  }

  freeSlots(job: Job, now: number): number {
    return job.slots - this.filledToday(job, now).length;
  }

  /** Slots others may take today: those beyond the job's own staff, less the ones others took. */
  openSlots(job: Job, now: number): number {
    const others = this.filledToday(job, now).filter((id) => !job.staff.includes(id)).length;
    return job.slots - job.staff.length - others;
  }

  salesToday(now: number): Record<string, number> {
    return this.today(now).sales;
  }

  recordCheckIn(job: Job, personaId: string, now: number): void {
    const t = this.today(now);
    (t.filled[job.id] ??= []).push(personaId);
  }

  recordSale(item: ShopItem, now: number): void {
    const t = this.today(now);
    t.sales[item.sector] = (t.sales[item.sector] ?? 0) + 1;
  }

  report(e: EconomyEvent): void {
    this.fresh.push(e);
    this.state.events.push(e);
    if (this.state.events.length > MAX_EVENTS) this.state.events.splice(0, this.state.events.length - MAX_EVENTS);
  }

  /** A round finished (runPulse): kept as the last round and handed out with the step's result. */
  finishRound(round: PulseRound): void {
    this.state.lastRound = round;
    if (round.skipped) this.state.skippedRounds++;
    this.freshRound = round;
  }

  /** The round that finished since the last call, or null. */
  drainRound(): PulseRound | null {
    const r = this.freshRound;
    this.freshRound = null;
    return r;
  }

  /** Events since the last call. */
  drainEvents(): EconomyEvent[] {
    const out = this.fresh;
    this.fresh = [];
    return out;
  }

  /** Sample everyone's credits (once per game hour; today's and yesterday's samples are kept). */
  sample(now: number, credits: number[]): void {
    const h = this.state.history;
    const last = h[h.length - 1];
    if (last && Math.floor(last[0] / HOUR) === Math.floor(now / HOUR)) return;
    h.push([now, credits]);
    if (h.length > 48) h.splice(0, h.length - 48);
  }

  /** Put a snapshot's state back (it is plain data). */
  restore(state: EconomyState): void {
    this.state = structuredClone(state);
    this.fresh = [];
    this.freshRound = null;
  }
}
