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
  if (!/[^s]s$/.test(low)) return verb;
  // Read as a verb whatever its tag alone ("dreams", "sketches" can be nouns): after "she".
  const base = nlp(`she ${low}`).verbs().toInfinitive().text();
  return base && !/\s/.test(base) ? base : verb;
}

/** Verbs whose object is a person who then does something ("let her move", "asked her to wait"). */
const CAUSATIVE = new Set(['let', 'lets', 'make', 'makes', 'made', 'help', 'helps', 'helped', 'watch', 'see', 'saw', 'hear', 'heard', 'tell', 'tells', 'told', 'ask', 'asks', 'asked', 'invite', 'invited', 'remind', 'reminded', 'give', 'gives', 'gave', 'send', 'sends', 'sent', 'show', 'shows', 'showed', 'teach', 'taught']);

/** "and", "but": what follows shares the subject before. */
const joined = (word: string): boolean => word === 'and' || word === 'but';

/** Words that open a clause with a subject of its own ("where Yumi mentors her"). */
const SUBORDINATE = new Set(['where', 'who', 'which', 'that', 'because', 'when', 'while', 'although', 'though', 'whom']);

/** Verbs whose own subject does what follows "to" ("promised Ana to tell her"). */
const SUBJECT_CONTROL = new Set(['promise', 'promised', 'promises', 'offered', 'offers', 'agreed', 'agrees', 'vowed']);

/** Whether "her" before this word owns it ("her parents", "her nurse exam") rather than being its object ("let her move", "told her a secret"). */
function ownsNext(prev: string, her: { post: string }, next: { text: string; tags: string[] }, prevTags: string[]): boolean {
  if (/[,.;:!?]/.test(her.post)) return false;
  if (next.tags.some((t) => t === 'Determiner' || t === 'Preposition' || t === 'Conjunction' || t === 'Pronoun')) return false;
  if (next.tags.includes('Plural') || next.tags.includes('Possessive')) return true;
  if (CAUSATIVE.has(prev)) return false;
  // "as her major", "to her exhibition": after a preposition, "her" before a word owns it, whatever compromise calls the word.
  if (prevTags.includes('Preposition')) return true;
  return next.tags.some((t) => t === 'Noun' || t === 'Adjective' || t === 'Adverb' || t === 'Value');
}

export function inFirstPerson(text: string, self: Self): string {
  const doc = nlp(text);
  const out: string[] = [];
  for (const sentence of doc.json() as { terms: { text: string; pre: string; post: string; tags: string[] }[] }[]) {
    const terms = sentence.terms;
    let pendingVerb = false;
    let subjectIsI = false;
    let clauseSubjectIsI = false;
    /** Another named person is the clause's subject ("I hope Lily will declare her major"): her is theirs. */
    let otherNamed = false;
    /** A relative clause ("who lives … and works"): its verbs agree with who, not with I. */
    let relative = false;
    /** "promised Ana to tell her": the one who promised does the telling; her is Ana. */
    let keepsSubject = false;
    const marriedSelf = /\bmarried to\b/i.test(sentence.terms.map((t) => t.text).join(' '));
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
        const start = i;
        if (isFull) i += fullName.length - 1;
        word = possessive ? 'my' : start === 0 || /[,;]\s*$/.test(terms[start - 1]?.post ?? '') || ['and', 'but', 'while', 'because', 'so'].includes(terms[start - 1]?.text.toLowerCase() ?? '') ? 'I' : 'me';
        pendingVerb = word === 'I';
        subjectIsI ||= word === 'I';
        clauseSubjectIsI = word === 'I';
        out.push(`${t.pre}${word}${last?.post ?? t.post}`);
        continue;
      }
      const prev = terms[i - 1]?.text.toLowerCase() ?? '';
      if (low === self.subj && self.subj !== 'they') {
        word = 'I';
        pendingVerb = true;
        subjectIsI = true;
        clauseSubjectIsI = true;
      } else if (low === self.poss && otherNamed && !clauseSubjectIsI && (low !== self.obj || (next !== undefined && ownsNext(prev, t, next, terms[i - 1]?.tags ?? [])))) {
        word = t.text;
      } else if (low === self.poss && (low !== self.obj || (next !== undefined && ownsNext(prev, t, next, terms[i - 1]?.tags ?? [])))) {
        word = 'my';
      } else if (low === self.obj && self.obj !== 'them') {
        // "I have asked her to wait": with I as the clause's subject, its object is someone else (oneself would be "herself").
        word = clauseSubjectIsI ? t.text : 'me';
      } else if (low === `${self.obj}self`) {
        word = 'myself';
      } else if (pendingVerb && (t.tags.includes('Verb') || /[^s']s$/.test(low))) {
        word = agree(t.text);
        pendingVerb = false;
      } else if (pendingVerb && !t.tags.includes('Adverb')) {
        pendingVerb = false;
      } else if (subjectIsI && /,\s*$/.test(terms[i - 1]?.post ?? '') && (t.tags.includes('PresentTense') || (t.tags.includes('Plural') && (next?.text === 'to' || /^(?:Adverb|Preposition|Determiner)$/.test(next?.tags.find((g) => g === 'Adverb' || g === 'Preposition' || g === 'Determiner') ?? '')))) && /[^s']s$/.test(low) && next && (!next.tags.includes('Verb') || next.tags.includes('Particle'))) {
        // "I go to bed around 11 pm, wakes up around 7 am": a list of what I do agrees with I.
        word = agree(t.text);
      } else if (low === 'their' && marriedSelf && next && /^(daughter|son|children|kids|child|baby|family|home|house)$/i.test(next.text)) {
        // "married to Tom, and their daughter Lily": the couple's child is ours.
        word = 'our';
      } else if (subjectIsI && !relative && (joined(prev) || (/^(?:now|then|also|still|often|always)$/.test(prev) && joined(terms[i - 2]?.text.toLowerCase() ?? ''))) && (t.tags.includes('Verb') || (/[^s]s$/.test(low) && next?.tags.includes('Noun') && !t.tags.includes('Adjective')))) {
        // "I hope to …, and owes Tom …": a verb joined to one whose subject is I agrees with it.
        word = agree(t.text);
        clauseSubjectIsI = true;
        otherNamed = false;
      } else if (subjectIsI && !relative && (prev === 'and' || prev === 'but') && t.tags.includes('Adverb') && (next?.tags.includes('Verb') || /[^s']s$/.test(next?.text ?? ''))) {
        pendingVerb = true;
      }
      // Another subject takes over the clause ("Jess has told her", "my parents to let her"; a new clause after ";").
      const prevTags = terms[i - 1]?.tags ?? [];
      const othersVerb = t.tags.includes('Verb') && prevTags.includes('Noun') && !prevTags.includes('Pronoun') && !prevTags.includes('Possessive') && !/['’]s$/.test(terms[i - 1]?.text ?? '') && !/^(I|me|my)$/.test(out[out.length - 1]?.trim() ?? '');
      if (SUBJECT_CONTROL.has(low)) keepsSubject = true;
      if (/[;:]/.test(t.post) || othersVerb || SUBORDINATE.has(low) || (low === 'to' && !keepsSubject && prevTags.includes('Noun') && !prevTags.includes('Pronoun'))) clauseSubjectIsI = false;
      if (othersVerb && prevTags.includes('ProperNoun')) otherNamed = true;
      if (/[,;:]/.test(t.post) || word === 'I') otherNamed = keepsSubject = false;
      if (low === 'who' || low === 'which') relative = true;
      if (/[,;:]/.test(t.post)) relative = false;
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
