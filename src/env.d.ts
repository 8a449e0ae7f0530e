/** Set by vite.config.ts when the dev server proxies an LLM endpoint: the model name only, never a key. */
declare const __LLM_PROXY__: { model: string } | null;
