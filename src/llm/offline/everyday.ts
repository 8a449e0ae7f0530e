import { DAY, dayStart, minuteOfDay, parseHHMM, weekdayOf } from '../../sim/clock';
import { placeOf, SEEKING } from '../../sim/cognition/commitments';
import { hashString } from '../../sim/rng';
import { taskNow } from './answer';
import { mapAddressOf } from '../../sim/world/actionAddress';
import { parseLifestyle } from './lifestyle';
import { toneOf } from './relations';
import { clockOf, cutBeforeJoin, listOf, lowerFirst, sentence } from './voice';
import { mood } from './personal';
import type { ReplyContext } from './replyContext';
import type { Understanding } from './understand';

/**
 * What a resident says to the everyday lines that ask for its help or remark on it: what its own
 * workplace sells, a place in town worth going to, tips for a newcomer, a problem told ("I lost my
 * keys"), a remark on how it seems ("you look tired"), a yes/no about a habit ("do you cook?"), a
 * question about itself by its own name, and how its evening or weekend went. Each comes from the
 * persona's state and the town's map (sectors, items), in the first person, never read from its file.
 */

const first = (name: string) => name.split(' ')[0] ?? name;
const nameOf = (c: ReplyContext) => (c.asker ? first(c.asker.name) : '');
const items = (c: ReplyContext) => c.world?.items ?? [];
const an = (w: string) => (/^[aeiou]/i.test(w) ? 'an' : 'a');

/** The sector the persona stands in, if any. */
function sectorHere(c: ReplyContext): string | null {
  const a = c.self.scratch.actAddress;
  return a ? (mapAddressOf(a)?.sector ?? null) : null;
}

/** What the persona's workplace (or the place it stands in) sells, from the map's items. */
function forSale(c: ReplyContext, u: Understanding): string {
  const work = c.self.spec.occupation?.workplace ?? null;
  const where = u.place ?? work ?? sectorHere(c);
  const sold = where ? items(c).filter((i) => i.sector === where).map((i) => i.name) : [];
  if (!where || sold.length === 0) {
    const shops = [...new Set(items(c).map((i) => i.sector))];
    return shops.length > 0 ? `Nothing from me, I'm afraid${where ? ` — ${where} doesn't sell anything` : ''}. Try ${listOf(shops.slice(0, 2)).replace(/ and /, ' or ')}.` : "Nothing I know of, I'm afraid.";
  }
  const mine = where === work;
  const pick = sold[hashString(`${c.self.id}|sale|${where}`) % sold.length];
  const list = listOf(sold.slice(0, 4));
  return `${mine ? c.rng.pick([`At ${where} we have ${list}`, `We do ${list} here at ${where}`]) : `${where} has ${list}`}. ${mine ? c.rng.pick([`The ${pick} is my favourite.`, `Try the ${pick} — people come back for it.`]) : c.rng.pick([`I hear the ${pick} is good.`, ''])}`.trim();
}

/** Words that say something weighs on one (as ./personal.ts reads a persona's current situation). */
const WORRIED_NOW = /\b(rattled|worried|worries|nervous|afraid|anxious|stress|stressed|lonely|struggl|fears?|dread|homesick|unsure|torn)\w*/i;

type Want = 'food' | 'drink' | null;

/** What a question asks to eat or drink, if anything. */
function wantOf(q: string): Want {
  return /\b(eat|food|meal|hungry|lunch|dinner|breakfast|bite|brunch|supper|cake|bread)\b/.test(q) ? 'food' : /\b(drink|pint|beer|wine|coffee|tea|thirsty)\b/.test(q) ? 'drink' : null;
}

/** A place in town to recommend for what is wanted: one of the persona's haunts first, else any that sells it (not its own home). */
function suggestPlace(c: ReplyContext, u: Understanding): string {
  const want = wantOf(u.masked);
  const fits = items(c).filter((i) => (want === 'food' ? i.food && !i.drink : want === 'drink' ? i.drink : i.food || i.drink) && i.sector !== c.self.spec.household);
  const kindOf = (name: string) => (c.world?.sectors ?? []).find((s) => s.name === name)?.kind;
  const eatery = (name: string) => ['cafe', 'bar', 'bakery'].includes(kindOf(name) ?? '');
  const all = [...new Set(fits.map((i) => i.sector))];
  const sectors = all.some(eatery) ? all.filter(eatery) : all;
  if (sectors.length === 0) return "Honestly, there's not much choice in town — I'd ask at the square.";
  const haunt = c.self.spec.haunts.find((h) => sectors.includes(h) && h !== c.self.spec.occupation?.workplace);
  const place = haunt ?? sectors[hashString(`${c.self.id}|suggest|${want ?? ''}`) % sectors.length] ?? '';
  const item = fits.find((i) => i.sector === place)?.name;
  const mine = place === c.self.spec.occupation?.workplace;
  const other = sectors.find((s) => s !== place);
  const why = haunt ? c.rng.pick([`I go there all the time.`, `It's my favourite.`]) : mine ? "I'm biased — I work there." : 'People speak well of it.';
  return `${c.rng.pick(['You want', 'Try', 'I\'d go to'])} ${place}${item ? ` — get the ${item}` : ''}. ${why}${other ? ` ${other} is good too.` : ''}`;
}

