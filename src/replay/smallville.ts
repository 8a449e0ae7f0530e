import { z } from 'zod';
import { REPLAY_FORMAT, REPLAY_VERSION, type FrameTuple, type Keyframe, type MapInfo, type PersonaChange, type ReplayConversation, type ReplayFile, type ReplayPersona, type ReplayStep } from './format';
import { parseJson, REPLAY_LIMITS, ReplayError, validateReplay } from './codec';
import { at, defined } from '../sim/checked';

/**
 * Import of a Smallville demo folder (the "compressed storage" the original's replay viewer reads):
 * meta.json + master_movement.json, where step "0" lists every persona and later steps only the
 * personas whose movement, emoji, description or chat changed. The mapping is documented in
 * docs/replay-format.md ("Smallville import").
 */

const SmallvilleMetaSchema = z.looseObject({
  start_date: z.string().min(1),
  curr_time: z.string().optional(),
  sec_per_step: z.number().positive(),
  persona_names: z.array(z.string().min(1)).min(1),
  maze_name: z.string().optional(),
  step: z.number().int().min(0).optional(),
});

const ChatSchema = z.array(z.tuple([z.string(), z.string()]).or(z.array(z.string()).min(2))).nullable();

const SmallvilleMoveSchema = z.looseObject({
  movement: z.tuple([z.number().int(), z.number().int()]).optional(),
  pronunciatio: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  chat: ChatSchema.optional(),
});

const SmallvilleMovementSchema = z.record(z.string().regex(/^\d+$/, 'steps are numbered "0", "1", …'), z.record(z.string(), SmallvilleMoveSchema));

/** The Ville, Smallville's map: 140 × 100 tiles of 32 px. */
const THE_VILLE: MapInfo = { name: 'the Ville', width: 140, height: 100, tileSize: 32 };

export interface HamletPersonaRef {
  id: string;
  name: string;
  sprite: string;
}

