import type { Intent } from './examples';
import type { Slots, TownWords, When } from './slots';
import { sum } from './sums';

/**
 * Understanding what someone says to a resident: the intent (a classifier trained on our examples)
 * and the slots (a resident, a place, a time, read against the town). The language pieces are
 * large, so they are loaded on the first chat (a dynamic import: the page's first load stays small).
 */

export type { Intent } from './examples';
export type { Resident, TownWords, When } from './slots';

export interface Understanding extends Slots {
  intent: Intent;
  score: number;
}

type Language = typeof import('./language');
let language: Promise<Language> | null = null;

/** The language pieces, loaded once. */
function load(): Promise<Language> {
  language ??= import('./language');
  return language;
}

/** What a line means and names (intent and slots), for the one it is said to. */
export async function understand(line: string, town: TownWords, now: number): Promise<Understanding> {
  const lang = await load();
  const slots = lang.readSlots(line, town, now);
  const { intent, score } = await lang.classify(slots.masked);
  // Whether a feeling told is good or bad is the sentiment lexicon's to say, where it has a word for it.
  const refined = refine(intent, slots, line, town);
  if (refined === 'feelings') {
    const tone = lang.feeling(line);
    return { ...slots, intent: tone < 0 ? 'feel-down' : tone > 0 ? 'feel-good' : refined, score };
  }
  return { ...slots, intent: refined, score };
}

/** The minute an invitation that names only a part of the day means ("tonight" → 7 pm). */
export async function meetingMinute(when: When): Promise<number> {
  return (await load()).usualStart(when);
}

/** A sentence of the persona file about oneself, as one says it (compromise; see ./firstPerson.ts). */
export async function asSaidBy(text: string, self: { firstName: string; name: string; subj: string; poss: string; obj: string }): Promise<string> {
  return (await load()).inFirstPerson(text, self);
}

/** Intents a name in the line is said to, not asked about. */
const SOCIAL: ReadonlySet<Intent> = new Set(['greeting', 'goodbye', 'thanks', 'how-are-you', 'invitation', 'favour', 'feelings', 'recall-talk', 'recall-invite']);
/** Questions about a person that, naming "your brother", ask about the brother. */
const ABOUT_A_PERSON: ReadonlySet<Intent> = new Set(['name', 'age', 'work', 'home', 'hobbies', 'lived-here', 'about-self', 'pets', 'who-is', 'know-person']);

/**
 * What the slots say beyond the classifier: a question naming a relation ("your husband") is about
 * family; one that names nobody cannot be about a named person.
 */
