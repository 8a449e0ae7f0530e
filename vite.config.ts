import { defineConfig, loadEnv } from 'vite';

/**
 * Dev proxy for the LLM: the page talks to /llm-proxy on its own origin, and the dev server forwards
 * to OPENAI_BASE_URL with OPENAI_API_KEY from the server's environment (or a git-ignored .env).
 * The key stays in this Node process: only VITE_-prefixed variables ever reach the bundle.
 */
export default defineConfig(({ mode }) => {
  const env = { ...loadEnv(mode, process.cwd(), ''), ...process.env };
  const target = env.OPENAI_BASE_URL;
  const key = env.OPENAI_API_KEY;
  const proxy = target
    ? {
        '/llm-proxy': {
          target,
          changeOrigin: true,
          rewrite: (path: string) => path.replace(/^\/llm-proxy/, ''),
          configure: (p: { on: (ev: 'proxyReq', fn: (req: { setHeader: (k: string, v: string) => void; removeHeader: (k: string) => void }) => void) => void }) => {
            p.on('proxyReq', (req) => {
              if (key) req.setHeader('authorization', `Bearer ${key}`);
              else req.removeHeader('authorization');
            });
          },
        },
      }
    : undefined;
  return {
    // Relative asset URLs, so a build can be served from any folder.
    base: './',
    server: { host: '127.0.0.1', port: 5173, proxy },
    preview: { host: '127.0.0.1', port: 4173 },
    define: {
      // Tells the page a same-origin proxy exists (never the key itself).
      __LLM_PROXY__: JSON.stringify(target ? { model: env.OPENAI_MODEL ?? '' } : null),
    },
    build: { target: 'es2022', chunkSizeWarningLimit: 2000 },
    assetsInclude: ['**/*.tmj'],
  };
});
