import { containerBootstrap } from '@nlpjs/core';
import { NluNeural } from '@nlpjs/nlu';
import { LangEn } from '@nlpjs/lang-en-min';
import { EXAMPLES, INTENTS, type Intent } from './examples';

/**
 * The intent classifier: nlp.js's small neural classifier (@nlpjs/nlu, a bag of English stems into
 * one layer), trained on our own examples (./examples.ts) when the first chat needs it. Chosen over
 * more regular expressions because it generalises over phrasings and typos it never saw, and over a
 * hand-written scorer because it is a maintained library. Its training starts from zero weights and
 * visits the examples in a fixed order, so the same examples give the same classifier: answers
 * replay identically.
 */

/** Below this score the best guess is not trusted: the line is 'unknown'. */
const MIN_SCORE = 0.5;

/**
 * A stem seen in the examples of more intents than this says nothing about which one is meant
 * ("what", "is", "you"): a line whose only known stems are such words is not understood, however
 * sure the classifier is. Without this, "what is 2+2?" was a question about favourites (its
 * "what is" fits "what is your favourite …" best) and got an unrelated fact for an answer.
 */
const TELLING_SPREAD = 8;

interface Classification {
  intent: Intent;
  score: number;
}

type Trained = NluNeural;

let trained: Promise<Trained> | null = null;

async function train(): Promise<Trained> {
  const container = await containerBootstrap();
  container.use(LangEn);
  const nlu = new NluNeural({ container, locale: 'en', log: false });
  const corpus = INTENTS.flatMap((intent) => EXAMPLES[intent].map((utterance) => ({ utterance, intent })));
  await nlu.train(corpus);
  return nlu;
}

/**
 * Whether a line has a word the examples tie to a few intents only, or no content word unknown to
 * them (a short unknown stem such as "has" is a function word; a number or a longer word is content).
 */
async function tellsIntent(nlu: Trained, text: string): Promise<boolean> {
  const stems = Object.keys(await nlu.prepare(text));
  const unknownContent = stems.filter((s) => !nlu.featuresToIntent[s] && (s.length >= 4 || /\d/.test(s)));
  return unknownContent.length === 0 || stems.some((s) => (nlu.featuresToIntent[s]?.length ?? Infinity) <= TELLING_SPREAD);
}

/** What a line means, from the classifier (trained once, on first use). */
export async function classify(text: string): Promise<Classification> {
  trained ??= train();
  const nlu = await trained;
  const out = await nlu.process(text);
  const best = out.classifications[0];
  if (!best || best.score < MIN_SCORE || !(INTENTS as readonly string[]).includes(best.intent)) return { intent: 'unknown', score: best?.score ?? 0 };
  if (!(await tellsIntent(nlu, text))) return { intent: 'unknown', score: 0 };
  return { intent: best.intent as Intent, score: best.score };
}
