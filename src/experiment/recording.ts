import { readFileSync, statSync } from 'node:fs';
import { z } from 'zod';
import { checkFileSize, readJson } from '../io/bounded';
import type { RecordedCall } from '../llm/recordedCalls';

const CallSchema = z.object({
  persona: z.string(),
  module: z.string(),
  prompt: z.string(),
  promptText: z.string(),
  replies: z.array(z.string()),
  tokens: z.object({ prompt: z.number(), completion: z.number() }),
  gameTime: z.number(),
});

/** An experiment's call file (calls/ID.json.gz): every model call of a run, interviews included. */
const CallFileSchema = z.object({ format: z.literal('hamlet-calls'), version: z.literal(1), brain: z.string(), calls: z.array(CallSchema) });
/** A replay's calls (docs/replay-format.md: each step's `l`); only what re-execution needs is read. */
const ReplayCallsSchema = z.object({ format: z.string(), brain: z.string(), steps: z.array(z.object({ l: z.array(CallSchema).optional() })) });

export const CALL_FILE_FORMAT = 'hamlet-calls';

/** The calls a recording holds, in the order they were made, and the model that made them ("llm:NAME"). */
export async function readRecordedCalls(path: string): Promise<{ brain: string; calls: RecordedCall[] }> {
  checkFileSize(statSync(path).size, path);
  const doc = await readJson(new Uint8Array(readFileSync(path)), path);
  const file = CallFileSchema.safeParse(doc);
  if (file.success) return { brain: file.data.brain, calls: file.data.calls.filter((c) => c.module !== 'embed') };
  const replay = ReplayCallsSchema.safeParse(doc);
  if (!replay.success) throw new Error(`${path}: neither a replay nor a call file (${replay.error.issues[0]?.message ?? 'unreadable'})`);
  const calls = replay.data.steps.flatMap((s) => s.l ?? []).filter((c) => c.module !== 'embed');
  if (calls.length === 0) throw new Error(`${path}: the recording holds no model calls (a run on the offline brain, or recorded without cognition)`);
  return { brain: replay.data.brain, calls };
}
