import { fileURLToPath } from 'node:url';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { devProxy } from './src/node/devProxy';

/**
 * Dev proxy for the LLM: the page talks to /llm-proxy on its own origin, and the dev server forwards
 * to OPENAI_BASE_URL with OPENAI_API_KEY from the server's environment (or a git-ignored .env).
 * The key stays in this Node process: only VITE_-prefixed variables ever reach the bundle. The relay
 * takes only the page's own calls (src/node/devProxy.ts says which) and never sends the key back.
 */
/**
 * Phaser's build flags (its own webpack build sets them with DefinePlugin): the sources test
 * `typeof FLAG`, which is truthy unless replaced. Hamlet draws with WebGL (Canvas as the fallback
 * for a browser without it), plays no sound, and needs no WebGL debugger or Facebook/3D plugins.
 */
const PHASER_FLAGS: Record<string, boolean> = {
  WEBGL_RENDERER: true,
  CANVAS_RENDERER: true,
  WEBGL_DEBUG: false,
  EXPERIMENTAL: false,
  FEATURE_SOUND: false,
  PLUGIN_CAMERA3D: false,
  PLUGIN_FBINSTANT: false,
};
const PHASER_SRC = fileURLToPath(new URL('./node_modules/phaser/src/', import.meta.url));
const phaserFlags: Plugin = {
  name: 'hamlet-phaser-flags',
  transform: {
    filter: { id: /node_modules[\\/]phaser[\\/]src[\\/]/ },
    handler(code) {
      const out = code.replace(/typeof (WEBGL_RENDERER|CANVAS_RENDERER|WEBGL_DEBUG|EXPERIMENTAL|FEATURE_SOUND|PLUGIN_CAMERA3D|PLUGIN_FBINSTANT)\b/g, (_, flag: string) => String(PHASER_FLAGS[flag]));
      return out === code ? null : { code: out, map: null };
    },
  },
};

/**
 * Phaser modules the page never runs, loaded as stubs: the WebGL filter render nodes (blur, glow, bloom …:
 * nothing in src/game has filters; Phaser makes a node only when a filter is drawn) and the index of
 * shader sources (a namespace nothing reads; the shaders in use are imported by their render nodes).
 */
const LEFT_OUT = /node_modules[\\/]phaser[\\/]src[\\/](renderer[\\/]webgl[\\/](shaders[\\/]index|renderNodes[\\/]filters[\\/]Filter\w+)|math[\\/]index)\.js$/;
const phaserLeftOut: Plugin = {
  name: 'hamlet-phaser-left-out',
  load: {
    filter: { id: LEFT_OUT },
    handler(id) {
      if (/shaders[\\/]index\.js$/.test(id)) return 'module.exports = {};';
      // The Phaser.Math namespace: its three users inside Phaser (Config, GetAdvancedValue, WeightedRandomize) read only RND.
      if (/math[\\/]index\.js$/.test(id)) return "module.exports = { RandomDataGenerator: require('./random-data-generator/RandomDataGenerator'), RND: null };";
      return `module.exports = function LeftOut() { throw new Error('Phaser filters are not in the page\\'s build (src/game/phaserBuild.ts)'); };`;
    },
  },
};

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
    plugins: [llmProxy, phaserFlags, phaserLeftOut],
    // `import Phaser from 'phaser'` is the custom build of the modules Hamlet uses (src/game/phaserBuild.ts).
    resolve: {
      alias: [
        { find: /^phaser$/, replacement: fileURLToPath(new URL('./src/game/phaserBuild.ts', import.meta.url)) },
        { find: /^phaser-src\//, replacement: PHASER_SRC },
      ],
    },
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
    // The town's worker (src/app/worker/simWorker.ts) as an ES module, so it splits like the page: what
    // it loads on first use (the model's client, the in-tab model, language tools) stays out of its script.
    worker: { format: 'es' },
    assetsInclude: ['**/*.tmj'],
  };
});
