import type { ChatBody, FakeReply, Responder } from './fakeLlm';

/**
 * A well-behaved fake model: for every task it reads the prompt the way a model would (the hour
 * asked about, the options listed, the minutes to fill) and answers valid JSON in the documented
 * shape. Its answers differ from the offline brain's, so a test can tell which brain ran.
 */

const json = (v: unknown): FakeReply => ({ kind: 'content', content: JSON.stringify(v) });

/** The "- option" lines after a heading that contains `heading`. */
export function optionsAfter(prompt: string, heading: RegExp): string[] {
  const lines = prompt.split('\n');
  const start = lines.findIndex((l) => heading.test(l));
  if (start < 0) return [];
  const out: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^- /.test(line)) out.push(line.slice(2).trim());
    else if (out.length > 0) break;
  }
  return out;
}

/** 0–23 from "9:00 am" / "12:00 pm". */
function hour24(label: string): number {
  const m = /(\d{1,2}):\d\d\s*(am|pm)/i.exec(label);
  if (!m) return -1;
  const h = Number(m[1]) % 12;
  return m[2]!.toLowerCase() === 'pm' ? h + 12 : h;
}

function minutesBetween(a: string, b: string): number {
  const m = (t: string) => {
    const [, h, mm, ap] = /(\d{1,2}):(\d\d) ([ap]m)/.exec(t)!;
    return ((Number(h) % 12) + (ap === 'pm' ? 12 : 0)) * 60 + Number(mm);
  };
  return (m(b) - m(a) + 1440) % 1440 || 1440;
}

const words = (s: string): Set<string> => new Set(s.toLowerCase().split(/[^a-z]+/).filter((w) => w.length > 3));

/** The option sharing the most words with the activity; ties go to `prefer`, then the first. */
export function closest(options: string[], activity: string, prefer?: string): string {
  const want = words(activity);
  let best = prefer && options.includes(prefer) ? prefer : options[0]!;
  let bestScore = 0;
  for (const o of options) {
    const score = [...words(o)].filter((w) => want.has(w) || [...want].some((a) => a.startsWith(w.slice(0, 5)))).length;
    if (score > bestScore) [best, bestScore] = [o, score];
  }
  return best;
}

const MODEL_DAY = (wake: number) => [
  `wake up and complete the morning routine at ${wake}:00 am`,
  `eat breakfast at ${wake}:30 am`,
  'work from 9:00 am to 12:00 pm',
  'have lunch at 12:00 pm',
  'work from 1:00 pm to 5:00 pm',
  'have dinner at 6:00 pm',
  'read a book from 7:00 pm to 9:00 pm',
  'go to bed at 10:00 pm',
];

export function activityFor(hour: number): string {
  if (hour < 6 || hour >= 22) return 'sleeping';
  if (hour === 6) return 'waking up and getting ready';
  if (hour === 7 || hour === 8) return 'eating breakfast at home';
  if (hour === 12) return 'having lunch';
  if (hour === 18) return 'having dinner';
  if (hour >= 19) return 'reading a book at home';
  return 'working at the workplace';
}

/** "9:00 am – 9:30 am: task" lines as tasks with minutes. */
function blocks(text: string): { task: string; minutes: number }[] {
  return [...text.matchAll(/^(\d{1,2}:\d\d [ap]m) – (\d{1,2}:\d\d [ap]m): (.*)$/gm)].map((m) => ({ task: m[3]!, minutes: minutesBetween(m[1]!, m[2]!) }));
}

/** Keep what happened, then carry on with the original plan for the rest of the stretch. */
export function replanned(originalBlock: string, doneBlock: string, total: number): { task: string; minutes: number }[] {
  const done = blocks(doneBlock);
  const used = done.reduce((a, t) => a + t.minutes, 0);
  const original = blocks(originalBlock);
  const rest: { task: string; minutes: number }[] = [];
  let at = 0;
  for (const o of original) {
    const from = Math.max(at, used);
    if (at + o.minutes > from) rest.push({ task: o.task, minutes: at + o.minutes - from });
    at += o.minutes;
  }
  const restMinutes = rest.reduce((a, t) => a + t.minutes, 0);
  if (restMinutes !== total - used) rest.splice(0, rest.length, { task: original.at(-1)?.task ?? 'carrying on with the original plan', minutes: total - used });
  return used < total ? [...done, ...rest.filter((r) => r.minutes > 0)] : done;
}

