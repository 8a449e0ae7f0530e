import './townEditor.css';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';

/**
 * The character editor: every resident of the running town as a form — name, age, traits
 * (innate), learned, currently, lifestyle, daily plan, home, workplace and hours, haunts,
 * relationships and look — with residents added and removed, checked as `npm run town -- check`
 * checks a pack, started as a new town or exported as a pack. Everything typed is text: the form
 * never renders a value as HTML.
 */

interface TownEditorActions {
  /** The looks a resident may wear (Hamlet's character sprites) and each one's sprite sheet. */
  looks: readonly string[];
  spriteUrl(look: string): string;
  /** Every problem of the residents as edited (none: []). */
  check(personas: PersonaSpec[]): string[];
  /** Start a new town of the edited residents (checked first). */
  start(personas: PersonaSpec[]): void;
  /** Download the town as a pack; the reason when it cannot be exported. */
  exportPack(personas: PersonaSpec[]): Promise<string | null>;
  newId(name: string, taken: ReadonlySet<string>): string;
}

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'] as const;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className?: string, text?: string): HTMLElementTagNameMap[K] {
  const e = document.createElement(tag);
  if (className) e.className = className;
  if (text !== undefined) e.textContent = text;
  return e;
}

function labelled(label: string, input: HTMLElement, wide = false): HTMLLabelElement {
  const l = el('label', wide ? 'editor-wide' : undefined);
  l.append(el('span', undefined, label), input);
  return l;
}

function select(name: string, options: [value: string, label: string][], value: string): HTMLSelectElement {
  const s = el('select');
  s.name = name;
  for (const [v, l] of options) s.append(new Option(l, v, v === value, v === value));
  return s;
}

