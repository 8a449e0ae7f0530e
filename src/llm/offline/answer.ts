import type { Persona } from '../../sim/persona/persona';
import type { ConceptNode } from '../../sim/persona/memory';
import { isExpired } from '../../sim/persona/memory';
import { DAY, dayStart, minuteOfDay, parseHHMM, weekdayOf } from '../../sim/clock';
import { hashString } from '../../sim/rng';
import { parseLifestyle } from './lifestyle';
import { clockOf, firstPerson, listOf, lowerFirst, sentence, sentences, toldBy } from './voice';
import type { Commitment } from '../../sim/persona/commitment';
import { extractNews } from '../../sim/cognition/converse';
import { placeOf, SEEKING } from '../../sim/cognition/commitments';
import { byCodeUnits } from '../../sim/order';
import { at, defined } from '../../sim/checked';

/**
 * The offline brain answering a question in character (interviews, and the player's chat turns):
 * it recognises what is asked and answers in the first person from the persona's own state — its
 * schedule, commitments, relationships, conversations and the memories retrieved for the question —
 * and says it does not know when none of these holds anything on it. Pure and deterministic: the
 * same persona state and question give the same answer.
 */

interface AnswerInput {
  persona: Persona;
  question: string;
  /** Memories retrieved for the question, most relevant first. */
  memories: ConceptNode[];
  /** Game time (ms). */
  now: number;
  /** The town's residents, id → full name (to name relations and recognise whom a question is about). */
  people: ReadonlyMap<string, string>;
}

type QuestionKind = 'doing-now' | 'today' | 'work' | 'home' | 'hours' | 'age' | 'about-self' | 'relation' | 'person' | 'event' | 'plans' | 'topic';

const STOP = new Set(
  'a an the and or but of to in on at for with about from by is are am was were be been being do does did done have has had will would can could should shall may might must you your yours yourself i me my mine we our us it its this that these those there here what whats who whom whose which when where why how think feel know tell say said going go come coming get got any some anything something much many more most really just very like please along going coming today tonight tomorrow morning afternoon evening night now right later day week up out so if not no yes'.split(
    ' ',
  ),
);

/** The content words of a question (lower case, apostrophes dropped), e.g. "valentines", "party". */
export function topicWords(question: string): string[] {
  return [...new Set((question.toLowerCase().replace(/['’]s\b/g, '').replace(/['’]/g, '').match(/[a-zà-ÿ0-9-]+/g) ?? []).filter((w) => w.length > 2 && !STOP.has(w)))];
}


const stem = (w: string) => w.replace(/(ing|ed|es|s)$/, '').slice(0, 6);

