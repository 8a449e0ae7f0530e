import { defineConfig, loadEnv, type Plugin } from 'vite';
import { devProxy } from './src/node/devProxy';

/**
 * Dev proxy for the LLM: the page talks to /llm-proxy on its own origin, and the dev server forwards
 * to OPENAI_BASE_URL with OPENAI_API_KEY from the server's environment (or a git-ignored .env).
 * The key stays in this Node process: only VITE_-prefixed variables ever reach the bundle. The relay
 * takes only the page's own calls (src/node/devProxy.ts says which) and never sends the key back.
 */
const ISOLATED = { 'Cross-Origin-Opener-Policy': 'same-origin', 'Cross-Origin-Embedder-Policy': 'credentialless' };

export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const target = env.OPENAI_BASE_URL;
  const key = env.OPENAI_API_KEY;
  const llmProxy: Plugin = {
    name: 'hamlet-llm-dev-proxy',
    configureServer(server) {
      if (target) server.middlewares.use(devProxy({ target, key }));
    },
  };
  return {
    plugins: [llmProxy],
    // Relative asset URLs, so a build can be served from any folder.
    base: './',
    // Cross-origin isolated, so a model in the tab (src/llm/inTab/) may run llama.cpp on several threads
    // (SharedArrayBuffer); "credentialless" still lets the page fetch other origins' files and endpoints.
    server: { host: '127.0.0.1', port: 5173, headers: ISOLATED },
    preview: { host: '127.0.0.1', port: 4173, headers: ISOLATED },
    define: {
      // Tells the page a same-origin proxy exists (never the key itself).
      __LLM_PROXY__: JSON.stringify(target ? { model: env.OPENAI_MODEL ?? '' } : null),
    },
    build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
    assetsInclude: ['**/*.tmj'],
  };
});