/** The replan_stretches prompt's stretches: original plan, what happened, minutes to fill, one per person. */
export function packedStretches(prompt: string): { originalBlock: string; doneBlock: string; total: number }[] {
  return prompt
    .split(/^Person \d+: /m)
    .slice(1)
    .map((part) => ({
      total: Number(/\((\d+) minutes\)\.$/m.exec(part)?.[1] ?? 60),
      originalBlock: part.split('Originally planned:\n')[1]?.split('\nThen ')[0] ?? '',
      doneBlock: part.split('What has happened so far:\n')[1]?.split('\n\n')[0] ?? '',
    }));
}

/** The subtasks of one run of each waking activity (plan_day's "subtasks"), as `decomp` breaks a block of so many minutes. */
export function preparedSubtasks(hourly: string[], decomp: (minutes: number) => { task: string; minutes: number }[]): { activity: string; subtasks: [string, number][] }[] {
  const out: { activity: string; subtasks: [string, number][] }[] = [];
  for (let h = 0; h < 24; ) {
    let end = h + 1;
    while (end < 24 && hourly[end] === hourly[h]) end++;
    const a = hourly[h]!;
    if (a !== 'sleeping' && !out.some((e) => e.activity === a)) out.push({ activity: a, subtasks: decomp((end - h) * 60).map((t) => [t.task, t.minutes]) });
    h = end;
  }
  return out;
}

/** goodModel's task_decomp answer for a block of `total` minutes. */
export function goodDecomp(minutes: number): { task: string; minutes: number }[] {
  const total = Math.max(5, Math.round(minutes / 5) * 5);
  const first = Math.max(5, Math.round(total / 50) * 5);
  return total > first ? [{ task: 'getting started', minutes: first }, { task: 'carrying on steadily', minutes: total - first }] : [{ task: 'getting started', minutes: total }];
}

