import type { ChatBody, FakeReply, Responder } from './fakeLlm';
import { hashString } from '../../src/sim/rng';
import { closest, compactDetails, goodModel, optionsAfter, packedConversationReply, packedActionPrompt, packedConversationPrompt, packedDetails, packedMemories, packedQuestions, preparedSubtasks, startDayPlaces } from './goodModel';

/**
 * The `talkative` fake model: a town that goes out, meets and talks as often as real models make it
 * (Smallville's runs: people agree to most chats, conversations run 6–10 lines, lunch and evenings
 * are spent at the café or the square). goodModel keeps everyone at home all day and says four
 * lines, so a benchmark on it counts almost no conversation cost; this one counts it honestly.
 *
 * Every decision is a pure function of what both call plans put in their prompts (the persona's
 * work, haunts, home and lifestyle, the names, the time, the event), so `faithful` (one question
 * per call) and `packed` (many questions per call) get the same answers and run the same town.
 * Chance is a hash of the question, never a random draw: runs are reproducible.
 */

const json = (v: unknown): FakeReply => ({ kind: 'content', content: JSON.stringify(v) });

/** 0–23 from "9:00 am" / "12:30 pm". */
export function hour24(label: string): number {
  const m = /(\d{1,2})(?::\d\d)?\s*([ap])\.?m/i.exec(label);
  if (!m) return -1;
  return (Number(m[1]) % 12) + (m[2]!.toLowerCase() === 'p' ? 12 : 0);
}

/** What the model reads about a persona's day from any planning prompt (identity, lifestyle, work line). */
export interface DayFacts {
  wake: number;
  bed: number;
  /** null: no regular job. */
  work: { place: string; arena: string; start: number; end: number } | null;
}

export function dayFacts(prompt: string): DayFacts {
  const wakeM = /wakes? up (?:at |around |by )?(\d{1,2}(?::\d\d)?\s*[ap]\.?m)/i.exec(prompt);
  const bedM = /(?:goes|go) to (?:bed|sleep) (?:at |around |by )?(\d{1,2}(?::\d\d)?\s*[ap]\.?m)/i.exec(prompt);
  const workM = /^Work: .*? at (.+?) \(([^)]+)\), .*?(\d{1,2}:\d\d [ap]m) to (\d{1,2}:\d\d [ap]m)/m.exec(prompt);
  const wake = wakeM ? hour24(wakeM[1]!) : 7;
  let bed = bedM ? hour24(bedM[1]!) : 23;
  if (bed <= wake) bed = 23;
  return { wake, bed, work: workM ? { place: workM[1]!, arena: workM[2]!, start: hour24(workM[3]!), end: Math.max(hour24(workM[3]!) + 1, hour24(workM[4]!)) } : null };
}

/** The talkative day: hour → activity. At least 5 distinct activities; time out at lunch and in the evening. */
export function talkativeActivity(hour: number, f: DayFacts): string {
  if (hour < f.wake || hour >= f.bed) return 'sleeping';
  if (hour === f.wake) return 'waking up and getting ready';
  if (hour === f.wake + 1 && (!f.work || hour < f.work.start)) return 'eating breakfast at home';
  if (hour === 12) return 'having lunch with friends';
  if (f.work && hour >= f.work.start && hour < f.work.end) return `working at ${f.work.place}`;
  if (hour === f.bed - 1) return 'reading a book at home';
  if (hour === 19) return 'having dinner at home';
  if (hour >= 20) return 'spending the evening with friends';
  if (hour >= 17) return 'running errands in town';
  return hour < 12 ? 'taking a walk around town' : 'visiting neighbours in town';
}

/** The whole day, hour by hour. */
export function talkativeDay(f: DayFacts): string[] {
  return Array.from({ length: 24 }, (_, h) => talkativeActivity(h, f));
}

/** Where the persona knows it can go, and which of its places an activity belongs to. */
export interface PlaceFacts {
  home: string;
  work: string | null;
  workArena: string | null;
  haunts: string[];
  bedroom: string | null;
}

const AT_HOME = /sleep|bed|getting ready|breakfast|at home|morning routine/;

