/**
 * Persona context as prompt text. Every helper returns a non-empty string: an empty list becomes
 * "(none)" or a sentence saying so, because a blank in a prompt reads as a broken prompt to a model.
 */
import type { Persona } from '../sim/persona/persona';
import type { ChatLine, ConceptNode } from '../sim/persona/memory';
import type { ScheduleItem } from '../sim/persona/scratch';
import { DAY, HOUR, MINUTE, dayStart, formatAmPm, formatDate, formatDateTime, minuteOfDay, parseHHMM } from '../sim/clock';
import { commitmentPhrase, SEEKING } from '../sim/cognition/commitments';
import { bearingOn, PACKED_RECALLS, withoutStep } from '../sim/cognition/bearing';
import { mapAddressOf, type ActionAddress } from '../sim/world/actionAddress';

const NONE = '(none)';

/** Smallville's identity stable set with today's date. */
export function identityOf(p: Persona, now: number): string {
  return p.identity(formatDate(now));
}

/** The persona's upcoming timed plans (hosting or going to something), one per line, or a note that there are none. */
export function upcomingPlans(p: Persona, now: number, name = p.name): string {
  const upcoming = upcomingOf(p, now);
  if (upcoming.length === 0) return `${name} has no special plans coming up.`;
  return `${name}'s plans coming up:\n${upcoming.map((c) => `- ${commitmentPhrase(c)}${c.host || c.source === 'whisper' || c.source === SEEKING ? '' : ` (invited by ${c.source})`}`).join('\n')}`;
}

/** "7:00 am" for an hour of the day (0–23). */
export function hourLabel(hour: number): string {
  return formatAmPm(hour * HOUR);
}

/** "1:35 pm" for a minute of the day; 1440 reads as "12:00 am". */
function minuteLabel(minute: number): string {
  return formatAmPm((minute % 1440) * MINUTE);
}

/** "a, b, c", or "(none)". */
export function commaList(items: readonly string[]): string {
  return items.length > 0 ? items.join(', ') : NONE;
}

/** Options one per line ("- Hartwell House"), verbatim, so names with punctuation stay unambiguous. */
export function optionList(options: readonly string[]): string {
  return options.length > 0 ? options.map((o) => `- ${o}`).join('\n') : NONE;
}

/** "1. …\n2. …", numbered from 1 (insights cite these numbers). */
export function numbered(statements: readonly string[], empty = NONE): string {
  return statements.length > 0 ? statements.map((s, i) => `${i + 1}. ${s}`).join('\n') : empty;
}

/** Memories as numbered statements. */
export function memoryStatements(nodes: readonly ConceptNode[], empty = NONE): string {
  return numbered(
    nodes.map((n) => n.description),
    empty,
  );
}

/** "Name: line" per line. */
export function transcript(convo: readonly ChatLine[], empty = '(nothing has been said yet)'): string {
  return convo.length > 0 ? convo.map((l) => `${l.speaker}: ${l.text}`).join('\n') : empty;
}

/** The hourly activities chosen so far (index = hour), runs merged: "7:00 am – 9:00 am: working at the pharmacy". */
export function scheduleSoFar(previous: readonly string[]): string {
  const lines: string[] = [];
  for (let h = 0; h < previous.length; ) {
    let end = h + 1;
    while (end < previous.length && previous[end] === previous[h]) end++;
    lines.push(`${hourLabel(h)} – ${hourLabel(end)}: ${previous[h]}`);
    h = end;
  }
  return lines.length > 0 ? lines.join('\n') : '(nothing yet: this is the first hour of the day)';
}

/** A minute-level schedule as time ranges from midnight (or `startMinute`): "9:00 am – 12:00 pm: working at the pharmacy". */
export function scheduleBlocks(items: readonly ScheduleItem[], startMinute = 0): string {
  let start = startMinute;
  const lines = items.map(([task, minutes]) => {
    const line = `${minuteLabel(start)} – ${minuteLabel(start + minutes)}: ${task}`;
    start += minutes;
    return line;
  });
  return lines.length > 0 ? lines.join('\n') : '(no schedule yet)';
}

/** When a block of the day's hourly schedule happens: "from 9:00 am to 12:00 pm", or "today" if it isn't there. */
export function taskWindow(items: readonly ScheduleItem[], task: string): string {
  let start = 0;
  for (const [t, minutes] of items) {
    if (t === task) return `from ${minuteLabel(start)} to ${minuteLabel(start + minutes)}`;
    start += minutes;
  }
  return 'today';
}

/** The daily plan, numbered "1) wake up … at 7:00 am". */
export function dailyPlanText(items: readonly string[]): string {
  return items.length > 0 ? items.map((s, i) => `${i + 1}) ${s}`).join('\n') : NONE;
}

/** "pharmacist at Willow Grocery & Pharmacy (pharmacy), Mon, Tue, Wed, Thu, Fri, 9:00 am to 5:30 pm". */
export function workText(p: Persona): string {
  const o = p.spec.occupation;
  if (!o) return 'no regular job';
  return `${o.title} at ${o.workplace} (${o.arena}), ${o.days.join(', ')}, ${minuteLabel(parseHHMM(o.start))} to ${minuteLabel(parseHHMM(o.end))}`;
}

