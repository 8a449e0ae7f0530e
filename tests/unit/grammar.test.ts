import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { GUARDED_CALLS, replySchemaFor } from '../../src/sim/brain/contracts';
import { CALLS } from '../../src/sim/brain/calls';
import { schemaToGbnf } from '../../src/llm/inTab/grammar';
import { Rng } from '../../src/sim/rng';
import { hamletPersona } from '../fixtures/hamletPersona';
import { matchesGbnf, parseGbnf } from '../support/gbnf';

type Schema = Record<string, unknown>;
const nora = hamletPersona('nora-hartwell');
// She knows her home and workplace (start_day offers the places a persona knows best, as an enum).
for (const place of [nora.spec.household, nora.spec.occupation?.workplace]) if (place) nora.spatial.learn(place);
const ctx = { persona: nora, now: Date.parse('2023-02-13T09:05:00Z') };

/** Every call's reply schema as the model is sent it (the arguments-dependent ones with sample arguments). */
function schemas(): [string, z.ZodObject][] {
  const out: [string, z.ZodObject][] = [];
  for (const call of GUARDED_CALLS) {
    const c = CALLS[call] as unknown as { reply: z.ZodObject | null; replyFor?: unknown };
    if (call === 'chooseAction') {
      const input = { options: [{ id: 'EAT', targets: ['bread'] }, { id: 'GO_TO', targets: ['Bramble Café'] }] };
      out.push([call, replySchemaFor(call, ctx, [input])]);
    } else if (c.replyFor) out.push([call, replySchemaFor(call, ctx, [])]);
    else if (c.reply) out.push([call, c.reply]);
  }
  return out;
}

/** Pieces of text a model writes: plain words, accents, emoji, quotes and backslashes (escaped in JSON), a newline. */
const PIECES = ['a', 'coffee', ' at ', 'Café', '☕', '🍞', '"', '\\', '\n', 'Ann Lee', '5 pm', "it's", '—', 'x'];

/** A random value that fits the JSON schema (the subset our contracts use), seeded. */
function sample(s: Schema, rng: Rng, depth = 0): unknown {
  if (Array.isArray(s.enum)) return rng.pick(s.enum);
  const alts = (s.anyOf ?? s.oneOf) as Schema[] | undefined;
  if (alts) return sample(rng.pick(alts), rng, depth);
  switch (s.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      const required = new Set((s.required as string[] | undefined) ?? []);
      // Keys in the grammar's order: the required ones first, then the others, each in the schema's order.
      const entries = Object.entries((s.properties ?? {}) as Record<string, Schema>);
      for (const [k, v] of [...entries.filter(([k]) => required.has(k)), ...entries.filter(([k]) => !required.has(k))]) if (required.has(k) || rng.chance(0.5)) out[k] = sample(v, rng, depth + 1);
      return out;
    }
    case 'array': {
      const min = (s.minItems as number | undefined) ?? 0;
      const max = Math.min((s.maxItems as number | undefined) ?? min + 3, min + (depth > 2 ? 1 : 4));
      return Array.from({ length: min + rng.int(max - min + 1) }, () => sample((s.items ?? {}) as Schema, rng, depth + 1));
    }
    case 'string': {
      const min = (s.minLength as number | undefined) ?? 0;
      const max = Math.min((s.maxLength as number | undefined) ?? 60, 60);
      let text = '';
      while ([...text].length < min || (rng.chance(0.8) && [...text].length < max - 8)) text += rng.pick(PIECES);
      return [...text].slice(0, max).join('');
    }
    case 'integer': {
      const lo = (s.minimum as number | undefined) ?? ((s.exclusiveMinimum as number | undefined) ?? -1000) + 1;
      const hi = Math.min((s.maximum as number | undefined) ?? 1000, lo + 1000);
      return lo + rng.int(hi - lo + 1);
    }
    case 'number':
      return rng.pick([5, 30, 12.5, 0, -3, 1e3]);
    case 'boolean':
      return rng.chance(0.5);
    default:
      return null;
  }
}

describe('schema → GBNF for every call', () => {
  const all = schemas();

  it('covers every call with a reply schema', () => {
    expect(all.length).toBeGreaterThan(30);
    expect(all.map(([c]) => c)).toEqual(expect.arrayContaining(['startDay', 'planDay', 'actionDetails', 'poignancies', 'conversation', 'reflectionInsights', 'townPulse', 'chooseAction']));
  });

  for (const [call, schema] of all) {
    it(`${call}: replies that fit the contract's schema fit its grammar, and broken ones do not`, () => {
      const json = z.toJSONSchema(schema) as Schema;
      const grammar = parseGbnf(schemaToGbnf(json));
      const rng = new Rng(call.length * 7919);
      let valid = 0;
      for (let n = 0; n < 60 && valid < 25; n++) {
        const value = sample(json, rng);
        // Only what the contract's zod schema itself accepts is a valid reply (it checks more than the JSON schema says).
        if (!schema.safeParse(value).success) continue;
        valid++;
        const text = JSON.stringify(value);
        expect(matchesGbnf(grammar, text), text).toBe(true);
        // Not JSON of that shape: cut short, a stray key, prose around it.
        expect(matchesGbnf(grammar, text.slice(0, -1))).toBe(false);
        expect(matchesGbnf(grammar, `${text.slice(0, -1)},"zz_unknown":1}`)).toBe(false);
        expect(matchesGbnf(grammar, `Sure! ${text}`)).toBe(false);
      }
      expect(valid).toBeGreaterThanOrEqual(10);
      // A required key missing does not fit.
      const required = (json.required as string[] | undefined) ?? [];
      if (required.length > 0) {
        const value = sample(json, rng) as Record<string, unknown>;
        delete value[required[0] as string];
        expect(matchesGbnf(grammar, JSON.stringify(value))).toBe(false);
      }
    });
  }
});

