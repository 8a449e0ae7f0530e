/** Set by vite.config.ts when the dev server proxies an LLM endpoint: the model name only, never a key. */
declare const __LLM_PROXY__: { model: string } | null;

/** Phaser's own CommonJS sources (vite.config.ts aliases `phaser-src`), for src/game/phaserBuild.ts: typed there as a whole. */
declare module 'phaser-src/*' {
  const value: unknown;
  export default value;
}
