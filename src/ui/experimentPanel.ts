import './experiments.css';
import { parseJsonBounded } from '../io/bounded';
import { parseCsvRows } from '../io/csv';
import type { PickedFile } from '../replay/pickedFile';
import { compareView } from './replayCompare';
import { el } from './dom';

/** What the panel may ask of the page: open a run's replay file. */
interface ExperimentPanelActions {
  openReplay(file: PickedFile): void;
}

/** A run as the panel lists it: from runs/ID.json, or a row of results.csv. */
interface RunRow {
  id: string;
  cells: Record<string, string>;
  replay: string | null;
}

const COLUMNS = ['condition', 'seed', 'heard', 'invited', 'attended', 'aware', 'density_start', 'density_end', 'hallucinations', 'calls_per_persona_day', 'wall_seconds'];
/** The most a results file read here may be (a report with its plots is a few hundred KB). */
const MAX_BYTES = 20_000_000;

/** A picked file's path within the picked or dropped folder ("exp/runs/a.json"), or its name. */
const pathOf = (f: PickedFile) => f.name.replace(/^\//, '');

async function textOf(f: PickedFile): Promise<string> {
  const tooBig = (size: number) => new Error(`${pathOf(f)} is ${Math.round(size / 1e6)} MB: an experiment's results file is at most ${MAX_BYTES / 1e6} MB`);
  if ((f.size ?? 0) > MAX_BYTES) throw tooBig(f.size ?? 0);
  const bytes = await f.bytes();
  if (bytes.length > MAX_BYTES) throw tooBig(bytes.length);
  return new TextDecoder().decode(bytes);
}

/** A run's replay among the files: by its path within the folder, else (files dropped loose) by its name. */
function replayFileOf(files: PickedFile[], rel: string): PickedFile | undefined {
  const base = rel.split('/').pop() ?? rel;
  return files.find((f) => pathOf(f) === rel || pathOf(f).endsWith(`/${rel}`)) ?? files.find((f) => pathOf(f) === base || pathOf(f).endsWith(`/${base}`));
}

/** results.csv as rows of named cells. */
function parseCsv(text: string): Record<string, string>[] {
  const [head = [], ...body] = parseCsvRows(text);
  return body.map((r) => Object.fromEntries(head.map((k, i) => [k, r[i] ?? ''])));
}

/** The runs of the picked files: each runs/ID.json, else results.csv's rows. */
async function runsOf(files: PickedFile[]): Promise<RunRow[]> {
  const runFiles = files.filter((f) => /(^|\/)runs\/[^/]+\.json$/.test(pathOf(f)));
  if (runFiles.length > 0) {
    const rows: RunRow[] = [];
    for (const f of runFiles.sort((a, b) => (pathOf(a) < pathOf(b) ? -1 : 1))) {
      const r = parseJsonBounded(await textOf(f), pathOf(f)) as Record<string, unknown>;
      const num = (k: string, digits = 3) => (typeof r[k] === 'number' ? (Number.isInteger(r[k]) ? String(r[k]) : (r[k] as number).toFixed(digits)) : '');
      const interviews = r.interviews as { hallucinations?: number } | null;
      rows.push({
        id: String(r.id ?? pathOf(f)),
        cells: { condition: String(r.condition ?? ''), seed: num('seed'), heard: `${num('heard')}/${num('others')}`, invited: num('invited'), attended: num('attended'), aware: num('aware'), density_start: num('densityStart'), density_end: num('densityEnd'), hallucinations: interviews?.hallucinations === undefined ? '' : String(interviews.hallucinations), calls_per_persona_day: num('callsPerPersonaDay', 1), wall_seconds: num('wallSeconds', 1) },
        replay: typeof r.replay === 'string' ? r.replay : null,
      });
    }
    return rows;
  }
  const csv = files.find((f) => /(^|\/)results\.csv$/.test(pathOf(f))) ?? files.find((f) => f.name.endsWith('.csv'));
  if (!csv) return [];
  return parseCsv(await textOf(csv)).map((r) => ({ id: `${r.scenario}-${r.condition}-s${r.seed}`, cells: r, replay: r.replay || null }));
}

/**
 * The Experiments panel (docs/experiments.md): a results folder (or its report.html, or its
 * results.csv) picked on the start screen. The report is shown in a sandboxed frame (no scripts: a
 * file's markup never enters the page); the runs are listed as text, each with its replay to open
 * when the folder holds it. Loaded on first use, so the page's first load does not carry it.
 */
export async function openExperimentPanel(files: PickedFile[], actions: ExperimentPanelActions): Promise<HTMLElement> {
  document.querySelector('.experiments')?.remove();
  const root = el('div', 'experiments');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Experiment results');
  const card = el('div', 'experiments-card');
  const head = el('div', 'experiments-head');
  const title = el('h2', undefined, 'Experiment results');
  const close = el('button', undefined, 'Close');
  close.name = 'experiments-close';
  close.addEventListener('click', () => root.remove());
  head.append(title, close);
  const note = el('p', 'experiments-note');
  card.append(head, note);
  root.append(card);
  root.addEventListener('pointerdown', (e) => {
    if (e.target === root) root.remove();
  });
  document.body.append(root);
  try {
    const config = files.find((f) => /(^|\/)config\.json$/.test(pathOf(f)));
    if (config) {
      const c = parseJsonBounded(await textOf(config), pathOf(config)) as { name?: unknown; scenario?: unknown };
      title.textContent = `Experiment: ${String(c.name ?? '')} (${String(c.scenario ?? '')})`;
    }
    const report = files.find((f) => /(^|\/)report\.html$/.test(pathOf(f)) || /\.html?$/.test(f.name));
    if (report) {
      const frame = el('iframe');
      // No allow-scripts, no same-origin: the report is static markup and SVG, shown as a document of its own.
      frame.setAttribute('sandbox', '');
      frame.title = 'The experiment’s report';
      frame.srcdoc = await textOf(report);
      card.append(frame);
    }
    const runs = await runsOf(files);
    const compare = compareView();
    if (runs.length > 0) {
      const wrap = el('div', 'experiments-runs');
      const table = el('table');
      const tr = el('tr');
      for (const h of ['run', ...COLUMNS, 'replay', 'compare']) tr.append(el('th', undefined, h));
      table.append(el('thead'), el('tbody'));
      table.tHead?.append(tr);
      for (const r of runs) {
        const row = el('tr');
        row.append(el('td', undefined, r.id));
        for (const k of COLUMNS) row.append(el('td', undefined, r.cells[k] ?? ''));
        const cell = el('td');
        const file = r.replay ? replayFileOf(files, r.replay) : undefined;
        if (file) {
          const open = el('button', undefined, 'Open replay');
          open.name = `open-run-${r.id}`;
          open.addEventListener('click', () => {
            root.remove();
            actions.openReplay(file);
          });
          cell.append(open);
        } else cell.textContent = r.replay ? 'not in the picked files' : '';
        const pick = el('td');
        if (file) pick.append(compare.checkbox(r.id, file));
        row.append(cell, pick);
        table.tBodies[0]?.append(row);
      }
      wrap.append(table);
      card.append(wrap, compare.el);
    }
    note.textContent =
      runs.length === 0 && !report
        ? 'No results here: pick an experiment folder (npm run experiment … --out DIR), its report.html or its results.csv.'
        : `${runs.length} run${runs.length === 1 ? '' : 's'}${report ? ', with the report' : ''}. A run’s replay opens in the replay viewer.`;
  } catch (err) {
    note.textContent = err instanceof Error ? err.message : String(err);
  }
  return root;
}
