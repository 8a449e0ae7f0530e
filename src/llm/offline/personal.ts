import type { Persona } from '../../sim/persona/persona';
import type { PersonaSpec } from '../../sim/persona/schema';
import type { Commitment } from '../../sim/persona/commitment';
import type { Rng } from '../../sim/rng';
import { DAY, minuteOfDay, parseHHMM, weekdayOf } from '../../sim/clock';
import { placeOf, SEEKING } from '../../sim/cognition/commitments';
import { hashString } from '../../sim/rng';
import { byCodeUnits } from '../../sim/order';
import { bondOf, toneOf } from './relations';
import { clashWith } from './inviteReply';
import { parseLifestyle } from './lifestyle';
import { clockOf, listOf } from './voice';
import type { ReplyContext } from './replyContext';
import type { Understanding } from './understand';
import { sum } from './understand/sums';

/**
 * What a resident says to the everyday lines a visitor says that are not about facts of the town:
 * the visitor's own feelings, the resident's mood, the weather, a favour asked, pets, a meal eaten,
 * how long it has lived here, "are you a bot?", a quiz question and the town's election. Each answer
 * stays in character and comes from the persona's own state (its file's hours, relations, home and
 * job; its schedule; the other residents' files), never reads its file aloud, and says plainly what
 * it does not know.
 */

const first = (name: string) => name.split(' ')[0] ?? name;
const nameOf = (c: ReplyContext) => (c.asker ? first(c.asker.name) : '');

/** A place the persona likes to go that is not its work, with a thing sold there, for a kind suggestion. */
function comfort(c: ReplyContext): string | null {
  const haunt = c.self.spec.haunts.find((h) => h !== c.self.spec.occupation?.workplace && (c.world?.items ?? []).some((i) => i.sector === h && i.food));
  const item = haunt ? (c.world?.items ?? []).find((i) => i.sector === haunt && i.food) : undefined;
  return haunt && item ? `a ${item.name.replace(/^(a|an|the) /, '')} at ${haunt}` : null;
}

/** The visitor says they feel low: sympathy in the persona's manner, and something kind to offer. */
export function feelDown(c: ReplyContext): string {
  const name = nameOf(c);
  const lead = { warm: [`Oh, ${name || 'dear'}, I'm so sorry.`, "Oh no — I'm sorry to hear that."], quiet: ["I'm sorry. That sounds hard.", "Oh… I'm sorry you're feeling that way."], blunt: ["That's rotten luck. I'm sorry.", "Well, that's no good. I'm sorry."], easy: ["Ah, I'm sorry to hear that.", "Oh no, that's rough."] }[toneOf(c.self)];
  const treat = comfort(c);
  const offer = treat ? c.rng.pick([`Let me buy you ${treat} sometime — it always cheers me up.`, `When I feel like that, ${treat} helps.`]) : c.rng.pick(["A walk usually helps me.", "Sometimes it helps just to talk."]);
  return `${c.rng.pick(lead)} ${c.rng.pick(["Do you want to talk about it?", offer, `${offer} Do you want to talk about it?`])}`;
}

/** The visitor is happy: glad with them, in the persona's manner. */
export function feelGood(c: ReplyContext): string {
  const lead = { warm: ["Oh, that's wonderful!", 'How lovely — I\'m so glad!'], quiet: ["That's nice to hear.", "Oh, I'm glad."], blunt: ['Good for you!', "Well, that's something."], easy: ['Nice one!', "That's great!"] }[toneOf(c.self)];
  return `${c.rng.pick(lead)} ${c.rng.pick(['What happened?', 'Tell me more!', 'You deserve it.', "It's catching — you've made my day."])}`;
}

const WORRIED = /\b(rattled|worried|worries|nervous|afraid|anxious|stress|stressed|misses|lonely|struggl|fears?|dread|homesick|unsure|torn)\w*/i;

