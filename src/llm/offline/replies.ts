import type { Persona } from '../../sim/persona/persona';
import type { PersonaSpec } from '../../sim/persona/schema';
import type { Commitment } from '../../sim/persona/commitment';
import { DAY, dayStart, minuteOfDay } from '../../sim/clock';
import { placeOf, SEEKING } from '../../sim/cognition/commitments';
import { hashString } from '../../sim/rng';
import { pronounsOf } from '../../sim/cognition/converse';
import { mapAddressOf } from '../../sim/world/actionAddress';
import { answerDoingNow, answerEvent, taskNow, answerHours, answerPlans, answerToday, answerWork, topicWords, upcoming, whenOf, type Window } from './answer';
import { bondOf, relationOf, toneOf } from './relations';
import { briefly, clockOf, cutAtPhrase, gistOf, listOf, lowerFirst, sentence, sentences, toldBy } from './voice';
import { asSaidBy, type Understanding } from './understand';
import type { ReplyContext } from './replyContext';
import { answerInvitation } from './invitations';
import { rememberedAbout } from './remembered';
import { chatTopic, earlierChats, toldLastTime, weekdayOfDay, whenAgo } from './pastChats';
import { helpOrRemark, ownNews } from './everyday';
import { wayTo } from './directions';
import { acknowledge, areYouAi, clock, feelDown, feelGood, followUp, joke, livedHere, meal, mood, neverThought, noLoan, pastDay, pets, trivia, vote, weather } from './personal';

/**
 * What a resident says back to a line it understood (./understand): one composer per kind of
 * question, each built from the persona's own state — its job, home, relations, schedule,
 * commitments, memories and earlier chats with whoever asks — in the first person, one to three
 * sentences, with the wording drawn from the conversation's seeded stream. When nothing is known
 * the answer says so plainly.
 */

export type { ReplyContext } from './replyContext';

const first = (name: string) => name.split(' ')[0] ?? name;
const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
const today = (now: number) => Math.floor(dayStart(now) / DAY);

/** The first clause of a persona-file note, as said aloud (notes are written in the first person). */
function noteClause(note: string): string {
  const s = sentences(note)[0] ?? note;
  return sentence((s.split(/;\s/)[0] ?? s).trim());
}

// --- the composers -----------------------------------------------------------------------------

function greet(c: ReplyContext): string {
  const { self, asker, rng } = c;
  const name = asker ? first(asker.name) : '';
  const before = earlierChats(c).at(-1);
  if (asker && before) {
    const topic = chatTopic(before);
    const told = toldLastTime(c, before);
    const recall = topic ? ` We talked about ${lowerFirst(topic)} ${whenAgo(before.created, c.now)}.` : told ? ` Last time you told me ${told}.` : '';
    return `${rng.pick([`Hello again, ${name}!`, `${name}! Hello again.`, `Oh, hello again, ${name}!`])}${recall} ${rng.pick(['How are you?', 'What brings you by?', 'Good to see you.'])}`;
  }
  const job = self.spec.occupation;
  const intro = job ? (job.title === 'student' ? ` I study at ${job.workplace}.` : ` I'm the ${job.title} at ${job.workplace}.`) : '';
  return `${rng.pick(['Hello!', 'Hi there!', 'Oh, hello!'])} I'm ${self.firstName}.${intro} ${rng.pick(['You must be new in town?', 'I don\'t think we\'ve met.', 'Nice to meet you.'])}`;
}

/** What the persona is doing, said to the one it is talking with ("talking with you" is not news). */
function doingNow(c: ReplyContext): string {
  const task = taskNow(c.self, c.now);
  if (c.asker && c.self.scratch.chattingWith === c.asker.name) {
    const busy = task && !/^(conversing|chatting)/.test(task) ? task.replace(/ at home$/, ' at home') : 'getting on with my day';
    return c.rng.pick([`Talking with you, for one! Otherwise I'm ${busy}.`, `Well, I was ${busy} — happy to stop for a chat.`, `I'm in the middle of ${busy}, but I've a minute.`]);
  }
  return answerDoingNow(c.self);
}

