import * as Plot from '@observablehq/plot';
import { parseHTML } from 'linkedom';
import type { ExperimentConfig } from './config';
import type { RunResult } from './runOne';
import type { JudgeSummary } from './judge';

/** The paper's figures (Park et al. 2023, §7.1) for its full architecture on 25 agents over two game days. */
const PAPER = {
  party: { heard: 13, of: 25, invited: 12, attended: 5 },
  election: { heard: 8, of: 25 },
  density: { start: 0.167, end: 0.74 },
};

const esc = (s: string) => s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

function render(options: Plot.PlotOptions): string {
  const { document } = parseHTML('<!doctype html><html><body></body></html>');
  const node = Plot.plot({ ...options, document: document as unknown as Document, style: { background: 'white', fontSize: '12px' } });
  return (node as unknown as { outerHTML: string }).outerHTML;
}

const mean = (xs: number[]) => (xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : 0);

/** Per condition, in the config's order: its runs. */
function byCondition(c: ExperimentConfig, runs: readonly RunResult[]): [string, RunResult[]][] {
  return c.conditions.map((k): [string, RunResult[]] => [k, runs.filter((r) => r.condition === k)]).filter(([, rs]) => rs.length > 0);
}

/** The plots of an experiment, each an inline SVG (the page's Experiments panel shows the same). */
function reportPlots(c: ExperimentConfig, runs: readonly RunResult[], whisperAt: number | null): { title: string; svg: string }[] {
  const plots: { title: string; svg: string }[] = [];
  if (whisperAt !== null) {
    // Each run's cumulative share of residents who had heard, hour by hour since the whisper.
    const hours = Math.ceil(c.days * 24 - (whisperAt - Date.parse('2023-02-13T00:00:00Z')) / 3_600_000);
    const points = runs.flatMap((r) =>
      Array.from({ length: Math.max(1, hours) + 1 }, (_, h) => ({ run: r.id, condition: r.condition, hour: h, heard: r.spread.filter((s) => s.time <= whisperAt + h * 3_600_000).length / Math.max(1, r.others) })),
    );
    plots.push({ title: 'Spread: share of residents who had heard it said, by hours since the news began (the whisper, or the start)', svg: render({ width: 640, height: 280, y: { domain: [0, 1], label: 'heard (share)', grid: true }, x: { label: 'hours since the news began' }, color: { legend: true }, marks: [Plot.line(points, { x: 'hour', y: 'heard', stroke: 'condition', z: 'run' }), Plot.ruleY([PAPER.party.heard / PAPER.party.of], { stroke: '#999', strokeDasharray: '4 3' }), Plot.text([{ x: 1, y: PAPER.party.heard / PAPER.party.of }], { x: 'x', y: 'y', text: () => 'paper (party, 13/25)', dy: -6, textAnchor: 'start', fill: '#666' })] }) });
  }
  const density = runs.flatMap((r) => [
    { condition: r.condition, when: 'start', density: r.densityStart },
    { condition: r.condition, when: 'end', density: r.densityEnd },
  ]);
  plots.push({ title: 'Relationship network density at the start and the end (dashed: the paper, 0.167 → 0.74)', svg: render({ width: 640, height: 240, y: { domain: [0, 1], grid: true }, fx: { label: null }, x: { domain: ['start', 'end'], label: null }, color: { legend: true, domain: ['start', 'end'] }, marks: [Plot.dot(density, { fx: 'condition', x: 'when', y: 'density', fill: 'when', r: 4 }), Plot.ruleY([PAPER.density.start, PAPER.density.end], { stroke: '#999', strokeDasharray: '4 3' })] }) });
  const party = runs.filter((r) => r.invited !== null);
  if (party.length > 0) {
    const bars = byCondition(c, party).flatMap(([condition, rs]) => (['invited', 'accepted', 'attended'] as const).map((k) => ({ condition, measure: k, count: mean(rs.map((r) => r[k] ?? 0)) })));
    plots.push({ title: 'The party: invited, accepted, attended (mean over seeds; paper: 12 invited, 5 attended)', svg: render({ width: 640, height: 240, y: { grid: true, label: 'residents' }, x: { domain: ['invited', 'accepted', 'attended'], label: null }, color: { legend: true, domain: ['invited', 'accepted', 'attended'] }, marks: [Plot.barY(bars, { fx: 'condition', x: 'measure', y: 'count', fill: 'measure' }), Plot.ruleY([0])] }) });
  }
  const cost = byCondition(c, runs).map(([condition, rs]) => ({ condition, calls: mean(rs.map((r) => r.callsPerPersonaDay)), seconds: mean(rs.map((r) => r.wallSeconds)) }));
  plots.push({ title: 'Cost: brain calls per persona per game day (mean over seeds)', svg: render({ width: 640, height: 220, y: { grid: true, label: 'calls / persona-day' }, marks: [Plot.barY(cost, { x: 'condition', y: 'calls', fill: '#4a7' }), Plot.ruleY([0])] }) });
  return plots;
}

