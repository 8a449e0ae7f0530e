import './residentFields.css';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { el } from './dom';

/**
 * One resident's fields — name, age, traits (innate), learned, currently, lifestyle, daily plan,
 * home, workplace and hours, haunts, relationships and look — editing a persona spec in place. The
 * character editor (src/ui/townEditor.ts) shows them for every resident; the start screen's "More
 * about you…" for the player's own. Everything typed is text: no value is rendered as HTML.
 */

/** A select's options: [value, label]. */
type Choices = [value: string, label: string][];

/** The places of a map a resident's fields offer: homes and workplaces (arenas), haunts (sectors). */
interface ResidentPlaces {
  homes: Choices;
  workplaces: Choices;
  publicPlaces: string[];
}

interface ResidentFieldOptions {
  places: ResidentPlaces;
  /** The looks a resident may wear (Hamlet's character sprites) and each one's sprite sheet. */
  looks: readonly string[];
  spriteUrl(look: string): string;
  /** The residents a relationship may name, [id, name]; null: no relationships field (the player's resident). */
  others: (() => Choices) | null;
  /** After the name changed (the spec's name, first and last name are already set). */
  onName?(name: string): void;
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

function labelled(label: string, input: HTMLElement, wide = false): HTMLLabelElement {
  const l = el('label', wide ? 'editor-wide' : undefined);
  l.append(el('span', undefined, label), input);
  return l;
}

function select(name: string, options: Choices, value: string): HTMLSelectElement {
  const s = el('select');
  s.name = name;
  for (const [v, l] of options) s.append(new Option(l, v, v === value, v === value));
  return s;
}

/** A map's homes (arenas of home sectors), workplaces (the other arenas) and public places (the other sectors). */
export function placesOf(w: WorldModel): ResidentPlaces {
  const kindOf = new Map(w.sectors.map((s) => [s.name, s.kind]));
  const arena = (a: { sector: string; name: string }): [string, string] => [`${a.sector}:${a.name}`, `${a.sector} › ${a.name}`];
  return {
    homes: w.arenas.filter((a) => kindOf.get(a.sector) === 'home').map(arena),
    workplaces: w.arenas.filter((a) => kindOf.get(a.sector) !== 'home').map(arena),
    publicPlaces: w.sectors.filter((s) => s.kind !== 'home').map((s) => s.name),
  };
}

/** The labelled fields editing `p` (changed in place as the person types). */
export function residentFields(p: PersonaSpec, opts: ResidentFieldOptions): HTMLLabelElement[] {
  const { homes, workplaces, publicPlaces } = opts.places;
  const text = (name: string, value: string, onInput: (v: string) => void, area = false) => {
    const input = area ? el('textarea') : el('input');
    input.name = name;
    input.value = value;
    if (area) (input as HTMLTextAreaElement).rows = 2;
    input.addEventListener('input', () => onInput(input.value));
    return input;
  };
  const age = Object.assign(el('input'), { type: 'number', name: 'age', min: '1', max: '120', value: String(p.age) });
  age.addEventListener('input', () => (p.age = Number(age.value)));
  const home = select('home', homes, p.livingArea);
  home.addEventListener('change', () => {
    p.livingArea = home.value;
    p.household = home.value.split(':')[0] ?? '';
  });
  const o = p.occupation;
  const work = select('workplace', [['', 'no workplace'], ...workplaces], o ? `${o.workplace}:${o.arena}` : '');
  const title = text('job-title', o?.title ?? '', (v) => p.occupation && (p.occupation.title = v));
  const startAt = Object.assign(el('input'), { type: 'time', name: 'work-start', value: o?.start ?? '09:00' });
  const endAt = Object.assign(el('input'), { type: 'time', name: 'work-end', value: o?.end ?? '17:00' });
  const days = el('div', 'editor-days');
  for (const d of DAYS) {
    const c = Object.assign(el('input'), { type: 'checkbox', name: `day-${d}`, checked: o ? o.days.includes(d) : d !== 'Sat' && d !== 'Sun' });
    const l = el('label', 'editor-check');
    l.append(c, el('span', undefined, d));
    days.append(l);
  }
  const syncWork = () => {
    const [sector = '', arena = ''] = work.value.split(':');
    const picked = DAYS.filter((d) => (days.querySelector<HTMLInputElement>(`input[name=day-${d}]`)?.checked ?? false));
    p.occupation = work.value ? { title: title.value || 'worker', workplace: sector, arena, days: picked, start: startAt.value, end: endAt.value } : null;
  };
  for (const x of [work, startAt, endAt, title, days]) x.addEventListener('change', syncWork);
  const haunts = el('div', 'editor-haunts');
  for (const s of publicPlaces) {
    const c = Object.assign(el('input'), { type: 'checkbox', name: `haunt-${s}`, checked: p.haunts.includes(s) });
    c.addEventListener('change', () => (p.haunts = publicPlaces.filter((x) => (x === s ? c.checked : p.haunts.includes(x)))));
    const l = el('label', 'editor-check');
    l.append(c, el('span', undefined, s));
    haunts.append(l);
  }
  const look = select('look', opts.looks.map((l): [string, string] => [l, l]), p.sprite);
  const face = el('span', 'start-look editor-face');
  const showFace = () => {
    face.style.backgroundImage = `url("${opts.spriteUrl(look.value)}")`;
  };
  look.addEventListener('change', () => {
    p.sprite = look.value;
    showFace();
  });
  showFace();
  const lookRow = el('div', 'editor-look');
  lookRow.append(look, face);
  const others = opts.others;
  return [
    labelled('Name', text('name', p.name, (v) => {
      p.name = v;
      const parts = v.trim().split(/\s+/);
      p.firstName = parts[0] ?? v;
      p.lastName = parts.slice(1).join(' ') || p.lastName;
      opts.onName?.(v);
    })),
    labelled('Age', age),
    labelled('Traits (innate)', text('innate', p.innate, (v) => (p.innate = v)), true),
    labelled('Learned', text('learned', p.learned, (v) => (p.learned = v), true), true),
    labelled('Currently', text('currently', p.currently, (v) => (p.currently = v), true), true),
    labelled('Lifestyle (wakes up around 7 am, goes to bed around 11 pm…)', text('lifestyle', p.lifestyle, (v) => (p.lifestyle = v), true), true),
    labelled('Daily plan', text('daily-plan', p.dailyPlanReq, (v) => (p.dailyPlanReq = v), true), true),
    labelled('Home', home, true),
    labelled('Workplace', work, true),
    labelled('Job title', title),
    labelled('From', startAt),
    labelled('To', endAt),
    labelled('Days', days, true),
    labelled('Haunts', haunts, true),
    ...(others ? [labelled('Relationships', relationshipRows(p, others, text), true)] : []),
    labelled('Look', lookRow, true),
  ];
}

/** A resident's relationships: a row each (who, kind, note), removable, and "+ relationship". */
function relationshipRows(p: PersonaSpec, others: () => Choices, text: (name: string, value: string, onInput: (v: string) => void) => HTMLInputElement | HTMLTextAreaElement): HTMLElement {
  const rels = el('div', 'editor-rels');
  const renderRels = () => {
    rels.replaceChildren(
      ...p.relationships.map((r, i) => {
        const row = el('div', 'editor-rel');
        const who = select(`rel-${i}-who`, others(), r.id);
        who.addEventListener('change', () => (r.id = who.value));
        const kind = text(`rel-${i}-kind`, r.kind, (v) => (r.kind = v));
        kind.placeholder = 'friend, sister, rival…';
        const note = text(`rel-${i}-note`, r.note, (v) => (r.note = v));
        note.placeholder = 'a note, in their words';
        const drop = el('button', 'editor-small', '✕');
        drop.type = 'button';
        drop.title = 'Remove this relationship';
        drop.addEventListener('click', () => {
          p.relationships.splice(i, 1);
          renderRels();
        });
        row.append(who, kind, note, drop);
        return row;
      }),
    );
    const add = el('button', 'editor-small', '+ relationship');
    add.type = 'button';
    add.name = 'add-relationship';
    add.addEventListener('click', () => {
      const first = others()[0];
      if (!first) return;
      p.relationships.push({ id: first[0], kind: 'friend', note: '' });
      renderRels();
    });
    rels.append(add);
  };
  renderRels();
  return rels;
}