export function goodModel(): Responder {
  return (_body: ChatBody, task: string, prompt: string): FakeReply => {
    switch (task) {
      case 'wake_up_hour':
        return json({ hour: 6 });
      case 'daily_planning':
        return json({ plan: MODEL_DAY(6) });
      case 'revise_identity_daily_req':
        return json({ plan: ['wake up and complete the morning routine at 6:00 am', 'work from 9:00 am to 5:00 pm', 'have dinner at 6:00 pm', 'water the plants at 6:30 pm', 'go to bed at 10:00 pm'] });
      case 'hourly_schedule': {
        const m = /doing from (\d{1,2}:\d\d\s*[ap]m) to/i.exec(prompt);
        return json({ activity: activityFor(m ? hour24(m[1]!) : 12) });
      }
      case 'task_decomp': {
        const m = /\((\d+) minutes in all\)/.exec(prompt) ?? /(\d+) minutes/.exec(prompt);
        return json({ subtasks: goodDecomp(Number(m?.[1] ?? 60)) });
      }
      case 'new_decomp_schedule': {
        const total = Number(/add up to exactly (\d+) minutes/.exec(prompt)?.[1] ?? 60);
        const doneBlock = prompt.split('Here is what has happened so far:')[1]?.split('\n\n')[0] ?? '';
        const originalBlock = prompt.split('originally planned schedule')[1]?.split('\n\n')[0] ?? '';
        return json({ schedule: replanned(originalBlock, doneBlock, total) });
      }
      case 'revise_identity_plan_note':
        return json({ note: 'I should remember to water the plants at 6:00 pm.' });
      case 'revise_identity_thought_note':
        return json({ note: 'I have been feeling rested and cheerful.' });
      case 'revise_identity_currently':
        return json({ currently: `${/^(.*)'s status on/m.exec(prompt)?.[1] ?? 'They'} plans to water the plants at 6:00 pm today.` });
      case 'action_sector': {
        const options = optionsAfter(prompt, /^Area options:/);
        const activity = /Activity: .*? is (.*)\.$/m.exec(prompt)?.[1] ?? '';
        const home = /lives in (.*?), which has/.exec(prompt)?.[1];
        return json({ sector: closest(options, activity, home) });
      }
      case 'action_arena': {
        const options = optionsAfter(prompt, /which has these areas:/);
        const activity = /Activity: .*? is (.*)\.$/m.exec(prompt)?.[1] ?? '';
        const bedroom = /own bedroom is the (.*?)\.$/m.exec(prompt)?.[1]?.split(' in ')[0];
        return json({ arena: closest(options, activity, /sleep|bed/.test(activity) ? bedroom : undefined) });
      }
      case 'action_object': {
        const options = optionsAfter(prompt, /^Objects there:/);
        const activity = /is (.*) in the /.exec(prompt)?.[1] ?? '';
        return json({ object: closest(options, activity) });
      }
      case 'pronunciatio':
        return json({ emoji: /sleep/.test(prompt) ? '😴' : '🙂' });
      case 'event_triple':
      case 'act_obj_event_triple': {
        const subject = /\{"subject": "([^"]*)"/.exec(prompt.slice(prompt.lastIndexOf('Reply with JSON')))?.[1] ?? 'someone';
        return json({ subject, predicate: 'is', object: 'busy' });
      }
      case 'act_obj_desc':
        return json({ state: 'in use' });
      case 'decide_to_talk':
        return json({ reason: 'They are neighbours and both free.', answer: 'yes' });
      case 'decide_to_react':
        return json({ reason: 'It can wait.', option: 2 });
      case 'conversation_turn': {
        const transcript = (prompt.split('The conversation so far:')[1] ?? '').split('\n\nWhat does')[0]!.replace(/^\(nothing yet.*$/m, '');
        const turns = (transcript.match(/^\S[^:\n]*: /gm) ?? []).length;
        const invited = /would you like to come to [^?]+\?$/i.test(transcript.trim().split('\n').pop() ?? '');
        if (invited) return json({ line: "Yes, I'd love to come! See you there.", end: true });
        // Someone hosting something invites whoever they talk to, on their second line.
        const hosting = /^- hosting (.+)$/m.exec(prompt)?.[1];
        if (hosting && turns === 2) return json({ line: `Would you like to come to ${hosting}?`, end: false });
        return json({ line: turns >= 3 ? 'Good to see you, take care!' : 'Hello there, how is your day going?', end: turns >= 3 });
      }
      case 'whisper_inner_thought': {
        const name = /statement about (.+?), in the third person/.exec(prompt)?.[1] ?? 'They';
        const thought = /^Thought: (.*)$/m.exec(prompt)?.[1] ?? '';
        return json({ statement: thought.replace(/^You want to/i, `${name} wants to`).replace(/^You /, `${name} `) });
      }
      case 'planning_thought_after_convo': {
        const m = /would you like to come to ([^?]+)\?\n[^:\n]+: Yes/i.exec(prompt);
        return json({ thought: m ? `I will go to ${m[1]}.` : 'There is nothing I need to plan from this conversation.' });
      }
      case 'memo_after_convo':
        return json({ thought: 'It was nice to hear how my neighbour is doing.' });
      case 'interview': {
        const memory = /^\d+\. (.*(?:party|wants to).*)$/m.exec(prompt)?.[1];
        return json({ answer: memory ? `Well, here is what I have on my mind: ${memory}` : "I can't say much about that." });
      }
      case 'summarize_conversation':
        return json({ about: 'how their days are going' });
      case 'poignancy_event':
      case 'poignancy_chat':
      case 'poignancy_thought':
        return json({ rating: /sleep|idle/.test(prompt) ? 1 : 4 });
      case 'focal_points': {
        const n = Number(/exactly (\d+) questions/.exec(prompt)?.[1] ?? 3);
        return json({ questions: Array.from({ length: n }, (_, i) => `What matters most to me today (${i + 1})?`) });
      }
      case 'insights':
        return json({ insights: [{ insight: 'I enjoy a steady routine', evidence: [1] }] });
      case 'registry_decide':
        return json(registryChoice(prompt));
      case 'town_pulse':
        return json({ decisions: [] });
      // ---- the packed call plan: the same answers as to the one-question tasks above
      case 'start_day': {
        const now = hour24(/^It is (\d{1,2}:\d\d [ap]m)\./m.exec(prompt)?.[1] ?? '7:00 am');
        const activity = activityFor(Math.max(6, now)).replace(/^sleeping$/, 'waking up and getting ready');
        const places = startDayPlaces(prompt);
        return json({ wake_up_hour: 6, activity, place: (/^working/.test(activity) ? places.work : null) ?? places.home ?? places.all[0] ?? '' });
      }
      case 'plan_day': {
        const hourly = Array.from({ length: 24 }, (_, h) => activityFor(h));
        return json({ wake_up_hour: 6, plan: MODEL_DAY(6), hourly, subtasks: preparedSubtasks(hourly, goodDecomp) });
      }
      case 'replan_stretches':
        return json({ schedules: packedStretches(prompt).map((st) => ({ schedule: replanned(st.originalBlock, st.doneBlock, st.total) })) });
      case 'revise_identity':
        return json({
          plan_note: 'I should remember to water the plants at 6:00 pm.',
          thought_note: 'I have been feeling rested and cheerful.',
          currently: `${/^Name: (.*)$/m.exec(prompt)?.[1] ?? 'They'} plans to water the plants at 6:00 pm today.`,
          daily_plan_req: MODEL_DAY(6).slice(0, 6),
        });
      case 'action_details': {
        const a = packedActionPrompt(prompt);
        return json({
          actions: compactDetails(a.actions.map((activity) => {
            const sector = closest(a.places.map((pl) => pl.sector), activity, a.home);
            const arenas = a.places.find((pl) => pl.sector === sector)?.arenas ?? [];
            const arena = arenas.length ? closest(arenas.map((x) => x.arena), activity, /sleep|bed/.test(activity) ? a.bedroom : undefined) : '';
            const objects = arenas.find((x) => x.arena === arena)?.objects ?? [];
            const object = objects.length ? closest(objects, activity) : '<random>';
            return packedDetails(a.name, activity, sector, arena, object, /sleep/.test(activity) ? '😴' : '🙂', ['is', 'busy'], 'in use', ['is', 'busy']);
          })),
        });
      }
      case 'poignancies':
        return json({ ratings: packedMemories(prompt).map((m) => (/sleep|idle/.test(m.description) ? 1 : 4)) });
      case 'conversation': {
        const c = packedConversationPrompt(prompt);
        const lines: { speaker: string; text: string }[] = [];
        for (let turns = 0; turns < 16; turns++) {
          const [speaker, other] = turns % 2 === 0 ? [c.init, c.target] : [c.target, c.init];
          const invited = /would you like to come to [^?]+\?$/i.test(lines.at(-1)?.text ?? '');
          if (invited) {
            lines.push({ speaker, text: "Yes, I'd love to come! See you there." });
            break;
          }
          const hosting = c.hosting.get(speaker);
          if (hosting && turns === 2) {
            lines.push({ speaker, text: `Would you like to come to ${hosting}?` });
            continue;
          }
          void other;
          lines.push({ speaker, text: turns >= 3 ? 'Good to see you, take care!' : 'Hello there, how is your day going?' });
          if (turns >= 3) break;
        }
        return json(packedConversationReply(c, lines, 'how their days are going'));
      }
      case 'reflection_insights':
        return json({ questions: packedQuestions(prompt).map((own) => ({ insights: [{ insight: 'I enjoy a steady routine', evidence: [own[0] ?? 1] }] })) });
      default:
        return json({ answer: 'ok', thought: 'ok', note: 'ok', currently: 'ok', statement: 'ok' });
    }
  };
}