/** How the persona feels in itself: whom it has, what it does, and whether something weighs on it. */
export function mood(c: ReplyContext): string {
  const { self, rng } = c;
  const close = self.spec.relationships.filter((r) => /wife|husband|partner|son|daughter|friend|mother|father|sister|brother/i.test(r.kind)).map((r) => first(c.people.get(r.id) ?? r.id));
  const work = self.spec.occupation?.workplace;
  const mine = self.spec.occupation?.title === 'student' ? 'my studies' : 'my work';
  const have = close.length > 0 ? `I've got ${listOf(close.slice(0, 2))}${work ? `, and ${mine} at ${work}` : ''}` : work ? `I've got ${mine} at ${work}` : 'I have my routines';
  const worried = WORRIED.test(self.currently);
  const yes = rng.pick(['Mostly, yes.', 'I think so, yes.', 'On the whole, yes.']);
  const but = worried ? ` ${rng.pick(["Though I've a lot on my mind at the moment.", "Some days are harder than others — this month is one of them.", "But there's something weighing on me lately."])}` : ` ${rng.pick(['I can\'t ask for much more.', 'That keeps me going.'])}`;
  return `${yes} ${have}.${but}`;
}

/** The weather: the town keeps none, so the persona says what it would in its place — an honest guess. */
export function weather(c: ReplyContext): string {
  const month = new Date(c.now).getUTCMonth();
  const season = month <= 1 || month === 11 ? "it's winter, so I'd take a coat either way" : month <= 4 ? "spring round here can't make up its mind, so bring a coat" : month <= 7 ? 'summer here is usually kind, though' : "it's autumn, so I wouldn't trust a dry sky";
  const inside = c.self.spec.occupation && (c.self.spec.occupation.days as readonly string[]).length > 0 ? ` I'm mostly inside at ${c.self.spec.occupation.workplace} anyway.` : '';
  return `${c.rng.pick(["I couldn't tell you — I'm no forecaster.", 'Who knows?', 'Hard to say.'])} But ${season}.${c.rng.pick([inside, ''])}`;
}

/** Pets: none in a persona file means none, with a reason from its home or hours. */
export function pets(c: ReplyContext): string {
  const { self, rng } = c;
  const file = `${self.spec.learned} ${self.spec.lifestyle} ${self.currently}`;
  const animal = /\b(dog|cat|puppy|kitten|parrot|rabbit|hamster|horse|chickens|goat)\b/i.exec(file)?.[1];
  if (animal) return rng.pick([`I do — there's a ${animal.toLowerCase()} in my life.`, `Yes, a ${animal.toLowerCase()}.`]);
  const home = self.spec.household;
  const job = self.spec.occupation;
  const reason = /apartment|flat|dorm|halls/i.test(home) ? `not at ${home} — there isn't the room` : job && parseHHMM(job.start) <= 6 * 60 ? `not with my hours — I'm up before dawn, it wouldn't be fair on the animal` : job ? `I'm at ${job.workplace} too much to look after one` : "I've never got round to it";
  return `${rng.pick(['No pets,', 'No pets, no —', 'No pets for me —'])} ${reason}. ${rng.pick(["I'd like a dog one day, though.", 'I do like other people\'s dogs.', ''])}`.trim();
}

/** Food one makes at home, by meal (the town's map sells only what is eaten out). */
const HOME_FOOD = { breakfast: ['toast and jam', 'porridge', 'eggs on toast', 'a boiled egg and coffee'], lunch: ['a sandwich', 'soup and bread', 'leftovers'], dinner: ['a bowl of pasta', 'a stew', 'soup and bread', 'leftovers'] };

