import type { Persona } from './persona';
import type { WorldModel } from '../world/types';
import { THIRTY_DAYS } from './memory';
import { keywordsOf } from '../cognition/converse';
import { sentences } from '../sentences';

/**
 * What a persona knows on the first morning: its home and workplace in full, the town's public
 * places and the homes of the people it knows (by sector); its current concerns as thoughts.
 */
export function seedMemories(p: Persona, world: WorldModel, now: number, householdOf: (id: string) => string | undefined): void {
  const homes = new Set([p.spec.household]);
  const friendsHomes = new Set(p.spec.relationships.map((r) => householdOf(r.id)).filter((h): h is string => !!h));
  const full = new Set([p.spec.household, p.spec.occupation?.workplace].filter(Boolean) as string[]);
  for (const s of world.sectors) {
    if (s.kind !== 'home' || homes.has(s.name) || friendsHomes.has(s.name)) p.spatial.learn(s.name);
  }
  for (const a of world.arenas) {
    const sector = world.sectors.find((s) => s.name === a.sector);
    // Public places and friends' homes: a persona knows their rooms; its own home and workplace down to the objects.
    if (full.has(a.sector) || friendsHomes.has(a.sector) || (sector && sector.kind !== 'home')) p.spatial.learn(a.sector, a.name);
  }
  for (const o of world.objects) {
    if (full.has(o.sector)) p.spatial.learn(o.sector, o.arena, o.name);
  }
  for (const haunt of p.spec.haunts) if (world.sectors.some((s) => s.name === haunt)) p.spatial.learn(haunt);

  // Sentences end at . ! ? — not after a title ("Dr. Kenji Sato"). Each is a memory of its own, so
  // one that starts "She hopes …" names her instead: told on as news, "she" would be nobody.
  for (const sentence of sentences(p.spec.currently).map((t) => t.replace(/^(?:He|She)\b/, p.firstName))) {
    p.memory.add('thought', {
      created: now,
      expiration: now + THIRTY_DAYS,
      subject: p.name,
      predicate: 'is',
      object: 'currently',
      description: sentence.trim(),
      poignancy: 6,
      keywords: keywordsOf(sentence),
    });
  }
}