/** The registry options in a registry_decide prompt: id → targets. */
export function registryOptions(prompt: string): Map<string, string[]> {
  const out = new Map<string, string[]>();
  let last: string | null = null;
  for (const line of prompt.split('\n')) {
    const opt = /^- ([A-Z_]+): /.exec(line);
    if (opt) {
      last = opt[1]!;
      out.set(last, []);
    } else if (last && /^\s+targets: /.test(line)) out.set(last, line.replace(/^\s+targets: /, '').split('; '));
  }
  return out;
}

/** A sensible registry choice for the hour in the prompt, always among the options listed. */
function registryChoice(prompt: string): { action: string; target: string; reason: string } {
  const options = registryOptions(prompt);
  const m = /It is (\d{1,2}):(\d\d) ([ap]m)/.exec(prompt);
  const hour = m ? (Number(m[1]) % 12) + (m[3] === 'pm' ? 12 : 0) : 12;
  const first = (ids: string[]) => ids.find((id) => options.has(id));
  let id: string | undefined;
  if (hour >= 22 || hour < 6) id = first(['SLEEP', 'GO_HOME', 'IDLE']);
  else id = first(['WAKE_UP', 'CHECK_IN', hour < 17 ? 'WORK' : '', hour >= 9 && hour < 16 ? 'STUDY' : '', [7, 12, 18].includes(hour) ? 'EAT' : '', hour >= 20 ? 'GO_HOME' : '', 'GO_TO', 'IDLE'].filter(Boolean));
  id ??= [...options.keys()][0]!;
  return { action: id, target: options.get(id)?.[0] ?? '', reason: 'It fits the time of day.' };
}

