// `npm test`: typecheck, lint (oxlint, .oxlintrc.json), unused exports, then every test (unit,
// integration — the architecture test among them — and browser) in one vitest run.
import { spawnSync } from 'node:child_process';

const steps = [
  ['Typecheck', 'npx', ['tsc', '--noEmit', '-p', 'tsconfig.json']],
  ['Lint', 'npx', ['oxlint', '--deny-warnings', 'src', 'tests', 'scripts']],
  ['Unused exports', 'npx', ['tsx', 'scripts/lint/unusedExports.ts']],
  ['Browser prerequisites', 'node', ['scripts/ensure-browser.mjs']],
  ['Tests', 'npx', ['vitest', 'run']],
];

for (const [label, cmd, args] of steps) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
  if (r.status !== 0) {
    console.error(`\n${label} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status ?? 1);
  }
}