function howAreYou(c: ReplyContext): string {
  const mood = { warm: ['I\'m wonderful, thanks for asking!', 'Really well, thank you!'], quiet: ['I\'m fine, thank you.', 'Alright, thanks.'], blunt: ['Busy. But fine.', 'Can\'t complain — well, I could.'], easy: ['Not bad at all, thanks.', 'Pretty good, thanks!'] }[toneOf(c.self)];
  const task = taskNow(c.self, c.now);
  const doing = task && !/^(conversing|chatting|sleeping)/.test(task) ? task : answerDoingNow(c.self).replace(/^Right now I'm /, '').replace(/\.$/, '');
  return `${c.rng.pick(mood)} ${c.rng.pick([`Just ${doing}.`, `I'm ${doing} at the moment.`])}${c.asker ? ` ${c.rng.pick(['And you?', 'How about you?', 'You?'])}` : ''}`;
}

/** The first thought of a persona-file text, in the first person and short (its first clause when long). */
async function ownWords(c: ReplyContext, text: string): Promise<string> {
  const first = sentences(text)[0] ?? text;
  const said = await asSaidBy(first, { firstName: c.self.firstName, name: c.self.name, ...pronounsOf(c.self.spec) });
  const words = said.split(' ');
  if (words.length <= 16) return sentence(said);
  const clause = said.split(/;\s|,\s(?:and|but|with|which|because|while|so)\s|,\s/)[0] ?? said;
  if (clause.split(' ').length <= 20) return sentence(clause);
  // Still long: end at a joining word ("… against Ada Quinn | and am preparing for …"), never mid-phrase.
  const head = clause.split(/\s(?:and|but|because|while|so|who|which|where|although|though)\s/)[0] ?? clause;
  if (head.split(' ').length >= 4 && head.split(' ').length <= 20) return sentence(head);
  return sentence(cutAtPhrase(head.split(' ').slice(0, 16)));
}

/** Who the persona is, or what is on its mind, in its own words. */
async function aboutSelf(c: ReplyContext, u: Understanding): Promise<string> {
  if (/\b(mind|working on|worried|new|busy|hoping|going on|exciting|care)\b/.test(u.masked)) {
    const now = await ownWords(c, c.self.currently);
    return `${c.rng.pick(['Oh, plenty.', 'Where to start?', 'Well —', ''])} ${now}`.trim();
  }
  const job = c.self.spec.occupation;
  const work = job ? (job.title === 'student' ? ` I study at ${job.workplace}.` : ` I'm the ${job.title} at ${job.workplace}.`) : '';
  const mind = await ownWords(c, c.self.currently);
  return `I'm ${c.self.firstName}.${work} ${c.rng.pick(['These days', 'Right now', 'Lately'])} ${lowerFirst(mind.replace(/^I'm\b/, "I'm"))}`.replace(/(These days|Right now|Lately) i'm/, "$1 I'm").replace(/(These days|Right now|Lately) i\b/, '$1 I');
}

function name(c: ReplyContext): string {
  const job = c.self.spec.occupation;
  return `${c.rng.pick(["I'm", "It's", 'The name is'])} ${c.self.name}${job ? (job.title === 'student' ? ' — I study at the college' : ` — the ${job.title} at ${job.workplace}`) : ''}. ${c.rng.pick([`Call me ${c.self.firstName}.`, 'Nice to meet you.', ''])}`.trim();
}

/** What the persona does when it is not working: the leisure of its own day plan, and its haunts. */
function hobbies(c: ReplyContext): string {
  const work = /^(working|attending classes|sleeping|waking up|getting ready|commuting|cooking|eating|having (breakfast|lunch|dinner|a mid)|conversing|going to bed)/;
  const plan = [...new Set(c.self.scratch.fDailyScheduleHourlyOrg.map(([t]) => t.replace(/ \([^()]*\)$/, '').replace(/ at home$/, '')))].filter((t) => !work.test(t));
  const haunt = c.self.spec.haunts.find((h) => h !== c.self.spec.occupation?.workplace);
  const likes = plan.slice(0, 2);
  const said = likes.length > 0 ? `When I'm not working I like ${listOf(likes)}.` : "Honestly, I don't get much free time.";
  return `${said}${haunt ? ` ${c.rng.pick([`You'll often find me at ${haunt}.`, `And I'm often at ${haunt}.`])}` : ''}`;
}

/** The hours a place keeps: from the earliest start to the latest end of those who work there. */
function hoursOf(c: ReplyContext, place: string): { from: number; to: number; staff: string[] } | null {
  const staff = [...c.specs.values()].filter((s) => s.occupation?.workplace === place && s.occupation.title !== 'student');
  if (staff.length === 0) return null;
  const mins = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  // Oneself among the staff is "I", said last ("Arjun and I").
  const names = staff.filter((s) => s.id !== c.self.id).map((s) => s.firstName).concat(staff.some((s) => s.id === c.self.id) ? ['I'] : []);
  return { from: Math.min(...staff.map((s) => mins(s.occupation?.start ?? '00:00'))), to: Math.max(...staff.map((s) => mins(s.occupation?.end ?? '00:00'))), staff: names };
}

/** Where a place is, or where to find a thing: who works there, its hours, what it sells. */
function whereIs(c: ReplyContext, u: Understanding): string {
  let place = u.place;
  if (!place) {
    const items = c.world?.items ?? [];
    const wanted = items.find((i) => new RegExp(`\\b${i.name.split(' ').pop() ?? i.name}s?\\b`, 'i').test(u.masked));
    const kind = /\b(eat|meal|food|lunch|dinner|breakfast)\b/.test(u.masked) ? items.find((i) => i.food && !i.drink) : /\b(drink|pint|beer|cider|wine)\b/.test(u.masked) ? items.find((i) => i.drink && c.world?.sectors.find((s) => s.name === i.sector)?.kind === 'bar') : undefined;
    const hit = wanted ?? kind;
    if (hit) return `${c.rng.pick(['Try', 'Go to', "You'll want"])} ${hit.sector} — ${c.rng.pick([`the ${hit.name} there is good.`, `they do ${hit.name}.`])}`;
    // A room of the map named ("the library"): the place it is in.
    const room = c.world?.arenas.find((a) => a.name.length > 3 && new RegExp(`\\b${a.name.toLowerCase()}\\b`).test(u.masked));
    if (room) return `The ${room.name}? ${c.rng.pick([`It's at ${room.sector}.`, `That's in ${room.sector}.`])}`;
    return c.rng.pick(["I'm not sure, to be honest — ask at Town Square, someone will know.", "Hmm, I couldn't tell you."]).replace('Town Square', c.world?.sectors.find((s) => s.kind === 'square')?.name ?? 'the square');
  }
  const hours = hoursOf(c, place);
  const nowMin = minuteOfDay(c.now);
  const open = hours ? (hours.from <= nowMin && nowMin < hours.to ? "It's open now" : `It's closed now — it opens at ${clockOf(hours.from)}`) : '';
  const kept = hours ? `${listOf(hours.staff)} ${hours.staff.length > 1 || hours.staff[0] === 'I' ? 'work' : 'works'} there, ${clockOf(hours.from)} to ${clockOf(hours.to % (24 * 60))}.` : '';
  const items = itemsAt(c, place).slice(0, 2);
  const sells = items.length > 0 ? ` They do ${listOf(items)}.` : '';
  if (/\b(open|close|hours|time)\b/.test(u.masked) && hours) return `${open}. ${kept}`;
  const way = c.world ? wayTo(c.world, c.self.tile, place) : null;
  return `${place}? ${way ?? (kept || "It's just around the corner from the square.")}${sells}`.trim();
}

function housemates(c: ReplyContext): string[] {
  return [...c.specs.values()].filter((s) => s.id !== c.self.id && s.household === c.self.spec.household).map((s) => {
    const kind = relationOf(c.self, { id: s.id } as Persona);
    return kind && !/neighbou?r|friend/i.test(kind) ? `my ${kind} ${s.firstName}` : s.firstName;
  });
}

function home(c: ReplyContext): string {
  const mates = housemates(c);
  const withWhom = mates.length > 0 ? ` with ${listOf(mates)}` : ' on my own';
  return c.rng.pick([`I live at ${c.self.spec.household}${withWhom}.`, `At ${c.self.spec.household}, ${withWhom.trim()}.`, `${c.self.spec.household} — I live there${withWhom}.`]);
}

function age(c: ReplyContext): string {
  const n = c.self.spec.age;
  return c.rng.pick([`I'm ${n}.`, `${n}, as it happens.`, `I'm ${n} — ${n >= 60 ? 'and I feel every year of it some mornings' : n < 25 ? 'old enough, thank you' : 'not that anyone is counting'}.`]);
}

const FAMILY_KIND = /wife|husband|spouse|partner|son|daughter|child|mother|father|parent|sister|brother|sibling|grand|niece|nephew|aunt|uncle|cousin/i;

function family(c: ReplyContext, u: Understanding): string {
  const { self, rng } = c;
  const rels = self.spec.relationships.map((r) => ({ ...r, name: c.people.get(r.id) ?? r.id }));
  if (u.person) {
    const rel = rels.find((r) => r.id === u.person?.id);
    // "How's your husband?" asks how they are: well, and what keeps them busy (their job).
    if (rel && /^how (is|are)\b/.test(u.masked)) {
      const spec = c.specs.get(rel.id);
      const job = spec?.occupation;
      return `${first(rel.name)}'s ${rng.pick(['well, thanks', 'fine, thank you', 'doing well'])}${job ? ` — ${job.title === 'student' ? `busy with classes at ${job.workplace}` : `busy at ${job.workplace} as ever`}` : ''}.`;
    }
    if (rel && /\bname\b/.test(u.masked)) return `${rng.pick(["It's", 'That would be'])} ${first(rel.name)}.`;
    if (rel) return new RegExp(`\\b${rel.kind}\\b`, 'i').test(rel.note) ? noteClause(rel.note) : `${rng.pick(['', 'Oh, '])}${first(rel.name)} is my ${rel.kind}. ${noteClause(rel.note)}`.trim();
  }
  if (u.relation) return `I don't have a ${u.relation}, as it happens.`;
  const fam = rels.filter((r) => FAMILY_KIND.test(r.kind));
  const q = u.masked;
  if (/\b(married|single|husband|wife|partner)\b/.test(q)) {
    const spouse = fam.find((r) => /wife|husband|spouse|partner/i.test(r.kind));
    return spouse ? `${rng.pick(['Yes', 'I am', 'Happily'])} — ${new RegExp(`\\bis my ${spouse.kind}\\b`, 'i').test(spouse.note) ? noteClause(spouse.note) : `${first(spouse.name)} is my ${spouse.kind}. ${noteClause(spouse.note)}`}` : rng.pick(["No, I'm not married.", "Not married, no — not yet, anyway."]);
  }
  if (/\b(kids?|children|son|daughter)\b/.test(q)) {
    const kids = fam.filter((r) => /son|daughter|child/i.test(r.kind));
    return kids.length > 0 ? `I do — ${listOf(kids.map((k) => `my ${k.kind} ${first(k.name)}`))}.` : "No, I don't have children.";
  }
  if (fam.length === 0) return rng.pick(["I've no family here in town — my neighbours are the nearest thing.", 'No family in town, no.']);
  return `${rng.pick(['My family here is', "There's"])} ${listOf(fam.map((r) => `${first(r.name)}, my ${r.kind}`))}.`;
}

function friends(c: ReplyContext): string {
  const rels = c.self.spec.relationships.filter((r) => /friend/i.test(r.kind)).map((r) => ({ ...r, name: c.people.get(r.id) ?? r.id }));
  const best = rels.find((r) => /best|close/i.test(r.kind)) ?? rels[0];
  if (!best) return "I get on with most people, but I wouldn't call anyone here a close friend yet.";
  return `${rels.length > 1 ? `${listOf(rels.slice(0, 4).map((r) => first(r.name)))}, mostly.` : `${first(best.name)}, mostly.`} ${noteClause(best.note)}`;
}

/** Who someone is: their work and what they are to the persona. */
function whoIs(c: ReplyContext, id: string, name: string): string {
  const spec = c.specs.get(id);
  const kind = c.self.spec.relationships.find((r) => r.id === id)?.kind;
  const { subj } = pronouns(spec);
  const job = spec?.occupation;
  const work = job ? (job.title === 'student' ? `${cap(subj)} studies at ${job.workplace}` : `${cap(subj)}'s the ${job.title} at ${job.workplace}`) : `${cap(subj)} lives at ${spec?.household ?? 'the edge of town'}`;
  const rel = kind ? ` — my ${kind}` : '';
  return `${first(name)}${rel}? ${work}.`;
}

function pronouns(spec: PersonaSpec | undefined): { subj: string; obj: string } {
  return spec ? pronounsOf(spec) : { subj: 'they', obj: 'them' };
}

/** The sector the persona is in now (from its action's address), if any. */
function sectorNow(p: Persona): string | null {
  const a = p.scratch.actAddress;
  return a ? (mapAddressOf(a)?.sector ?? null) : null;
}

/** How the persona knows someone: the relation, its note, and when they last talked. */
function knowPerson(c: ReplyContext, id: string, name: string): string {
  const rel = c.self.spec.relationships.find((r) => r.id === id);
  const last = c.self.memory.lastChatWith(name);
  const talked = last ? ` We last talked ${whenAgo(last.created, c.now)}.` : '';
  if (!rel) return `${c.rng.pick(["I don't really know", 'I only know', 'Only a little — I know'])} ${first(name)} to say hello to.${talked}`;
  const note = noteClause(rel.note);
  return `${new RegExp(`\\b${rel.kind}\\b`, 'i').test(note) ? note : `${first(name)}'s my ${rel.kind}. ${note}`}${talked}`;
}

/** What the persona thinks of someone: a feeling from the bond, and what it heard of them lately. */
function opinionOfPerson(c: ReplyContext, id: string, name: string): string {
  const spec = c.specs.get(id);

  const { obj } = pronouns(spec);
  const bond = spec ? bondOf(c.self, { id, spec } as Persona) : 'stranger';
  const rel = c.self.spec.relationships.find((r) => r.id === id);
  const feelings = {
    family: [`I love ${obj} to bits.`, `I'd do anything for ${obj}.`],
    friend: [`I like ${obj} a lot.`, `${cap(pronouns(spec).subj)}'s good company.`, `I'm very fond of ${obj}.`],
    work: [`We work well together.`, `${cap(pronouns(spec).subj)}'s good at what ${pronouns(spec).subj} does.`],
    rival: [`We don't see eye to eye.`, `Let's say we disagree on a few things.`],
    stranger: [`I don't know ${obj} well enough to say.`, `Seems nice enough — I don't know ${obj} well.`],
  }[bond];
  const feeling = `${rel ? `My ${rel.kind}? ` : `${first(name)}? `}${c.rng.pick(feelings)}`;
  const heard = c.self.memory.nodes.filter((n) => n.type === 'thought' && n.predicate === 'heard' && n.description.startsWith(first(name))).at(-1);
  const said = heard ? ` I heard ${briefly(gistOf(heard.description, 120))}.` : rel ? ` ${noteClause(rel.note)}` : '';
  return `${feeling}${said}`;
}

/** The items a sector sells (from the map). */
function itemsAt(c: ReplyContext, sector: string): string[] {
  return (c.world?.items ?? []).filter((i) => i.sector === sector).map((i) => i.name);
}

function opinionOfPlace(c: ReplyContext, place: string): string {
  const { self, rng } = c;
  const items = itemsAt(c, place);
  const item = items.length > 0 ? items[hashString(`${self.id}|${place}`) % items.length] : undefined;
  const here = sectorNow(self) === place;
  if (self.spec.occupation?.workplace === place) {
    const busy = here ? rng.pick(["It's been steady this morning.", 'Busy today — the good kind of busy.', 'Quiet so far, which suits me.']) : '';
    return `${rng.pick(["It's my workplace, so I'm biased — I love it.", 'I work there, so of course I think it\'s the best place in town.'])}${item ? ` People come for the ${item}.` : ''} ${busy}`.trim();
  }
  if (self.spec.household === place) return rng.pick(["It's home — I wouldn't live anywhere else.", "It's my home, and I love it."]);
  if (self.spec.haunts.includes(place)) return `${rng.pick([`I love ${place} — I'm there all the time.`, `${place} is one of my favourite spots.`])}${item ? ` Try the ${item}.` : ''}`;
  return `${rng.pick([`${place} is nice enough, though I don't go often.`, `I don't get to ${place} much, but people like it.`])}${item ? ` I hear the ${item} is good.` : ''}`;
}

function opinionOfTopic(c: ReplyContext, u: Understanding): string {
  if (/\b(job|work|working)\b/.test(u.masked) && c.self.spec.occupation) return `${c.rng.pick(['I like my work at', 'I enjoy my days at', "I'm happy at"])} ${c.self.spec.occupation.workplace}. ${c.rng.pick(['Most days, anyway.', 'It keeps me busy.', 'The people make it.'])}`;
  const words = topicWords(u.masked).filter((w) => !['somebody', 'someplace', 'sometime', 'think', 'opinion', 'feel'].includes(w));
  const known = answerEvent(c.self, u.masked, words, c.memories, c.now, c.people);
  if (known && !/first I've heard/.test(known)) return `${known} ${c.rng.pick(['I think it\'s a good thing for the town.', 'Should be nice.', "We'll see how it goes."])}`;
  if (/\b(town|here|village|place|live|living)\b/.test(u.masked)) return c.rng.pick(["I love it here — everyone knows everyone, for better or worse.", "It's a good town. Small, but good."]);
  return words.length > 0 ? `I haven't really thought about ${words.slice(0, 3).join(' ')}, to be honest.` : "I haven't really thought about it, to be honest.";
}