/** Tips for someone new: places worth seeing, from the town's map and the persona's own haunts. */
function newcomerTips(c: ReplyContext): string {
  const sectors = (c.world?.sectors ?? []).filter((s) => s.kind !== 'home');
  const haunts = c.self.spec.haunts.filter((h) => sectors.some((s) => s.name === h) && h !== c.self.spec.occupation?.workplace);
  const outdoor = sectors.find((s) => s.kind === 'park' || s.kind === 'square')?.name;
  const picks = [...new Set([...haunts, outdoor].filter((p): p is string => !!p))].slice(0, 2);
  const food = items(c).find((i) => i.food && i.sector === c.self.spec.occupation?.workplace);
  const welcome = { warm: `Oh, welcome${nameOf(c) ? `, ${nameOf(c)}` : ''}!`, quiet: 'Welcome.', blunt: 'Right, listen.', easy: 'Welcome to town!' }[toneOf(c.self)];
  const see = picks.length > 0 ? `See ${listOf(picks)} first.` : 'Have a wander round — it\'s small, you can\'t get lost.';
  const mine = food ? ` And come by ${food.sector} for ${an(food.name)} ${food.name}.` : '';
  return `${welcome} ${see}${mine} ${c.rng.pick(['Say hello to people — everyone talks here.', 'Ask anyone for directions; we don\'t bite.'])}`;
}

/** A problem told ("I lost my wallet"): sympathy, an honest "haven't seen it", and where to ask. */
function problemTold(c: ReplyContext, u: Understanding): string {
  const name = nameOf(c);
  const lost = /\b(lost|lose|find|missing|seen|dropped|left|stolen|stole|took)\b/.test(u.masked);
  const thing = /\bmy ([a-z]+(?: [a-z]+)?)/.exec(u.masked)?.[1]?.replace(/ (have|has|is|are|and|somewhere|anywhere|at|in).*$/, '');
  const lead = { warm: `Oh no${name ? `, ${name}` : ''}!`, quiet: 'Oh dear.', blunt: "That's a nuisance.", easy: 'Ah, no!' }[toneOf(c.self)];
  const work = c.self.spec.occupation?.workplace;
  const ask = (c.world?.sectors ?? []).find((s) => s.kind === 'square' || s.kind === 'office')?.name;
  if (lost && thing) {
    const seen = `I haven't seen ${/s$/.test(thing) ? 'any' : 'a'} ${thing}, I'm afraid${work ? ` — nobody's handed one in at ${work}` : ''}.`;
    return `${lead} ${seen} ${c.rng.pick([`Retrace your steps${ask ? `, and ask at ${ask}` : ''}.`, "I'll keep an eye out for it."])}`;
  }
  if (/\blost\b/.test(u.masked) && !thing) return `${lead} Where are you trying to get to? I'll point you the right way.`;
  return `${lead} ${c.rng.pick(["What can I do to help?", "Is there anything I can do?"])}${ask ? ` Someone at ${ask} might know more.` : ''}`;
}

