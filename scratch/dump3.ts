import { measureCallPlanDay } from '../src/cli/callPlanBench';
import { talkativeModel } from '../tests/support/talkativeModel';
import { scaleTown } from '../src/cli/town';
import { loadTownPersonas, loadTownWorld } from '../src/node/town';
import { writeFileSync } from 'node:fs';
const model = talkativeModel();
const stats = new Map<string, Map<string, number>>();
const add = (task: string, k: string, v: number) => { const m = stats.get(task) ?? new Map(); stats.set(task, m); m.set(k, (m.get(k) ?? 0) + v); };
const convs: string[] = [];
const wrapped = (body: any, task: string, prompt: string, h: any) => {
  const r = model(body, task, prompt, h);
  add(task, 'n', 1);
  add(task, 'system', body.messages[0].content.length);
  add(task, 'user', prompt.length);
  add(task, 'reply', r.kind === 'content' ? r.content.length : 0);
  add(task, 'replyline', prompt.length - prompt.lastIndexOf('Reply with JSON only'));
  if (task === 'conversation') {
    const parts = prompt.split('\n\n');
    const sec = (re: RegExp) => parts.filter((p) => re.test(p)).reduce((a, p) => a + p.length, 0);
    add(task, 'memories', sec(/^.* remembers:\n/));
    add(task, 'plans', sec(/^Plans ahead:/));
    add(task, 'instr', sec(/^Does /));
    add(task, 'ident', parts[0].length + parts[1].length);
    add(task, 'context', sec(/ on .*\(/));
    if (convs.length < 400 && Math.random() < 0.1) convs.push(prompt);
  }
  if (task === 'action_details') {
    add(task, 'places', (prompt.split('The places')[1] ?? '').split('\n\nFor each')[0].length);
    add(task, 'instr', (prompt.split('For each activity')[1] ?? '').split('\n\n')[0].length);
    add(task, 'actions', (prompt.match(/^\d+\. /gm) ?? []).length);
  }
  if (task === 'poignancies') add(task, 'mems', (prompt.match(/^\d+\. /gm) ?? []).length);
  return r;
};
const town = scaleTown(loadTownPersonas(), loadTownWorld(), 25);
const d = await measureCallPlanDay({ plan: 'packed', model: wrapped as any, world: town.world, personas: town.personas, seed: 1 });
for (const [t, m] of stats) { const n = m.get('n')!; console.log(t.padEnd(22), [...m].map(([k, v]) => `${k}=${k === 'n' ? v : (v / n).toFixed(0)}`).join(' ')); }
writeFileSync('/tmp/i16/convs.txt', convs.join('\n\n=======\n\n'));
console.log(d.total, d.behaviour);