function favourite(c: ReplyContext, u: Understanding): string {
  const { self } = c;
  // A kind of thing asked for ("a good book", "a drink"): what the town sells of it.
  const asked = topicWords(u.masked).map((w) => (/^read/.test(w) ? 'book' : w)).filter((w) => !['favourite', 'favorite', 'recommend', 'good', 'best', 'thing', 'menu', 'somebody', 'someplace', 'sometime', 'try', 'order', 'days', 'lately', 'moment'].includes(w));
  if (asked.length > 0) {
    const stem = (w: string) => w.replace(/s$/, '');
    const fits = (c.world?.items ?? []).filter((i) => asked.some((w) => i.name.toLowerCase().includes(stem(w)) || i.sector.toLowerCase().includes(stem(w))));
    const fit = fits[hashString(`${self.id}|${asked.join(' ')}`) % Math.max(1, fits.length)];
    if (fit) return `${c.rng.pick(['I like', "I'd say", 'You should try'])} the ${fit.name} at ${fit.sector}.`;
    if (!/\b(menu|eat|drink|food|order|try)\b/.test(u.masked)) return `I don't have a favourite ${asked[0]}, to be honest.`;
  }
  const places = [u.place, sectorNow(self), self.spec.occupation?.workplace, ...self.spec.haunts].filter((p): p is string => !!p);
  // Asked where to eat or drink: only what is eaten or drunk counts.
  const wants = /\b(eat|food|meal|hungry|lunch|dinner|breakfast)\b/.test(u.masked) ? 'food' : /\b(drink|pint|thirsty)\b/.test(u.masked) ? 'drink' : null;
  const fits = (place: string) => (c.world?.items ?? []).filter((i) => i.sector === place && (!wants || (wants === 'food' ? i.food && !i.drink : i.drink))).map((i) => i.name);
  for (const place of places) {
    const items = fits(place);
    if (items.length === 0) continue;
    const item = items[hashString(`${self.id}|fav|${place}`) % items.length];
    return `${c.rng.pick([`The ${item} at ${place}, without a doubt.`, `I always go for the ${item} at ${place}.`, `You can't beat the ${item} at ${place}.`])}`;
  }
  const any = (c.world?.items ?? []).filter((i) => !wants || (wants === 'food' ? i.food && !i.drink : i.drink));
  const pick = any.length > 0 ? any[hashString(`${self.id}|fav`) % any.length] : undefined;
  return pick ? `I'm partial to the ${pick.name} at ${pick.sector}.` : "Hard to pick just one, honestly.";
}

