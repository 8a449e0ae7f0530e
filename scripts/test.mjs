// `npm test`: the fast loop — typecheck, lint (oxlint, .oxlintrc.json), unused exports, then the unit
// tests (pure logic and small towns, about a minute here).
// `npm test -- --all` (also `npm run test:all`, what .ci/run runs): the same checks, then every test —
// unit, integration (the architecture test among them, whole simulated days, the CLI) and browser
// (one production build shared by every browser file, headless Chromium) — in one vitest run.
import { spawnSync } from 'node:child_process';

const all = process.argv.includes('--all');
const steps = [
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['oxlint', '--deny-warnings', 'src', 'tests', 'scripts']],
  ['Unused exports', 'npx', ['tsx', 'scripts/lint/unusedExports.ts']],
  ...(all
    ? [
        ['Browser prerequisites', 'node', ['scripts/ensure-browser.mjs']],
        ['All tests', 'npx', ['vitest', 'run']],
      ]
    : [['Unit tests (npm test -- --all runs every test)', 'npx', ['vitest', 'run', 'tests/unit']]]),
];

for (const [label, cmd, args] of steps) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}