/** What the persona ate: the meals its schedule had it eat today up to now (breakfast is part of getting up), or what is still to come. */
export function meal(c: ReplyContext, u: Understanding): string {
  let at = 0;
  const rows: { start: number; task: string }[] = [];
  for (const [task, minutes] of c.self.scratch.fDailyScheduleHourlyOrg) {
    rows.push({ start: at, task: task.replace(/ \([^()]*\)$/, '') });
    at += minutes;
  }
  // No day planned yet (the first minutes of a chat): the meals the lifestyle's hours give.
  if (rows.length === 0) {
    const { wake, dinner } = parseLifestyle(c.self.spec.lifestyle);
    rows.push({ start: wake * 60, task: 'waking up' }, { start: 12 * 60 + 30, task: 'having lunch' }, { start: dinner * 60, task: 'eating dinner at home' });
  }
  const meals = rows.filter((r) => /\b(breakfast|lunch|dinner|supper|meal|eating)\b/.test(r.task) || /^waking up\b/.test(r.task));
  const nowMin = minuteOfDay(c.now);
  const which = (/\b(breakfast|lunch|dinner|supper|tea)\b/.exec(u.masked)?.[1] ?? null)?.replace(/supper|tea/, 'dinner') as keyof typeof HOME_FOOD | null | undefined;
  const kindOf = (task: string): keyof typeof HOME_FOOD => (/^waking up|breakfast/.test(task) ? 'breakfast' : /lunch|mid-morning/.test(task) ? 'lunch' : 'dinner');
  const asked = which ? meals.find((m) => kindOf(m.task) === which) : meals.filter((m) => m.start <= nowMin).at(-1);
  const kind = which ?? (asked ? kindOf(asked.task) : 'breakfast');
  const foods = HOME_FOOD[kind];
  const homeFood = foods[hashString(`${c.self.id}|${kind}|${dayIndexOf(c.now)}`) % foods.length] ?? 'toast';
  if (!asked) return which ? `I haven't had ${which} yet today — ${c.rng.pick(["I'll get to it.", 'soon, I hope.'])}` : `Not yet — ${c.rng.pick(["I'm getting hungry, now you mention it.", "I've been too busy."])}`;
  const place = / at (?!home\b)(.+)$/.exec(asked.task)?.[1];
  const sold = place ? (c.world?.items ?? []).find((i) => i.sector === place && i.food)?.name : undefined;
  const what = sold ? `the ${sold} at ${place}` : place ? `a packed ${kind === 'breakfast' ? 'breakfast' : 'lunch'} at ${place}` : `${homeFood} at home`;
  if (asked.start > nowMin) return `Not yet — I'll have ${what.replace(/^the /, 'the ')} at about ${clockOf(asked.start)}.`;
  return c.rng.pick([`Just ${what}.`, `${what.charAt(0).toUpperCase()}${what.slice(1)}, nothing fancy.`, `I had ${what}.`]);
}

const dayIndexOf = (now: number) => Math.floor(now / DAY);

