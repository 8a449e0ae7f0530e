import type { PulseSnapshotSize, TownPulseInput } from '../sim/brain/port';
import { formatAmPm, formatDate, formatHHMM } from '../sim/clock';
import { kindOf } from '../sim/world/economyProps';

/**
 * The town pulse's world snapshot in words (docs/economy.md#the-snapshot): the sections of the
 * town_pulse prompt, written from the facts the simulation hands over (src/sim/town/pulse.ts
 * buildPulseSnapshot) and kept within the input's token budget by leaving out the oldest chat lines
 * first, then shortening the residents' descriptions, then the last round's log. The one writer:
 * the LLM brain's prompt variables read the sections (src/llm/calls.ts), and every brain measures
 * the snapshot here (Brain.measurePulse), so what a round records is the size of what a model reads.
 */

/** A rough token count (about 4 characters a token for English text), used to keep the prompt in budget. */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/** The prompt's sections, as the template town_pulse fills them. */
interface PulseSections {
  residents: string;
  chat: string;
  lastRound: string;
  jobs: string;
  items: string;
}

interface PulseSnapshotText extends PulseSnapshotSize {
  /** "9:05 am, Monday February 13, 2023" */
  time: string;
  sections: PulseSections;
  /** The whole snapshot as one message, what the token estimate is taken over. */
  text: string;
}

/** A resident's line is never cut below this many characters (then the last round's log goes). */
const SHORTEST_SUMMARY = 80;
const LONGEST_SUMMARY = 400;

/** "2 bread, 1 tools", or "" when the resident holds nothing (the line then says nothing about holdings). */
const holdingsText = (h: Record<string, number>) =>
  Object.entries(h)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${k}`)
    .join(', ');

/** The snapshot's sections and size, trimmed to the input's budget (docs/economy.md#the-snapshot). */
export function writePulseSnapshot(input: TownPulseInput): PulseSnapshotText {
  const { budget, residents, jobs, items, lastRound: last } = input;
  const time = `${formatAmPm(input.now)}, ${formatDate(input.now)}`;
  const allChat = input.chat.map((l) => `${formatHHMM(l.time)} ${l.speaker}: ${l.text}`);
  let lastRound = !last ? ['(this is the first round)'] : last.skipped ? [`(the round at ${formatHHMM(last.time)} was skipped: ${last.skipped})`] : last.outcomes.map((x) => `#${x.agentId} ${x.name}: ${x.action} — ${x.result}${x.note ? ` (${x.note})` : ''}`);
  if (lastRound.length === 0) lastRound = ['(nobody was given a decision)'];
  const jobsText = jobs.map((j) => `- job ${j.id}: ${j.title} at ${j.sector}, ${j.start}–${j.end}, ${j.wage} credits, ${j.free} free`).join('\n') || '(no free slots today)';
  // By shop, each shop named once: "- Bramble Café: 12 coffee (3, drink), 13 sandwich (6, food)".
  const shops = [...new Set(items.map((it) => it.sector))];
  const itemsText =
    shops
      .map((shop) => {
        const here = items.filter((it) => it.sector === shop);
        return `- ${shop}${here.some((it) => !it.open) ? ', closed now' : ''}: ${here.map((it) => `${it.id} ${it.name} (${it.price}, ${kindOf(it)})`).join(', ')}`;
      })
      .join('\n') || '(nothing for sale)';

  let summaryMax = LONGEST_SUMMARY;
  const residentText = () =>
    residents
      .map((r) => {
        const holds = holdingsText(r.holdings);
        // An asleep resident rests (the prompt's rule 2): its work today does not bear on the decision.
        const line = `#${r.agentId} ${r.name} (${r.traits})${r.state === 'asleep' ? '' : `: ${r.occupation}`}; ${r.credits} credits; ${r.checkedInToday ? 'checked in' : 'not checked in'}${holds ? `; holds ${holds}` : ''}; now: ${r.doing}`;
        return line.length > summaryMax ? `${line.slice(0, summaryMax - 1)}…` : line;
      })
      .join('\n');
  let chat = allChat.slice();
  let dropRound = false;
  const notes: string[] = [];
  const compose = () => {
    const chatText = [...(chat.length < allChat.length ? [`(${allChat.length - chat.length} older chat lines left out to stay within ${budget} tokens)`] : []), ...chat].join('\n') || '(nobody has talked yet)';
    const roundText = dropRound ? '(left out to stay within the token budget)' : lastRound.join('\n');
    const sections = { residents: residentText(), chat: chatText, lastRound: roundText, jobs: jobsText, items: itemsText };
    return { sections, text: snapshotMessage(time, sections) };
  };
  let c = compose();
  // Oldest chat lines go first, then the residents' descriptions get shorter, then the last round's log.
  while (estimateTokens(c.text) > budget && chat.length > 0) {
    chat = chat.slice(1);
    c = compose();
  }
  if (chat.length < allChat.length) notes.push(`${allChat.length - chat.length} oldest chat line(s) left out`);
  while (estimateTokens(c.text) > budget && summaryMax > SHORTEST_SUMMARY) {
    summaryMax = Math.floor(summaryMax * 0.7);
    c = compose();
  }
  if (summaryMax < LONGEST_SUMMARY) notes.push(`residents' descriptions cut to ${summaryMax} characters`);
  if (estimateTokens(c.text) > budget) {
    dropRound = true;
    c = compose();
    notes.push("last round's log left out");
  }
  return { time, sections: c.sections, text: c.text, tokens: estimateTokens(c.text), trimmed: notes.length > 0 ? notes.join('; ') : null };
}

/** What a round records of its snapshot: every brain's Brain.measurePulse. */
export const measurePulseSnapshot = (input: TownPulseInput): PulseSnapshotSize => {
  const { tokens, trimmed } = writePulseSnapshot(input);
  return { tokens, trimmed };
};

/** The snapshot as one message (the sections under the headings the template town_pulse gives them): what is measured. */
function snapshotMessage(time: string, t: PulseSections): string {
  return `Current time: ${time}\n\n== Residents ==\n${t.residents}\n\n== Recent chat ==\n${t.chat}\n\n== Last round ==\n${t.lastRound}\n\n== Jobs with free slots today ==\n${t.jobs}\n\n== Shop items (id name (price in credits, food, drink or goods)) ==\n${t.items}\n\nDecide the next action of every resident.`;
}
