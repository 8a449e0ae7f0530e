import { expect } from 'vitest';

/**
 * Seeded fuzzing helpers shared by the fuzz tests (tests/unit/fuzz.test.ts, fuzzSaves.test.ts): a
 * seeded random source, random changes to a JSON document, and the check that a loader ends in a
 * result or in its own error with a message, never a TypeError, RangeError or SyntaxError.
 */
export { rng } from '../../scripts/art/noise';

export type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Every path to a value in the document (capped, so big documents stay cheap). */
function paths(v: Json, at: (string | number)[] = [], out: (string | number)[][] = []): (string | number)[][] {
  if (out.length > 4000) return out;
  out.push(at);
  if (Array.isArray(v)) v.slice(0, 40).forEach((x, i) => paths(x, [...at, i], out));
  else if (v && typeof v === 'object') for (const k of Object.keys(v)) paths(v[k]!, [...at, k], out);
  return out;
}

const NASTY: Json[] = [null, {}, [], '', 'x:y', 'Hamlet:Elm Street:<random>', -1, 0, 0.5, 1e-9, -5000, 1e9, 1e300, -1e300, 1e308, 20000000, true, 'NaN', '9'.repeat(30), 'x'.repeat(20_000), '../../etc/passwd', [[[[[]]]]], { x: 1 }, '<script>alert(1)</script>'];

/** One random change: replace a value, delete a key, drop or repeat array items. */
function mutate(doc: Json, r: () => number): Json {
  const copy = structuredClone(doc);
  const all = paths(copy);
  const path = all[Math.floor(r() * all.length)]!;
  if (path.length === 0) return NASTY[Math.floor(r() * NASTY.length)]!;
  let parent = copy as Record<string | number, Json>;
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, Json>;
  const key = path[path.length - 1]!;
  const roll = r();
  if (roll < 0.6) parent[key] = NASTY[Math.floor(r() * NASTY.length)]!;
  else if (roll < 0.75 && !Array.isArray(parent)) delete parent[key];
  else if (Array.isArray(parent[key])) {
    const a = parent[key] as Json[];
    if (r() < 0.5) a.splice(Math.floor(r() * a.length), Math.ceil(r() * a.length));
    else if (a.length) a.push(...a.slice(0, Math.ceil(r() * 3)));
  } else if (typeof parent[key] === 'number') parent[key] = (parent[key] as number) * (r() < 0.5 ? -1 : 1e6) + (r() < 0.5 ? 0.5 : 0);
  else parent[key] = NASTY[Math.floor(r() * NASTY.length)]!;
  return copy;
}

export function mutateMany(doc: Json, r: () => number): Json {
  let d = doc;
  const n = 1 + Math.floor(r() * 3);
  for (let i = 0; i < n; i++) d = mutate(d, r);
  return d;
}

/** Run a loader on a case; returns the error if any, asserting it is a message and not a crash. */
export function expectClean<T>(label: string, load: () => T, ok: (e: unknown) => boolean): T | null {
  try {
    return load();
  } catch (e) {
    const err = e as Error;
    expect([TypeError, RangeError, SyntaxError, ReferenceError].some((C) => err?.constructor === C), `${label}: ${err?.name}: ${err?.message}`).toBe(false);
    expect(ok(err), `${label}: ${err?.name}: ${err?.message}`).toBe(true);
    expect(err.message.length, label).toBeGreaterThan(15);
    expect(err.message, label).not.toMatch(/(?<!received )undefined|\[object Object\]|is not a function|Cannot read/);
    return null;
  }
}

