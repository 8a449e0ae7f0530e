import type { Simulation } from '../simulation';
import type { Persona } from '../persona/persona';
import type { SectorKind } from '../world/sectorKinds';
import { DAY, dayStart, minuteOfDay } from '../clock';
import { taskAt } from './believability';

/**
 * The question set of the talk scenario (issue #35): for one resident, ordinary questions of every
 * kind in several phrasings (contractions, lower case, typos, no question mark, names and
 * nicknames, "your husband", places by what they are), each with the fact its answer must carry,
 * read from the town's state when asked. Written for this scenario; the classifier never saw them.
 */

interface TalkQuestion {
  kind: string;
  text: string;
  /** The fact the answer must contain (any match). */
  fact: RegExp;
}

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const anyOf = (words: (string | undefined)[]) => new RegExp(words.filter((w): w is string => !!w && w.length > 0).map((w) => `\\b${esc(w)}`).join('|') || '$^', 'i');
const firstOf = (name: string) => name.split(' ')[0] ?? name;

/** Words that identify a schedule task: the place it names, else its first two words. */
function taskWords(sim: Simulation, task: string): string[] {
  const parent = task.replace(/ \([^()]*\)$/, '');
  const sub = /\(([^()]*)\)$/.exec(task)?.[1];
  const place = [...sim.world.sectors].sort((a, b) => b.name.length - a.name.length).find((s) => parent.includes(s.name));
  const words = [parent.split(' ').slice(0, 2).join(' '), sub?.split(' ').slice(0, 2).join(' ')];
  if (place) words.push(place.name);
  if (/at home$|^sleeping/.test(parent)) words.push('home');
  return words.filter((w): w is string => !!w);
}


/** What people call a place of this kind, as a visitor would ("the café"). */
const KIND_CALLED: Partial<Record<SectorKind, string[]>> = { cafe: ['the café', 'the cafe', 'the coffee shop'], bar: ['the pub', 'the bar'], park: ['the park'], bakery: ['the bakery'], square: ['the square'] };

