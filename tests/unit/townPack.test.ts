import { describe, expect, it } from 'vitest';
import { checkTown, openTown } from '../../src/pack/open';
import { PackError, packFromEntries, problemText, type PackFiles } from '../../src/pack/files';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, hamletLooks, loadTown, loadTownPersonas, loadTownWorld, townFiles } from '../../src/node/town';
import { saltmarshEntries, saltmarshPack, type ExampleParts } from '../fixtures/examplePack';
import { zipSync } from 'fflate';
import { packFromArchive } from '../../src/pack/archive';
import { gzip } from '../../src/io/bounded';
import { checkResidents, exportedPack, newPersonaId } from '../../src/app/editTown';
import { playerSpec } from '../../src/sim/player/player';
import { smallvillePersona } from '../../src/pack/smallvillePersonas';

const LOOKS = ['ada-quinn', 'ana-moreno'];
/** Smallville's 25-resident base, beside the repository (shared/smallville). */
const VILLE = resolve(ROOT, '../shared/smallville/environment/frontend_server/storage/base_the_ville_n25');

/** The problems of the example pack after `change`, as one text per problem. */
async function problemsAfter(change: (p: ExampleParts) => void): Promise<string[]> {
  const { town, problems } = await checkTown(saltmarshPack(change), LOOKS);
  expect(town).toBeNull();
  return problems.map(problemText);
}