function recallTalk(c: ReplyContext, u: Understanding): string {
  const chats = earlierChats(c);
  const last = chats.at(-1);
  const name = c.asker ? first(c.asker.name) : '';
  if (!last) return /\bname\b/.test(u.masked) && c.asker ? `You're ${name}, aren't you? I don't think we've talked before.` : "I don't think we've talked before — I'd remember.";
  const parts = [`Of course I remember you, ${name}.`];
  const topic = chatTopic(last);
  const told = toldLastTime(c, last);
  if (topic) parts.push(`We talked about ${lowerFirst(topic)} ${whenAgo(last.created, c.now)}.`);
  else parts.push(`We talked ${whenAgo(last.created, c.now)}.`);
  if (told) parts.push(`You told me ${told}.`);
  return parts.join(' ');
}

function recallInvite(c: ReplyContext, u: Understanding): string {
  const soon = upcoming(c.self, c.now).filter((x) => x.source !== SEEKING);
  const fits = (x: Commitment) => (!u.place || x.sector === u.place) && (!u.when || x.day === u.when.day);
  const hit = soon.find(fits) ?? soon[0];
  if (!hit) return "Nobody's invited me to anything lately, as it happens.";
  if (hit.host) return `Nobody — it's my own: I'm hosting ${hit.event} at ${placeOf(hit)} ${whenOf(hit, c.now)}.`;
  const who = c.asker && hit.source === c.asker.name ? 'You did' : hit.source === 'whisper' ? 'It was my own idea' : `${first(hit.source)} did`;
  return `${who} — ${hit.event} at ${placeOf(hit)}, ${whenOf(hit, c.now)}.${c.asker && hit.source === c.asker.name ? " I'll be there." : ''}`;
}