// ---- reading the packed call plan's prompts (shared with the talkative model) -----------------------

/** What an action_details prompt offers: the persona, its places and the activities to detail. */
/** The places a start_day prompt offers ("- Patel House (home)", "- Willow Grocery & Pharmacy (work)", "- Millbrook Park"). */
export function startDayPlaces(prompt: string): { all: string[]; home: string | null; work: string | null; haunts: string[] } {
  const block = prompt.split(/^Places .* knows best:$/m)[1]?.split('\n\n')[0] ?? '';
  const lines = block.split('\n').flatMap((l) => {
    const m = /^- (.*?)(?: \((home|work)\))?$/.exec(l);
    return m ? [{ name: m[1]!, tag: m[2] }] : [];
  });
  return {
    all: lines.map((l) => l.name),
    home: lines.find((l) => l.tag === 'home')?.name ?? null,
    work: lines.find((l) => l.tag === 'work')?.name ?? null,
    haunts: lines.filter((l) => !l.tag).map((l) => l.name),
  };
}

export function packedActionPrompt(prompt: string): { name: string; first: string; home: string; bedroom: string | undefined; work: { place: string; arena: string } | null; haunts: string[]; places: { sector: string; arenas: { arena: string; objects: string[] }[] }[]; actions: string[] } {
  const head = /^(.+?) lives in (.*?); (\S+)'s own bedroom is the (.*?)\.$/m.exec(prompt);
  const workM = /^Work: .*? at (.+?) \(([^)]+)\),/m.exec(prompt);
  // Every area known, then the parts of other areas offered this time (an area listed by name in the first block).
  const blocks = [prompt.split(/^The places .* knows .*:$/m)[1]?.split('\n\n')[0] ?? '', prompt.split(/^Parts of other areas:$/m)[1]?.split('\n\n')[0] ?? ''];
  const [all = [], more = []] = blocks.map((block) =>
    block
      .split('\n')
      .filter((l) => l.startsWith('- '))
      .map((l) => {
        const body = l.slice(2);
        const colon = body.indexOf(': ');
        if (colon < 0) return { sector: body, arenas: [] };
        return {
          sector: body.slice(0, colon),
          arenas: body
            .slice(colon + 2)
            .split('; ')
            .map((part) => {
              const m = /^(.*?) \((.*)\)$/.exec(part);
              return m ? { arena: m[1]!, objects: m[2]!.split(', ') } : { arena: part, objects: [] };
            }),
        };
      }),
  );
  // An area listed by name whose parts are offered further down is the one with its parts, in its place.
  const places = [...all.map((pl) => more.find((o) => o.sector === pl.sector) ?? pl), ...more.filter((o) => !all.some((pl) => pl.sector === o.sector))];
  const actions = (prompt.split(/^Activities:$/m)[1]?.split('\n\n')[0] ?? '')
    .split('\n')
    .map((l) => /^\d+\. (.*)$/.exec(l)?.[1])
    .filter((a): a is string => !!a);
  return {
    name: head?.[1] ?? '',
    first: head?.[3] ?? '',
    home: head?.[2] ?? '',
    bedroom: head?.[4]?.split(' in ')[0],
    work: workM ? { place: workM[1]!, arena: workM[2]! } : null,
    haunts: (/^Favourite places: (.*)$/m.exec(prompt)?.[1] ?? '').split(', ').filter((h) => h && h !== '(none)'),
    places,
    actions,
  };
}

/** One entry of an action_details answer. */
export function packedDetails(name: string, activity: string, sector: string, arena: string, object: string, emoji: string, event: [string, string], state: string, objectEvent: [string, string]) {
  const random = object === '<random>';
  return {
    sector,
    arena,
    object,
    emoji,
    event: [event[0], event[1] === 'busy' ? 'busy' : activity],
    object_state: random ? '' : state,
    object_event: random ? ['', ''] : [objectEvent[0], objectEvent[1]],
  };
}

/** An action_details answer as the prompt asks for it: a field that is the same as in the entry before left out. */
export function compactDetails(entries: Record<string, unknown>[]): Record<string, unknown>[] {
  return entries.map((e, i) => (i === 0 ? e : Object.fromEntries(Object.entries(e).filter(([k, v]) => JSON.stringify(v) !== JSON.stringify(entries[i - 1]?.[k])))));
}

