import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../node/town';
import { replayJsonSchemaText } from '../replay/schema';
import { parseCli } from './args';

/** `npm run replay-schema`: writes docs/replay.schema.json from the zod schemas of src/replay/format.ts. */
try {
  if (parseCli(process.argv.slice(2), {}).values.help) {
    console.log('usage: npm run replay-schema   (no options: writes docs/replay.schema.json)');
    process.exit(0);
  }
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
const out = join(ROOT, 'docs/replay.schema.json');
writeFileSync(out, replayJsonSchemaText());
console.log(`wrote ${out}`);