/** How long the persona has lived in town, from its file's own figures (years, "moved here", "grew up"), said briefly. */
export function livedHere(c: ReplyContext, u: Understanding): string {
  const origin = /\b(grow up|grew up|born|from|originally|raised)\b/.test(u.masked);
  const text = `${c.self.spec.learned}`;
  const town = c.world?.name ?? 'town';
  const num = "(?:a|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|seventy|\\d+)(?:[- ](?:one|two|three|four|five|six|seven|eight|nine))?";
  const lived = new RegExp(`lived (?:in ${town}|here) for (${num} years)`, 'i').exec(text)?.[1];
  if (lived && origin) return `I've been in ${town} ${lived}${c.rng.pick([" — it's the only place that counts.", ', so this is home.'])}`;
  if (lived) return `${c.rng.pick(['Oh, ', '', 'Goodness — '])}${lived}${c.rng.pick([' now.', ', give or take.', '. Long enough to know everyone.'])}`.replace(/^(.)/, (x) => x.toUpperCase());
  const moved = new RegExp(`moved to ${town}(?: from ([A-Z][\\w-]+(?: [A-Z][\\w-]+)?))? (${num} (?:years?|months?) ago|last year|this year)`, 'i').exec(text);
  if (moved) return `I moved here${moved[1] ? ` from ${moved[1]}` : ''} ${moved[2]}. ${c.rng.pick(['It feels like home already.', "I'm still finding my way around.", ''])}`.trim();
  const back = new RegExp(`came back (${num} (?:years?|months?) ago|last year)`, 'i').exec(text)?.[1];
  if (/\bgrew up in\b/i.test(text)) return `I grew up here${back ? `, went away, and came back ${back}` : ''}. ${c.rng.pick(["It's home.", 'You can\'t shake this place.'])}`;
  // Asked where one comes from, and the file does not say: not a length of time, but honestly vague.
  if (origin) return c.self.spec.age >= 50 ? `Oh, I've been in ${town} so long it's the only place that counts. ${c.rng.pick(['Home is here.', 'Ask me about here instead!'])}` : `Not far from here — but ${town} is home now. ${c.rng.pick(['It suits me.', 'It grew on me quickly.'])}`;
  const worked = new RegExp(`for (${num} years)`, 'i').exec(text)?.[1];
  const job = c.self.spec.occupation;
  if (worked && job) return `A good while — I've been at ${job.workplace} for ${worked}, and here longer than that.`;
  if (job?.title === 'student') return `Only since I started at ${job.workplace}. ${c.rng.pick(["I'm still getting to know the place.", 'It grows on you.'])}`;
  return c.self.spec.age >= 50 ? `Oh, years and years. ${c.rng.pick(['Long enough that everyone knows my name.', "I couldn't imagine living anywhere else."])}` : `A few years now. ${c.rng.pick(['It suits me.', 'Long enough to call it home.'])}`;
}

/** "Are you a bot?": a person does not know what the visitor means, and says who they are. */
export function areYouAi(c: ReplyContext): string {
  const job = c.self.spec.occupation;
  const proof = job ? (job.title === 'student' ? `just a student at ${job.workplace}` : `just the ${job.title} at ${job.workplace}`) : `just ${c.self.firstName} from ${c.self.spec.household}`;
  return `${c.rng.pick(['Ha! A what?', 'A robot? Me?', "That's a funny question."])} ${c.rng.pick([`No, I'm ${proof}.`, `I'm ${c.self.firstName} — ${proof}.`])} ${c.rng.pick(['Pinch me if you like.', 'Flesh and blood, last I checked.', 'Are you feeling alright?'])}`;
}

/** A quiz question: a small sum worked out; anything else gracefully passed over, in the persona's way. */
export function trivia(c: ReplyContext, u: Understanding): string {
  const r = sum(u.masked);
  if (r !== null) return `${c.rng.pick(["That's", "It's", 'Easy —'])} ${r}. ${c.rng.pick(['Why, are you testing me?', 'Even I can manage that one.', 'Is this a quiz?'])}`;
  return deflect(c);
}

/** Passing over what the persona cannot answer (a quiz question, or any question it could not place), pointing to who in town might (the college, the library, the bookshop). */
function deflect(c: ReplyContext): string {
  const learned = (c.world?.sectors ?? []).find((s) => s.kind === 'college' || /books|library/i.test(s.name))?.name;
  const me = c.self.spec.occupation?.title;
  return `${c.rng.pick(["You've got me there.", 'Goodness, I couldn\'t tell you.', 'No idea, honestly.'])} ${me && me !== 'student' ? `I'm ${/^[aeiou]/i.test(me) ? 'an' : 'a'} ${me}, not a walking encyclopedia.` : "That's not my sort of question."}${learned ? ` ${c.rng.pick([`Someone at ${learned} would know.`, `Try ${learned}.`])}` : ''}`;
}

/** Whoever's file says they are standing for election in this town. */
function candidates(c: ReplyContext): PersonaSpec[] {
  return [...c.specs.values()].filter((s) => /\b(running for (?:re-?election|mayor|office|council)|running against|re-?election campaign|standing for (?:mayor|election|council))\b/i.test(`${s.currently} ${s.learned}`));
}