/** How many of the topic words a text mentions (by stem). */
function overlap(text: string, words: string[]): number {
  const stems = new Set((text.toLowerCase().replace(/['’]/g, '').match(/[a-zà-ÿ0-9-]+/g) ?? []).map(stem));
  return words.filter((w) => stems.has(stem(w))).length;
}

/** Memories that say nothing a person would recall when asked. */
const NOISE = /\bis idle\b|^This is .*'s plan for/;

export interface Window {
  /** Days from today. */
  day: number;
  from: number;
  to: number;
  /** How the question put it ("this evening", "at 3:00 pm"). */
  label: string;
}

const WEEKDAY_NAMES = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/** "Tuesday" for day 2 of the week (0 = Sunday, as `Date.getUTCDay`). */
function weekdayName(day: number): string {
  return at(WEEKDAY_NAMES, day, 'weekday').replace(/^./, (x) => x.toUpperCase());
}

/** The stretch of time a question asks about, if it names one. */
export function timeWindow(q: string, now: number): Window | null {
  const t = q.toLowerCase();
  const nowMin = minuteOfDay(now);
  let day = 0;
  let dayLabel = 'today';
  if (/\btomorrow\b/.test(t)) {
    day = 1;
    dayLabel = 'tomorrow';
  } else {
    const wd = WEEKDAY_NAMES.findIndex((d) => new RegExp(`\\b${d}\\b`).test(t));
    if (wd >= 0) {
      day = (wd - new Date(now).getUTCDay() + 7) % 7;
      dayLabel = day === 0 ? 'today' : `on ${weekdayName(wd)}`;
    } else if (/\b(this )?weekend\b/.test(t)) {
      day = (6 - new Date(now).getUTCDay() + 7) % 7;
      dayLabel = 'at the weekend';
    }
  }
  const at = /\bat (\d{1,2})(?::(\d\d))?\s*(?:([ap])\.?\s?m\b|o'?clock)?/.exec(t);
  if (at && (at[3] || /o'?clock/.test(at[0]) || Number(at[1]) > 12)) {
    let h = Number(at[1]) % 12;
    if (at[3] === 'p' || (!at[3] && Number(at[1]) > 12)) h += 12;
    if (!at[3] && Number(at[1]) <= 12 && Number(at[1]) >= 1 && Number(at[1]) < 7) h += 12; // "at 3 o'clock" means the afternoon
    if (Number(at[1]) > 12) h = Number(at[1]);
    const m = h * 60 + Number(at[2] ?? 0);
    return { day, from: m, to: m + 1, label: `${day === 0 ? '' : `${dayLabel} `}at ${clockOf(m)}` };
  }
  const part = /\b(this )?morning\b/.test(t) ? ([6 * 60, 12 * 60, 'morning'] as const) : /\bafternoon\b/.test(t) ? ([12 * 60, 18 * 60, 'afternoon'] as const) : /\b(evening|tonight)\b/.test(t) ? ([18 * 60, 24 * 60, 'evening'] as const) : null;
  if (part) {
    const label = day === 0 ? (part[2] === 'evening' && /tonight/.test(t) ? 'tonight' : `this ${part[2]}`) : `${dayLabel} ${part[2]}`;
    return { day, from: part[0], to: part[1], label };
  }
  if (day > 0) return { day, from: 0, to: 24 * 60, label: dayLabel };
  if (/\b(later|next|after this|after that|the rest of (the|your) day)\b/.test(t)) return { day: 0, from: nowMin, to: Math.min(24 * 60, nowMin + 240), label: 'later' };
  if (/\btoday\b/.test(t)) return { day: 0, from: 0, to: 24 * 60, label: 'today' };
  return null;
}

/** A schedule task without its subtask, and without "at home" (said as "at home" only when it helps). */
function parentTask(task: string): string {
  return task.replace(/ \([^()]*\)$/, '');
}

/** Today's schedule as [start minute, task] rows, runs of the same task merged. */
function scheduleRows(p: Persona): { start: number; end: number; task: string }[] {
  const rows: { start: number; end: number; task: string }[] = [];
  let t = 0;
  for (const [task, minutes] of p.scratch.fDailySchedule) {
    const parent = parentTask(task);
    const last = rows[rows.length - 1];
    if (last && last.task === parent) last.end = t + minutes;
    else rows.push({ start: t, end: t + minutes, task: parent });
    t += minutes;
  }
  return rows;
}

/** The schedule's task at this time (what the persona would be doing, were it not talking). */
export function taskNow(p: Persona, now: number): string | null {
  const m = minuteOfDay(now);
  return scheduleRows(p).find((r) => r.start <= m && r.end > m)?.task ?? null;
}

const today = (now: number) => Math.floor(dayStart(now) / DAY);

/** "going to the party", "going fishing", "helping" (a favour). */
function goingTo(c: Commitment): string {
  if (c.source === SEEKING || /^helping\b/.test(c.event)) return c.event;
  return c.event.startsWith('the ') ? `going to ${c.event}` : `going ${c.event}`;
}

function eventName(c: Commitment): string {
  return c.event.replace(/^the /, '');
}

export function whenOf(c: Commitment, now: number): string {
  const d = c.day - today(now);
  const day = d === 0 ? 'today' : d === 1 ? 'tomorrow' : `on ${weekdayName(new Date(c.day * DAY).getUTCDay())}`;
  return `${day} at ${clockOf(c.start)}`;
}

function whoInvited(c: Commitment, people: ReadonlyMap<string, string>): string {
  const others = (c.with ?? []).map((n) => n.split(' ')[0] ?? n);
  if (c.source === SEEKING) return '';
  if (c.host || c.source === 'whisper') return others.length > 0 ? ` I'm asking ${listOf(others)} along.` : '';
  const first = [...people.values()].includes(c.source) ? c.source.split(' ')[0] : c.source;
  return ` ${first} invited me.`;
}

/** " with Marcus": the people a plan named, or the resident who invited one to it. */
function withWhom(c: Commitment, people: ReadonlyMap<string, string>): string {
  const names = c.with?.length ? c.with : c.host || !([...people.values()] as string[]).includes(c.source) ? [] : [c.source];
  return names.length > 0 ? ` with ${listOf(names.map((n) => n.split(' ')[0] ?? n))}` : '';
}

/** Upcoming (or running) commitments, soonest first. */
export function upcoming(p: Persona, now: number): Commitment[] {
  const d = today(now);
  const m = minuteOfDay(now);
  return p.commitments.filter((c) => c.day > d || (c.day === d && c.start + c.minutes > m)).sort((a, b) => a.day - b.day || a.start - b.start);
}

function pick<T>(p: Persona, question: string, options: readonly T[]): T {
  return at(options, hashString(`${p.id}|${question}`) % options.length, 'answer option');
}

function sayTask(task: string): string {
  return task.replace(/^(hosting|going to) /, (m) => (m.startsWith('hosting') ? 'hosting ' : 'going to '));
}

// --- the kinds of question -------------------------------------------------------------------

export function answerDoingNow(p: Persona): string {
  const d = p.scratch.actDescription;
  if (p.scratch.chattingWith) return `Right now I'm talking with ${p.scratch.chattingWith.split(' ')[0]}.`;
  if (!d) return `Right now I'm taking it easy.`;
  const m = /^(.*) \(([^()]*)\)$/.exec(d);
  return m ? `Right now I'm ${m[1]} — ${m[2]}.` : `Right now I'm ${d}.`;
}

export function answerPlans(p: Persona, w: Window, now: number, people: ReadonlyMap<string, string>): string {
  const nowMin = minuteOfDay(now);
  const past = w.day === 0 && w.to <= nowMin;
  if (w.day === 0) {
    // "Today" in the future tense is the rest of today; chats in the schedule are not plans.
    const from = w.label === 'today' ? Math.max(w.from, nowMin) : w.from;
    const rows = scheduleRows(p).filter((r) => r.end > from && r.start < w.to && !/^conversing\b/.test(r.task));
    const awake = rows.filter((r) => r.task !== 'sleeping');
    const shown = awake.length > 0 ? awake : rows;
    if (shown.length === 0) return `I haven't planned ${w.label} yet, to be honest.`;
    const parts = shown.slice(0, 4).map((r, i) => (w.to - w.from <= 1 ? sayTask(r.task) : `${i === 0 && r.start <= from ? '' : `at ${clockOf(Math.max(r.start, from))} `}${sayTask(r.task)}`.trim()));
    const lead = w.label.startsWith('at') ? `${w.label.replace(/^./, (x) => x.toUpperCase())}` : w.label.replace(/^./, (x) => x.toUpperCase());
    if (past) return sentence(`${lead} I was ${listOf(parts)}`);
    return sentence(`${lead} I'll be ${listOf(parts)}`);
  }
  const day = today(now) + w.day;
  const fixed = p.commitments.filter((c) => c.day === day && c.start + c.minutes > w.from && c.start < w.to).sort((a, b) => a.start - b.start);
  const out: string[] = fixed.map((c) => `I'm ${c.host ? `hosting ${c.event}` : goingTo(c)} at ${placeOf(c)} at ${clockOf(c.start)}.${whoInvited(c, people)}`);
  const job = p.spec.occupation;
  const date = (today(now) + w.day) * DAY;
  if (job && (job.days as readonly string[]).includes(weekdayOf(date))) {
    const s = parseHHMM(job.start);
    const e = parseHHMM(job.end);
    if (s < w.to && (e > w.from || e < s)) out.push(`I'm at ${job.workplace} from ${clockOf(s)} to ${clockOf(e % (24 * 60))}, as usual.`);
  }
  if (out.length === 0) return `${w.label.replace(/^./, (x) => x.toUpperCase())}? Nothing fixed yet — I'll see when the day comes.`;
  return `${w.label.replace(/^./, (x) => x.toUpperCase())}: ${out.join(' ')}`;
}

/** What a chat was about: the news the other told (from the transcript, whole), else null. */
function chatNews(chat: ConceptNode): string | null {
  for (const l of chat.transcript) {
    if (l.speaker !== chat.object) continue;
    const news = extractNews(l.text);
    if (news) return news.replace(/[.!]+$/, '');
  }
  return null;
}

function chatsToday(p: Persona, now: number): ConceptNode[] {
  const start = dayStart(now);
  return p.memory.nodes.filter((n) => n.type === 'chat' && n.created >= start && n.created <= now);
}

export function answerToday(p: Persona, q: string, now: number): string {
  const chats = chatsToday(p, now);
  const partners = [...new Set(chats.map((c) => c.object.split(' ')[0] ?? c.object))];
  if (/\bwho (did|have) you\b|\btalk|\bspoke|\bspeak|\bmet\b|\bmeet|\bsee\b|\bseen\b/.test(q)) {
    if (partners.length === 0) return `I haven't talked to anyone yet today.`;
    const newsChat = [...chats].reverse().find((c) => chatNews(c));
    const news = newsChat && chatNews(newsChat);
    const about = newsChat && news ? ` ${newsChat.object.split(' ')[0]} told me that ${lowerFirst(news)}.` : '';
    return `Today I talked with ${listOf(partners)}.${about}`;
  }
  const nowMin = minuteOfDay(now);
  // Chats are said as who was talked with, not as their summaries.
  const done = [...new Set(scheduleRows(p).filter((r) => r.start < nowMin && r.task !== 'sleeping' && !/^conversing\b/.test(r.task)).map((r) => r.task))];
  const parts: string[] = [];
  if (done.length > 0) parts.push(`I've been ${listOf(done.slice(-3))}`);
  if (partners.length > 0) parts.push(`I talked with ${listOf(partners.slice(0, 4))}`);
  return parts.length > 0 ? sentence(parts.join(', and ')) : `Nothing much has happened yet today.`;
}

export function answerWork(p: Persona): string {
  const job = p.spec.occupation;
  if (!job) return `I don't have a job at the moment.`;
  const days = job.days.length === 7 ? 'every day' : job.days.length >= 5 && job.days[0] === 'Mon' ? `${job.days[0]} to ${job.days[job.days.length - 1]}` : job.days.join(', ');
  if (job.title === 'student') return `I'm a student at ${job.workplace}; classes are ${days}, ${clockOf(parseHHMM(job.start))} to ${clockOf(parseHHMM(job.end))}.`;
  return `I work at ${job.workplace} — I'm the ${job.title} there, ${days}, ${clockOf(parseHHMM(job.start))} to ${clockOf(parseHHMM(job.end))}.`;
}

export function answerHours(p: Persona, q: string): string {
  const { wake, bed } = parseLifestyle(p.spec.lifestyle);
  const wakeH = p.scratch.wakeUpHour ?? wake;
  const w = `${wakeH % 12 === 0 ? 12 : wakeH % 12} am`;
  const b = bed === 24 || bed === 0 ? 'midnight' : `${bed % 12 === 0 ? 12 : bed % 12} ${bed >= 12 ? 'pm' : 'am'}`;
  if (/bed|sleep/.test(q)) return `I usually go to bed around ${b}, and I'm up around ${w}.`;
  return `I usually wake up around ${w}, and I'm in bed by about ${b}.`;
}

/** Words people use for a relation, so "Who is your wife?" finds "husband"'s counterpart only when written so. */
const RELATION_SYNONYMS: [RegExp, RegExp][] = [
  [/\b(wife|husband|spouse|partner)\b/, /wife|husband|spouse|partner/],
  [/\b(boss|employer|manager)\b/, /boss|employer|manager/],
  [/\b(kid|kids|child|children)\b/, /son|daughter|child/],
  [/\b(parents?|mum|mom|dad)\b/, /mother|father|parent/],
  [/\b(colleagues?|coworkers?|co-workers?)\b/, /colleague|co-?worker|employee|boss|employer/],
  [/\b(neighbou?rs?)\b/, /neighbou?r/],
  [/\b(siblings?)\b/, /sister|brother|sibling/],
];

function chatCount(p: Persona, name: string): number {
  return p.memory.nodes.filter((n) => n.type === 'chat' && n.object === name).length;
}

function answerRelation(p: Persona, q: string, people: ReadonlyMap<string, string>): string | null {
  const rels = p.spec.relationships.map((r) => ({ ...r, name: people.get(r.id) ?? r.id }));
  if (rels.length === 0) return null;
  if (/\b(closest|best|good|close)\s+friends?\b|\bfriends?\b/.test(q)) {
    const friends = rels.filter((r) => /friend/i.test(r.kind));
    const pool = friends.length > 0 ? friends : rels.filter((r) => !/rival/i.test(r.kind));
    // The closest: a "best friend" first, then whoever the persona talks to most.
    const ranked = [...pool].sort((a, b) => Number(/best|close/i.test(b.kind)) - Number(/best|close/i.test(a.kind)) || chatCount(p, b.name) - chatCount(p, a.name) || byCodeUnits(a.name, b.name));
    const best = ranked[0];
    if (!best) return null;
    if (/friends\b/.test(q) && !/closest|best/.test(q) && ranked.length > 1) return `My friends? ${listOf(ranked.slice(0, 4).map((r) => r.name))}. ${sentence(best.note)}`;
    return `That would be ${best.name}. ${sentence(best.note)}`;
  }
  const m = /\bwho(?:'s| is| are)? (?:your|ur) ([a-z' -]+?)\??$/.exec(q);
  const asked = m?.[1]?.trim() ?? '';
  if (!asked) return null;
  const syn = RELATION_SYNONYMS.find(([re]) => re.test(asked))?.[1];
  const hits = rels.filter((r) => r.kind.toLowerCase().includes(asked.replace(/s$/, '')) || (syn && syn.test(r.kind.toLowerCase())));
  const [firstHit] = hits;
  if (!firstHit) return `I don't have a ${asked}, as it happens.`;
  if (hits.length === 1) return `My ${firstHit.kind} is ${firstHit.name}. ${sentence(firstHit.note)}`;
  return `${listOf(hits.map((r) => `${r.name} (my ${r.kind})`))}. ${sentence(firstHit.note)}`;
}

/** The resident a question names (full name, else first name), if any. */
function personNamed(p: Persona, q: string, people: ReadonlyMap<string, string>): { id: string; name: string } | null {
  const all = [...people].filter(([id]) => id !== p.id);
  const full = all.find(([, n]) => q.includes(n.toLowerCase()));
  if (full) return { id: full[0], name: full[1] };
  // A first name: prefer someone the persona knows.
  const known = new Set(p.spec.relationships.map((r) => r.id));
  const firsts = all.filter(([, n]) => new RegExp(`\\b${(n.split(' ')[0] ?? n).toLowerCase()}\\b`).test(q)).sort((a, b) => Number(known.has(b[0])) - Number(known.has(a[0])));
  return firsts[0] ? { id: firsts[0][0], name: firsts[0][1] } : null;
}

function whenAgo(created: number, now: number): string {
  const d = today(now) - Math.floor(created / DAY);
  return d === 0 ? 'today' : d === 1 ? 'yesterday' : `on ${weekdayName(new Date(created).getUTCDay())}`;
}

function answerPerson(p: Persona, who: { id: string; name: string }, memories: ConceptNode[], now: number): string {
  const first = who.name.split(' ')[0] ?? who.name;
  const rel = p.spec.relationships.find((r) => r.id === who.id);
  const parts: string[] = [];
  if (rel) {
    parts.push(new RegExp(`\\b${rel.kind}\\b`, 'i').test(rel.note) ? sentence(rel.note) : `${first} is my ${rel.kind}. ${sentence(rel.note)}`);
  }
  const mentions = p.memory.nodes.filter((n) => !isExpired(n, now) && n.type !== 'event' && (n.object === who.name || n.description.includes(who.name) || n.description.includes(`${first} `)) && !NOISE.test(n.description));
  const lastChat = [...mentions].reverse().find((n) => n.type === 'chat' && n.object === who.name);
  const news = lastChat ? chatNews(lastChat) : null;
  if (lastChat) parts.push(`We last talked ${whenAgo(lastChat.created, now)}${news ? `; ${first} told me that ${lowerFirst(news)}` : ''}.`);
  const heard = [...mentions].reverse().find((n) => n.type === 'thought' && n.predicate === 'heard' && n.description.includes(first));
  if (heard) parts.push(toldBy(heard.description) ?? `I heard that ${lowerFirst(heard.description).replace(/[.!]+$/, '')}.`);
  if (parts.length === 0) {
    const seen = memories.find((m) => m.type === 'event' && m.subject === who.name && !NOISE.test(m.description));
    if (seen) return `I don't really know ${first}. I saw them ${seen.description.replace(`${who.name} is `, '').replace(/[.!]+$/, '')} ${whenAgo(seen.created, now)}, that's all.`;
    return `I don't know ${who.name}, I'm afraid.`;
  }
  return parts.join(' ');
}

function eventMatch(c: Commitment, words: string[]): number {
  return overlap(`${c.event} ${c.sector}`, words);
}

const EVENT_WORDS = /\b(party|parties|celebration|festival|exhibition|opening|open[- ]mic|market|debate|meeting|concert|dinner|wedding|gathering|picnic|rally|night|fair|show|election|reading)\b/;

export function answerEvent(p: Persona, q: string, words: string[], memories: ConceptNode[], now: number, people: ReadonlyMap<string, string>): string | null {
  const asksYesNo = /^(are|will|is|do|did|have|were|would|can|could)\b/.test(q);
  const soon = upcoming(p, now);
  const asksPast = /\b(did|went|was it|were you)\b/.test(q);
  // Past events only when the question is in the past tense; a match needs two shared words (or the only one).
  const best = (pool: Commitment[]) =>
    pool
      .map((c) => ({ c, s: eventMatch(c, words) }))
      .filter((x) => x.s >= Math.min(2, words.length))
      .sort((a, b) => b.s - a.s)[0]?.c;
  const past = p.commitments.filter((c) => !soon.includes(c));
  // "Are you going fishing?" asked after today's fishing: it is over, and said so.
  const hit = asksPast ? best(past) : (best(soon) ?? best(past.filter((c) => c.day === today(now))));
  const topic = words.join(' ');
  if (hit) {
    const passed = hit.day < today(now) || (hit.day === today(now) && hit.start + hit.minutes <= minuteOfDay(now));
    if (passed) return `${asksYesNo ? (asksPast ? 'I did. ' : 'Already done: ') : ''}${hit.host ? `I hosted ${hit.event}` : goingTo(hit).replace(/^going/, 'I went')} at ${placeOf(hit)}${withWhom(hit, people)}.`;
    if (hit.host) return `${asksYesNo ? 'Of course — ' : ''}I'm hosting it! ${eventName(hit).replace(/^./, (x) => x.toUpperCase())} at ${hit.sector}, ${whenOf(hit, now)}. Everyone's welcome.`;
    return `${asksYesNo ? 'Yes, ' : ''}I'm ${goingTo(hit)} at ${placeOf(hit)}, ${whenOf(hit, now)}.${whoInvited(hit, people)}`;
  }
  const declined = p.memory.nodes.find((n) => n.type === 'thought' && /can't make it to/.test(n.description) && overlap(n.description, words) > 0);
  if (declined) {
    const m = /I told (\w+) I can't make it to (.+?)\.?$/.exec(declined.description);
    return m ? `${asksYesNo ? 'No, ' : ''}I told ${m[1]} I can't make it to ${at(m, 2, 'declined event').replace(/ on \w+ \w+ \d+ at .*$/, '')}.` : `${asksYesNo ? 'No, ' : ''}I can't make it, sadly.`;
  }
  const need = Math.min(words.length, 2);
  const known = memories.concat(p.memory.nodes.filter((n) => n.type === 'thought' && !isExpired(n, now))).find((m) => !NOISE.test(m.description) && overlap(m.description, words) >= need);
  if (known) {
    const what = firstPerson(known.description, p);
    const heardIt = known.predicate === 'heard' ? (toldBy(what) ?? `I heard that ${lowerFirst(what).replace(/[.!]+$/, '')}.`) : sentence(what);
    return asksYesNo && /\b(going|coming|go|come|attend)/.test(q) ? `No, I'm not planning to go. ${heardIt}` : heardIt;
  }
  if (!EVENT_WORDS.test(q)) return null;
  return `I don't know anything about ${/\bthe\b/.test(q) ? 'the ' : ''}${topic || 'that'} — this is the first I've heard of it.`;
}

function answerTopic(p: Persona, q: string, words: string[], memories: ConceptNode[], now: number): string {
  if (words.length === 0) return `I don't know what to say to that.`;
  const need = words.length <= 2 ? words.length : 2;
  const pool = memories.concat(p.memory.nodes.filter((n) => n.type === 'thought' && !isExpired(n, now)));
  const best = pool
    .filter((m) => !NOISE.test(m.description))
    .map((m, i) => ({ m, s: overlap(m.description, words), i }))
    .filter((x) => x.s >= need)
    .sort((a, b) => b.s - a.s || a.i - b.i)[0]?.m;
  if (!best) {
    // The persona's own identity may speak to it ("What do you care about?").
    const own = sentences([p.spec.learned, p.currently].join(' ')).find((s) => overlap(s, words) >= need);
    if (own) return sentence(firstPerson(own, p));
    return `I don't know, to be honest — I don't know much about ${words.slice(0, 3).join(' ')}.`;
  }
  const said = firstPerson(best.type === 'chat' ? best.description.replace(/^conversing about news: /, `I talked with ${best.object.split(' ')[0]} about `) : best.description, p);
  const lead = pick(p, q, ['', 'Well, ', 'Let me think. ', 'Hmm. ']);
  // A memo kept after a talk is said as who told it ("Yumi told me that …").
  const told = best.predicate === 'heard' ? `${lead}${toldBy(said) ?? `I heard that ${lowerFirst(said).replace(/[.!]+$/, '')}.`}` : `${lead}${sentence(said)}`;
  return told;
}

/** What kind of question this is (the first matching rule wins). */
export function questionKind(question: string, p: Persona, people: ReadonlyMap<string, string>): QuestionKind {
  const q = question.toLowerCase().replace(/[’]/g, "'").trim();
  const window = timeWindow(q, 0);
  if (/\bwhat(?:'s| is| are) (?:you|u) (?:doing|up to)\b|\bright now\b|\bat the moment\b/.test(q) && (!window || /\bright now\b/.test(q))) return 'doing-now';
  if (/\b(what did you do|how was your day|how's your day|how is your day|how has your day|how(?:'s| is| has) the day been|what happened|what have you (done|been doing|been up to)|who did you (talk|speak|meet|see|chat)|(?:seen|met|see|meet) anyone|who have you (talked|spoken|met|seen|chatted))\b/.test(q)) return window && window.label !== 'today' && !/\bwho\b/.test(q) ? 'plans' : 'today';
  if (/\b(what do you do for (a )?living|where do you work|what(?:'s| is) your (job|work|occupation)|what do you do\??$|what is your profession|do you (work|have a job))\b/.test(q)) return 'work';
  if (/\bwhere do you live\b|\bwhere(?:'s| is) your (home|house)\b/.test(q)) return 'home';
  if (/\b(wake|get up|go to (bed|sleep)|bedtime)\b/.test(q)) return 'hours';
  if (/\bhow old\b|\byour age\b/.test(q)) return 'age';
  if (/\b(tell me about yourself|who are you|introduce yourself|what(?:'s| is) on your mind|what are you working on|what are you worried about|what(?:'s| is) new)\b/.test(q)) return 'about-self';
  if (/\bwho(?:'s| is| are)? (?:your|ur) /.test(q) || /\b(closest|best) friends?\b|\bwho are your friends\b/.test(q)) return 'relation';
  if (EVENT_WORDS.test(q) || p.commitments.some((c) => eventMatch(c, topicWords(q)) > 0 && /\b(going|coming|go|come|attend|host)/.test(q))) return 'event';
  if (personNamed(p, q, people)) return 'person';
  if (window || /\b(plans?|going to do|be doing|up to (later|tonight|tomorrow))\b/.test(q)) return 'plans';
  return 'topic';
}

/** Answer a question in character (see the module comment). */
export function answerQuestion(input: AnswerInput): string {
  const { persona: p, now, people } = input;
  const q = input.question.toLowerCase().replace(/[’]/g, "'").trim();
  // Being addressed by name ("…, Owen?") says nothing about the topic.
  const own = new Set([p.firstName.toLowerCase(), p.spec.lastName.toLowerCase()]);
  const words = topicWords(q).filter((w) => !own.has(w));
  const kind = questionKind(input.question, p, people);
  switch (kind) {
    case 'doing-now':
      return answerDoingNow(p);
    case 'today':
      return answerToday(p, q, now);
    case 'work':
      return answerWork(p);
    case 'home':
      return `I live at ${p.spec.household}.`;
    case 'hours':
      return answerHours(p, q);
    case 'age':
      return `I'm ${p.spec.age}.`;
    case 'about-self':
      return /mind|working on|worried|new/.test(q) ? sentence(firstPerson(p.currently, p)) : `I'm ${p.name}. ${sentence(firstPerson(p.spec.learned, p))}`;
    case 'relation':
      return answerRelation(p, q, people) ?? answerTopic(p, q, words, input.memories, now);
    case 'event':
      return answerEvent(p, q, words, input.memories, now, people) ?? answerTopic(p, q, words, input.memories, now);
    case 'person': {
      const who = defined(personNamed(p, q, people), 'the person a question of kind person names');
      // "Is Marcus coming to the party?" is about the event; "What do you think of Marcus?" about him.
      return answerPerson(p, who, input.memories, now);
    }
    case 'plans': {
      const w = timeWindow(q, now) ?? { day: 0, from: minuteOfDay(now), to: 24 * 60, label: 'the rest of today' };
      const plans = answerPlans(p, w, now, people);
      const next = upcoming(p, now).filter((c) => c.day > today(now) + w.day);
      // "What are your plans?" also mentions what is coming up later in the week.
      const [soon] = next;
      if (/\bplans?\b/.test(q) && soon && w.label === 'the rest of today') return `${plans} And I'm ${soon.host ? `hosting ${soon.event}` : goingTo(soon)} at ${placeOf(soon)} ${whenOf(soon, now)}.`;
      return plans;
    }
    default:
      return answerTopic(p, q, words, input.memories, now);
  }
}