async function heardAbout(c: ReplyContext, u: Understanding): Promise<string> {
  const words = topicWords(u.masked).filter((w) => !['somebody', 'someplace', 'sometime', 'hear', 'heard', 'news'].includes(w));
  if (words.length > 0) {
    const ans = answerEvent(c.self, u.masked, words, c.memories, c.now, c.people);
    if (ans) return /first I've heard/.test(ans) ? `No, I haven't heard about that — what's happening?` : ans;
  }
  const recent = c.self.memory.nodes.filter((n) => n.type === 'thought' && n.predicate === 'heard' && n.created > c.now - 2 * DAY);
  // Asked about something in particular: news on it, else an honest no.
  const onIt = words.length > 0 ? recent.filter((n) => words.some((w) => n.description.toLowerCase().includes(w.replace(/s$/, '')))).at(-1) : undefined;
  const known = words.length > 0 && !onIt ? await rememberedAbout(c.self, words, c.rng, (t) => asSaidBy(t, { firstName: c.self.firstName, name: c.self.name, ...pronounsOf(c.self.spec) })) : null; // the memory and one's own file
  if (known) return known;
  if (words.length > 0 && !onIt && !/\b(news|new|gossip|happening|going on|interesting)\b/.test(u.masked)) return c.rng.pick(["I haven't heard much about that, to be honest.", "No idea, I'm afraid — I haven't heard anything."]);
  const news = onIt ?? recent.at(-1);
  if (news) {
    // A memo after a talk ("I found it interesting to hear from Yumi that …") is said as who told it.
    const memo = toldBy(news.description);
    if (memo) return sentence(briefly(gistOf(memo, 180)));
    return `${c.rng.pick(['I heard that', 'Word is that', 'Someone told me that'])} ${lowerFirst(briefly(gistOf(news.description, 160)))}.`;
  }
  const next = upcoming(c.self, c.now).find((x) => x.source !== SEEKING);
  if (next) return `Nothing much — though I'm ${next.host ? `hosting ${next.event}` : `going to ${next.event}`} ${whenOf(next, c.now)}.`;
  const own = ownNews(c, await ownWords(c, c.self.currently));
  if (own) return own;
  return c.rng.pick(["Nothing I've heard of — it's been a quiet week.", "I haven't heard anything new, I'm afraid."]);
}