/** The sector for an activity: home things at home, work at work, company at a haunt, errands at another. */
export function sectorFor(activity: string, options: string[], f: PlaceFacts): string {
  const known = (s: string | null | undefined) => (s && options.includes(s) ? s : undefined);
  const haunts = f.haunts.filter((h) => options.includes(h));
  if (AT_HOME.test(activity)) return known(f.home) ?? closest(options, activity);
  if (/^working|work\b/.test(activity)) return known(f.work) ?? known(f.home) ?? closest(options, activity);
  if (/lunch|friends|neighbours/.test(activity)) return haunts[0] ?? known(f.home) ?? options[0]!;
  if (/errand|walk|town/.test(activity)) return haunts[1] ?? haunts[0] ?? known(f.home) ?? options[0]!;
  return closest(options, activity, f.home);
}

export function arenaFor(activity: string, sector: string, options: string[], f: PlaceFacts): string {
  if (sector === f.home && /sleep|bed/.test(activity) && f.bedroom && options.includes(f.bedroom)) return f.bedroom;
  if (sector === f.work && f.workArena && options.includes(f.workArena)) return f.workArena;
  return closest(options, activity);
}

/** Talk to most people noticed (two in three), as real models do. */
export function wantsToTalk(a: string, b: string, time: string): boolean {
  return hashString(`talk|${[a, b].sort().join('|')}|${time}`) % 3 !== 0;
}

/** Wait for the other one time in three. */
export function wantsToWait(a: string, b: string, time: string): boolean {
  return hashString(`wait|${a}|${b}|${time}`) % 3 === 0;
}

/** A conversation's length: 6, 8 or 10 lines. */
export function conversationLength(a: string, b: string, time: string): number {
  return 6 + 2 * (hashString(`len|${[a, b].sort().join('|')}|${time}`) % 3);
}

/** Line `i` (0-based) of a conversation of `length` lines; the host of an event invites on their second line. */
export function conversationLine(i: number, length: number, speaker: string, listener: string, hosting: string | null, invited: boolean): string {
  const first = listener.split(' ')[0];
  if (invited) return "Yes, I'd love to come! See you there.";
  if (hosting && (i === 2 || i === 3)) return `Would you like to come to ${hosting}?`;
  if (i === length - 1) return `Good to see you, ${first}. Take care!`;
  if (i === length - 2) return 'I should get going soon, but this was lovely.';
  const lines = [
    `Hi ${first}! How is your day going?`,
    `Not bad at all, ${first}. Busy, but good. And yours?`,
    'Pretty good. I have been meaning to ask how things are with you.',
    'Oh, the usual. There is always something to do around here.',
    'Have you been to the café lately? They have a new cake.',
    'I have! It is very good. We should go together some time.',
    'That sounds lovely. Let us do that this week.',
    'It is a deal.',
  ];
  return lines[i % lines.length]!;
}

/**
 * 1 for sleep and idleness; else by kind, as models rate them: what others are doing 2–4, a chat 3–5,
 * a thought 3–6 (the same text always rates the same).
 */
export function ratingOf(kind: string, description: string): number {
  if (/sleep|is idle/.test(description)) return 1;
  const h = hashString(description);
  return kind === 'event' ? 2 + (h % 3) : kind === 'chat' ? 3 + (h % 3) : 3 + (h % 4);
}

/** The name of the person a conversation prompt's speaker is talking to, the speaker and the time. */
function pairOf(prompt: string): { speaker: string; listener: string; time: string } {
  const m = /^It is (\d{1,2}:\d\d [ap]m)\. (.+?) was .*? when \2 met (.+?), who was/m.exec(prompt);
  return { time: m?.[1] ?? '', speaker: m?.[2] ?? '', listener: m?.[3] ?? '' };
}

function placeFacts(prompt: string): PlaceFacts {
  const workM = /^Work: .*? at (.+?) \(([^)]+)\),/m.exec(prompt);
  return {
    home: /lives in (.*?), which has/.exec(prompt)?.[1] ?? '',
    work: workM?.[1] ?? null,
    workArena: workM?.[2] ?? null,
    haunts: (/^Favourite places: (.*)$/m.exec(prompt)?.[1] ?? '').split(', ').filter((h) => h && h !== '(none)'),
    bedroom: /own bedroom is the (.*?)\.$/m.exec(prompt)?.[1]?.split(' in ')[0] ?? null,
  };
}

/** The day in broad strokes, with times. */
function planItems(f: DayFacts): string[] {
  const at = (h: number) => `${h % 12 || 12}:00 ${h < 12 ? 'am' : 'pm'}`;
  const items = [`wake up and complete the morning routine at ${at(f.wake)}`, 'have lunch with friends at 12:00 pm', 'have dinner at 7:00 pm', `go to bed at ${at(f.bed)}`];
  if (f.work) items.splice(1, 0, `work at ${f.work.place} from ${at(f.work.start)} to ${at(f.work.end)}`);
  return items;
}

