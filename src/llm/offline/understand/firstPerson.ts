import nlp from 'compromise';

/**
 * A sentence about oneself, as one says it: "Ada is running for mayor, and she is preparing for
 * the debate" → "I'm running for mayor, and I'm preparing for the debate". compromise tags the
 * words (who is a name, a pronoun, a verb, a possessive); the persona's own name and pronouns
 * become I, me, my and myself, and the verb after a new "I" agrees with it ("hopes" → "hope",
 * "is" → "am", "has" → "have"). Other people's names and pronouns are left as they are.
 */

interface Self {
  firstName: string;
  name: string;
  /** The pronouns its persona file uses for it ("she", "her", "her"). */
  subj: string;
  poss: string;
  obj: string;
}

const IRREGULAR: Record<string, string> = { is: 'am', "isn't": 'am not', has: 'have', "hasn't": "haven't", does: 'do', "doesn't": "don't", was: 'was', "wasn't": "wasn't" };

/** A verb in the third person singular, agreeing with "I". */
function agree(verb: string): string {
  const low = verb.toLowerCase();
  const irregular = IRREGULAR[low];
  if (irregular) return irregular;
  if (!/s$/.test(low)) return verb;
  const base = nlp(low).verbs().toInfinitive().text();
  return base || verb;
}

/** Whether "her" before this word owns it ("her parents") rather than being its object ("let her move", "told her a secret"). */
/** Verbs whose object is a person who then does something ("let her move", "asked her to wait"). */
const CAUSATIVE = new Set(['let', 'lets', 'make', 'makes', 'made', 'help', 'helps', 'helped', 'watch', 'see', 'saw', 'hear', 'heard', 'tell', 'tells', 'told', 'ask', 'asks', 'asked', 'invite', 'invited', 'remind', 'reminded', 'want', 'wants', 'expect', 'expects', 'expected', 'give', 'gives', 'gave', 'send', 'sends', 'sent', 'show', 'shows', 'showed', 'teach', 'taught']);

/** Whether "her" before this word owns it ("her parents", "her nurse exam") rather than being its object ("let her move", "told her a secret"). */
function ownsNext(prev: string, next: { text: string; tags: string[] }): boolean {
  if (next.tags.some((t) => t === 'Determiner' || t === 'Preposition' || t === 'Conjunction' || t === 'Pronoun')) return false;
  if (next.tags.includes('Plural') || next.tags.includes('Possessive')) return true;
  if (CAUSATIVE.has(prev)) return false;
  return next.tags.some((t) => t === 'Noun' || t === 'Adjective' || t === 'Adverb' || t === 'Value');
}

export function inFirstPerson(text: string, self: Self): string {
  const doc = nlp(text);
  const out: string[] = [];
  for (const sentence of doc.json() as { terms: { text: string; pre: string; post: string; tags: string[] }[] }[]) {
    const terms = sentence.terms;
    let pendingVerb = false;
    let subjectIsI = false;
    for (let i = 0; i < terms.length; i++) {
      const t = terms[i];
      if (!t) continue;
      const low = t.text.toLowerCase();
      const next = terms[i + 1];
      let word = t.text;
      const fullName = self.name.split(' ');
      const isFull = fullName.length > 1 && fullName.every((w, k) => terms[i + k]?.text.replace(/['’]s$/, '') === w);
      if (isFull || low === self.firstName.toLowerCase() || low === `${self.firstName.toLowerCase()}'s` || low === `${self.firstName.toLowerCase()}’s`) {
        const last = isFull ? terms[i + fullName.length - 1] : t;
        const possessive = /['’]s$/.test(last?.text ?? '');
        if (isFull) i += fullName.length - 1;
        word = possessive ? 'my' : i === 0 || /[,;]\s*$/.test(terms[i - 1]?.post ?? '') || ['and', 'but', 'while', 'because', 'so'].includes(terms[i - 1]?.text.toLowerCase() ?? '') ? 'I' : 'me';
        pendingVerb = word === 'I';
        subjectIsI ||= word === 'I';
        out.push(`${t.pre}${word}${last?.post ?? t.post}`);
        continue;
      }
      const prev = terms[i - 1]?.text.toLowerCase() ?? '';
      if (low === self.subj && self.subj !== 'they') {
        word = 'I';
        pendingVerb = true;
        subjectIsI = true;
      } else if (low === self.poss && (low !== self.obj || (next !== undefined && ownsNext(prev, next)))) {
        word = 'my';
      } else if (low === self.obj && self.obj !== 'them') {
        word = 'me';
      } else if (low === `${self.obj}self`) {
        word = 'myself';
      } else if (pendingVerb && t.tags.includes('Verb')) {
        word = agree(t.text);
        pendingVerb = false;
      } else if (pendingVerb && !t.tags.includes('Adverb')) {
        pendingVerb = false;
      } else if (subjectIsI && (prev === 'and' || prev === 'but') && t.tags.includes('Verb')) {
        // "I hope to …, and owes Tom …": a verb joined to one whose subject is I agrees with it.
        word = agree(t.text);
      } else if (subjectIsI && (prev === 'and' || prev === 'but') && t.tags.includes('Adverb') && next?.tags.includes('Verb')) {
        pendingVerb = true;
      }
      if (i === 0 && word !== 'I') word = word.charAt(0).toUpperCase() + word.slice(1);
      out.push(`${t.pre}${word}${t.post}`);
    }
  }
  return out
    .join('')
    .replace(/\bI am\b/, "I'm")
    .replace(/\bI have been\b/, "I've been")
    .trim();
}
