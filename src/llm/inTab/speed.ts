/**
 * How fast a model in this tab is, and what game speed it can keep up with: measured on load by a
 * short warm-up (a prompt read and a short JSON reply written), then set against what a town asks.
 */

/** Tokens per second: reading the prompt (prefill) and writing the reply (generation). */
export interface Speed {
  promptPerSec: number;
  genPerSec: number;
}

/**
 * What one persona's day costs on the packed call plan (docs/call-plans.md, "Measured": 17,096
 * prompt and 2,649 completion tokens per persona-day on the talkative fake model, at 4 characters a
 * token). A real tokenizer and a real model's answers differ; this is the figure the speed is set
 * against, said in the picker as an estimate.
 */
const PROMPT_TOKENS_PER_PERSONA_DAY = 17_096;
const COMPLETION_TOKENS_PER_PERSONA_DAY = 2_649;
/** Real seconds a game day lasts at 1× (a 10-second step a second). */
const GAME_DAY_AT_1X_S = 86_400 / 10;

/**
 * The game speed (1 = 1×) at which a model of this speed answers a town of `personas` as fast as it
 * asks, on average over a day (calls run one at a time). Below it the town still runs (the world
 * never waits): answers come late and persons wait with 💭, and calls that time out fall back.
 */
export function keepsUpWith(speed: Speed, personas: number): number {
  if (personas <= 0 || speed.promptPerSec <= 0 || speed.genPerSec <= 0) return 0;
  const secondsPerGameDay = personas * (PROMPT_TOKENS_PER_PERSONA_DAY / speed.promptPerSec + COMPLETION_TOKENS_PER_PERSONA_DAY / speed.genPerSec);
  return GAME_DAY_AT_1X_S / secondsPerGameDay;
}

/** "keeps up with about 0.3× for 25 people" in words, for the picker. */
export function describeSpeed(speed: Speed, personas: number): string {
  const x = keepsUpWith(speed, personas);
  const rate = `${Math.round(speed.genPerSec * 10) / 10} tokens/s writing, ${Math.round(speed.promptPerSec)} tokens/s reading`;
  const people = `${personas} ${personas === 1 ? 'person' : 'people'}`;
  const pace = x >= 1 ? `${x >= 10 ? Math.round(x) : Math.round(x * 10) / 10}×` : `${Math.round(x * 100) / 100}× (slower than real time at 1×: people wait with 💭 for their answers)`;
  return `${rate}: keeps up with about ${pace} for ${people} (an estimate from the packed call plan's tokens per person-day)`;
}
