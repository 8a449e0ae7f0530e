import { readFileSync } from 'node:fs';
import { decodeReplay } from '../replay/codec';
import { diffReplays, stepLabel } from '../replay/diff';
import { checkReadable, CliError, parseCli } from './args';

const USAGE = 'usage: npm run replay -- diff A.json.gz B.json.gz   (the first step each persona differs at; exit code 0 when the same, 2 when not)';

async function main(): Promise<void> {
  const { values: args, positionals } = parseCli(process.argv.slice(2), {}, 3);
  if (args.help || positionals.length === 0) {
    console.log(USAGE);
    return;
  }
  if (positionals[0] !== 'diff') throw new CliError(`unknown command "${positionals[0]}" (diff)`);
  const [pathA, pathB] = positionals.slice(1);
  if (!pathA || !pathB) throw new CliError('diff needs two replays');
  checkReadable('replay', pathA);
  checkReadable('replay', pathB);
  const a = await decodeReplay(new Uint8Array(readFileSync(pathA)), pathA);
  const b = await decodeReplay(new Uint8Array(readFileSync(pathB)), pathB);
  const d = diffReplays(a, b);
  const at = (step: number) => stepLabel(a, step);
  for (const n of d.onlyInA) console.log(`${n}: only in ${pathA}`);
  for (const n of d.onlyInB) console.log(`${n}: only in ${pathB}`);
  if (d.firstStep === null && d.conversationsFrom === null) {
    console.log(`The same, step for step: steps ${d.from}–${d.to}, ${a.personas.length} personas${d.onlyInA.length + d.onlyInB.length > 0 ? ' (of those in both)' : ''}.`);
    if (d.onlyInA.length + d.onlyInB.length > 0) process.exitCode = 2;
    return;
  }
  console.log(`They part at ${d.firstStep === null ? 'no persona frame' : at(d.firstStep)}; ${d.personas.length} of ${a.personas.length - d.onlyInA.length} personas differ (steps ${d.from}–${d.to} compared).`);
  if (d.conversationsFrom !== null) console.log(`Conversations differ from ${at(d.conversationsFrom)}.`);
  for (const p of d.personas) console.log(`  ${p.name.padEnd(18)} ${at(p.step)}\n    A: ${p.a}\n    B: ${p.b}`);
  process.exitCode = 2;
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : err);
  if (err instanceof CliError) console.error(USAGE);
  process.exit(1);
});
