import { z } from 'zod';
import { ReplaySchema } from './format';

/** The JSON schema of the replay format, generated from the zod schemas (committed as docs/replay.schema.json). */
function replayJsonSchema(): Record<string, unknown> {
  const schema = z.toJSONSchema(ReplaySchema, { target: 'draft-2020-12', unrepresentable: 'any', io: 'input' }) as Record<string, unknown>;
  return { title: 'Hamlet replay, format version 1', ...schema };
}

export function replayJsonSchemaText(): string {
  return `${JSON.stringify(replayJsonSchema(), null, 2)}\n`;
}
