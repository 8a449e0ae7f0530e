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

interface Classification {
  intent: Intent;
  score: number;
}

interface Trained {
  process(utterance: string): Promise<{ classifications: { intent: string; score: number }[] }>;
}

let trained: Promise<Trained> | null = null;

async function train(): Promise<Trained> {
  const container = await containerBootstrap();
  container.use(LangEn);
  const nlu = new NluNeural({ container, locale: 'en', log: false });
  const corpus = INTENTS.flatMap((intent) => EXAMPLES[intent].map((utterance) => ({ utterance, intent })));
  await nlu.train(corpus);
  return nlu as Trained;
}

/** What a line means, from the classifier (trained once, on first use). */
export async function classify(text: string): Promise<Classification> {
  trained ??= train();
  const nlu = await trained;
  const out = await nlu.process(text);
  const best = out.classifications[0];
  if (!best || best.score < MIN_SCORE || !(INTENTS as readonly string[]).includes(best.intent)) return { intent: 'unknown', score: best?.score ?? 0 };
  return { intent: best.intent as Intent, score: best.score };
}