function smallTalk(c: ReplyContext, u: Understanding): string {
  const q = u.masked;
  const tone = toneOf(c.self);
  if (/\b(weather|sun|rain|cold|warm|day)\b/.test(q)) return `${c.rng.pick(["It is, isn't it?", 'Lovely, yes.', 'Could be worse!'])} ${c.rng.pick(['Perfect for a walk later.', 'I hope it holds.', "I've hardly been outside to notice."])}`;
  if (/\b(new|arrived|visiting|just got here|first time)\b/.test(q)) return `${c.rng.pick([`Welcome to ${c.world?.name ?? 'town'}!`, 'Oh, welcome!'])} ${c.self.spec.haunts[0] ? `You should see ${c.self.spec.haunts[0]} while you're here.` : 'Ask me if you need directions.'}`;
  if (/\bi (am|m|'m) (a|from)\b|\bi come from\b|\bi work\b|\bi love\b|\bi like\b/.test(q)) return `${{ warm: 'Oh, how lovely!', quiet: 'Oh, that\'s nice.', blunt: 'Huh. Good for you.', easy: 'Nice!' }[tone]} ${c.rng.pick(['What brings you to town, then?', 'How long are you staying?', "You'll fit right in here."])}`;
  return `${c.rng.pick(['I know what you mean.', 'True enough.', 'Ha, yes.'])} ${c.rng.pick(['So, what are you up to today?', 'How are you finding the town?', ''])}`.trim();
}

function unknown(c: ReplyContext, u: Understanding): string {
  const words = topicWords(u.masked).filter((w) => !['somebody', 'someplace', 'sometime'].includes(w));
  // Something the persona heard on it, else an honest question back.
  const heard = words.length > 0 ? c.self.memory.nodes.filter((n) => n.type === 'thought' && n.predicate === 'heard' && words.filter((w) => n.description.toLowerCase().includes(w)).length >= Math.min(2, words.length)).at(-1) : undefined;
  if (heard) return `I heard ${lowerFirst(briefly(gistOf(heard.description, 120)))}.`;
  // A question the persona cannot place is passed over as a person would; anything else is asked about.
  if (/^(what|who|whom|whose|which|when|where|why|how|is|are|was|were|do|does|did|can|could|will|would|should|have|has)\b/.test(u.masked)) return /\b(you|your|yourself)\b/.test(u.masked) ? neverThought(c) : trivia(c, u);
  return acknowledge(c);
}

function plans(c: ReplyContext, u: Understanding): string {
  const w = u.when;
  if (w && w.day < today(c.now)) return pastDay(c, w.day, labelOf(w, c.now));
  const nowMin = minuteOfDay(c.now);
  const window: Window = w
    ? { day: w.day - today(c.now), from: w.from, to: w.start !== null ? w.start + 1 : w.to, label: labelOf(w, c.now) }
    : { day: 0, from: nowMin, to: 24 * 60, label: 'the rest of today' };
  const said = answerPlans(c.self, window, c.now, c.people);
  const next = upcoming(c.self, c.now).filter((x) => x.day > today(c.now) + window.day && x.source !== SEEKING)[0];
  if (!w && next) return `${said} And I'm ${next.host ? `hosting ${next.event}` : `going to ${next.event}`} at ${placeOf(next)} ${whenOf(next, c.now)}.`;
  return said;
}