function pct(n: number, of: number): string {
  return `${n.toFixed(n % 1 ? 1 : 0)}/${of} (${Math.round((n / Math.max(1, of)) * 100)}%)`;
}

/** Our figures beside the paper's, per condition (means over seeds). */
function paperTable(c: ExperimentConfig, runs: readonly RunResult[]): string {
  const rows: string[] = [];
  const paper = c.scenario === 'party' ? `${pct(PAPER.party.heard, PAPER.party.of)} heard; ${PAPER.party.attended}/${PAPER.party.invited} invited came` : c.scenario === 'election' ? `${pct(PAPER.election.heard, PAPER.election.of)} knew of the candidacy` : '—';
  rows.push(`<tr><td>the paper (full architecture, gpt-3.5)</td><td>${esc(paper)}</td><td>${PAPER.density.start} → ${PAPER.density.end}</td><td></td></tr>`);
  for (const [k, rs] of byCondition(c, runs)) {
    const heard = mean(rs.map((r) => r.heard));
    const of = (rs[0]?.others ?? 0) + 1;
    const party = rs[0]?.invited !== null ? `; ${mean(rs.map((r) => r.invitedCame ?? 0)).toFixed(1)} of ${mean(rs.map((r) => r.invited ?? 0)).toFixed(1)} invited came (${mean(rs.map((r) => r.attended ?? 0)).toFixed(1)} came in all)` : '';
    const vote = rs[0]?.voting !== null ? `; ${mean(rs.map((r) => r.voting ?? 0)).toFixed(1)} name the candidate as their vote` : '';
    const aware = mean(rs.map((r) => r.aware));
    const knew = mean(rs.map((r) => r.knewAtStart));
    const spread = knew > 0 ? `${pct(aware + 1, of)} knew at the end (the source included; ${knew.toFixed(1)} knew from their persona files, ${heard.toFixed(1)} heard it said)` : `${pct(heard + 1, of)} knew (the source included)`;
    rows.push(`<tr><td>${esc(k)} (${rs.length} seed${rs.length === 1 ? '' : 's'})</td><td>${esc(`${spread}${party}${vote}`)}</td><td>${mean(rs.map((r) => r.densityStart)).toFixed(3)} → ${mean(rs.map((r) => r.densityEnd)).toFixed(3)}</td><td>${mean(rs.map((r) => r.callsPerPersonaDay)).toFixed(0)} calls, ${mean(rs.map((r) => r.tokensPerPersonaDay)).toFixed(0)} tokens / persona-day</td></tr>`);
  }
  return `<table><thead><tr><th>condition</th><th>spread</th><th>density start → end</th><th>cost</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** The interviews: offline checks of known facts and the audit per condition, and the judge's TrueSkill ratings when there is one. */
function interviewSection(runs: readonly RunResult[], judged: JudgeSummary | null): string {
  const asked = runs.filter((r) => r.interviews);
  if (asked.length === 0) return '';
  const rows = new Map<string, { checked: number; correct: number; answers: number; unsupported: number }>();
  for (const r of asked) {
    const t = rows.get(r.condition) ?? { checked: 0, correct: 0, answers: 0, unsupported: 0 };
    for (const c of Object.values(r.interviews?.checked ?? {})) {
      t.checked += c.checked;
      t.correct += c.correct;
    }
    t.answers += r.interviews?.asked ?? 0;
    t.unsupported += r.interviews?.hallucinations ?? 0;
    rows.set(r.condition, t);
  }
  const facts = [...rows].map(([k, t]) => `<tr><td>${esc(k)}</td><td>${t.correct}/${t.checked}</td><td>${t.unsupported} in ${t.answers} answers</td></tr>`).join('');
  const judge = judged
    ? `<p>Judge ${esc(judged.model)}: ${judged.compared} pairwise comparisons (${judged.ties} ties, ${judged.fallbacks} without a usable verdict) of ${judged.available}; TrueSkill per condition (the paper's method):</p><table><thead><tr><th>condition</th><th>μ</th><th>σ</th><th>μ − 3σ</th></tr></thead><tbody>${judged.ratings.map((r) => `<tr><td>${esc(r.condition)}</td><td>${r.mu.toFixed(2)}</td><td>${r.sigma.toFixed(2)}</td><td>${r.ordinal.toFixed(2)}</td></tr>`).join('')}</tbody></table>`
    : '<p class="meta">No judge model configured: the offline checks of known facts only.</p>';
  return `<h2>Interviews</h2><table><thead><tr><th>condition</th><th>known facts held</th><th>unsupported names (hallucination audit)</th></tr></thead><tbody>${facts}</tbody></table>${judge}`;
}

function runsTable(runs: readonly RunResult[]): string {
  const head = ['run', 'heard', 'invited', 'accepted', 'attended', 'voting', 'density', 'hallucinations', 'calls/persona-day', 'fallbacks', 'wall s', 'replay'];
  const cell = (v: string | number | null) => `<td>${v === null ? '' : esc(String(v))}</td>`;
  const rows = runs.map(
    (r) =>
      `<tr>${cell(r.id)}${cell(`${r.heard}/${r.others}`)}${cell(r.invited)}${cell(r.accepted)}${cell(r.attended)}${cell(r.voting)}${cell(`${r.densityStart.toFixed(3)} → ${r.densityEnd.toFixed(3)}`)}${cell(r.interviews?.hallucinations ?? null)}${cell(r.callsPerPersonaDay.toFixed(1))}${cell(r.fallbacks)}${cell(r.wallSeconds.toFixed(1))}<td><a href="${esc(r.replay)}">${esc(r.replay)}</a></td></tr>`,
  );
  return `<table><thead><tr>${head.map((h) => `<th>${h}</th>`).join('')}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

/** report.html: self-contained (inline SVG and styles, no script), the paper's figures beside ours. */
export function reportHtml(c: ExperimentConfig, runs: readonly RunResult[], manifest: Record<string, unknown>, whisperAt: number | null, timing: string, judged: JudgeSummary | null = null): string {
  const plots = reportPlots(c, runs, whisperAt);
  const git = manifest.git as { commit: string | null; clean: boolean | null } | undefined;
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${esc(c.name)} — Hamlet experiment</title>
<style>body{font:14px/1.45 system-ui,sans-serif;max-width:980px;margin:2em auto;padding:0 1em;color:#222}table{border-collapse:collapse;margin:1em 0;font-size:13px}td,th{border:1px solid #ccc;padding:3px 7px;text-align:left}th{background:#f3f3f3}figure{margin:1.5em 0}h2{margin-top:2em}.meta{color:#555}</style></head>
<body data-hamlet-report="1">
<h1>${esc(c.name)}</h1>
<p class="meta">Scenario <b>${esc(c.scenario)}</b>, ${c.days} game day${c.days === 1 ? '' : 's'}, seeds ${esc(c.seeds.join(', '))}, conditions ${esc(c.conditions.join(', '))}, brain ${esc(c.brain === 'offline' ? 'offline' : `${c.brain.model} at ${c.brain.llm}`)}. ${runs.length} of ${c.seeds.length * c.conditions.length} runs. Commit ${esc(String(git?.commit ?? 'unknown').slice(0, 12))}${git?.clean === false ? ' (uncommitted changes)' : ''}. ${esc(timing)}</p>
<h2>Beside the paper</h2>
${paperTable(c, runs)}
<p class="meta">Heard: a resident hears the news when a line naming it is said to it in a conversation. Density: an edge between two residents when either's persona file names the other or either remembers a conversation with the other, over n(n−1)/2 pairs.</p>
${interviewSection(runs, judged)}
<h2>Plots</h2>
${plots.map((p) => `<figure data-plot><figcaption>${esc(p.title)}</figcaption>${p.svg}</figure>`).join('\n')}
<h2>Runs</h2>
${runsTable(runs)}
</body></html>
`;
}
