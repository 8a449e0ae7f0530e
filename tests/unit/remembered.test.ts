import { describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { ROOT, loadTown } from '../../src/node/town';
import { Persona } from '../../src/sim/persona/persona';
import { Rng } from '../../src/sim/rng';
import { rememberedAbout } from '../../src/llm/offline/remembered';
import { asSaidBy } from '../../src/llm/offline/understand';
import { pronounsOf } from '../../src/sim/cognition/converse';

const VILLE = resolve(ROOT, '../shared/smallville/environment/frontend_server/storage/base_the_ville_n25');

/** Topics asked about ("did you hear about …", "who's running for mayor"), as the classifier's topic words. */
const TOPICS = [['running', 'mayor'], ['election'], ['open', 'mic'], ['farmers', 'market'], ['park', 'fund'], ['exhibition'], ['planting', 'day'], ['debate']];

describe("'did you hear about X' draws on what the persona knows", () => {
  for (const [label, path] of [['Hamlet', undefined], ["Smallville's Ville", VILLE]] as const) {
    it.skipIf(path !== undefined && !existsSync(path))(`in ${label}: a resident whose file speaks of X answers about X; nobody makes X up`, async () => {
      const town = await loadTown(path);
      let answered = 0;
      for (const spec of town.personas) {
        const p = new Persona(spec, 'town', { x: 0, y: 0 });
        const file = `${spec.currently} ${spec.learned}`.toLowerCase();
        for (const topic of TOPICS) {
          const said = await rememberedAbout(p, topic, new Rng(1), (t) => asSaidBy(t, { firstName: spec.firstName, name: spec.name, ...pronounsOf(spec) }));
          const knows = topic.every((w) => file.includes(w.replace(/s$/, '')));
          if (knows) {
            expect(said, `${spec.name} on ${topic.join(' ')}`).not.toBeNull();
            expect(topic.some((w) => said!.toLowerCase().includes(w.replace(/s$/, ''))), said!).toBe(true);
            expect(said).not.toMatch(new RegExp(`\\b${spec.firstName} (is|has)\\b`));
            answered++;
          }
          if (!topic.some((w) => file.includes(w.slice(0, 5)))) expect(said, `${spec.name} made up ${topic.join(' ')}`).toBeNull();
        }
        expect(await rememberedAbout(p, ['submarine', 'volcano'], new Rng(1), async (t) => t)).toBeNull();
      }
      expect(answered).toBeGreaterThanOrEqual(3);
    });
  }
});