/** Who the persona will vote for: itself if standing, else the candidate it is closest to, or undecided. */
export function vote(c: ReplyContext): string {
  const { self, rng } = c;
  const runners = candidates(c);
  if (runners.length === 0) return rng.pick(["There's no election that I know of.", "Vote? Nobody's standing for anything that I've heard."]);
  const others = runners.filter((s) => s.id !== self.id);
  if (runners.some((s) => s.id === self.id)) return `${rng.pick(['Myself, of course!', "Well, I'm standing, so — me!"])}${others[0] ? ` ${first(others[0].name)} is a good sort, but ${rng.pick(["it's time for a change.", 'I think I can do more for this town.', 'I know what this job takes.'])}` : ''}`;
  const rank = { family: 4, friend: 3, work: 2, stranger: 1, rival: 0 };
  const scored = others.map((s) => ({ s, bond: bondOf(self, { id: s.id, spec: s } as Persona) })).sort((a, b) => rank[b.bond] - rank[a.bond] || byCodeUnits(a.s.id, b.s.id));
  const best = scored[0];
  const second = scored[1];
  if (!best || (second && rank[best.bond] === rank[second.bond]) || best.bond === 'stranger') {
    return `${rng.pick(["I haven't made up my mind", "I'm still deciding", "That's between me and the ballot box"])} — ${listOf(others.map((s) => first(s.name))).replace(/ and /, ' or ')}. ${rng.pick(['I want to hear the debate first.', 'Ask me again nearer the day.', 'They both have a point.'])}`;
  }
  return `${first(best.s.name)}, ${rng.pick(['I think.', 'most likely.', 'if you must know.'])} ${rng.pick([`We go back a long way.`, `I trust ${best.s.id === self.id ? 'myself' : 'them'} with this town.`, "Don't tell the others."])}`;
}

/** The answer to a favour asked for a time: yes (it keeps the time free, so a commitment) or no with why. */
export function replyToFavour(s: Persona, asker: { firstName: string }, ev: Commitment, rng: Rng, decide: Rng): string {
  const clash = clashWith(s, ev);
  const what = ev.event.replace(/^helping \S+ ?/, '').replace(/\btheir\b/g, 'your').replace(/\bthem\b/g, 'you') || 'it';
  if (clash === 'work') {
    const job = s.spec.occupation;
    const free = job ? ` I'm free after ${clockOf(parseHHMM(job.end) % (24 * 60))}, if that helps.` : '';
    return `${rng.pick(['Oh, I wish I could,', `Sorry, ${asker.firstName},`, 'Ah,'])} but I'm at ${job?.workplace ?? 'work'} then.${free}`;
  }
  if (clash === 'bed') return `${rng.pick(['At that hour?', 'Goodness,'])} I'll be asleep then, I'm afraid. ${rng.pick(['Another time of day, maybe?', 'Ask me for a decent hour!'])}`;
  if (clash) return `${rng.pick(["I can't then, sorry —", 'Ah, not then —'])} I'm ${clash.host ? 'hosting' : 'going to'} ${clash.event} at ${placeOf(clash)}. ${rng.pick(['Another time?', 'Could it wait a day?'])}`;
  // Most people help a visitor who asks nicely; the old back and the blunt temper say no more often.
  const yes = decide.chance(s.spec.age >= 65 ? 0.5 : toneOf(s) === 'blunt' ? 0.65 : 0.85);
  if (!yes) return `${rng.pick(["I'd rather not, if I'm honest", "I'd better not", 'Hmm, not this time'])} — ${s.spec.age >= 60 ? "my back isn't what it was." : "I've promised myself a quiet day."} ${rng.pick(['Ask around the square, someone will help.', 'Sorry!'])}`;
  return `${rng.pick(['Of course!', 'Happy to help.', 'Sure, why not.'])} ${what !== 'it' ? `I'll help you ${what}` : "I'll give you a hand"} — I'll be there at ${placeOf(ev)} at ${clockOf(ev.start)}.`;
}

