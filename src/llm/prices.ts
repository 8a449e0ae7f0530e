/**
 * What a model costs, in US dollars per million tokens (input, cached input, output), for the cost
 * line of the Town panel when ⚙ Brain's price is left at 0. List prices as published by the
 * providers (OpenAI, Anthropic, Google, Mistral; late 2025): an estimate, not a bill. A model not
 * listed (a local one) has no price: the panel says so rather than show $0.
 */
export interface ModelPrice {
  input: number;
  cachedInput: number;
  output: number;
}

const TABLE: readonly [RegExp, ModelPrice][] = [
  [/^gpt-4o-mini\b/, { input: 0.15, cachedInput: 0.075, output: 0.6 }],
  [/^gpt-4o\b/, { input: 2.5, cachedInput: 1.25, output: 10 }],
  [/^gpt-4\.1-nano\b/, { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  [/^gpt-4\.1-mini\b/, { input: 0.4, cachedInput: 0.1, output: 1.6 }],
  [/^gpt-4\.1\b/, { input: 2, cachedInput: 0.5, output: 8 }],
  [/^gpt-5-nano\b/, { input: 0.05, cachedInput: 0.005, output: 0.4 }],
  [/^gpt-5-mini\b/, { input: 0.25, cachedInput: 0.025, output: 2 }],
  [/^gpt-5\b/, { input: 1.25, cachedInput: 0.125, output: 10 }],
  [/^o4-mini\b/, { input: 1.1, cachedInput: 0.275, output: 4.4 }],
  [/^claude-3-5-haiku|^claude-haiku-3-5/, { input: 0.8, cachedInput: 0.08, output: 4 }],
  [/^claude-(?:3-7-)?sonnet|^claude-sonnet/, { input: 3, cachedInput: 0.3, output: 15 }],
  [/^gemini-2\.[05]-flash-lite/, { input: 0.1, cachedInput: 0.025, output: 0.4 }],
  [/^gemini-2\.[05]-flash/, { input: 0.3, cachedInput: 0.075, output: 2.5 }],
  [/^mistral-small/, { input: 0.1, cachedInput: 0.1, output: 0.3 }],
];

/**
 * The price of a model: ⚙ Brain's own when it is set (cached input at the input price), else the
 * table's by the model's name (an OpenRouter-style "openai/gpt-4o-mini" too), else null.
 */
export function priceOf(model: string, configured: { input: number; output: number }): ModelPrice | null {
  if (configured.input > 0 || configured.output > 0) return { input: configured.input, cachedInput: configured.input, output: configured.output };
  const name = model.trim().toLowerCase().replace(/^[\w.-]+\//, '');
  return TABLE.find(([re]) => re.test(name))?.[1] ?? null;
}
