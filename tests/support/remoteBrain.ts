import type { Brain } from '../../src/sim/brain/port';

/**
 * A "remote" brain for tests: the offline brain's answers, delivered later, as a network model's
 * would be. `release()` lets every held answer arrive (in the order they were asked); with
 * `auto: true` each answer arrives on its own after a macrotask, like a very fast endpoint.
 */
export interface RemoteBrain extends Brain {
  /** Calls asked and not yet answered. */
  readonly held: number;
  /** The calls asked, by name, in order. */
  readonly asked: string[];
  release(): void;
}

export function remoteBrain(inner: Brain, opts: { auto?: boolean } = {}): RemoteBrain {
  const held: (() => void)[] = [];
  const asked: string[] = [];
  const brain = new Proxy(inner, {
    get(target, key, receiver) {
      if (key === 'remote') return true;
      if (key === 'name') return `remote:${target.name}`;
      if (key === 'held') return held.length;
      if (key === 'asked') return asked;
      if (key === 'release') return () => held.splice(0).forEach((f) => f());
      // Told the map once, at once, and the pulse snapshot's size: not calls that are asked and answered.
      if (key === 'knowTown') return target.knowTown?.bind(target);
      if (key === 'measurePulse') return target.measurePulse.bind(target);
      const v = Reflect.get(target, key, receiver) as unknown;
      if (typeof v !== 'function') return v;
      return (...args: unknown[]) => {
        asked.push(String(key));
        const answer = (v as (...a: unknown[]) => Promise<unknown>).apply(target, args);
        return new Promise((resolve, reject) => {
          const arrive = () => answer.then(resolve, reject);
          if (opts.auto) setTimeout(arrive, 0);
          else held.push(arrive);
        });
      };
    },
  });
  return brain as RemoteBrain;
}