/** "You look tired / happy / busy": the persona answers about its own state right now. */
function remark(c: ReplyContext, u: Understanding): string {
  const q = u.masked;
  const { wake } = parseLifestyle(c.self.spec.lifestyle);
  const task = taskNow(c.self, c.now);
  const job = c.self.spec.occupation;
  const hours = Math.max(0, Math.floor((minuteOfDay(c.now) - wake * 60) / 60));
  if (/\b(tired|sleepy|exhausted|worn|knackered|shattered)\b/.test(q)) {
    const starts = job ? parseHHMM(job.start) : 24 * 60;
    const why = hours >= 8 ? `I've been on my feet since ${clockOf(wake * 60)}` : job && starts - wake * 60 <= 90 ? `I was up at ${clockOf(wake * 60)} for ${job.workplace}` : wake <= 6 ? `I was up at ${clockOf(wake * 60)}` : "I didn't sleep well";
    return `${c.rng.pick(['Do I? I suppose I am —', 'A little, yes —', 'Is it that obvious?'])} ${why}. ${c.rng.pick(['Nothing a cup of tea won\'t fix.', "I'll sleep well tonight."])}`;
  }
  if (/\b(busy|rushed|hurry)\b/.test(q)) return task && !/^(sleeping|conversing|chatting)/.test(task) ? `${c.rng.pick(['A bit —', 'Always!'])} I'm ${task}. But I've time for a word.` : `${c.rng.pick(['Not really,', 'Not right now,'])} I've time for a chat.`;
  if (/\b(stressed|worried|down|sad|upset|low|fed up|cross|angry|grumpy|unhappy|troubled|anxious|nervous)\b/.test(q)) {
    return WORRIED_NOW.test(c.self.currently) ? `${c.rng.pick(['A little, yes.', 'Is it that obvious?'])} ${c.rng.pick(["There's a lot on my mind at the moment.", "It's been a trying week."])} But thank you for asking.` : `${c.rng.pick(['Do I? No, honestly,', "Me? I'm alright,"])} ${c.rng.pick(["just a long day.", "just thinking about what's next on my list."])} Kind of you to notice, though.`;
  }
  if (/\b(happy|cheerful|well|good|great|bright|chirpy|relaxed)\b/.test(q)) return `${c.rng.pick(['Do I? Thank you!', 'Ha — I am, as it happens.'])} ${mood(c).replace(/^(Mostly|I think so|On the whole), yes\. /, '')}`;
  return `${c.rng.pick(['Do I?', 'Hmm, do I?'])} ${mood(c)}`;
}

/** Words of a habit question that name the habit ("do you play any instruments" → instrument). */
function habitWords(q: string): string[] {
  return (q.replace(/^.*?\b(do|can|did|are|would) you (ever |really |actually |still )?/, '').match(/[a-z]+/g) ?? []).filter((w) => w.length > 2 && !/^(the|any|much|like|enjoy|into|play|know|how|to|a|an|at|in|on|well|often|ever|some|your|you|much|lot|all|have|got|believe|yourself|home|here|stuff|things?|sometime|somebody|someplace)$/.test(w));
}

/** "Do you cook / play an instrument / believe in ghosts?": yes or no from the persona's file and job, else an honest not really. */
function habit(c: ReplyContext, u: Understanding): string {
  const q = u.masked;
  const spec = c.self.spec;
  const job = spec.occupation;
  const file = `${spec.learned} ${spec.lifestyle} ${spec.currently} ${job?.title ?? ''}`.toLowerCase();
  const tone = toneOf(c.self);
  if (/\b(cook|cooking|bake|baking|kitchen)\b/.test(q)) {
    const food = job && /(cook|chef|baker|café|cafe|restaurant|pub|landlord|landlady|barman|barmaid|bartender|kitchen)/i.test(job.title) && items(c).some((i) => i.sector === job.workplace && i.food);
    if (food && job) return `${c.rng.pick(['Every day!', 'I do —'])} it's half my work at ${job.workplace}. ${c.rng.pick(['At home I keep it simple.', 'At home someone else can do it for once.'])}`;
    const { dinner } = parseLifestyle(spec.lifestyle);
    return `${c.rng.pick(['Nothing fancy,', 'Simple things,'])} but yes — dinner at home, around ${clockOf(dinner * 60)}. ${c.rng.pick(["Don't ask me for a soufflé.", 'Soup is my speciality.'])}`;
  }
  if (/\bbelieve in\b/.test(q)) {
    const thing = /\bbelieve in ([a-z ]+)/.exec(q)?.[1]?.trim() ?? 'that';
    return { warm: `Ghosts and such? Not really — though I love a good story about ${thing}.`, quiet: `I'm not sure I do. I keep an open mind.`, blunt: `${thing.charAt(0).toUpperCase()}${thing.slice(1)}? No. I believe in what I can see.`, easy: `Not really, but I wouldn't spend a night in an empty house either!` }[tone].replace(/Ghosts and such/, thing.charAt(0).toUpperCase() + thing.slice(1));
  }
  const music = /\b(instruments?|music|piano|guitar|violin|fiddle|drums?|sing|singing|band|choir|flute)\b/.test(q);
  const words = music ? ['music', 'piano', 'guitar', 'violin', 'fiddle', 'drum', 'sing', 'band', 'choir', 'flute', 'instrument'] : habitWords(q).map((w) => w.replace(/(ing|s)$/, '').slice(0, 6));
  const hit = words.find((w) => w.length >= 3 && new RegExp(`\\b${w}`).test(file));
  if (hit) return `${c.rng.pick(['I do, yes', 'Yes, I do', 'As it happens, yes'])} — ${c.rng.pick(['whenever I get the chance.', "it's one of the things I love.", 'not as often as I\'d like.'])}`;
  const busy = job ? `between ${job.workplace} and home there isn't much time for it` : 'I never got round to it';
  return `${c.rng.pick(['Not really, no —', "Can't say I do —", 'No, not me —'])} ${music ? 'I never learned. I like listening, though.' : `${busy}.`}`;
}

