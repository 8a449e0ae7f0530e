import { readFileSync } from 'node:fs';
import { decodeReplay } from '../replay/codec';
import type { ReplayFile } from '../replay/format';
import { LlmBrain } from '../llm/llmBrain';
import { LlmClient } from '../llm/client';
import { DEFAULT_CONFIG } from '../llm/config';
import { loadPromptsNode } from '../llm/promptsNode';
import { RecordedCallsClient } from '../llm/recordedCalls';
import type { OfflineBrain } from '../llm/offline/offlineBrain';
import { CliError, checkReadable, type Values } from './args';
import { llmConfigFromArgs, type LLM_OPTIONS } from './llmArgs';

/** A model run's recording, read for re-execution: the town it ran (seed, start, residents) and its calls. */
export async function readRecording(path: string): Promise<ReplayFile> {
  checkReadable('replay-calls', path);
  const replay = await decodeReplay(new Uint8Array(readFileSync(path)), `The recording ${path}`);
  if (!replay.brain.includes('llm:')) throw new CliError(`--replay-calls: ${path} was recorded on the ${replay.brain} brain: there are no model calls to answer from`);
  if (replay.firstStep !== 0) throw new CliError(`--replay-calls: ${path} starts at step ${replay.firstStep} (a window of a longer run, its first calls dropped): record with --window-hours 0`);
  if (replay.seed === null) throw new CliError(`--replay-calls: ${path} has no seed`);
  return replay;
}

/**
 * The brain of a re-execution: the recorded replies answer every call they can (src/llm/recordedCalls.ts);
 * the rest go to the model named by --llm when there is one, else fail over to the offline brain.
 */
export function recordedBrain(replay: ReplayFile, args: Values<typeof LLM_OPTIONS>, offline: OfflineBrain): { brain: LlmBrain; client: RecordedCallsClient } {
  const calls = replay.steps.flatMap((s) => s.l ?? []).filter((c) => c.module !== 'embed');
  const live = llmConfigFromArgs(args);
  const config = live ?? { ...DEFAULT_CONFIG, baseURL: 'http://127.0.0.1:9/v1', model: replay.brain.replace(/^.*llm:/, '').split(' ')[0] ?? 'recorded' };
  const client = new RecordedCallsClient(config, calls, live ? new LlmClient(live) : null);
  return { brain: new LlmBrain(client, loadPromptsNode(), { offline }), client };
}

/** What the re-execution took from the recording, and the calls it lacked (stderr). */
export function reportRecording(client: RecordedCallsClient, path: string): string {
  const lines = [`Re-executed from ${path}: ${client.answered} recorded replies used, ${client.unrecorded.length} calls not in the recording${client.unrecorded.length > 0 ? ' (answered by the model given with --llm, or the offline brain)' : ''}, ${client.left} recorded calls never asked`];
  for (const u of client.unrecorded.slice(0, 20)) lines.push(`  not recorded: ${u.module} for ${u.persona}`);
  if (client.unrecorded.length > 20) lines.push(`  … and ${client.unrecorded.length - 20} more`);
  return lines.join('\n');
}
