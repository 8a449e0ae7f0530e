import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { PersonaSchema, type PersonaSpec } from '../../src/sim/persona/schema';
import { at } from '../../src/sim/checked';

const DIR = fileURLToPath(new URL('../../personas/hamlet', import.meta.url));

/** The contract from docs/town-spec.md: id → name, age, home, bedroom and workplace. */
const SPEC: Record<
  string,
  { name: string; age: number; household: string; livingArea: string; workplace: string; arena: string }
> = {
  'nora-hartwell': { name: 'Nora Hartwell', age: 44, household: 'Hartwell House', livingArea: 'Hartwell House:main bedroom', workplace: 'Willow Grocery & Pharmacy', arena: 'pharmacy' },
  'tom-hartwell': { name: 'Tom Hartwell', age: 46, household: 'Hartwell House', livingArea: 'Hartwell House:main bedroom', workplace: 'Oak & Nail Workshop', arena: 'workshop' },
  'lily-hartwell': { name: 'Lily Hartwell', age: 19, household: 'Hartwell House', livingArea: "Hartwell House:Lily's bedroom", workplace: 'Hamlet College', arena: 'classroom 101' },
  'grace-okafor': { name: 'Grace Okafor', age: 52, household: 'Okafor House', livingArea: 'Okafor House:main bedroom', workplace: 'Hamlet College', arena: 'classroom 102' },
  'daniel-okafor': { name: 'Daniel Okafor', age: 54, household: 'Okafor House', livingArea: 'Okafor House:main bedroom', workplace: 'Town Hall', arena: "clerk's office" },
  'sofia-moreno': { name: 'Sofia Moreno', age: 38, household: 'Moreno House', livingArea: 'Moreno House:main bedroom', workplace: 'Bramble Café', arena: 'café' },
  'luis-moreno': { name: 'Luis Moreno', age: 40, household: 'Moreno House', livingArea: 'Moreno House:main bedroom', workplace: 'Crumb & Crust Bakery', arena: 'bakehouse' },
  'ana-moreno': { name: 'Ana Moreno', age: 18, household: 'Moreno House', livingArea: "Moreno House:Ana's bedroom", workplace: 'Hamlet College', arena: 'classroom 101' },
  'hans-becker': { name: 'Hans Becker', age: 67, household: 'Becker House', livingArea: 'Becker House:main bedroom', workplace: 'Millbrook Park', arena: 'garden' },
  'ingrid-becker': { name: 'Ingrid Becker', age: 63, household: 'Becker House', livingArea: 'Becker House:main bedroom', workplace: 'Hamlet College', arena: 'library' },
  'kenji-sato': { name: 'Kenji Sato', age: 45, household: 'Sato House', livingArea: 'Sato House:main bedroom', workplace: 'Hamlet Clinic', arena: 'exam room' },
  'yumi-sato': { name: 'Yumi Sato', age: 41, household: 'Sato House', livingArea: 'Sato House:main bedroom', workplace: 'Lantern Art Studio', arena: 'studio' },
  'fiona-walsh': { name: 'Fiona Walsh', age: 35, household: 'Walsh Cottage', livingArea: 'Walsh Cottage:bedroom', workplace: 'The Copper Kettle', arena: 'bar' },
  'arjun-patel': { name: 'Arjun Patel', age: 50, household: 'Patel House', livingArea: 'Patel House:main bedroom', workplace: 'Willow Grocery & Pharmacy', arena: 'grocery' },
  'priya-patel': { name: 'Priya Patel', age: 47, household: 'Patel House', livingArea: 'Patel House:main bedroom', workplace: 'Patel Books', arena: 'bookshop' },
  'walter-brooks': { name: 'Walter Brooks', age: 61, household: 'Brooks Cottage', livingArea: 'Brooks Cottage:bedroom', workplace: 'Town Hall', arena: "mayor's office" },
  'ada-quinn': { name: 'Ada Quinn', age: 29, household: 'Quinn Cottage', livingArea: 'Quinn Cottage:bedroom', workplace: 'Hamlet Supply Co.', arena: 'shop floor' },
  'marcus-reed': { name: 'Marcus Reed', age: 31, household: 'Elm Street Apartments', livingArea: 'Elm Street Apartments:apartment 1', workplace: 'The Copper Kettle', arena: 'bar' },
  'elena-petrova': { name: 'Elena Petrova', age: 33, household: 'Elm Street Apartments', livingArea: 'Elm Street Apartments:apartment 2', workplace: 'Hamlet Clinic', arena: 'reception' },
  'sam-whitaker': { name: 'Sam Whitaker', age: 27, household: 'Elm Street Apartments', livingArea: 'Elm Street Apartments:apartment 3', workplace: 'Hamlet Gazette', arena: 'newsroom' },
  'chloe-dubois': { name: 'Chloe Dubois', age: 24, household: 'Elm Street Apartments', livingArea: 'Elm Street Apartments:apartment 4', workplace: 'Bramble Café', arena: 'café' },
  'ravi-kumar': { name: 'Ravi Kumar', age: 20, household: 'College Dorm', livingArea: "College Dorm:Ravi's room", workplace: 'Hamlet College', arena: 'classroom 102' },
  'jess-turner': { name: 'Jess Turner', age: 21, household: 'College Dorm', livingArea: "College Dorm:Jess's room", workplace: 'Hamlet College', arena: 'library' },
  'owen-clarke': { name: 'Owen Clarke', age: 22, household: 'College Dorm', livingArea: "College Dorm:Owen's room", workplace: 'Hamlet College', arena: 'classroom 102' },
  'mia-novak': { name: 'Mia Novak', age: 20, household: 'College Dorm', livingArea: "College Dorm:Mia's room", workplace: 'Hamlet College', arena: 'classroom 101' },
};

