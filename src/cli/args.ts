/** Minimal --flag value parser for the CLIs. */
export function parseArgs(argv: string[]): Map<string, string | true> {
  const out = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (!a.startsWith('--')) throw new Error(`Unexpected argument "${a}"`);
    const next = argv[i + 1];
    if (next === undefined || next.startsWith('--')) out.set(a.slice(2), true);
    else {
      out.set(a.slice(2), next);
      i++;
    }
  }
  return out;
}

export function numberArg(args: Map<string, string | true>, name: string, fallback: number): number {
  const v = args.get(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (v === true || !Number.isFinite(n)) throw new Error(`--${name} needs a number`);
  return n;
}
