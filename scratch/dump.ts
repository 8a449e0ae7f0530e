import { measureCallPlanDay } from '../src/cli/callPlanBench';
import { talkativeModel } from '../tests/support/talkativeModel';
import { scaleTown } from '../src/cli/town';
import { loadTownPersonas, loadTownWorld } from '../src/node/town';
import { writeFileSync } from 'node:fs';
const samples = new Map<string, string[]>();
const model = talkativeModel();
const wrapped = (body: any, task: string, prompt: string, h: any) => {
  const r = model(body, task, prompt, h);
  const arr = samples.get(task) ?? [];
  if (arr.length < 40) arr.push(body.messages.map((m: any) => `--[${m.role}] (${m.content.length} ch)\n${m.content}`).join('\n') + `\n--[reply] ${r.kind === 'content' ? r.content : r.kind}`);
  samples.set(task, arr);
  return r;
};
const town = scaleTown(loadTownPersonas(), loadTownWorld(), 25);
const d = await measureCallPlanDay({ plan: 'packed', model: wrapped as any, world: town.world, personas: town.personas, seed: 1 });
for (const [t, a] of samples) writeFileSync(`/tmp/i16/${t}.txt`, a.join('\n\n==========\n\n'));
console.log(d.total, d.behaviour);
