import type { ConversationRecord } from '../context';
import type { StepResult } from '../simulation';
import type { WorldModel } from '../world/types';

/** One persona's brush with the event: when it first heard of it and from whom. */
interface Heard {
  name: string;
  time: number;
  from: string;
}

interface Invitation {
  time: number;
  from: string;
  to: string;
  accepted: boolean | null;
}

interface EventWatch {
  /** Words that identify the event in talk, e.g. /valentine/i. */
  topic: RegExp;
  /** Who came up with it (the whispered persona): counted as knowing from the start. */
  host: string;
  sector: string;
  /** Game time the event starts and ends (ms). */
  start: number;
  end: number;
}

const INVITE = /\b(would you like to come|want to come|you should come|join (?:us|me)|come (?:to|by)|invite you|you're invited|you are invited)\b/i;
const ACCEPTS = /\b(I'd love to|I would love to|I'll be there|I will be there|count me in|wouldn't miss it|sounds (?:great|lovely|wonderful|fun)|see you there|I'll come|I will come|of course)\b/i;

/**
 * Watches a run for the spread of one event (Smallville's information diffusion measure): who heard of
 * it from whom and when (a persona hears it when a line mentioning it is said to it in a
 * conversation), who was invited (a line mentioning it that asks the other along) and who was in
 * the event's sector while it ran. Reads step results only: it never changes the town.
 */
export class EventTracker {
  readonly heard = new Map<string, Heard>();
  readonly invitations: Invitation[] = [];
  /** Persona name → steps spent in the sector while the event ran. */
  readonly present = new Map<string, number>();
  /** Names in the sector at the first step at least 30 minutes into the event. */
  snapshotAt: { time: number; names: string[] } | null = null;
  /** When the host first stood in the sector, from an hour before the start on (null: never). */
  hostArrived: number | null = null;
  /** The most guests standing on one tile of the sector (there the step before too: not walking through) from 30 minutes into the event to its end. */
  maxPerTile = 0;
  private lastTile = new Map<string, number>();
  /** Guests still in the sector 30 minutes after the end. */
  lingering: string[] | null = null;

  constructor(
    private readonly world: WorldModel,
    private readonly watch: EventWatch,
  ) {}

  observe(r: StepResult): void {
    for (const c of r.conversations) this.observeConversation(c);
    const w = this.watch;
    if (r.time < w.start - 60 * 60_000 || r.time > w.end + 30 * 60_000) return;
    const names: string[] = [];
    const perTile = new Map<number, number>();
    for (const f of r.personas) {
      const i = f.tile.y * this.world.width + f.tile.x;
      const s = this.world.sectorAt[i];
      if (s === undefined || s < 0 || this.world.sectors[s]?.name !== w.sector) continue;
      names.push(f.name);
      if (f.name === w.host) this.hostArrived ??= r.time;
      else if (this.lastTile.get(f.name) === i) perTile.set(i, (perTile.get(i) ?? 0) + 1);
    }
    for (const f of r.personas) this.lastTile.set(f.name, f.tile.y * this.world.width + f.tile.x);
    if (r.time >= w.end + 30 * 60_000) this.lingering ??= names.filter((n) => n !== w.host);
    if (r.time < w.start || r.time >= w.end) return;
    for (const n of names) this.present.set(n, (this.present.get(n) ?? 0) + 1);
    if (r.time >= w.start + 30 * 60_000) this.maxPerTile = Math.max(this.maxPerTile, ...perTile.values(), 0);
    if (!this.snapshotAt && r.time >= w.start + 30 * 60_000) this.snapshotAt = { time: r.time, names };
  }

  private observeConversation(c: ConversationRecord): void {
    const [a, b] = c.participants;
    let pending: Invitation | null = null;
    for (const line of c.lines) {
      const listener = line.speaker === a ? b : a;
      if (pending && line.speaker === pending.to) {
        pending.accepted = ACCEPTS.test(line.text) && !/\b(can't|cannot|won't|sorry)\b/i.test(line.text);
        pending = null;
      }
      if (!this.watch.topic.test(line.text)) continue;
      if (listener !== this.watch.host && !this.heard.has(listener)) this.heard.set(listener, { name: listener, time: c.time, from: line.speaker });
      if (INVITE.test(line.text)) {
        pending = { time: c.time, from: line.speaker, to: listener, accepted: null };
        this.invitations.push(pending);
      }
    }
  }

  /** Distinct personas invited at least once. */
  get invited(): string[] {
    return [...new Set(this.invitations.map((i) => i.to))];
  }

  /** Personas (other than the host) who spent at least `minMinutes` in the sector during the event. */
  attendees(stepSeconds: number, minMinutes = 15): string[] {
    return [...this.present].filter(([n, steps]) => n !== this.watch.host && (steps * stepSeconds) / 60 >= minMinutes).map(([n]) => n);
  }
}