/** Two insights citing the first statements (`numbers`: the statements' numbers as the prompt gives them, 1…count in the one-question prompt). */
function insightsFor(numbers: number[]): { insight: string; evidence: number[] }[] {
  return [1, 2].map((k) => ({ insight: `I value my time with people around town (${k})`, evidence: [numbers[Math.min(k, Math.max(1, numbers.length)) - 1] ?? 1] }));
}

/** Three 5-minute-multiple subtasks summing to `total` (one when the block is short). */
export function subtasksFor(total: number): { task: string; minutes: number }[] {
  const t = Math.max(5, Math.round(total / 5) * 5);
  if (t < 30) return [{ task: 'getting it done', minutes: t }];
  const a = Math.max(5, Math.round(t / 6 / 5) * 5);
  const c = Math.max(5, Math.round(t / 6 / 5) * 5);
  return [
    { task: 'getting started', minutes: a },
    { task: 'getting on with it', minutes: t - a - c },
    { task: 'wrapping up', minutes: c },
  ];
}

export function talkativeModel(): Responder {
  const good = goodModel();
  /** The arena prompt does not repeat the persona's places: remember them from its sector prompt. */
  const placesOf = new Map<string, PlaceFacts>();
  return (body: ChatBody, task: string, prompt: string): FakeReply => {
    switch (task) {
      case 'wake_up_hour':
        return json({ hour: dayFacts(prompt).wake });
      case 'daily_planning':
        return json({ plan: planItems(dayFacts(prompt)) });
      case 'hourly_schedule': {
        const m = /doing from (\d{1,2}:\d\d\s*[ap]m) to/i.exec(prompt);
        return json({ activity: talkativeActivity(m ? hour24(m[1]!) : 12, dayFacts(prompt)) });
      }
      case 'task_decomp': {
        const m = /\((\d+) minutes in all\)/.exec(prompt);
        return json({ subtasks: subtasksFor(Number(m?.[1] ?? 60)) });
      }
      case 'action_sector': {
        const f = placeFacts(prompt);
        const first = /^Choose the area where (\S+)/m.exec(prompt)?.[1] ?? '';
        placesOf.set(first, f);
        const activity = /^Activity: \S+ is (.*)\.$/m.exec(prompt)?.[1] ?? '';
        return json({ sector: sectorFor(activity, optionsAfter(prompt, /^Area options:/), f) });
      }
      case 'action_arena': {
        const first = /^(\S+) is going to/m.exec(prompt)?.[1] ?? '';
        const sector = /is going to (.*), which has these areas:/.exec(prompt)?.[1] ?? '';
        const activity = /^Activity: \S+ is (.*)\.$/m.exec(prompt)?.[1] ?? '';
        const f = { ...(placesOf.get(first) ?? placeFacts(prompt)), bedroom: placeFacts(prompt).bedroom };
        return json({ arena: arenaFor(activity, sector, optionsAfter(prompt, /which has these areas:/), f) });
      }
      case 'decide_to_talk': {
        const m = /^It is (\d{1,2}:\d\d [ap]m) on .*?\. (.+?) is .*?\. \2 sees (.+?), who is/m.exec(prompt);
        const yes = m ? wantsToTalk(m[2]!, m[3]!, m[1]!) : true;
        return json({ reason: yes ? 'They get on well and both have a moment.' : 'Not now, there is too much to do.', answer: yes ? 'yes' : 'no' });
      }
      case 'decide_to_react': {
        const m = /^It is (\d{1,2}:\d\d [ap]m)\. (.+?) is about to be .*? (\S+ \S+) is already there/m.exec(prompt);
        const name = /^Task: given the context, choose the most sensible of two options for (.+)\.$/m.exec(prompt)?.[1] ?? m?.[2] ?? '';
        const target = /^Option 1: wait until (.+?) is done/m.exec(prompt)?.[1] ?? '';
        const wait = wantsToWait(name, target, m?.[1] ?? '');
        return json({ reason: wait ? 'It is polite to wait.' : 'There is room for both.', option: wait ? 1 : 2 });
      }
      case 'conversation_turn': {
        const { speaker, listener, time } = pairOf(prompt);
        const transcript = (prompt.split('The conversation so far:')[1] ?? '').split('\n\nWhat does')[0]!.replace(/^\(nothing yet.*$/m, '');
        const turns = (transcript.match(/^\S[^:\n]*: /gm) ?? []).length;
        const length = conversationLength(speaker, listener, time);
        const invited = /would you like to come to [^?]+\?$/i.test(transcript.trim().split('\n').pop() ?? '');
        const hosting = /^- hosting (.+)$/m.exec(prompt)?.[1] ?? null;
        return json({ line: conversationLine(turns, length, speaker, listener, hosting, invited), end: invited || turns + 1 >= length });
      }
      case 'poignancy_event':
      case 'poignancy_chat':
      case 'poignancy_thought': {
        const description = /^(?:Event|Conversation|Thought|Memory): (.*)$/m.exec(prompt)?.[1] ?? prompt;
        return json({ rating: ratingOf(task.slice('poignancy_'.length), description) });
      }
      case 'insights': {
        const count = Number(/numbers 1 to (\d+) only/.exec(prompt)?.[1] ?? 1);
        return json({ insights: insightsFor(Array.from({ length: count }, (_, i) => i + 1)) });
      }
      // ---- the packed call plan: the same decisions as the one-question tasks above
      case 'start_day': {
        // The hour it is now ("It is 7:00 am."), or the wake-up hour while still asleep: the same day as plan_day's.
        const f = dayFacts(prompt);
        const now = hour24(/^It is (\d{1,2}:\d\d [ap]m)\./m.exec(prompt)?.[1] ?? '7:00 am');
        const activity = talkativeActivity(Math.max(f.wake, now), f).replace(/^sleeping$/, 'waking up and getting ready');
        // Where, among the places offered: as its action's details will say.
        const pl = startDayPlaces(prompt);
        const place = pl.all.length > 0 ? sectorFor(activity, pl.all, { home: pl.home ?? '', work: pl.work, workArena: f.work?.arena ?? null, haunts: pl.haunts, bedroom: null }) : '';
        return json({ wake_up_hour: f.wake, activity, place });
      }
      case 'plan_day': {
        const f = dayFacts(prompt);
        const hourly = talkativeDay(f);
        return json({ wake_up_hour: f.wake, plan: planItems(f), hourly, subtasks: preparedSubtasks(hourly, subtasksFor) });
      }
      case 'action_details': {
        const a = packedActionPrompt(prompt);
        const f: PlaceFacts = { home: a.home, work: a.work?.place ?? null, workArena: a.work?.arena ?? null, haunts: a.haunts, bedroom: a.bedroom ?? null };
        return json({
          actions: compactDetails(
            a.actions.map((activity) => {
            const sector = sectorFor(activity, a.places.map((pl) => pl.sector), f);
            const arenas = a.places.find((pl) => pl.sector === sector)?.arenas ?? [];
            const arena = arenas.length ? arenaFor(activity, sector, arenas.map((x) => x.arena), f) : '';
            const objects = arenas.find((x) => x.arena === arena)?.objects ?? [];
            return packedDetails(a.name, activity, sector, arena, objects.length ? closest(objects, activity) : '<random>', /sleep/.test(activity) ? '😴' : '🙂', ['is', 'busy'], 'in use', ['is', 'busy']);
            }),
          ),
        });
      }
      case 'poignancies':
        return json({ ratings: packedMemories(prompt).map((m) => ratingOf(m.kind, m.description)) });
      case 'conversation': {
        const c = packedConversationPrompt(prompt);
        if (!wantsToTalk(c.init, c.target, c.time)) return json({ talk: false });
        const length = conversationLength(c.init, c.target, c.time);
        const lines: { speaker: string; text: string }[] = [];
        for (let i = 0; i < 16; i++) {
          const [speaker, listener] = i % 2 === 0 ? [c.init, c.target] : [c.target, c.init];
          const invited = /would you like to come to [^?]+\?$/i.test(lines.at(-1)?.text ?? '');
          lines.push({ speaker, text: conversationLine(i, length, speaker, listener, c.hosting.get(speaker) ?? null, invited) });
          if (invited || i + 1 >= length) break;
        }
        return json(packedConversationReply(c, lines, 'how their days are going'));
      }
      case 'reflection_insights':
        return json({ questions: packedQuestions(prompt).map((own) => ({ insights: insightsFor(own) })) });
      default:
        return good(body, task, prompt);
    }
  };
}