/** The places a persona knows best, one a line, home and workplace marked: "- Patel House (home)". */
export function ownPlacesText(p: Persona): string {
  const places = p.ownPlaces();
  if (places.length === 0) return NONE;
  return places.map((s) => `- ${s}${s === p.spec.household ? ' (home)' : s === p.spec.occupation?.workplace ? ' (work)' : ''}`).join('\n');
}

/** The sector an action happens in (null with a person, on a tile, or in the street). */
function sectorOf(address: ActionAddress | null): string | null {
  return address ? (mapAddressOf(address)?.sector ?? null) : null;
}

/** Where the persona is now, by its current action's sector; home if it has none. */
export function currentSector(p: Persona): string {
  return sectorOf(p.scratch.actAddress) ?? p.spec.household;
}

/** "in the kitchen at Hartwell House", "chatting with Tom Hartwell", "somewhere in town". */
export function placeOf(address: ActionAddress | null): string {
  switch (address?.kind) {
    case undefined:
    case 'tile':
      return 'somewhere in town';
    case 'persona':
      return `chatting with ${address.name}`;
    case 'waiting':
      return 'waiting nearby';
    case 'place':
    case 'random': {
      const { sector, arena } = address.kind === 'random' ? address.place : address;
      if (arena) return `in the ${arena} at ${sector}`;
      return sector ? `at ${sector}` : 'somewhere in town';
    }
  }
}

/** "kitchen in Hartwell House" for "world:Hartwell House:kitchen", or a "Sector:arena" living area. */
export function arenaText(address: string): string {
  const parts = address.split(':');
  const [sector, arena] = parts.length >= 3 ? [parts[1], parts[2]] : [parts[0], parts[1]];
  return arena ? `${arena} in ${sector}` : (sector ?? '');
}

/** What the persona is doing, for "X is …" sentences. */
export function activityOf(p: Persona): string {
  return p.scratch.actDescription ?? 'idle';
}

/** The speaker's own note about the other from its persona file (relationships). */
export function relationshipText(self: Persona, other: Persona): string {
  const r = self.spec.relationships.find((x) => x.id === other.id);
  return r ? `${self.name} on ${other.name} (${r.kind}): ${r.note}` : `${self.name} has no particular relationship with ${other.name}.`;
}

/** When they last talked and about what (Smallville's "last chat" context). */
export function lastChatText(self: Persona, other: Persona): string {
  const last = self.memory.lastChatWith(other.name);
  return last ? `${self.name} last talked with ${other.name} on ${formatDateTime(last.created)}: ${last.description}.` : `${self.name} has not talked with ${other.name} recently.`;
}

/** The registry brain's options: "- EAT: have a meal …", with "targets: A; B" when the action takes one. */
export function actionOptions(options: readonly { id: string; description: string; targets: readonly string[] }[]): string {
  return options.map((o) => `- ${o.id}: ${o.description}${o.targets.length > 0 ? `\n    targets: ${o.targets.join('; ')}` : ''}`).join('\n');
}

/** The identity in brief (name, age, traits, currently): a conversation prompt carries two of them. */
export function briefIdentityOf(p: Persona): string {
  return `${p.name}, ${p.spec.age}: ${p.spec.innate}. Currently: ${p.currently}`;
}

/** "Quinn Cottage: bedroom (bed, wardrobe); kitchen (stove)", or the area alone when no parts are offered. */
function placeLine(pl: { sector: string; arenas: readonly { arena: string; objects: readonly string[] }[] }): string {
  return `- ${pl.sector}${pl.arenas.length > 0 ? `: ${pl.arenas.map((a) => (a.objects.length > 0 ? `${a.arena} (${a.objects.join(', ')})` : a.arena)).join('; ')}` : ''}`;
}

/**
 * The places a packed action call offers, in two parts: `known`, every area the persona knows, one
 * per line, with the parts (objects) of its home, workplace and haunts ("- Quinn Cottage: bedroom
 * (bed, wardrobe); kitchen (stove)") and the others by name: the same from call to call while the
 * persona's spatial memory is, so it belongs to the prompt's stable part; `more`, the parts of the
 * other areas offered this time (where the persona is, an area an action names), or "".
 */
export function placesOffered(p: Persona, places: readonly { sector: string; arenas: readonly { arena: string; objects: readonly string[] }[]; unlisted?: boolean }[]): { known: string; more: string } {
  if (places.length === 0) return { known: NONE, more: '' };
  const own = new Set([p.spec.household, p.spec.occupation?.workplace, ...p.spec.haunts]);
  const more = places.filter((pl) => pl.arenas.length > 0 && !own.has(pl.sector));
  return {
    known: places.map((pl) => placeLine(own.has(pl.sector) ? pl : { sector: pl.sector, arenas: [] })).join('\n'),
    more: more.length > 0 ? `Parts of other areas:\n${more.map(placeLine).join('\n')}\n\n` : '',
  };
}

