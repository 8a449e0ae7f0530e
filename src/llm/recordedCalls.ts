import { LlmClient, TransportError } from './client';
import type { LlmConfig } from './config';

/** One recorded call, as a replay or an experiment's call file holds it (src/llm/callLog.ts CallRecord). */
export interface RecordedCall {
  persona: string;
  module: string;
  /** The prompt template's name: the json schema name the client was asked with. */
  prompt: string;
  promptText: string;
  /** The raw reply of each attempt, in order; fewer than the attempts when one got no reply at all. */
  replies: string[];
  tokens: { prompt: number; completion: number };
  gameTime: number;
}

/** A call the recording did not hold (a changed condition or prompt): answered by the fallback brain. */
interface UnrecordedCall {
  persona: string;
  module: string;
  prompt: string;
}

type ChatArgs = Parameters<LlmClient['chat']>[0];
type ChatReply = Awaited<ReturnType<LlmClient['chat']>>;

/**
 * Exact re-execution of a model run (docs/experiments.md): a client that answers each chat call
 * from a recording, matched by the persona asking, the prompt template and the whole prompt text,
 * the same call asked again taking the recording's next one; a retry (after a reply that did not validate) takes the
 * recorded call's next attempt. With lock-step steps the town then makes the same calls in the same
 * order, so the run is step for step the recorded one. A call the recording lacks goes to `live`
 * (a model) when there is one, else fails as a transport error, which the guard answers with the
 * offline brain and counts; either way it is listed in `unrecorded`.
 */
export class RecordedCallsClient extends LlmClient {
  private readonly queues = new Map<string, RecordedCall[]>();
  /** Calls under way, by their key and the replies given so far: the next attempt's reply. */
  private readonly underWay = new Map<string, { call: RecordedCall; attempt: number }>();
  readonly unrecorded: UnrecordedCall[] = [];
  /** Recorded calls answered so far. */
  answered = 0;

  constructor(
    config: LlmConfig,
    calls: readonly RecordedCall[],
    private readonly live: LlmClient | null = null,
  ) {
    super(config);
    for (const c of calls) {
      const key = keyOf(c.persona, c.prompt, c.promptText);
      const q = this.queues.get(key);
      if (q) q.push(c);
      else this.queues.set(key, [c]);
    }
  }

  override async chat(req: ChatArgs): Promise<ChatReply> {
    const key = keyOf(req.owner ?? '', req.schemaName, req.user);
    const before = (req.history ?? []).filter((m) => m.role === 'assistant').map((m) => m.content);
    let entry: { call: RecordedCall; attempt: number } | undefined;
    if (before.length === 0) {
      const call = this.queues.get(key)?.shift();
      if (call) entry = { call, attempt: 0 };
    } else {
      const k = `${key}\u0000${before.join('\u0000')}`;
      entry = this.underWay.get(k);
      this.underWay.delete(k);
    }
    if (!entry) {
      if (before.length === 0) this.unrecorded.push({ persona: req.owner ?? '', module: /Task: (\S+)/.exec(req.system)?.[1] ?? req.schemaName, prompt: req.schemaName });
      if (this.live) return this.live.chat(req);
      throw new TransportError(`the recording holds no reply to this ${req.schemaName} call`);
    }
    const { call, attempt } = entry;
    const text = call.replies[attempt];
    // The recorded call got no reply at this attempt (a dead endpoint): so does this one.
    if (text === undefined) throw new TransportError(`the recorded ${req.schemaName} call got no reply at attempt ${attempt + 1}`);
    this.answered++;
    const last = attempt === call.replies.length - 1;
    if (!last) this.underWay.set(`${key}\u0000${[...before, text || '(empty)'].join('\u0000')}`, { call, attempt: attempt + 1 });
    // The recording keeps a call's tokens, not each attempt's: they are counted with its last reply.
    return { text, promptTokens: last ? call.tokens.prompt : 0, completionTokens: last ? call.tokens.completion : 0, transportRetries: 0 };
  }

  override get circuitOpen(): boolean {
    return false;
  }

  /** Recorded calls never answered (the re-run asked fewer). */
  get left(): number {
    return [...this.queues.values()].reduce((n, q) => n + q.length, 0);
  }
}

/** Calls of different personas run side by side and may finish in any order; one persona's run in order. */
function keyOf(persona: string, prompt: string, text: string): string {
  return `${persona}\u0000${prompt}\u0000${text}`;
}