describe('a town pack', () => {
  it('opens the example pack with its own names, start, step and economy defaults', async () => {
    const town = await openTown(saltmarshPack(), LOOKS);
    expect(town.name).toBe('Saltmarsh');
    expect(town.world.name).toBe('Saltmarsh');
    expect(town.start).toBe('2024-06-03T00:00:00');
    expect(town.stepSeconds).toBe(60);
    expect(town.personas.map((p) => p.id).sort()).toEqual(['jory-pascoe', 'kit-penhale', 'morwenna-tregar', 'tamsin-pascoe']);
    // The manifest's rent stands for homes that give none.
    expect(town.world.rents).toEqual({ 'Gull Cottage': 9, 'Pier House': 9 });
    expect(town.world.jobs.map((j) => `${j.title}@${j.sector}`)).toEqual(['chandler@Mariner Chandlery']);
  });

  it('opens from a zip-like file set whose one top folder holds the town', async () => {
    const nested = saltmarshEntries().map(([p, b]): [string, Uint8Array] => [`saltmarsh-main/${p}`, b]);
    const town = await openTown(packFromEntries('saltmarsh.zip', nested), LOOKS);
    expect(town.personas).toHaveLength(4);
  });

  it("is how Hamlet's own town is read: the repository's town.json gives the same map and residents", async () => {
    const town = await loadTown();
    expect(town.name).toBe('Hamlet');
    expect(town.personas).toEqual(loadTownPersonas());
    const world = loadTownWorld();
    expect(town.world.addressTiles).toEqual(world.addressTiles);
    expect([...town.world.walkable]).toEqual([...world.walkable]);
    expect(town.start).toBe('2023-02-13T00:00:00');
  });

  it.each<[string, (p: ExampleParts) => void, RegExp[]]>([
    ['a missing semantic layer', (p) => void (p.map.layers = undefined), [/saltmarsh\.tmj.*layer "ground".*missing/, /layer "spawns".*missing/]],
    ['a misnamed layer', (p) => void (p.rename.arenas = 'Arenas'), [/layer "arenas".*"Arenas"/]],
    ['an unknown sector kind', (p) => void ((p.sectors[2] as unknown as [string, number, number, number, number, Record<string, string>])[5] = { kind: 'teahouse' }), [/sector "The Kelp Kettle".*unknown kind "teahouse"/]],
    ['a spawn on a wall', (p) => void (p.spawns[0] = ['morwenna-tregar', 1, 1]), [/spawn "morwenna-tregar".*blocked tile \(1, 1\)/]],
    ['a home not on the map', (p) => void ((p.personas[0] as { livingArea: string }).livingArea = 'Gull Cottage:attic'), [/people\/morwenna-tregar\.json \(livingArea\).*"Gull Cottage:attic" is not an arena/]],
    ['a workplace not on the map', (p) => void ((p.personas[1] as { occupation: { workplace: string } }).occupation.workplace = 'Net Loft'), [/people\/jory-pascoe\.json \(occupation\).*"Net Loft:shop counter"/]],
    ['a haunt not on the map', (p) => void (p.personas[3]?.haunts.push('Lighthouse')), [/people\/kit-penhale\.json \(haunts\).*"Lighthouse" is not a sector/]],
    ['a place nobody can reach', (p) => void (p.grid[12] = ',#######,,#######,,#########,,'), [/arena "Mariner Chandlery:shop counter".*nobody can reach/, /arena "The Anchor:taproom".*nobody can reach/]],
    ['a tileset image missing', (p) => void p.omit.push('art/harbour.png'), [/tileset "harbour".*art\/harbour\.png is not in the pack/]],
    ['an external tileset', (p) => void (p.map.tilesets = [{ firstgid: 1, source: 'harbour.tsx' }]), [/tileset "#1".*harbour\.tsx.*Embed Tilesets/]],
    ['a tileset too wide for a texture', (p) => void (p.map.tilesets = [{ firstgid: 1, name: 'huge', image: 'art/harbour.png', imagewidth: 9000, imageheight: 16, tilewidth: 16, tileheight: 16, tilecount: 3, columns: 3 }]), [/tileset "huge".*9000 px wide/]],
    ['a map beyond the size limit', (p) => void Object.assign(p.map, { width: 2000 }), [/saltmarsh\.tmj.*2000×14 tiles.*limit: map size/]],
    ['a persona file that is not one', (p) => void ((p.personas[2] as { age: unknown }).age = 'forty'), [/people\/tamsin-pascoe\.json.*age/]],
    ['a manifest without a map', (p) => void delete p.manifest.map, [/town\.json \(map\)/]],
    ['a manifest naming a file outside the pack', (p) => void (p.manifest.personas = '../elsewhere'), [/town\.json \(personas\).*leaves the pack/]],
  ])('names %s with its file and place', async (_what, change, expected) => {
    const texts = await problemsAfter(change);
    for (const re of expected) expect(texts.some((t) => re.test(t)), `${re} in:\n${texts.join('\n')}`).toBe(true);
  });

  it('names every problem at once, not only the first', async () => {
    const texts = await problemsAfter((p) => {
      (p.personas[0] as { livingArea: string }).livingArea = 'Gull Cottage:attic';
      p.personas[3]?.haunts.push('Lighthouse');
      p.omit.push('art/harbour.png');
    });
    expect(texts.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses a folder that is no town, and openTown throws naming the problems', async () => {
    const { problems } = await checkTown(packFromEntries('notes', [['readme.txt', new Uint8Array([65])]]), LOOKS);
    expect(problems[0]?.message).toMatch(/no town\.json.*no storage\/<base>\/reverie\/meta\.json/);
    await expect(openTown(saltmarshPack((p) => void p.omit.push('town.json')), LOOKS)).rejects.toThrow(PackError);
  });
});

describe.skipIf(!existsSync(VILLE))("Smallville's storage base as a town", () => {
  it('reads the Ville and its 25 residents: homes, workplaces, hours, whispers, start and step', async () => {
    const town = await loadTown(VILLE);
    expect(town.layout).toBe('smallville');
    expect(town.world.name).toBe('the Ville');
    expect(town.personas).toHaveLength(25);
    expect(town.start).toBe('2023-02-13T00:00:00');
    expect(town.stepSeconds).toBe(10);
    const by = new Map(town.personas.map((p) => [p.name, p]));
    const isabella = by.get('Isabella Rodriguez');
    expect(isabella?.livingArea).toBe("Isabella Rodriguez's apartment:main room");
    expect(isabella?.occupation).toMatchObject({ workplace: 'Hobbs Cafe', start: '08:00', end: '20:00' });
    expect(by.get('Arthur Burton')?.occupation).toMatchObject({ workplace: 'The Rose and Crown Pub', start: '17:00', end: '22:00' });
    const students = town.personas.filter((p) => p.occupation?.workplace === 'Oak Hill College' && p.occupation.title === 'student').map((p) => p.name);
    expect(students).toEqual(expect.arrayContaining(['Klaus Mueller', 'Maria Lopez', 'Ayesha Khan', 'Eddy Lin']));
    expect(by.get('Mei Lin')?.occupation?.title).toBe('teacher');
    // Someone whose status is about another's job has none of her own.
    expect(by.get('Jane Moreno')?.occupation).toBeNull();
    // Kinds come from the names: the café, the pub, the college, the park, and homes even when named "Park".
    const kind = new Map(town.world.sectors.map((s) => [s.name, s.kind]));
    expect([kind.get('Hobbs Cafe'), kind.get('The Rose and Crown Pub'), kind.get('Oak Hill College'), kind.get('Johnson Park'), kind.get("Ryan Park's apartment"), kind.get('Dorm for Oak Hill College')]).toEqual(['cafe', 'bar', 'college', 'park', 'home', 'home']);
    // The whispers of agent_history_init_n25.csv are their first memories.
    expect(town.whispers.filter((w) => w.id === 'isabella-rodriguez').length).toBeGreaterThan(0);
    expect(town.whispers.length).toBeGreaterThan(100);
    for (const p of town.personas) expect(town.world.spawns.has(p.id), p.name).toBe(true);
  });

  it('names the file when a part of the base is missing or broken', async () => {
    const files = townFiles(VILLE);
    /** The base with one file left out, or replaced by `replace`. */
    const drop = (path: string, replace?: string): PackFiles => ({
      ...files,
      paths: files.paths.filter((p) => replace !== undefined || !p.endsWith(path)),
      read: (p) => (replace !== undefined && p.endsWith(path) ? Promise.resolve(new TextEncoder().encode(replace)) : files.read(p)),
    });
    let r = await checkTown(drop('matrix/maze/sector_maze.csv'), hamletLooks());
    expect(r.problems.map(problemText).join('\n')).toMatch(/sector_maze\.csv: not found/);
    r = await checkTown(drop('Isabella Rodriguez/bootstrap_memory/scratch.json', '{"name": "Isabella Rodriguez"}'), hamletLooks());
    expect(r.problems.map(problemText).join('\n')).toMatch(/Isabella Rodriguez\/bootstrap_memory\/scratch\.json: lacks first_name/);
    r = await checkTown(drop('reverie/meta.json', '{"maze_name": "the_ville", "persona_names": ["A B"], "start_date": "someday", "sec_per_step": 10}'), hamletLooks());
    expect(r.problems.map(problemText).join('\n')).toMatch(/meta\.json \(start_date\): not a date/);
  });
});

describe('a town pack as one file (the page)', () => {
  /** A ustar archive of the entries (512-byte headers, octal sizes), as `tar` writes one. */
  function tar(entries: [string, Uint8Array][]): Uint8Array {
    const blocks: Uint8Array[] = [];
    for (const [name, bytes] of entries) {
      const h = new Uint8Array(512);
      const put = (at: number, text: string) => h.set(new TextEncoder().encode(text), at);
      put(0, name);
      put(100, '0000644\0');
      put(124, `${bytes.length.toString(8).padStart(11, '0')}\0`);
      put(156, '0');
      put(257, 'ustar\0');
      blocks.push(h, bytes, new Uint8Array((512 - (bytes.length % 512)) % 512));
    }
    blocks.push(new Uint8Array(1024));
    const out = new Uint8Array(blocks.reduce((n, b) => n + b.length, 0));
    let at = 0;
    for (const b of blocks) {
      out.set(b, at);
      at += b.length;
    }
    return out;
  }

  it('opens the same town from a .zip and from a .tar.gz', async () => {
    const zipped = await packFromArchive('saltmarsh.zip', zipSync(Object.fromEntries(saltmarshEntries())));
    expect((await openTown(zipped, LOOKS)).personas).toHaveLength(4);
    const tgz = await packFromArchive('saltmarsh.tar.gz', await gzip(tar(saltmarshEntries().map(([p, b]) => [`saltmarsh/${p}`, b]))));
    expect(tgz.paths).toContain('saltmarsh/town.json');
    expect((await openTown(tgz, LOOKS)).name).toBe('Saltmarsh');
  });

  it('refuses what is no archive, a damaged one, and one with too many files, naming it', async () => {
    await expect(packFromArchive('notes.txt', new TextEncoder().encode('hello'))).rejects.toThrow(/notes\.txt is neither a \.zip nor a gzipped tar/);
    const zip = zipSync(Object.fromEntries(saltmarshEntries()));
    await expect(packFromArchive('cut.zip', zip.slice(0, 200))).rejects.toThrow(/cut\.zip is not a readable zip/);
    const many = Object.fromEntries(Array.from({ length: 5_001 }, (_, i) => [`f${i}.txt`, new Uint8Array([1])]));
    await expect(packFromArchive('many.zip', zipSync(many))).rejects.toThrow(/many\.zip is too large: more than 5000 files/);
  });
});

describe('the character editor’s checks and export', () => {
  it('checks edited residents like the town check, and exports a pack that reopens with them', async () => {
    const town = await openTown(saltmarshPack(), LOOKS);
    const people = structuredClone(town.personas);
    const kit = people.find((p) => p.id === 'kit-penhale');
    if (!kit) throw new Error('Kit is in Saltmarsh');
    kit.haunts.push('Lighthouse');
    const nell = { ...structuredClone(kit), id: newPersonaId('Nell Pascoe', new Set(people.map((p) => p.id))), name: 'Nell Pascoe', firstName: 'Nell', lastName: 'Pascoe', haunts: [], relationships: [], livingArea: 'Pier House:parlour', household: 'Pier House' };
    people.push(nell, { ...nell, id: 'ghost-one', name: '' });
    const problems = checkResidents(town.world, people).join('\n');
    expect(problems).toMatch(/name/);
    people.pop();
    expect(checkResidents(town.world, people).join('\n')).toMatch(/Kit Penhale \(haunts\): "Lighthouse" is not a sector/);
    kit.haunts.pop();
    kit.age = 23;
    expect(checkResidents(town.world, people)).toEqual([]);
    const out = await exportedPack(town, people);
    if ('why' in out) throw new Error(out.why);
    const again = await openTown(await packFromArchive(out.name, out.bytes), LOOKS);
    expect(again.personas).toEqual([...people].sort((a, b) => (a.id < b.id ? -1 : 1)));
    expect(again.world.spawns.get('nell-pascoe')).toBeDefined();
    expect(newPersonaId('Nell Pascoe', new Set(['nell-pascoe']))).toBe('nell-pascoe-a');
  });

  it.skipIf(!existsSync(VILLE))('says why a Smallville town cannot be exported', async () => {
    const town = await loadTown(VILLE);
    const out = await exportedPack(town, town.personas);
    expect('why' in out && out.why).toMatch(/the Ville has no Tiled map of its own/);
  });
});

describe("the player's resident in another town", () => {
  it('is a visitor to that town, by its name, living in its park or square', async () => {
    const town = await openTown(saltmarshPack(), LOOKS);
    const spec = playerSpec({ name: 'Alex Rivera', description: 'a painter', sprite: 'ada-quinn' }, town.world);
    expect(spec.lifestyle).toBe('Alex is visiting Saltmarsh and comes and goes as they please.');
    expect(spec.household).toBe('Harbour Green');
    expect(JSON.stringify(spec)).not.toContain('Hamlet');
  });
});

describe.skipIf(!existsSync(VILLE))("a Smallville resident's work, read from many phrasings against the Ville's places", () => {
  const base = { name: 'Ann Bell', first_name: 'Ann', last_name: 'Bell', age: 30, innate: 'warm', learned: 'Ann Bell lives in the Ville.', currently: 'Ann Bell is busy.', lifestyle: 'Ann goes to bed around 11pm, awakes up around 7am.', living_area: "the Ville:Adam Smith's house:main room" };
  it.each<[string, string | null]>([
    ['Ann Bell works at Hobbs Cafe from 9am to 5pm.', 'barista @ Hobbs Cafe 09:00-17:00 Mon-Fri'],
    ['Ann opens The Willows Market and Pharmacy at 7 am every day and closes it at 7 pm.', 'shopkeeper @ The Willows Market and Pharmacy 07:00-19:00 Mon-Sun'],
    ['Ann teaches at Oak Hill College from 10am until 3pm.', 'teacher @ Oak Hill College 10:00-15:00 Mon-Fri'],
    ['Ann is a student at Oak Hill College and goes to classes in the morning.', 'student @ Oak Hill College 09:00-14:00 Mon-Fri'],
    ['Ann opens the pub at noon and stays until midnight.', 'bartender @ The Rose and Crown Pub 12:00-23:59 Mon-Fri'],
    ['Ann works at the Harvey Oak Supply Store, 8:30am-4:30pm, Monday to Saturday.', 'shop assistant @ Harvey Oak Supply Store 08:30-16:30 Mon-Sat'],
    ['Ann helps out at Hobbs Cafe on weekends from 10am to 4pm; she works at it too.', 'barista @ Hobbs Cafe 10:00-16:00 Sat-Sun'],
    ['Ann works from home on her novel.', null],
    ['Ann goes for a walk in Johnson Park every morning and then reads at Hobbs Cafe.', null],
  ])('%s', async (plan, expected) => {
    const town = await loadTown(VILLE);
    const p = smallvillePersona({ ...base, daily_plan_req: plan }, [], town.world, [{ id: 'ann-bell', name: 'Ann Bell' }], 'ada-quinn');
    const o = p.occupation;
    expect(o ? `${o.title} @ ${o.workplace} ${o.start}-${o.end} ${o.days[0]}-${o.days.at(-1)}` : null).toBe(expected);
    if (o) expect(town.world.addressTiles.has(`the Ville:${o.workplace}:${o.arena}`)).toBe(true);
  });
});
