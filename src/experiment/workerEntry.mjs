// The pool's worker threads start here (src/cli/experiment.ts): Node does not pass tsx's loader on
// to worker threads, so each registers it before loading the TypeScript run (src/experiment/runOne.ts).
import { register } from 'tsx/esm/api';

register();
const { runOne } = await import('./runOne.ts');

/** One run of the experiment on this worker thread. */
export default function runInWorker(task) {
  return runOne(task.config, task.run, task.dir);
}
