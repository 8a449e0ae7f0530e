import { describe, expect, it } from 'vitest';
import { FALLBACK_RUN_REPORTED, FallbackReasons, reasonKind, type FallbackRun } from '../../src/sim/brain/fallbackReasons';
import { GuardedBrain } from '../../src/sim/brain/guard';
import { OfflineBrain } from '../../src/llm/offline/offlineBrain';
import type { Brain } from '../../src/sim/brain/port';
import { hamletPersona } from '../fixtures/hamletPersona';

/**
 * Why calls fell back (issue 15): the kinds of reason, the run of calls in a row that fell back
 * (reported once it is 5 long, over when a call gets a usable answer), and the guard telling it.
 */

const notJson = (call: string) => `${call}: no valid reply after 3 attempts (the reply was not valid JSON)`;

describe('fallback reasons', () => {
  it("a reason's kind leaves out the call's name, a quoted answer and the breaker's countdown", () => {
    expect(reasonKind(notJson('startDay'))).toBe(reasonKind(notJson('actionDetails')));
    expect(reasonKind(notJson('startDay'))).toBe('no valid reply after 3 attempts (the reply was not valid JSON)');
    expect(reasonKind('invalid answer: {"sector":"the moon"} ("the moon" is not one of: A, B)')).toBe('invalid answer ("the moon" is not one of: A, B)');
    expect(reasonKind('not called: the endpoint is not answering (timeout); retrying in 7 s')).toBe(reasonKind('not called: the endpoint is not answering (timeout); retrying in 3 s'));
  });

  it('reports a run of fallbacks once, when it is 5 calls long, with its first reason and how many shared it; a usable answer ends it', () => {
    const r = new FallbackReasons();
    const runs: FallbackRun[] = [];
    const over: number[] = [];
    r.onRun = (run) => runs.push(run);
    r.onRunOver = (n) => over.push(n);
    r.fellBack(notJson('startDay'));
    r.answered();
    // A stray failure is no run; nor is one shorter than the threshold.
    expect(over).toEqual([]);
    for (let i = 0; i < FALLBACK_RUN_REPORTED - 1; i++) r.fellBack(i === 1 ? 'startDay: no valid reply after 3 attempts (the reply was empty)' : notJson('actionDetails'));
    expect(r.run).toBeNull();
    r.fellBack(notJson('poignancies'));
    expect(runs).toHaveLength(1);
    expect(runs[0]).toEqual({
      calls: 5,
      first: { reason: 'no valid reply after 3 attempts (the reply was not valid JSON)', count: 4 },
      reasons: [
        { reason: 'no valid reply after 3 attempts (the reply was not valid JSON)', count: 4 },
        { reason: 'no valid reply after 3 attempts (the reply was empty)', count: 1 },
      ],
    });
    r.fellBack(notJson('startDay'));
    expect(runs).toHaveLength(1);
    expect(r.run?.calls).toBe(6);
    r.answered();
    expect(over).toEqual([6]);
    expect(r.run).toBeNull();
    // The whole run's tally keeps every fallback: 7 of them, the first reason first.
    expect(r.total.first).toEqual({ reason: 'no valid reply after 3 attempts (the reply was not valid JSON)', count: 6 });
    expect(r.total.reasons.reduce((n, x) => n + x.count, 0)).toBe(7);
  });

  it('the guard tells it: fallbacks in a row make a run, a usable answer ends it', async () => {
    const nora = hamletPersona('nora-hartwell');
    const offline = new OfflineBrain(1, [nora.spec]);
    let broken = true;
    let remote = true;
    const brain = new Proxy(offline, {
      get(target, key, receiver) {
        if (key === 'name') return 'flaky';
        if (key === 'remote') return remote;
        if (key === 'standIn') return offline;
        if (key === 'pronunciatio') return async (...a: Parameters<OfflineBrain['pronunciatio']>) => (broken ? Promise.reject(new Error('pronunciatio: no valid reply after 3 attempts (the reply was not valid JSON)')) : target.pronunciatio(...a));
        return Reflect.get(target, key, receiver) as unknown;
      },
    }) as unknown as Brain;
    const g = new GuardedBrain(brain);
    const ctx = { persona: nora, now: Date.parse('2023-02-13T09:00:00Z') };
    for (let i = 0; i < 6; i++) await g.pronunciatio(ctx, 'reading a book');
    expect(g.fallbackTotal).toBe(6);
    expect(g.reasons.run).toEqual({ calls: 6, first: { reason: 'no valid reply after 3 attempts (the reply was not valid JSON)', count: 6 }, reasons: [{ reason: 'no valid reply after 3 attempts (the reply was not valid JSON)', count: 6 }] });
    // An embedding (answered locally when the endpoint has no embeddings model) is no usable reply from the model.
    await g.embed(ctx, ['reading a book']);
    expect(g.reasons.run?.calls).toBe(6);
    // Nor is one answered locally while the breaker is open (the brain is not remote meanwhile): the CLI said
    // "gives usable replies again" on an endpoint that had died.
    remote = false;
    await g.embed(ctx, ['reading a book']);
    expect(g.reasons.run?.calls).toBe(6);
    remote = true;
    // The breaker closing starts a new run, without a word of usable replies (none came).
    let over = 0;
    g.reasons.onRunOver = () => over++;
    g.reasons.restart();
    expect(g.reasons.run).toBeNull();
    expect(over).toBe(0);
    for (let i = 0; i < 6; i++) await g.pronunciatio(ctx, 'reading a book');
    broken = false;
    await g.pronunciatio(ctx, 'reading a book');
    expect(g.reasons.run).toBeNull();
    // Another brain behind the guard: a fresh tally.
    g.setInner(offline);
    expect(g.reasons.total.first).toBeNull();
  });
});
