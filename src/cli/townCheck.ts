import { hamletLooks, townFiles } from '../node/town';
import { checkTown } from '../pack/open';
import { problemText } from '../pack/files';
import { CliError, parseCli } from './args';

const USAGE = 'usage: npm run town -- check PATH   (a town pack folder with town.json, or a Smallville storage base)';

/** `npm run town -- check PATH`: every problem of a town, each with its file and place; exit 1 when there is any. */
async function main(): Promise<void> {
  const { values: args, positionals } = parseCli(process.argv.slice(2), {}, 2);
  const [verb, path] = positionals;
  if (args.help || verb === undefined) {
    console.log(USAGE);
    return;
  }
  if (verb !== 'check') throw new CliError(`unknown command "${verb}" (check)`);
  if (path === undefined) throw new CliError('check needs the PATH of a town');
  const files = townFiles(path);
  const t0 = performance.now();
  const { town, problems } = await checkTown(files, hamletLooks());
  if (!town) {
    console.error(`${files.label}: ${problems.length} problem${problems.length === 1 ? '' : 's'}`);
    for (const p of problems) console.error(`  ${problemText(p)}`);
    process.exitCode = 1;
    return;
  }
  const w = town.world;
  const working = town.personas.filter((p) => p.occupation).length;
  console.log(`${files.label}: ${town.name} is sound (${town.layout === 'smallville' ? "Smallville's layout" : 'a town pack'}), read in ${Math.round(performance.now() - t0)} ms`);
  console.log(`  map ${w.width}×${w.height} tiles of ${w.tileSize} px; ${w.sectors.length} places, ${w.arenas.length} rooms, ${w.objects.length} objects`);
  console.log(`  ${town.personas.length} residents (${working} with a workplace), ${town.whispers.length} first memories; starts ${town.start}, ${town.stepSeconds} s a step`);
  for (const n of town.notes) console.log(`  ${n}`);
}

main().catch((err) => {
  console.error(err instanceof Error ? err.message : String(err));
  if (err instanceof CliError) console.error(USAGE);
  process.exit(1);
});