/** A question about the persona by its own name ("what do you think of Sofia?"): it is the one asked. */
function selfNamed(c: ReplyContext): string {
  const job = c.self.spec.occupation;
  const who = job ? (job.title === 'student' ? `a student at ${job.workplace}` : `the ${job.title} at ${job.workplace}`) : `${c.self.firstName} from ${c.self.spec.household}`;
  return `${c.rng.pick(["That's me!", `Ha — I'm ${c.self.firstName}!`, "Why, that's me!"])} ${c.rng.pick([`I'm ${who}, and I'd like to think I'm doing alright.`, `${who.charAt(0).toUpperCase()}${who.slice(1)} — you'll have to ask someone else if I'm any good!`])}`;
}

/** The evening or weekend just gone: dinner and bed from the lifestyle, events and chats from memory, in the past tense. */
function pastStretch(c: ReplyContext, which: 'evening' | 'weekend'): string {
  const self = c.self;
  const todayIx = Math.floor(dayStart(c.now) / DAY);
  const job = self.spec.occupation;
  const home = self.spec.household;
  const mates = self.spec.relationships.filter((r) => /wife|husband|partner|son|daughter|child|mother|father/i.test(r.kind)).map((r) => first(c.people.get(r.id) ?? r.id));
  const chatsOn = (day: number, fromMin: number) => [...new Set(self.memory.nodes.filter((n) => n.type === 'chat' && n.created >= day * DAY + fromMin * 60_000 && n.created < (day + 1) * DAY).map((n) => first(n.object)))];
  if (which === 'evening') {
    const day = todayIx - 1;
    const { dinner, bed } = parseLifestyle(self.spec.lifestyle);
    const ev = self.commitments.find((x) => x.day === day && x.start >= 17 * 60 && x.source !== SEEKING);
    const met = chatsOn(day, 17 * 60);
    const did = ev ? `I ${ev.host ? 'hosted' : 'went to'} ${ev.event} at ${placeOf(ev)}` : `dinner at home${mates.length ? ` with ${listOf(mates.slice(0, 2))}` : ''} around ${clockOf(dinner * 60)}`;
    return `${c.rng.pick(['A quiet one —', 'Nothing wild —', 'Not much —'])} ${did}${met.length ? `, a chat with ${listOf(met.slice(0, 2))}` : ''}, and bed by ${clockOf((bed % 24) * 60)}.`;
  }
  // The weekend: the last Saturday and Sunday before today (or today, if it is one).
  const days = [0, 1, 2, 3, 4, 5, 6].map((k) => todayIx - k).filter((d) => /^(Sat|Sun)$/.test(weekdayOf(d * DAY))).slice(0, 2).reverse();
  const parts = days.map((d) => {
    const weekday = weekdayOf(d * DAY);
    const day = weekday === 'Sat' ? 'Saturday' : 'Sunday';
    const ev = self.commitments.find((x) => x.day === d && x.source !== SEEKING);
    if (ev) return `${ev.host ? 'hosted' : 'went to'} ${ev.event} on ${day}`;
    if (job && (job.days as readonly string[]).includes(weekday)) return `worked at ${job.workplace} on ${day} until ${clockOf(parseHHMM(job.end) % (24 * 60))}`;
    const haunt = self.spec.haunts.find((h) => h !== job?.workplace && h !== home);
    return haunt && hashString(`${self.id}|${d}`) % 2 === 0 ? `spent ${day} at ${haunt}` : `stayed in on ${day}${mates.length ? ` with ${listOf(mates.slice(0, 2))}` : ''}`;
  });
  return `${c.rng.pick(['Nice, thanks!', 'Not bad at all.', 'Quiet, but nice.'])} I ${listOf(parts)}.`;
}