/** Every sector of the spec (valid haunts). */
const SECTORS = new Set([
  'Hartwell House', 'Okafor House', 'Moreno House', 'Becker House', 'Sato House', 'Walsh Cottage',
  'Patel House', 'Brooks Cottage', 'Quinn Cottage', 'Elm Street Apartments', 'College Dorm',
  'Bramble Café', 'The Copper Kettle', 'Willow Grocery & Pharmacy', 'Hamlet Supply Co.', 'Hamlet College',
  'Millbrook Park', 'Town Square', 'Town Hall', 'Hamlet Clinic', 'Crumb & Crust Bakery', 'Patel Books',
  'Hamlet Gazette', 'Lantern Art Studio', 'Oak & Nail Workshop',
]);

const files = readdirSync(DIR).filter((f) => f.endsWith('.json')).sort();

function load(file: string): PersonaSpec {
  const raw: unknown = JSON.parse(readFileSync(join(DIR, file), 'utf8'));
  const res = PersonaSchema.safeParse(raw);
  if (!res.success) {
    throw new Error(`${file}: schema errors: ${res.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  }
  return res.data;
}

/** "7 am" → 7, "12 am" → 0, "12 pm" → 12, "11 pm" → 23. */
function to24(h: number, ampm: string): number {
  return (h % 12) + (ampm === 'pm' ? 12 : 0);
}

/** Wake and bed times in minutes after the wake day's midnight; bed after midnight counts as next day. */
function sleepWindow(lifestyle: string): { wake: number; bed: number } | null {
  const w = /wakes up around (\d{1,2}) (am|pm)/.exec(lifestyle);
  const b = /goes to bed around (\d{1,2}) (am|pm)/.exec(lifestyle);
  if (!w || !b) return null;
  const wh = Number(w[1]);
  const bh = Number(b[1]);
  if (wh < 1 || wh > 12 || bh < 1 || bh > 12) return null;
  const wake = to24(wh, at(w, 2, 'wake am/pm')) * 60;
  let bed = to24(bh, at(b, 2, 'bed am/pm')) * 60;
  if (bed <= wake) bed += 24 * 60;
  return { wake, bed };
}

const hhmm = (s: string): number => Number(s.slice(0, 2)) * 60 + Number(s.slice(3, 5));

describe('personas/hamlet', () => {
  it('holds exactly the 25 personas of the spec', () => {
    expect(files.length, `files: ${files.join(', ')}`).toBe(25);
    expect(files.map((f) => f.replace(/\.json$/, '')).sort()).toEqual(Object.keys(SPEC).sort());
  });

  it('parses lifestyle hours (12 am is midnight, late bedtimes count as next day)', () => {
    expect(sleepWindow('goes to bed around 12 am, wakes up around 8 am')).toEqual({ wake: 480, bed: 1440 });
    expect(sleepWindow('goes to bed around 8 pm, wakes up around 4 am')).toEqual({ wake: 240, bed: 1200 });
    expect(sleepWindow('goes to bed around 2 am and wakes up around 10 am')).toEqual({ wake: 600, bed: 1560 });
    expect(sleepWindow('sleeps whenever')).toBeNull();
  });

  describe.each(files)('%s', (file) => {
    const base = file.replace(/\.json$/, '');

    it('parses with PersonaSchema and matches the spec table', () => {
      const p = load(file);
      const spec = SPEC[p.id];
      expect(p.id, `${file}: id must match file name`).toBe(base);
      if (!spec) throw new Error(`${file}: id ${p.id} is not in the spec`);
      expect(p.name, `${file}: name`).toBe(spec.name);
      expect(`${p.firstName} ${p.lastName}`, `${file}: firstName + lastName`).toBe(spec.name);
      expect(p.age, `${file}: age`).toBe(spec.age);
      expect(p.household, `${file}: household`).toBe(spec.household);
      expect(p.livingArea, `${file}: livingArea`).toBe(spec.livingArea);
      expect(p.occupation, `${file}: occupation`).not.toBeNull();
      expect(p.occupation?.workplace, `${file}: occupation.workplace`).toBe(spec.workplace);
      expect(p.occupation?.arena, `${file}: occupation.arena`).toBe(spec.arena);
      expect(p.sprite, `${file}: sprite`).toBe(p.id);
    });

    it('has well-formed texts, haunts and relationships', () => {
      const p = load(file);
      expect(p.innate.split(',').map((s) => s.trim()).filter(Boolean), `${file}: innate must be 3 traits`).toHaveLength(3);
      for (const field of ['learned', 'currently', 'dailyPlanReq'] as const) {
        expect(p[field].length, `${file}: ${field} too short`).toBeGreaterThan(40);
      }
      expect(p.haunts.length, `${file}: 2–4 haunts`).toBeGreaterThanOrEqual(2);
      expect(p.haunts.length, `${file}: 2–4 haunts`).toBeLessThanOrEqual(4);
      for (const h of p.haunts) expect(SECTORS.has(h), `${file}: haunt "${h}" is not a sector`).toBe(true);

      expect(p.relationships.length, `${file}: knows at least 4 people`).toBeGreaterThanOrEqual(4);
      expect(p.relationships.length, `${file}: at most 6 relationships`).toBeLessThanOrEqual(6);
      const seen = new Set<string>();
      for (const r of p.relationships) {
        expect(r.id in SPEC, `${file}: relationship to unknown id ${r.id}`).toBe(true);
        expect(r.id, `${file}: relationship to itself`).not.toBe(p.id);
        expect(seen.has(r.id), `${file}: duplicate relationship ${r.id}`).toBe(false);
        expect(r.note.length, `${file}: empty note for ${r.id}`).toBeGreaterThan(10);
        seen.add(r.id);
      }
    });

    it('sleeps at least 7 h and works while awake', () => {
      const p = load(file);
      const win = sleepWindow(p.lifestyle);
      expect(win, `${file}: lifestyle needs "goes to bed around <h> am|pm" and "wakes up around <h> am|pm": ${p.lifestyle}`).not.toBeNull();
      const { wake, bed } = win!;
      const sleep = wake + 24 * 60 - bed;
      expect(sleep, `${file}: sleeps only ${sleep / 60} h`).toBeGreaterThanOrEqual(7 * 60);
      const occ = p.occupation!;
      const start = hhmm(occ.start);
      const end = hhmm(occ.end);
      expect(end, `${file}: shift ${occ.start}–${occ.end} must end after it starts`).toBeGreaterThan(start);
      expect(start - wake, `${file}: shift starts ${occ.start}, less than 30 min after waking`).toBeGreaterThanOrEqual(30);
      expect(bed - end, `${file}: shift ends ${occ.end}, less than 1 h before bed`).toBeGreaterThanOrEqual(60);
    });
  });

  it('forms one connected social graph', () => {
    const all = files.map(load);
    const adj = new Map<string, Set<string>>(all.map((p) => [p.id, new Set<string>()]));
    for (const p of all) {
      for (const r of p.relationships) {
        adj.get(p.id)?.add(r.id);
        adj.get(r.id)?.add(p.id);
      }
    }
    const start = at(all, 0, 'personas').id;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length) {
      for (const n of adj.get(queue.shift()!) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    const unreachable = all.map((p) => p.id).filter((id) => !seen.has(id));
    expect(unreachable, `not connected to ${start}: ${unreachable.join(', ')}`).toEqual([]);
  });

  it('keeps housemates and same-arena colleagues acquainted', () => {
    const all = files.map(load);
    const knows = (a: PersonaSpec, b: PersonaSpec) => a.relationships.some((r) => r.id === b.id);
    for (const a of all) {
      for (const b of all) {
        if (a === b) continue;
        const sameHome = a.household === b.household && a.household !== 'Elm Street Apartments';
        const sameArena = a.occupation!.workplace === b.occupation!.workplace && a.occupation!.arena === b.occupation!.arena;
        const sameShop = a.occupation!.workplace === b.occupation!.workplace && a.occupation!.workplace !== 'Hamlet College';
        if (sameHome || sameArena || sameShop) {
          expect(knows(a, b), `${a.id}.json should list ${b.id} (housemate or colleague)`).toBe(true);
        }
      }
    }
  });
});
