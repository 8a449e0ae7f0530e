import { measureCallPlanDay } from '../src/cli/callPlanBench';
import { talkativeModel } from '../tests/support/talkativeModel';
import { scaleTown } from '../src/cli/town';
import { loadTownPersonas, loadTownWorld } from '../src/node/town';
import { writeFileSync } from 'node:fs';
const out: string[] = [];
const model = talkativeModel();
const wrapped = (body: any, task: string, prompt: string, h: any) => {
  const r = model(body, task, prompt, h);
  if (task === 'action_details') {
    const name = /^(\S+) lives in/.exec(prompt)?.[1];
    const acts = prompt.split('Activities:\n')[1]?.split('\n\nReply')[0];
    const nplaces = (prompt.match(/^- /gm) ?? []).length;
    out.push(`${name} [${nplaces} areas, ${prompt.length}ch]: ${acts?.replace(/\n/g, ' | ')}`);
  }
  return r;
};
const town = scaleTown(loadTownPersonas(), loadTownWorld(), 25);
const d = await measureCallPlanDay({ plan: 'packed', model: wrapped as any, world: town.world, personas: town.personas, seed: 1 });
writeFileSync('/tmp/i16/ad_calls.txt', out.join('\n'));
console.log(d.total, d.behaviour);
