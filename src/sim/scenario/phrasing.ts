import type { Simulation } from '../simulation';
import { describeCommitment } from '../cognition/commitments';

/**
 * A scan of the words a town produced, for the slips that make generated English read as generated:
 * two determiners in a row ("the my party", "the her exhibition"), a gerund after "going to"
 * ("going to fishing"), a resident's name written in lower case, a persona speaking of itself in
 * the third person. Used by the week scenario (a count and examples) and by a test over a short run.
 */

type PhrasingRule = 'doubled determiner' | 'to + gerund' | 'lower-cased name' | 'third-person self';

export interface PhrasingFlaw {
  rule: PhrasingRule;
  text: string;
  /** Where the text came from ("line by Sofia Moreno", "memory of Tom Hartwell", …). */
  source: string;
}

/** A piece of generated text; `speaker` when the text is meant in the first person by that persona. */
export interface GeneratedText {
  text: string;
  source: string;
  speaker?: { name: string; firstName: string };
}

const DETERMINERS = 'the|a|an|my|her|his|their|our|your|its';
/** "her" may be an object ("tell her the news"), so it only counts as the second word. */
const DOUBLED = new RegExp(`\\b(?:the|a|an|my|his|their|our|your|its)\\s+(?:${DETERMINERS})\\b`, 'i');
/** Verbs of going, then "to" and a gerund: "going to fishing", "come to sketching". Verbs that end in -ing are not gerunds. */
const TO_GERUND = /\b(?:go|goes|going|went|gone|come|comes|coming|came|invited|invite|welcome)\s+to\s+(?!(?:bring|sing|ring|swing|spring|string|sting|cling|fling|wring|thing|something|nothing|anything|everything|evening|morning|king|ceiling|wedding|building|meeting|gathering|reading|painting|opening|clearing|landing|spring)\b)[a-z]+ing\b/i;

const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The scan itself. `names`: the residents' first and full names (a lower-cased one is a slip,
 * unless it is also an ordinary word, listed in `words`).
 */
export function scanPhrasing(texts: GeneratedText[], names: { name: string; firstName: string }[], words: ReadonlySet<string> = COMMON_WORDS): PhrasingFlaw[] {
  const lowered = [...new Set(names.flatMap((n) => [n.firstName, ...n.name.split(' ')]))].filter((w) => w.length > 2 && !words.has(w.toLowerCase()));
  const lowerRe = lowered.length > 0 ? new RegExp(`(?<![\\w'/-])(?:${lowered.map((w) => esc(w.toLowerCase())).join('|')})(?![\\w'-])`) : null;
  const out: PhrasingFlaw[] = [];
  const seen = new Set<string>();
  const flag = (rule: PhrasingRule, t: GeneratedText) => {
    const key = `${rule}|${t.text}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push({ rule, text: t.text, source: t.source });
  };
  for (const t of texts) {
    if (DOUBLED.test(t.text)) flag('doubled determiner', t);
    if (TO_GERUND.test(t.text)) flag('to + gerund', t);
    if (lowerRe?.test(t.text)) flag('lower-cased name', t);
    if (t.speaker && speaksOfItself(t.text, t.speaker)) flag('third-person self', t);
  }
  return out;
}

/** "Sofia is throwing a party", said by Sofia (an introduction, "I'm Sofia.", is fine). */
function speaksOfItself(text: string, who: { name: string; firstName: string }): boolean {
  const names = [...new Set([who.name, who.firstName])].map(esc).join('|');
  return new RegExp(`(?:^|[.;!?:]\\s+|, |\\band |\\bthat )(?:${names})(?:'s\\s+\\w+)?\\s+(?:is|has|was|wants|plans|will|hopes|needs|thinks|loves|likes|keeps|promised|invited|told|said)\\b`).test(text);
}

/** Names that are also ordinary words ("with grace", "a reed"): not flagged in lower case. */
const COMMON_WORDS: ReadonlySet<string> = new Set(['rose', 'grace', 'will', 'mark', 'may', 'june', 'rich', 'hope', 'faith', 'joy', 'bill', 'pat', 'sandy', 'art', 'dawn', 'reed', 'brooks', 'turner', 'walker', 'baker', 'page']);

/**
 * Everything a town said and thought so far, as texts to scan: conversation lines (first person,
 * by their speaker), each persona's memories (its thoughts in the first person by it, when they are
 * written that way), its schedule, its action, its commitments and its status.
 */
export function generatedTexts(sim: Simulation): GeneratedText[] {
  const out: GeneratedText[] = [];
  const who = (name: string) => sim.byName.get(name);
  for (const c of sim.conversations) {
    for (const l of c.lines) {
      const p = who(l.speaker);
      out.push({ text: l.text, source: `line by ${l.speaker}`, speaker: p ? { name: p.name, firstName: p.firstName } : undefined });
    }
  }
  for (const p of sim.personas) {
    const me = { name: p.name, firstName: p.firstName };
    for (const n of p.memory.nodes) {
      if (n.type === 'chat') continue; // its lines are above
      // Thoughts written in the persona's own voice ("I will …", "I found it interesting …").
      const firstPerson = n.type === 'thought' && /^(I|My)\b/.test(n.description);
      out.push({ text: n.description, source: `${n.type} of ${p.name}`, speaker: firstPerson ? me : undefined });
    }
    for (const [task] of p.scratch.fDailySchedule) out.push({ text: task, source: `schedule of ${p.name}` });
    if (p.scratch.actDescription) out.push({ text: p.scratch.actDescription, source: `action of ${p.name}` });
    for (const c of p.commitments) out.push({ text: describeCommitment(c), source: `commitment of ${p.name}` });
    out.push({ text: p.currently, source: `status of ${p.name}` });
  }
  return out;
}