/** The memories of a poignancies prompt, in order. */
export function packedMemories(prompt: string): { kind: string; description: string }[] {
  // An event is not marked ("3. Ann is reading"); a chat or a thought is ("4. (chat) conversing about …").
  const list = prompt.split(/^.*'s memories.*:$/m)[1] ?? '';
  return [...list.matchAll(/^\d+\. (?:\((chat|thought)\) )?(.*)$/gm)].map((m) => ({ kind: m[1] ?? 'event', description: m[2]! }));
}

/** Who meets whom, when, what each of them is hosting, and the plans ahead to re-plan, from a conversation prompt. */
export function packedConversationPrompt(prompt: string): { init: string; target: string; time: string; hosting: Map<string, string>; ahead: { task: string; minutes: number }[][] } {
  const m = /^It is (\d{1,2}:\d\d [ap]m) on .*?\. (.+?) is .*, and sees (.+?), who is/m.exec(prompt);
  const hosting = new Map<string, string>();
  for (const block of prompt.matchAll(/^(.+)'s plans coming up:\n((?:- .*\n?)+)/gm)) {
    const h = /^- hosting (.+)$/m.exec(block[2]!);
    if (h) hosting.set(block[1]!, h[1]!);
  }
  const aheadBlock = prompt.split(/^Plans ahead:$/m)[1]?.split('\n\n')[0] ?? '';
  // "Ann Test, until 12:00 pm: 10:20 am drinking coffee; 11:00 am reading" per side.
  const ahead = [...aheadBlock.matchAll(/^.+, until (\d{1,2}:\d\d [ap]m): (.*)$/gm)].map((m) => {
    const items = (m[2] ?? '').split('; ').map((it) => /^(\d{1,2}:\d\d [ap]m) (.*)$/.exec(it));
    return items.map((it, i) => ({ task: it?.[2] ?? '', minutes: minutesBetween(it?.[1] ?? '12:00 am', items[i + 1]?.[1] ?? m[1] ?? '12:00 am') }));
  });
  // The plans coming up name each side as the prompt calls them after their identities (the first name): key them by full name.
  const init = m?.[2] ?? '';
  const target = m?.[3] ?? '';
  const named = new Map([...hosting].map(([who, what]) => [[init, target].find((n) => n === who || n.split(' ')[0] === who) ?? who, what]));
  return { init, target, time: m?.[1] ?? '', hosting: named, ahead };
}

/**
 * The packed conversation's answer from its lines: said in turn, both takeaways, and each plan ahead
 * carried on as planned ([]), as these models re-plan a stretch in faithful (what happened, then the rest of the plan).
 */
export function packedConversationReply(c: { init: string; target: string; ahead: { task: string; minutes: number }[][] }, lines: { speaker: string; text: string }[], summary: string) {
  return { talk: true, lines: lines.map((l) => l.text), summary, takeaways: goodTakeaways(c.init, c.target, lines).map(({ planning, memo }) => ({ planning, memo })), after: c.ahead.map(() => []) };
}

/** The questions of a reflection_insights prompt: each question's statement numbers ("(statements 1–4, 7)"). */
export function packedQuestions(prompt: string): number[][] {
  const block = prompt.split(/^Questions, each with .*:$/m)[1] ?? '';
  return [...block.matchAll(/^\d+\. .*\(statements ([^)]*)\)$/gm)].map((m) =>
    (m[1] ?? '').split(', ').flatMap((r) => {
      const [a = 0, b] = r.split('–').map(Number);
      return b === undefined ? [a] : Array.from({ length: b - a + 1 }, (_, i) => a + i);
    }),
  );
}

/** planning_thought_after_convo and memo_after_convo's answers for both sides of a conversation. */
export function goodTakeaways(a: string, b: string, lines: { speaker: string; text: string }[]): { name: string; planning: string; memo: string }[] {
  const transcript = lines.map((l) => `${l.speaker}: ${l.text}`).join('\n');
  const m = /would you like to come to ([^?]+)\?\n[^:\n]+: Yes/i.exec(transcript);
  return [a, b].map((name) => ({ name, planning: m ? `I will go to ${m[1]}.` : 'There is nothing I need to plan from this conversation.', memo: 'It was nice to hear how my neighbour is doing.' }));
}
