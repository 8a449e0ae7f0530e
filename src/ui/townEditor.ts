import './townEditor.css';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { placesOf, residentFields } from './residentFields';
import { el } from './dom';

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

/** Open the editor over the page for `town`'s residents; closes itself on start, or on Close. */
export function openTownEditor(town: { name: string; world: WorldModel; personas: readonly PersonaSpec[] }, actions: TownEditorActions): HTMLElement {
  const people: PersonaSpec[] = structuredClone([...town.personas]);
  const places = placesOf(town.world);
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
    form.append(
      ...residentFields(p, {
        places,
        looks: actions.looks,
        spriteUrl: actions.spriteUrl,
        others: () => people.filter((x) => x !== p).map((x): [string, string] => [x.id, x.name]),
        onName: (v) => {
          // A resident added here takes an id from its name (and those naming it follow).
          if (fresh.has(p.id) && v.trim()) {
            const id = actions.newId(v, new Set(people.filter((x) => x !== p).map((x) => x.id)));
            for (const x of people) for (const r of x.relationships) if (r.id === p.id) r.id = id;
            fresh.delete(p.id);
            fresh.add(id);
            p.id = id;
          }
          renderList();
        },
      }),
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
