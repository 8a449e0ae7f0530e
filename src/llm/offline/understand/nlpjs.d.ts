// The few parts of nlp.js the intent classifier uses (the packages ship no types).
declare module '@nlpjs/core' {
  export function containerBootstrap(): Promise<{ use(plugin: unknown): void }>;
}
declare module '@nlpjs/lang-en-min' {
  export const LangEn: unknown;
}
declare module '@nlpjs/nlu' {
  export class NluNeural {
    constructor(settings: { container: unknown; locale: string; log: boolean });
    train(corpus: { utterance: string; intent: string }[]): Promise<unknown>;
    process(utterance: string): Promise<{ classifications: { intent: string; score: number }[] }>;
    /** The stems of a text, as the classifier sees them (stem → count). */
    prepare(text: string): Promise<Record<string, number>>;
    /** After training: each known stem → the intents whose examples have it. */
    featuresToIntent: Record<string, string[]>;
  }
}
