import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../node/town';
import { replayJsonSchemaText } from '../replay/schema';

/** `npm run replay-schema`: writes docs/replay.schema.json from the zod schemas of src/replay/format.ts. */
const out = join(ROOT, 'docs/replay.schema.json');
writeFileSync(out, replayJsonSchemaText());
console.log(`wrote ${out}`);