export function questionsFor(sim: Simulation, p: Persona, player: Persona): TalkQuestion[] {
  const out: TalkQuestion[] = [];
  const ask = (kind: string, texts: string[], fact: RegExp) => texts.forEach((text) => out.push({ kind, text, fact }));
  const job = p.spec.occupation;
  const nowMin = minuteOfDay(sim.now);
  const nameOf = (id: string) => sim.byId.get(id)?.name ?? id;
  ask('work', ['What do you do for work?', 'where do u work', "what's your job", 'What do you do for a living'], job ? anyOf([job.workplace, job.title]) : /don't have a job|no job|not working|retired/i);
  ask('home', ['Where do you live?', "where's home for you", 'do you live nearby'], anyOf([p.spec.household]));
  ask('age', ['How old are you?', 'how old r u', 'whats your age'], new RegExp(`\\b${p.spec.age}\\b`));
  const doing = p.scratch.actDescription ?? taskAt(p, nowMin);
  ask('doing-now', ['What are you up to?', 'what r u doing right now', 'What are you doing'], anyOf(taskWords(sim, doing)));
  ask('how-are-you', ['How are you?', "how're you doing", 'you ok?'], anyOf(taskWords(sim, doing)));
  const evening = [19 * 60, 20 * 60].map((m) => taskAt(p, m));
  ask('plans', ['What are you doing this evening?', 'any plans for tonight', 'What will you be doing at 3pm'].slice(0, 2), anyOf(evening.flatMap((t) => taskWords(sim, t))));
  ask('plans', ['What will you be doing at 3pm?', 'what are you doing at 3 this afternoon'], anyOf(taskWords(sim, taskAt(p, 15 * 60))));
  const fam = p.spec.relationships.filter((r) => /wife|husband|spouse|partner|son|daughter|mother|father|sister|brother|grand/i.test(r.kind));
  const spouse = fam.find((r) => /wife|husband|spouse|partner/i.test(r.kind));
  ask('family', ['Are you married?', 'r u married'], spouse ? anyOf([firstOf(nameOf(spouse.id))]) : /\bnot married|\bno\b|single/i);
  ask('family', ['Do you have family here?', 'tell me about your family'], fam.length > 0 ? anyOf(fam.map((r) => firstOf(nameOf(r.id)))) : /no family|\bno\b/i);
  if (spouse) ask('family', [`How's your ${spouse.kind}?`, `who's your ${spouse.kind}`], anyOf([firstOf(nameOf(spouse.id))]));
  const [r0, r1] = p.spec.relationships;
  for (const r of [r0, r1]) {
    if (!r) continue;
    const other = sim.byId.get(r.id);
    if (!other) continue;
    const ojob = other.spec.occupation;
    ask('who-is', [`Who is ${other.firstName}?`, `what does ${other.firstName.toLowerCase()} do`], anyOf([ojob?.workplace, ojob?.title, other.spec.household, r.kind]));
    ask('know-person', [`How do you know ${other.firstName}?`, `how did you meet ${other.name}`], anyOf([r.kind, ...(r.note.split(/[;,.]/)[0] ?? '').split(' ').filter((w) => w.length > 5)]));
    ask('opinion-person', [`What do you think of ${other.firstName}?`, `what do u make of ${other.firstName.toLowerCase()}`], anyOf([r.kind, other.firstName, ...(r.note.split(/[;,.]/)[0] ?? '').split(' ').filter((w) => w.length > 5)]));
  }
  const stranger = sim.personas.find((o) => o !== p && o !== player && !p.spec.relationships.some((r) => r.id === o.id) && o.spec.household !== p.spec.household);
  if (stranger) ask('who-is', [`who's ${stranger.firstName}?`], anyOf([stranger.spec.occupation?.workplace, stranger.spec.occupation?.title, stranger.spec.household]));
  for (const [kind, called] of Object.entries(KIND_CALLED) as [SectorKind, string[]][]) {
    const places = sim.world.sectors.filter((s) => s.kind === kind);
    const place = places[0];
    if (!place || places.length > 1) continue;
    const items = sim.world.items.filter((i) => i.sector === place.name).map((i) => i.name);
    ask('opinion-place', [`What do you think of ${called[0]}?`, `how's ${called[called.length - 1]} doing`], anyOf([place.name, ...items, 'my workplace', 'work there', 'home']));
    break;
  }
  ask('favourite', ["What's your favourite thing on the menu?", 'what do you recommend'], anyOf(sim.world.items.map((i) => i.name)));
  ask('hours', ['What time do you wake up?', 'when do u go to bed'], /\d{1,2}\s*(am|pm)|midnight/i);
  const today = Math.floor(dayStart(sim.now) / DAY);
  const talked = [...new Set(sim.conversations.filter((c) => Math.floor(dayStart(c.time) / DAY) === today && c.participants.includes(p.name)).flatMap((c) => c.participants.filter((n) => n !== p.name)))];
  ask('today', ['Who did you talk to today?', 'how was your day so far'], talked.length > 0 ? anyOf(talked.map(firstOf)) : /haven't talked|nobody|no one|been\b/i);
  ask('recall-talk', ['What did we talk about yesterday?', 'do you remember me', 'what did i tell you last time'], /photographer|Alex/i);
  const invitedBy = p.commitments.filter((c) => c.source !== 'seeking' && !c.host && c.source !== 'whisper' && c.day >= today);
  ask('recall-invite', ['Do you remember who invited you?', 'who invited you'], invitedBy.length > 0 ? anyOf(invitedBy.flatMap((c) => [firstOf(c.source), c.source === player.name ? 'You did' : undefined])) : /nobody|no one|my own|hosting/i);
  const heard = p.memory.nodes.find((n) => n.type === 'thought' && n.predicate === 'heard');
  ask('heard-about', ['Any news?', 'heard anything interesting lately'], heard ? /\bheard|told me|word is|going to|hosting/i : /haven't heard|nothing/i);
  return out;
}

/** An invitation phrasing, the place (by kind, from the map) and time it names. */
interface InvitationCase {
  text: string;
  sector: string;
  /** Days after today, and the minute of the day. */
  days: number;
  start: number;
}

/** Ten ways to invite someone, each naming a place the map has (by its kind or its name) and a time. */
export function invitationCases(sim: Simulation): InvitationCase[] {
  const of = (kind: SectorKind) => sim.world.sectors.filter((s) => s.kind === kind);
  const one = (kind: SectorKind) => (of(kind).length === 1 ? of(kind)[0]?.name : undefined);
  const named = (kind: SectorKind) => of(kind)[0]?.name;
  const nowMin = minuteOfDay(sim.now);
  const todayOr = (m: number) => (m > nowMin ? 0 : 1);
  const saturday = (6 - new Date(sim.now).getUTCDay() + 7) % 7 || 7;
  const when = (sector: string | undefined, text: string, days: number, start: number): InvitationCase | null => (sector ? { text, sector, days, start } : null);
  const cases: (InvitationCase | null)[] = [
    when(one('cafe'), 'Want to come to a party tomorrow at 5pm at the café?', 1, 17 * 60),
    when(named('bar'), `Fancy a drink at ${named('bar') ?? ''} tonight around 8?`, 0, 20 * 60),
    when(one('bar'), 'join us at the pub tomorrow at 7', 1, 19 * 60),
    when(one('cafe'), 'How about coffee tomorrow at 10?', 1, 10 * 60),
    when(named('square'), `Let's meet at ${named('square') ?? ''} at 6`, todayOr(18 * 60), 18 * 60),
    when(one('park'), 'would you like to come to my picnic in the park on Saturday at noon?', saturday, 12 * 60),
    when(one('bakery'), "I'm throwing a little party at the bakery tomorrow at half past six — you're invited!", 1, 18 * 60 + 30),
    when(one('cafe'), 'wanna grab lunch tmrw at 1 at the cafe', 1, 13 * 60),
    when(one('bar'), 'Care to join me for dinner at the pub tomorrow at 7pm?', 1, 19 * 60),
    when(one('park'), 'Come for a walk in the park with me tomorrow at four', 1, 16 * 60),
  ];
  return cases.filter((c): c is InvitationCase => c !== null);
}