describe('the grammar holds the schema\'s limits', () => {
  const grammarOf = (schema: z.ZodObject) => parseGbnf(schemaToGbnf(z.toJSONSchema(schema) as Schema));

  it('start_day: the hour 0–23, the place only one of those offered', () => {
    const g = grammarOf(replySchemaFor('startDay', ctx, []));
    const place = nora.ownPlaces()[0] ?? '';
    expect(nora.ownPlaces().length).toBe(2);
    for (const place of nora.ownPlaces()) expect(matchesGbnf(g, JSON.stringify({ wake_up_hour: 6, activity: 'opening the pharmacy', place }))).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ wake_up_hour: 23, activity: 'reading', place }))).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ wake_up_hour: 24, activity: 'reading', place }))).toBe(false);
    expect(matchesGbnf(g, JSON.stringify({ wake_up_hour: 7, activity: 'reading', place: 'The Moon' }))).toBe(false);
    expect(matchesGbnf(g, JSON.stringify({ wake_up_hour: 7.5, activity: 'reading', place }))).toBe(false);
  });

  it('poignancies: ratings 1–10, at least one', () => {
    const g = grammarOf(CALLS.poignancies.reply as z.ZodObject);
    expect(matchesGbnf(g, '{"ratings":[3,10,1]}')).toBe(true);
    expect(matchesGbnf(g, '{"ratings":[]}')).toBe(false);
    expect(matchesGbnf(g, '{"ratings":[0]}')).toBe(false);
    expect(matchesGbnf(g, '{"ratings":[11]}')).toBe(false);
    expect(matchesGbnf(g, '{"ratings":[07]}')).toBe(false);
  });

  it('plan_day: exactly 24 hours, [task, minutes] pairs', () => {
    const g = grammarOf(CALLS.planDay.reply as z.ZodObject);
    const plan = ['wake up at 6 am', 'work 7 am to 3 pm', 'lunch at noon', 'walk at 5 pm', 'bed at 10 pm'];
    const day = { wake_up_hour: 6, plan, hourly: Array.from({ length: 24 }, (_, h) => (h < 6 ? 'sleeping' : 'working')), subtasks: [{ activity: 'working', subtasks: [['serving customers', 45], ['a break', 15]] }] };
    expect(matchesGbnf(g, JSON.stringify(day))).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ ...day, hourly: day.hourly.slice(1) }))).toBe(false);
    expect(matchesGbnf(g, JSON.stringify({ ...day, subtasks: [{ activity: 'working', subtasks: [['serving customers']] }] }))).toBe(false);
  });

  it('conversation: "talk" first and alone for a no; lines of at most 400 characters', () => {
    const g = grammarOf(CALLS.conversation.reply as z.ZodObject);
    expect(matchesGbnf(g, '{"talk":false}')).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ talk: true, lines: ['Hi Ann!', 'Hello — coffee at the Corner Café at 5?'], summary: 'coffee' }))).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ talk: true, lines: ['x'.repeat(401)] }))).toBe(false);
    expect(matchesGbnf(g, '{"talk":maybe}')).toBe(false);
  });

  it('action_details: an entry may leave out any field (the compact form), but none is unknown', () => {
    const g = grammarOf(CALLS.actionDetails.reply as z.ZodObject);
    expect(matchesGbnf(g, JSON.stringify({ actions: [{ sector: 'Rose Cottage', arena: 'kitchen', object: 'stove', emoji: '🍳', event: ['cook', 'breakfast'], object_state: 'in use', object_event: ['is', 'in use'] }, { emoji: '🍽️' }, {}] }))).toBe(true);
    expect(matchesGbnf(g, JSON.stringify({ actions: [{ colour: 'red' }] }))).toBe(false);
    expect(matchesGbnf(g, JSON.stringify({ actions: [{ event: ['cook'] }] }))).toBe(false);
  });

  it('writes compact JSON only (no whitespace between tokens)', () => {
    const g = grammarOf(CALLS.poignancies.reply as z.ZodObject);
    expect(matchesGbnf(g, '{ "ratings": [3] }')).toBe(false);
  });
});
