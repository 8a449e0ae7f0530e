import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { byCodeUnits } from '../../src/sim/order';
import { localFiles } from '../../scripts/lint/importGraph';

describe('tie order', () => {
  it('orders by UTF-16 code units, not by the host locale', () => {
    // A collator would give a, b, B, é (case and accents folded); code units put capitals first and é last.
    expect(['b', 'é', 'B', 'a', 'Bramble Café', 'Bramble cafe'].sort(byCodeUnits)).toEqual(['B', 'Bramble Café', 'Bramble cafe', 'a', 'b', 'é']);
    expect(byCodeUnits('x', 'x')).toBe(0);
  });

  it('is the only tie order in src: the simulation, the offline brain, save slots, the persona files (no locale-dependent compare)', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = localFiles(root, ['src']);
    expect(files).toContain('src/save/slots.ts');
    const offenders = files.filter((f) => f !== 'src/sim/order.ts' && /localeCompare|Intl\.Collator/.test(readFileSync(`${root}/${f}`, 'utf8')));
    expect(offenders).toEqual([]);
  });
});
