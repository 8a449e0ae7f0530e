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
  if (intent === 'feelings') {
    const tone = lang.feeling(line);
    return { ...slots, intent: tone < 0 ? 'feel-down' : tone > 0 ? 'feel-good' : intent, score };
  }
  return { ...slots, intent: refine(intent, slots, line, town), score };
}

/** The minute an invitation that names only a part of the day means ("tonight" → 7 pm). */
export async function meetingMinute(when: When): Promise<number> {
  return (await load()).usualStart(when);
}

/** A sentence of the persona file about oneself, as one says it (compromise; see ./firstPerson.ts). */
export async function asSaidBy(text: string, self: { firstName: string; name: string; subj: string; poss: string; obj: string }): Promise<string> {
  return (await load()).inFirstPerson(text, self);
}

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
  // What one is reading is a matter of books, not of what is on one's mind.
  if ((intent === 'about-self' || intent === 'doing-now') && /\bread(ing)?\b/.test(slots.masked)) return 'favourite';
  if (intent === 'who-is' && !slots.person && title && new RegExp(`\\bthe ${title}\\b`, 'i').test(line)) return 'name';
  if ((intent === 'who-is' || intent === 'know-person') && !slots.person && slots.relation) return 'family';
  if ((intent === 'who-is' || intent === 'know-person') && !slots.person) return slots.place ? 'opinion' : 'heard-about';
  return intent;
}