interface SmallvilleImportOptions {
  /** Hamlet's personas: a Smallville persona of the same name is shown as that persona; the others are guests borrowing these sprites. */
  hamlet: HamletPersonaRef[];
  /** The map the replay is shown on; positions outside it are clamped and counted in the notice. */
  showOn: MapInfo;
  /** Steps between keyframes (default one game hour). */
  keyframeInterval?: number;
  title?: string;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "February 13, 2023" (Smallville's start_date) → "2023-02-13T00:00:00". */
function parseSmallvilleDate(s: string): string | null {
  const m = /^\s*([A-Za-z]+)\s+(\d{1,2}),\s*(\d{4})/.exec(s);
  if (!m) return null;
  const month = MONTHS.indexOf(at(m, 1, 'month').toLowerCase());
  if (month < 0) return null;
  const iso = `${m[3]}-${String(month + 1).padStart(2, '0')}-${at(m, 2, 'day of month').padStart(2, '0')}T00:00:00`;
  return Number.isNaN(Date.parse(`${iso}Z`)) ? null : iso;
}

function parseJsonPart(text: string, file: string): unknown {
  return parseJson(text, `Smallville's ${file}`);
}

function firstIssue(e: z.ZodError): string {
  const i = at(e.issues, 0, 'schema issue');
  return `${i.path.join('.') || '(root)'}: ${i.message}`;
}

/** "sleeping @ the Ville:Isabella's apartment:main room:bed" → [description, address]. */
function splitDescription(d: string): [string, string] {
  const at = d.lastIndexOf(' @ ');
  return at < 0 ? [d.trim(), ''] : [d.slice(0, at).trim(), d.slice(at + 3).trim()];
}

/** Turn a Smallville demo folder's two files into a Hamlet replay. */
export function importSmallville(metaText: string, movementText: string, opts: SmallvilleImportOptions): ReplayFile {
  const metaR = SmallvilleMetaSchema.safeParse(parseJsonPart(metaText, 'meta.json'));
  if (!metaR.success) throw new ReplayError(`Smallville's meta.json is not as expected: ${firstIssue(metaR.error)}.`, 'invalid');
  const meta = metaR.data;
  const L = REPLAY_LIMITS;
  if (!(meta.sec_per_step >= L.stepSeconds.min && meta.sec_per_step <= L.stepSeconds.max)) throw new ReplayError(`Smallville's meta.json has sec_per_step ${meta.sec_per_step}; Hamlet plays steps of ${L.stepSeconds.min} to ${L.stepSeconds.max} seconds.`, 'invalid');
  if (meta.persona_names.length > L.maxPersonas) throw new ReplayError(`Smallville's meta.json lists ${meta.persona_names.length.toLocaleString('en')} personas; Hamlet imports up to ${L.maxPersonas.toLocaleString('en')} (limit: personas).`, 'too-large');
  const twice = meta.persona_names.find((n, i) => meta.persona_names.indexOf(n) !== i);
  if (twice) throw new ReplayError(`Smallville's meta.json lists "${twice}" twice in persona_names.`, 'invalid');
  const start = parseSmallvilleDate(meta.start_date);
  if (!start) throw new ReplayError(`Smallville's meta.json has a start_date "${meta.start_date}" that is not a date like "February 13, 2023".`, 'invalid');
  const moveR = SmallvilleMovementSchema.safeParse(parseJsonPart(movementText, 'master_movement.json'));
  if (!moveR.success) throw new ReplayError(`Smallville's master_movement.json is not as expected: ${firstIssue(moveR.error)}.`, 'invalid');
  const movement = moveR.data;
  const stepsIn = Object.keys(movement).map(Number).sort((a, b) => a - b);
  if (stepsIn.length === 0 || stepsIn[0] !== 0) throw new ReplayError("Smallville's master_movement.json has no step \"0\" with every persona's starting place.", 'invalid');
  // Checked before anything is built: one step "20000000" would otherwise make twenty million empty steps.
  const lastIn = at(stepsIn, stepsIn.length - 1, 'last step');
  if (lastIn > L.maxSteps) throw new ReplayError(`Smallville's master_movement.json goes to step ${lastIn.toLocaleString('en')}; Hamlet imports up to ${L.maxSteps.toLocaleString('en')} steps (limit: steps).`, 'too-large');

  const names = meta.persona_names;
  const known = new Set(names);
  const first = defined(movement['0'], 'step 0');
  const missing = names.filter((n) => !first[n]?.movement);
  if (missing.length) throw new ReplayError(`The Smallville replay is missing personas: step 0 of master_movement.json has no place for ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''}.`, 'personas');
  for (const s of stepsIn) {
    const stranger = Object.keys(defined(movement[String(s)], `step ${s}`)).find((n) => !known.has(n));
    if (stranger) throw new ReplayError(`The Smallville replay is missing personas: step ${s} moves "${stranger}", who is not in meta.json's persona_names.`, 'personas');
  }

  // Personas: Hamlet's own when the name matches, else guests borrowing a sprite in turn.
  const byName = new Map(opts.hamlet.map((p) => [p.name, p]));
  const used = new Set<string>();
  let guests = 0;
  const personas: ReplayPersona[] = names.map((n) => {
    const h = byName.get(n);
    if (h && !used.has(h.id)) {
      used.add(h.id);
      return { id: h.id, name: n, sprite: h.sprite };
    }
    const sprite = opts.hamlet.length ? at(opts.hamlet, guests % opts.hamlet.length, 'Hamlet persona').sprite : 'guest';
    guests++;
    return { id: `guest-${slug(n)}-${guests}`, name: n, sprite, guest: true };
  });

  const map = opts.showOn;
  let clamped = 0;
  const clampTile = (x: number, y: number): [number, number] => {
    const cx = Math.max(0, Math.min(map.width - 1, x));
    const cy = Math.max(0, Math.min(map.height - 1, y));
    if (cx !== x || cy !== y) clamped++;
    return [cx, cy];
  };

  const cur: FrameTuple[] = names.map(() => [0, 0, '', '', '', null]);
  const chats = names.map(() => '');
  const seenChats = new Set<string>();
  const interval = Math.max(1, Math.round(opts.keyframeInterval ?? 3600 / meta.sec_per_step));
  const last = at(stepsIn, stepsIn.length - 1, 'last step');
  const keyframes: Keyframe[] = [];
  const steps: ReplayStep[] = [];

  /** Apply a Smallville step's entries to `cur`; returns the changes and the new conversations. */
  const applyStep = (s: number): { p: PersonaChange[]; c: ReplayConversation[] } => {
    const entries = movement[String(s)] ?? {};
    const p: PersonaChange[] = [];
    const c: ReplayConversation[] = [];
    names.forEach((n, i) => {
      const e = entries[n];
      if (!e) return;
      const f = at(cur, i, 'frame');
      const ch: PersonaChange = { i };
      if (e.movement) {
        const [x, y] = clampTile(e.movement[0], e.movement[1]);
        if (x !== f[0] || y !== f[1]) {
          ch.x = f[0] = x;
          ch.y = f[1] = y;
        }
      }
      if (e.pronunciatio !== undefined && (e.pronunciatio ?? '') !== f[2]) ch.e = f[2] = e.pronunciatio ?? '';
      if (e.description !== undefined) {
        const [d, a] = splitDescription(e.description ?? '');
        if (d !== f[3]) ch.d = f[3] = d;
        if (a !== f[4]) ch.a = f[4] = a;
      }
      if (e.chat !== undefined) {
        const lines = (e.chat ?? []).map((l) => [String(l[0]), String(l[1])] as [string, string]);
        const partner = lines.map((l) => l[0]).find((sp) => sp !== n) ?? null;
        const w = lines.length ? partner : null;
        if (w !== f[5]) ch.w = f[5] = w;
        const key = JSON.stringify(lines);
        if (lines.length && key !== chats[i]) {
          const pair = [n, partner ?? n].sort() as [string, string];
          const ckey = `${pair.join('|')}|${key}`;
          if (!seenChats.has(ckey)) {
            seenChats.add(ckey);
            c.push({ participants: pair, summary: `${lines.length} line${lines.length === 1 ? '' : 's'}: “${at(lines, 0, 'chat line')[1].slice(0, 80)}”`, lines });
          }
        }
        chats[i] = lines.length ? key : '';
      }
      if (Object.keys(ch).length > 1) p.push(ch);
    });
    return { p, c };
  };

  applyStep(0);
  keyframes.push({ step: 0, personas: cur.map((f) => f.slice() as FrameTuple) });
  for (let s = 1; s <= last; s++) {
    const { p, c } = applyStep(s);
    const rec: ReplayStep = {};
    if (p.length) rec.p = p;
    if (c.length) rec.c = c;
    steps.push(rec);
    if (s % interval === 0) keyframes.push({ step: s, personas: cur.map((f) => f.slice() as FrameTuple) });
  }

  const notes = [`Imported from a Smallville demo${meta.maze_name ? ` (${meta.maze_name})` : ''}: shown on ${map.name === THE_VILLE.name ? 'its own map' : `${map.name}'s map`}; positions are Smallville's tiles`];
  if (map.name !== THE_VILLE.name) notes[0] += ', so places do not match the buildings under them';
  if (guests) notes.push(`${guests} of ${names.length} persona${names.length === 1 ? '' : 's'} are guests wearing Hamlet's sprites`);
  if (clamped) notes.push(`${clamped} position${clamped === 1 ? '' : 's'} outside the ${map.width}×${map.height} map were moved to its edge`);
  const replay: ReplayFile = {
    format: REPLAY_FORMAT,
    version: REPLAY_VERSION,
    title: opts.title ?? `Smallville: ${names.length} persona${names.length === 1 ? '' : 's'}, ${meta.start_date}`,
    source: 'smallville',
    map: THE_VILLE,
    seed: null,
    start,
    stepSeconds: meta.sec_per_step,
    firstStep: 0,
    brain: 'smallville',
    keyframeInterval: interval,
    personas,
    notice: `${notes.join('; ')}.`,
    keyframes,
    steps,
    snapshots: [],
  };
  // The same checks as any replay, so the player can trust it.
  try {
    return validateReplay(JSON.parse(JSON.stringify(replay)));
  } catch (err) {
    if (err instanceof ReplayError) throw new ReplayError(`Smallville's master_movement.json does not make a replay Hamlet can play: ${err.message.replace(/^The replay is damaged: /, '')}`, err.kind);
    throw err;
  }
}

function slug(s: string): string {
  return s.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'persona';
}