/** Open the editor over the page for `town`'s residents; closes itself on start, or on Close. */
export function openTownEditor(town: { name: string; world: WorldModel; personas: readonly PersonaSpec[] }, actions: TownEditorActions): HTMLElement {
  const people: PersonaSpec[] = structuredClone([...town.personas]);
  const w = town.world;
  const kindOf = new Map(w.sectors.map((s) => [s.name, s.kind]));
  const homes = w.arenas.filter((a) => kindOf.get(a.sector) === 'home').map((a): [string, string] => [`${a.sector}:${a.name}`, `${a.sector} › ${a.name}`]);
  const workplaces = w.arenas.filter((a) => kindOf.get(a.sector) !== 'home').map((a): [string, string] => [`${a.sector}:${a.name}`, `${a.sector} › ${a.name}`]);
  const publicPlaces = w.sectors.filter((s) => s.kind !== 'home').map((s) => s.name);
  let current = 0;
  /** Residents added here: their id follows their name until the town starts (the others' ids name their spawn points). */
  const fresh = new Set<string>();

  const root = el('div', 'start-screen town-editor');
  root.setAttribute('role', 'dialog');
  root.setAttribute('aria-label', 'Edit the residents');
  const card = el('div', 'start-card editor-card');
  const list = el('ul', 'editor-list');
  const form = el('form', 'editor-form');
  form.noValidate = true;
  const problems = el('p', 'start-error editor-problems');
  problems.setAttribute('role', 'alert');
  const status = el('p', 'loading-sub editor-status');

  const renderList = () => {
    list.replaceChildren(
      ...people.map((p, i) => {
        const li = el('li');
        const b = el('button', i === current ? 'editor-person current' : 'editor-person', p.name || '(no name)');
        b.type = 'button';
        b.name = `resident-${p.id}`;
        b.addEventListener('click', () => {
          current = i;
          render();
        });
        li.append(b);
        return li;
      }),
    );
  };

  const renderForm = () => {
    const p = people[current];
    form.replaceChildren();
    if (!p) return;
    const text = (name: string, value: string, onInput: (v: string) => void, area = false) => {
      const input = area ? el('textarea') : el('input');
      input.name = name;
      input.value = value;
      if (area) (input as HTMLTextAreaElement).rows = 2;
      input.addEventListener('input', () => {
        onInput(input.value);
        if (name === 'name') renderList();
      });
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
      c.addEventListener('change', () => (p.haunts = publicPlaces.filter((x) => x === s ? c.checked : p.haunts.includes(x))));
      const l = el('label', 'editor-check');
      l.append(c, el('span', undefined, s));
      haunts.append(l);
    }
    const rels = el('div', 'editor-rels');
    const others = () => people.filter((x) => x !== p).map((x): [string, string] => [x.id, x.name]);
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
    const look = select('look', actions.looks.map((l): [string, string] => [l, l]), p.sprite);
    const face = el('span', 'start-look editor-face');
    const showFace = () => {
      face.style.backgroundImage = `url("${actions.spriteUrl(look.value)}")`;
    };
    look.addEventListener('change', () => {
      p.sprite = look.value;
      showFace();
    });
    showFace();
    const lookRow = el('div', 'editor-look');
    lookRow.append(look, face);
    form.append(
      labelled('Name', text('name', p.name, (v) => {
        p.name = v;
        if (fresh.has(p.id) && v.trim()) {
          const id = actions.newId(v, new Set(people.filter((x) => x !== p).map((x) => x.id)));
          for (const x of people) for (const r of x.relationships) if (r.id === p.id) r.id = id;
          fresh.delete(p.id);
          fresh.add(id);
          p.id = id;
        }
        const parts = v.trim().split(/\s+/);
        p.firstName = parts[0] ?? v;
        p.lastName = parts.slice(1).join(' ') || p.lastName;
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
      labelled('Relationships', rels, true),
      labelled('Look', lookRow, true),
    );
  };

  const render = () => {
    renderList();
    renderForm();
  };

  const button = (label: string, name: string, onClick: () => void, cls?: string) => {
    const b = el('button', cls, label);
    b.type = 'button';
    b.name = name;
    b.addEventListener('click', onClick);
    return b;
  };
  const showProblems = (found: string[]) => {
    problems.textContent = found.length ? `${found.length} problem${found.length === 1 ? '' : 's'}:\n${found.map((x) => `- ${x}`).join('\n')}` : '';
    status.textContent = found.length ? '' : 'No problems: the town can start.';
    return found.length === 0;
  };
  const add = button('+ Add a resident', 'add-resident', () => {
    const base = people[current] ?? people[0];
    const name = 'New Resident';
    const id = actions.newId(name, new Set(people.map((p) => p.id)));
    people.push({ ...(base ? structuredClone(base) : ({} as PersonaSpec)), id, name, firstName: 'New', lastName: 'Resident', relationships: [], occupation: null, haunts: [], sprite: actions.looks[people.length % Math.max(1, actions.looks.length)] ?? base?.sprite ?? '' });
    fresh.add(id);
    current = people.length - 1;
    render();
  });
  const remove = button('Remove this resident', 'remove-resident', () => {
    const gone = people[current];
    if (!gone) return;
    people.splice(current, 1);
    for (const p of people) p.relationships = p.relationships.filter((r) => r.id !== gone.id);
    current = Math.max(0, Math.min(current, people.length - 1));
    render();
  });
  const actionsRow = el('div', 'start-actions');
  actionsRow.append(
    button('Check', 'check-town', () => void showProblems(actions.check(people))),
    button('Start a new town with them', 'start-edited', () => {
      if (!showProblems(actions.check(people))) return;
      root.remove();
      actions.start(structuredClone(people));
    }, 'primary'),
    button('Export as a pack (.zip)', 'export-town', () => {
      if (!showProblems(actions.check(people))) return;
      void actions.exportPack(structuredClone(people)).then((why) => {
        status.textContent = why ?? 'Exported: open it again with Open a town….';
      });
    }),
    button('Close', 'close-editor', () => root.remove()),
  );
  const listBox = el('div', 'editor-side');
  listBox.append(list, add, remove);
  const body = el('div', 'editor-body');
  body.append(listBox, form);
  card.append(el('h2', undefined, `Residents of ${town.name}`), body, actionsRow, status, problems);
  root.append(card);
  document.body.append(root);
  render();
  return root;
}