/** Where the persona was on a past day ("yesterday", "on Saturday"): its shift, its events and whom it talked with, in the past tense. */
export function pastDay(c: ReplyContext, day: number, label: string): string {
  const { self } = c;
  const parts: string[] = [];
  const job = self.spec.occupation;
  if (job && (job.days as readonly string[]).includes(weekdayOf(day * DAY))) parts.push(`I was at ${job.workplace} from ${clockOf(parseHHMM(job.start))} to ${clockOf(parseHHMM(job.end) % (24 * 60))}, as usual`);
  for (const ev of self.commitments.filter((x) => x.day === day && x.source !== SEEKING).slice(0, 2)) parts.push(`${ev.host ? 'I hosted' : 'I went to'} ${ev.event.replace(/^helping/, 'help')} at ${placeOf(ev)}`);
  const from = day * DAY;
  const met = [...new Set(self.memory.nodes.filter((n) => n.type === 'chat' && n.created >= from && n.created < from + DAY).map((n) => first(n.object)))];
  if (met.length > 0) parts.push(`I talked with ${listOf(met.slice(0, 3))}`);
  const lead = label.charAt(0).toUpperCase() + label.slice(1);
  if (parts.length === 0) return `${lead}? ${c.rng.pick(['A quiet one — mostly at home.', 'Nothing special, as far as I remember.'])}`;
  return `${lead} ${listOf(parts)}.`;
}

/** The time and day, as a person glancing at the clock says them (the game clock's). */
export function clock(c: ReplyContext, u: Understanding): string {
  const d = new Date(c.now);
  const day = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'][d.getUTCDay()] ?? 'today';
  const month = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'][d.getUTCMonth()] ?? '';
  if (/\b(day|date)\b/.test(u.masked)) return `It's ${day}, ${month} ${d.getUTCDate()}. ${c.rng.pick(['The week flies by.', 'Already!', ''])}`.trim();
  return `${c.rng.pick(["It's about", 'Just gone', "It's"])} ${clockOf(minuteOfDay(c.now))}${c.rng.pick([', on a ' + day + '.', '.'])}`;
}

/** A joke, the persona's own kind: one of a few old ones, the same one from the same person on the same day. */
export function joke(c: ReplyContext): string {
  const jokes = ["Why did the scarecrow win an award? He was outstanding in his field.", "I told my friend a joke about bread. It went against the grain.", "What do you call a fish with no eye? A fsh.", "I'd tell you a joke about the roof, but it'd go over your head.", "Why don't eggs tell jokes? They'd crack each other up."];
  const lead = { warm: 'Oh, I love this one:', quiet: "I'm not much of a joker, but…", blunt: 'Fine. One joke.', easy: 'Alright, here goes:' }[toneOf(c.self)];
  return `${lead} ${jokes[hashString(`${c.self.id}|joke|${Math.floor(c.now / DAY)}`) % jokes.length]}`;
}

/** "Why?", "really?": the persona stands by what it said, briefly. */
export function followUp(c: ReplyContext): string {
  return c.rng.pick(["Really! That's how it is.", 'Honestly, yes.', "Well, that's just how things are round here.", 'I know — funny, isn\'t it?']);
}

/** Money asked for: kindly refused, in the persona's own terms. */
export function noLoan(c: ReplyContext): string {
  const job = c.self.spec.occupation;
  return `${c.rng.pick(["Ha — I'm not a bank, I'm afraid.", "Money? Sorry, I can't help you there."])} ${job && job.title !== 'student' ? `${job.workplace} barely pays its own way.` : 'I can barely pay my own way.'}`;
}

/** A question about oneself that nothing in the persona's state answers: said honestly, not dodged. */
export function neverThought(c: ReplyContext): string {
  return c.rng.pick(["Hmm — I've never really thought about that.", "Now there's a question. I'd have to think about it.", 'Not that I can think of, no.']);
}

/** A remark the persona did not follow: taken with interest rather than confusion. */
export function acknowledge(c: ReplyContext): string {
  return c.rng.pick(['Is that so?', 'Ha — fair enough.', 'Really? Tell me more.', 'Oh? How so?']);
}
