import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from '../../src/node/town';
import { saltmarshEntries, type ExampleParts } from '../fixtures/examplePack';

const run = promisify(execFile);
const cli = (script: string, args: string[]) => run(process.execPath, ['--import', 'tsx', `src/cli/${script}.ts`, ...args], { cwd: ROOT, maxBuffer: 16 << 20 }).then(
  (r) => ({ code: 0, ...r }),
  (e: { code: number; stdout: string; stderr: string }) => e,
);
const VILLE = resolve(ROOT, '../shared/smallville/environment/frontend_server/storage/base_the_ville_n25');

const dir = mkdtempSync(join(tmpdir(), 'hamlet-town-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The example pack written as a folder, after `change`. */
function packFolder(name: string, change?: (p: ExampleParts) => void): string {
  const root = join(dir, name);
  for (const [path, bytes] of saltmarshEntries(change)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), bytes);
  }
  return root;
}

describe('npm run town -- check, and --town on the CLIs', () => {
  it('a sound pack passes; a broken one exits 1 naming each problem with its file and place', async () => {
    const good = await cli('townCheck', ['check', packFolder('good')]);
    expect(good.code).toBe(0);
    expect(good.stdout).toMatch(/Saltmarsh is sound/);
    const broken = packFolder('broken', (p) => {
      p.spawns[1] = ['jory-pascoe', 10, 1];
      p.personas[3]?.haunts.push('Lighthouse');
      p.rename.objects = 'Objects';
    });
    const bad = await cli('townCheck', ['check', broken]);
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/saltmarsh\.tmj \(layer "objects"\): missing; a layer is named "Objects"/);
    expect(bad.stderr).toMatch(/people\/kit-penhale\.json \(haunts\): "Lighthouse" is not a sector/);
    // The sim refuses it too, before running anything.
    const sim = await cli('sim', ['--town', broken, '--hours', '1']);
    expect(sim.code).toBe(1);
    expect(sim.stderr).toMatch(/The town .*broken cannot be opened/);
    expect((await cli('townCheck', ['check', join(dir, 'nowhere')])).stderr).toMatch(/no such file or folder/);
  }, 120_000);

  it.skipIf(!existsSync(VILLE))('a save of the Ville is refused by Hamlet, naming both towns; the Ville takes it back', async () => {
    const save = join(dir, 'ville.hamlet.json.gz');
    const made = await cli('sim', ['--town', VILLE, '--hours', '1', '--save', save]);
    expect(made.code).toBe(0);
    expect(made.stdout).toMatch(/^the Ville, Monday February 13, 2023/m);
    const refused = await cli('sim', ['--load', save, '--hours', '1']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/another map \("the Ville", 140×100\) than this town's \("Hamlet", 140×100\)/);
    const back = await cli('sim', ['--town', VILLE, '--load', save, '--hours', '1']);
    expect(back.code).toBe(0);
  }, 120_000);
});