/** The answer to one of this module's kinds of line, or null for any other intent. */
export function helpOrRemark(c: ReplyContext, u: Understanding): string | null {
  switch (u.intent) {
    case 'shop':
      return forSale(c, u);
    case 'suggest-place':
      return suggestPlace(c, u);
    case 'newcomer':
      return newcomerTips(c);
    case 'problem':
      return problemTold(c, u);
    case 'remark':
      return remark(c, u);
    case 'habit':
      return habit(c, u);
    case 'self-named':
      return selfNamed(c);
    case 'past-evening':
      return pastStretch(c, 'evening');
    case 'past-weekend':
      return pastStretch(c, 'weekend');
    case 'laugh':
      return laughOrMurmur(c, u);
    case 'praise':
      return compliment(c, u);
    case 'reading':
      return readingNow(c);
    default:
      return null;
  }
}

/** Praise of "your shop" or "your café": thanks if it is one's own workplace that sells, else said kindly whose it is. */
function compliment(c: ReplyContext, u: Understanding): string | null {
  const job = c.self.spec.occupation;
  // A place praised that is not one's own workplace: agreed with, and who keeps it.
  if (u.place && u.place !== job?.workplace) {
    const keeper = [...c.specs.values()].find((s) => s.occupation?.workplace === u.place && s.id !== c.self.id);
    return `${u.place}? ${c.rng.pick(['It is lovely, isn\'t it?', 'Isn\'t it great?'])}${keeper ? ` ${keeper.firstName} keeps it well.` : ''}`;
  }
  const kind = c.world?.sectors.find((s) => s.name === job?.workplace)?.kind;
  const sells = job && ['cafe', 'bar', 'grocery', 'shop', 'bakery'].includes(kind ?? '') && items(c).some((i) => i.sector === job.workplace);
  if (job && sells) return c.rng.pick([`Oh, thank you — ${job.workplace} is my pride and joy.`, `Thank you! Come by ${job.workplace} any time.`]);
  const where = job ? (job.title === 'student' ? `I'm a student at ${job.workplace}` : `I'm the ${job.title} at ${job.workplace}`) : `I just live at ${c.self.spec.household}`;
  return `${c.rng.pick(['Ha — I wish it were mine!', 'Oh, I have no shop —'])} ${where}. ${c.rng.pick(['But thank you!', 'Kind of you, though.'])}`;
}

/** A laugh ("lol", "haha") is laughed with; a murmur ("hmm") is asked about. Null for anything else. */
function laughOrMurmur(c: ReplyContext, u: Understanding): string | null {
  const q = u.masked.trim();
  if (/^(lol|lmao|rofl|haha\w*|hehe\w*|ha ha|heh)\b/.test(q)) return c.rng.pick(['Ha! Glad I amuse you.', 'Ha, I know!', "Ha — you've a good laugh."]);
  if (/^(hmm+|hm+|umm*|erm*|uh+)\b/.test(q)) return c.rng.pick(['Penny for your thoughts?', 'Something on your mind?', 'Take your time.']);
  return null;
}

/** One's own news when one heard none: the first words of what one is doing, at most ten, ending before a joining word ("… a small stage | for …"), never mid-phrase; null when too short to say. */
export function ownNews(c: ReplyContext, ownWords: string): string | null {
  const own = ownWords.replace(/\.$/, '').split(' ');
  const n = cutBeforeJoin(own, 10);
  return n >= 4 ? `${c.rng.pick(["Nothing I've heard of — though", 'Not much — well,'])} ${sentence(lowerFirst(own.slice(0, n).join(' ')).replace(/^i\b/, 'I'))}` : null;
}

/** What one is reading now: a book one's file names (by the word "book", "novel" or "reading"), else honestly nothing, and where one would find something. */
function readingNow(c: ReplyContext): string {
  const file = `${c.self.spec.learned} ${c.self.spec.lifestyle} ${c.self.spec.currently}`;
  const shop = items(c).find((i) => /book/i.test(i.name))?.sector;
  const reads = /\b(reads?|reading|novels?|books?|poetry|library)\b/i.test(file);
  if (reads) return `${c.rng.pick(['Always something!', 'A bit of everything, as ever.'])} ${shop ? `I'm never out of ${shop} for long.` : 'I read every evening.'}`;
  return `${c.rng.pick(["Nothing at the moment, honestly —", 'Not much, I confess —'])} ${shop ? `I keep meaning to pick something up at ${shop}.` : "I'm too tired by the evening."}`;
}
