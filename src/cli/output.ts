import { scrubSecrets } from '../llm/secrets';

/**
 * Everything a CLI prints goes through the same scrubber as stored texts (src/llm/secrets.ts): a
 * model's description that repeats the key, an error that quotes a redirect's URL. Installed once,
 * first thing, by each command that can talk to a model. Lines are written whole (console.log, one
 * write per message), so a key is never split across two writes.
 */
export function scrubProcessOutput(): void {
  for (const stream of [process.stdout, process.stderr]) {
    const write = stream.write.bind(stream) as (chunk: unknown, ...rest: unknown[]) => boolean;
    stream.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string') return write(scrubSecrets(chunk), ...rest);
      if (chunk instanceof Uint8Array) return write(scrubSecrets(Buffer.from(chunk).toString('utf8')), ...rest.filter((r) => typeof r === 'function'));
      return write(chunk, ...rest);
    }) as typeof stream.write;
  }
}

/**
 * End a command once its work is done: calls to a model still in flight (a trickling endpoint, a
 * call answered after the run ended) are abandoned rather than waited for. stdout and stderr are
 * synchronous for files and pipes on Linux, so what was printed is out.
 */
export function exitWhenDone(work: Promise<void>, onError: (err: unknown) => void): void {
  work.then(
    () => process.exit(0),
    (err: unknown) => {
      onError(err);
      process.exit(1);
    },
  );
}