/**
 * How a packed conversation prompt calls the two after their identities have named them in full:
 * by first name, unless both have the same one.
 */
export function pairNames(a: Persona, b: Persona): [string, string] {
  return a.firstName !== b.firstName ? [a.firstName, b.firstName] : [a.name, b.name];
}

/**
 * What a persona recalls that bears on a conversation with `other` (`bearingOn`), as the packed
 * conversation prompt shows it, each fact in as few words as says it: a sighting without the step
 * of the activity ("Tom is repairing the fence", not "… (fetching nails)"), each sighting once, and
 * not the one the prompt's situation line says (what the other is doing now); the persona's plan for
 * today as "Nora's plan for today: …"; the pair by first name (`pairNames`).
 */
export function recallsFor(nodes: readonly ConceptNode[], self: Persona, other: Persona, now: number): string {
  const [mine, theirs] = pairNames(self, other);
  const current = `${other.name} is ${activityOf(other)}`;
  const today = formatDate(now);
  const seen = new Set<string>();
  const lines: string[] = [];
  for (const n of bearingOn(nodes, self, other)) {
    if (lines.length >= PACKED_RECALLS) break;
    if (n.type === 'event' && n.description === current) continue;
    let text = withoutStep(n, n.description);
    const plan = /^This is (.+?)'s plan for (.+?): /.exec(text);
    if (plan && plan[1] === self.name && plan[2] === today) text = `${self.name}'s plan for today: ${text.slice(plan[0].length)}`;
    if (mine !== self.name) text = text.split(self.name).join(mine).split(other.name).join(theirs);
    if (seen.has(text)) continue;
    seen.add(text);
    lines.push(text);
  }
  return numbered(lines, '(nothing in particular)');
}

/**
 * What a conversation prompt says about the pair, only what there is: each side's note on the other,
 * when they last talked, each side's upcoming plans; one line when there is nothing. The two are
 * called as `pairNames` calls them (their identities, above it, name them in full).
 */
export function pairContext(a: Persona, b: Persona, now: number): string {
  const [na, nb] = pairNames(a, b);
  const called = (p: Persona) => (p === a ? na : nb);
  const lines: string[] = [];
  for (const [x, y] of [
    [a, b],
    [b, a],
  ] as const) {
    const r = x.spec.relationships.find((rel) => rel.id === y.id);
    if (r) lines.push(`${called(x)} on ${called(y)} (${r.kind}): ${r.note}`);
  }
  const last = a.memory.lastChatWith(b.name);
  if (last) lines.push(`${na} and ${nb} last talked ${dayStart(last.created) === dayStart(now) ? `today at ${formatAmPm(last.created)}` : `on ${formatDateTime(last.created)}`}: ${last.description}.`);
  for (const x of [a, b]) if (upcomingOf(x, now).length > 0) lines.push(upcomingPlans(x, now, called(x)));
  if (lines.length > 0) return lines.join('\n');
  return `${na} and ${nb} have no particular relationship, have not talked recently and have no special plans coming up.`;
}

/** The persona's commitments that have not ended yet. */
function upcomingOf(p: Persona, now: number) {
  const today = Math.floor(dayStart(now) / DAY);
  return p.commitments.filter((c) => c.day > today || (c.day === today && c.start + c.minutes > minuteOfDay(now)));
}

/**
 * Each side's plan ahead on one line, the steps of one activity ("task (step)", as decomposition
 * names them) grouped with their minutes: "Ann Test, until 5:00 pm: 12:16 pm working (filing 44, calls
 * 60 min); 2:00 pm lunch"; a note when none.
 */
export function plansAhead(ahead: readonly { persona: Persona; from: number; until: number; items: readonly ScheduleItem[] }[], nameOf: (p: Persona) => string = (p) => p.name): string {
  if (ahead.length === 0) return '(none to re-plan: give "after": [])';
  return ahead
    .map((a) => {
      let t = a.from;
      const groups: { start: number; base: string; steps: string[] }[] = [];
      for (const [task, minutes] of a.items) {
        const m = /^(.*\S) \(([^()]+)\)$/.exec(task);
        const [base, step] = m ? [m[1] ?? task, m[2] ?? ''] : [task, ''];
        const last = groups.at(-1);
        if (step && last && last.base === base && last.steps.length > 0) last.steps.push(`${step} ${minutes}`);
        else groups.push({ start: t, base, steps: step ? [`${step} ${minutes}`] : [] });
        t += minutes;
      }
      // The steps' minutes, "min" once: "(filing 44, calls 60 min)".
      const items = groups.map((g) => `${minuteLabel(g.start)} ${g.base}${g.steps.length > 0 ? ` (${g.steps.join(', ')} min)` : ''}`);
      return `${nameOf(a.persona)}, until ${minuteLabel(a.until)}: ${items.join('; ')}`;
    })
    .join('\n');
}