function refine(intent: Intent, slots: Slots, line: string, town: TownWords): Intent {
  // "Who is the mayor?" asked of the mayor: the one asked is the answer.
  const title = town.residents.find((r) => r.id === town.self.id)?.title;
  if (sum(slots.masked) !== null) return 'trivia';
  // "What time do you start?" asks for one's hours, not the clock.
  if (intent === 'clock' && /\b(you|your)\b/.test(slots.masked)) return 'hours';
  // "Where are you going?" asks where one is headed, not for news.
  if (intent === 'heard-about' && /^where are you\b/.test(slots.masked)) return slots.when ? 'plans' : 'doing-now';
  // "What are you reading?" asks what one reads now, not for a recommendation.
  if (/\b(are|have) you (been )?reading\b|\breading anything\b/.test(slots.masked)) return 'reading';
  // What one is reading is a matter of books, not of what is on one's mind.
  if ((intent === 'about-self' || intent === 'doing-now') && /\bread(ing)?\b/.test(slots.masked)) return 'favourite';
  // A question about the one asked by its own name ("what do you make of Sofia?"), not a vocative ("Sofia, …", "… Sofia?").
  const me = town.residents.find((r) => r.id === town.self.id);
  const n = me?.firstName.toLowerCase();
  const asObject = n ? new RegExp(`\\b(of|about|know|like|trust|rate|met|meet|is|does|reckon|think)\\s+(?:\\w+\\s+)?${n}\\b(?!'s)|\\b${n}\\s+(is|was|any|like|does|good|doing)\\b`).test(line.toLowerCase()) : false;
  if (asObject && !slots.person && !SOCIAL.has(intent)) return 'self-named';
  // A relation asked after ("how old is your brother?", "what's your sister's name?") is about them, or one does not have one.
  if (slots.relation && ABOUT_A_PERSON.has(intent)) return slots.person ? 'who-is' : 'family';
  // The evening or weekend just gone, told in the past tense.
  if (/\b(last night|yesterday evening|last evening|your night|the night)\b/.test(line.toLowerCase()) && /\b(did|was|were|had|go|went)\b/.test(slots.masked)) return 'past-evening';
  if (/\bweekend\b/.test(line.toLowerCase()) && /\b(how was|how did|what did|did you|how were|good|nice)\b/.test(slots.masked)) return 'past-weekend';
  // Asking for tips or advice, new in town, is asking what is worth seeing, not for news.
  if ((intent === 'heard-about' || intent === 'small-talk' || intent === 'unknown') && /\b(tips?|advice|pointers|suggestions?)\b/.test(slots.masked)) return 'newcomer';
  // A tour asked for ("show me around", "give me a tour") is a favour to agree a time for, not a request for tips.
  if (/\b(tour|show (me|us) (around|round))\b/.test(slots.masked) && /\b(you|could|can|would|will)\b/.test(slots.masked)) return 'favour';
  // The weather asked about in any words ("what do you make of the weather lately?") is the weather.
  if (/\bweather\b/.test(slots.masked) && /\?|^(what|how|is|isn't|do|does|think)\b/.test(line.toLowerCase().trim()) && intent !== 'small-talk') return 'weather';
  // Television or films asked about is a habit: yes or an honest "not really".
  if (/\b(telly|tv|television|films?|movies?|netflix|box sets?)\b/.test(slots.masked) && (/\b(you|your)\b/.test(slots.masked) || /\?\s*$/.test(line)) && !['invitation', 'favour'].includes(intent)) return 'habit';
  // A laugh or a murmur ("lol", "hmm") is taken as one, whatever follows.
  if (/^(lol|lmao|rofl|haha\w*|hehe\w*|ha ha|heh|hmm+|hm+|umm*|erm*)\b/.test(slots.masked.trim())) return 'laugh';
  // Praise of "your shop" is thanked for (or said whose it is), not taken as a visitor's remark.
  if (slots.place && /\byour\b/i.test(line) && /\b(love|adore|like|lovely|nice|great|beautiful|charming|cosy|cozy)\b/.test(slots.masked) && !/\?/.test(line)) return 'praise';
  // "Nice place you've got": praise of one's own place, said without naming it.
  if (/\b(nice|lovely|great|beautiful|charming|cosy|cozy|cute) (little )?(place|shop|spot|store|someplace)\b/.test(slots.masked) && /\byou('ve| have)? got\b|\byou have\b|\byours\b/.test(slots.masked)) return 'praise';
  // "I'm lost" (no thing lost) is a problem to help with, not a favour to book.
  if (/\b(i'm|i am|im) (so |a bit |completely )?lost\b/.test(slots.masked)) return 'problem';
  // "How would I find the park?" asks the way, whatever else it says.
  if (slots.place && /\b(how (do|would|can|could|should) (i|we) (find|get to|reach|get there)|how far|which way|way to|directions)\b/.test(slots.masked)) return 'where-is';
  if (intent === 'small-talk' && /\bwhat should (i|we)\b/.test(slots.masked)) return 'newcomer';
  // Someone new in town asking anything ("just moved in — anything I should know?") wants tips.
  if (/\b(new (here|in town|to town|around here)|just (moved|arrived|got here)|moved (in|here)|first time here)\b/.test(slots.masked) && /\?|\b(should|any|anything|what|where)\b/.test(line)) return 'newcomer';
  // A good place to eat or drink asked for is a recommendation, not directions nor one's own meal.
  if (!slots.place && !['invitation', 'favour', 'opinion', 'feelings', 'greeting', 'goodbye'].includes(intent) && /\b(eat|food|lunch|dinner|breakfast|brunch|drink|coffee|pint|bite)\b/.test(slots.masked) && /\b(where|somewhere|anywhere|spots?|places?|nearby|around)\b/.test(slots.masked) && !/\byou (have|had|eat|ate|get|got)\b/.test(slots.masked)) return 'suggest-place';
  // Liking living here is an opinion of the town, not where one lives.
  if (intent === 'home' && /\b(like|love|enjoy|fond|happy|glad)\b/.test(slots.masked)) return 'opinion';
  if (intent === 'who-is' && !slots.person && title && new RegExp(`\\bthe ${title}\\b`, 'i').test(line)) return 'name';
  if ((intent === 'who-is' || intent === 'know-person') && !slots.person && slots.relation) return 'family';
  if ((intent === 'who-is' || intent === 'know-person') && !slots.person) return slots.place ? 'opinion' : 'heard-about';
  return intent;
}