function labelOf(w: NonNullable<Understanding['when']>, now: number): string {
  const d = w.day - today(now);
  const day = d === 0 ? '' : d === 1 ? 'tomorrow' : d === -1 ? 'yesterday' : d < 0 ? `last ${weekdayOfDay(w.day)}` : `on ${weekdayOfDay(w.day)}`;
  if (w.start !== null) return `${day ? `${day} ` : ''}at ${clockOf(w.start)}`;
  const part = w.from === 6 * 60 ? 'morning' : w.from === 12 * 60 ? 'afternoon' : w.from === 18 * 60 ? 'evening' : '';
  if (!part) return day || 'today';
  return d === 0 ? (part === 'evening' ? 'tonight' : `this ${part}`) : `${day} ${part}`;
}

/** The persona's answer to a line it understood (see the module comment). */
export async function replyTo(c: ReplyContext, u: Understanding, earlier: Understanding | null = null): Promise<string> {
  switch (u.intent) {
    case 'greeting':
      return greet(c);
    case 'how-are-you':
      return howAreYou(c);
    case 'about-self':
      return aboutSelf(c, u);
    case 'name':
      return name(c);
    case 'hobbies':
      return hobbies(c);
    case 'where-is':
      return whereIs(c, u);
    case 'work':
      return answerWork(c.self);
    case 'home':
      return home(c);
    case 'age':
      return age(c);
    case 'family':
      return family(c, u);
    case 'friends':
      return friends(c);
    case 'who-is':
      return u.person ? whoIs(c, u.person.id, u.person.name) : heardAbout(c, u);
    case 'know-person':
      return u.person ? knowPerson(c, u.person.id, u.person.name) : heardAbout(c, u);
    case 'opinion':
      if (!u.person && /\b(election|candidates?|campaign|vote|voting)\b/.test(u.masked)) return vote(c);
      return u.person ? opinionOfPerson(c, u.person.id, u.person.name) : u.place ? opinionOfPlace(c, u.place) : opinionOfTopic(c, u);
    case 'doing-now':
      return doingNow(c);
    case 'plans':
      return plans(c, u);
    case 'hours':
      return answerHours(c.self, u.masked);
    case 'today': {
      // A past question naming a weekday ("how did you spend sunday?") means the last one, not the next.
      const w = u.when && u.when.day > today(c.now) && u.when.dayNamed && /\b(did|was|were|had|went)\b/.test(u.masked) ? { ...u.when, day: u.when.day - 7 } : u.when;
      return w && w.day < today(c.now) ? pastDay(c, w.day, labelOf(w, c.now)) : answerToday(c.self, u.masked, c.now);
    }
    case 'favourite':
      return favourite(c, u);
    case 'recall-talk':
      return recallTalk(c, u);
    case 'recall-invite':
      return recallInvite(c, u);
    case 'heard-about':
      return heardAbout(c, u);
    case 'invitation':
      return answerInvitation(c, u, earlier);
    case 'small-talk':
      return smallTalk(c, u);
    case 'weather':
      return weather(c);
    case 'feel-down':
      return feelDown(c);
    case 'feel-good':
      return feelGood(c);
    case 'feelings':
      return c.rng.pick(['Oh? How come?', 'Really? Tell me more.', 'How so?']);
    case 'mood':
      return mood(c);
    case 'favour':
      return /\b(money|cash|quid|tenner|fiver|loan|lend me|borrow (?:some )?(?:money|cash))\b/.test(u.masked) ? noLoan(c) : answerInvitation(c, u, earlier);
    case 'clock':
      return clock(c, u);
    case 'joke':
      return joke(c);
    case 'follow-up':
      return followUp(c);
    case 'pets':
      return pets(c);
    case 'meal':
      return meal(c, u);
    case 'lived-here':
      return livedHere(c, u);
    case 'are-you-ai':
      return areYouAi(c);
    case 'trivia':
      return trivia(c, u);
    case 'vote':
      return vote(c);
    case 'thanks':
      // "ok", "cool", "I see" are not thanks: they are taken as said.
      if (/^(ok|okay|alright|cool|i see|sounds good|great|wonderful|right)\b/.test(u.masked) && !/\bthank/.test(u.masked)) return c.rng.pick(['Right then.', 'Good, good.', 'There we are.']);
      return c.rng.pick(["You're welcome!", 'Any time.', 'Of course!', 'Glad to help.']);
    case 'goodbye':
      return c.rng.pick([`Bye${c.asker ? `, ${first(c.asker.name)}` : ''}! Come by again.`, 'See you around!', 'Take care!']);
    default:
      return helpOrRemark(c, u) ?? unknown(c, u);
  }
}

