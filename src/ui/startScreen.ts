import './play.css';
import type { PersonaSpec } from '../sim/persona/schema';
import type { WorldModel } from '../sim/world/types';
import { PLAYER_DESCRIPTION_MAX, PLAYER_NAME_MAX, playerSetupProblem, playerSpec, type PlayerSetup } from '../sim/player/player';
import { DEFAULT_START, type TownChoice } from '../app/newTown';
import type { PickedFile } from '../replay/pickedFile';
import { filesOfDrop } from './replay/replayUi';
import { pickedOf } from '../replay/pickedFile';
import { isExperimentDrop } from './experimentFiles';
import { el } from './dom';

/** What the person chose on the start screen. */
export type StartAction = { kind: 'new'; choice: TownChoice } | { kind: 'continue' } | { kind: 'watch' } | { kind: 'open'; files: File[] } | { kind: 'town'; files: PickedFile[] } | { kind: 'edit' } | { kind: 'experiment'; files: PickedFile[] };

interface StartScreenOptions {
  personas: readonly PersonaSpec[];
  /** URL of a look's sprite sheet (3 columns × 4 rows of 32-pixel frames). */
  spriteUrl(sprite: string): string;
  /** Open ⚙ Brain settings (the model the "configured model" brain uses), at "A model in this tab" if asked. */
  openSettings(preset?: 'in-tab'): void;
  /** Whether a model is configured and switched on in the settings. */
  modelConfigured(): boolean;
  /** Whether that model is one in this tab (docs/model-path.md, "A model in this tab"). */
  inTabConfigured?(): boolean;
  /** The latest save's label (Continue loads it), or null: Continue is shown disabled with "no saves yet". */
  latestSave?(): Promise<string | null>;
  /** The running town's map: the places "More about you…" offers (home, work, haunts) and checks against. */
  world(): WorldModel;
}

/** The player's resident in full ("More about you…"): the spec being edited, and the editor's check of it beside the town. */
interface PlayerDetails {
  spec: PersonaSpec;
  check(player: PersonaSpec): string[];
}

function field(label: string, input: HTMLElement, hint?: string): HTMLLabelElement {
  const l = el('label');
  l.append(el('span', undefined, label), input);
  if (hint) l.append(el('small', 'insp-muted', hint));
  return l;
}

/**
 * The start screen (shown when the page has no URL parameters, and from the top bar's ☰ Menu): New
 * town (seed, start day and hour, how many personas, the brain, and your resident: a name, a few
 * words, a look, or with "More about you…" the character editor's form — or just watch), Continue (the latest save), Watch a recorded day, Open a replay,
 * Settings. A full-page overlay above the layout (docs/ui-layout.md).
 */
export class StartScreen {
  readonly el: HTMLElement;
  private resolve: ((a: StartAction) => void) | null = null;
  private readonly error: HTMLElement;
  private readonly continueBtn: HTMLButtonElement;
  private readonly closeBtn: HTMLButtonElement;
  /** The residents a new town is made of (the opened town's), and what the screen says of the town. */
  private personas: readonly PersonaSpec[];
  private readonly townLine: HTMLElement;
  private readonly count: HTMLInputElement;
  /** The player's resident in the editor's form, or null: the short form (name, a few words, a look). */
  private details: PlayerDetails | null = null;
  private readonly shortForm: () => void;

  constructor(private readonly opts: StartScreenOptions) {
    const personas = opts.personas;
    this.personas = personas;
    this.el = el('div', 'start-screen');
    this.el.hidden = true;
    this.el.setAttribute('role', 'dialog');
    this.el.setAttribute('aria-label', 'Start');
    const card = el('form', 'start-card');
    card.noValidate = true;

    const seed = Object.assign(el('input'), { type: 'number', name: 'seed', value: '1', min: '1' });
    const day = Object.assign(el('input'), { type: 'date', name: 'start-day', value: DEFAULT_START.slice(0, 10) });
    const hour = el('select');
    hour.name = 'start-hour';
    for (let h = 0; h < 24; h++) hour.append(new Option(`${String(h).padStart(2, '0')}:00`, String(h), h === 7, h === 7));
    const count = Object.assign(el('input'), { type: 'number', name: 'personas', value: String(personas.length), min: '1', max: String(personas.length) });
    this.count = count;
    const brain = el('select');
    brain.name = 'brain';
    brain.append(new Option('Offline (no key, no network)', 'offline'), new Option('A model in this tab (download once, no key)', 'in-tab'), new Option('Model (⚙ Brain settings)', 'model'));
    // How a model is asked (docs/call-plans.md): shown once a model brain is picked (offline calls cost nothing).
    const calls = el('select');
    calls.name = 'calls';
    calls.append(new Option('Packed (fewer calls)', 'packed', true, true), new Option('Faithful (call by call)', 'faithful'));
    const callsField = field('Call plan', calls, 'packed: fewer, larger calls; faithful: Smallville’s one by one');
    const showCalls = () => {
      callsField.hidden = brain.value === 'offline';
    };
    brain.addEventListener('change', showCalls);
    showCalls();

    const play = Object.assign(el('input'), { type: 'checkbox', name: 'play', checked: true });
    const name = Object.assign(el('input'), { type: 'text', name: 'player-name', placeholder: 'e.g. Alex Rivera', maxLength: PLAYER_NAME_MAX, autocomplete: 'off' });
    const about = Object.assign(el('textarea'), { name: 'player-about', rows: 2, maxLength: PLAYER_DESCRIPTION_MAX, placeholder: 'A few words about you: a travelling photographer who loves old buildings' });
    const looks = el('div', 'start-looks');
    looks.setAttribute('role', 'radiogroup');
    let look = personas[0]?.sprite ?? '';
    for (const p of personas) {
      const b = el('button', 'start-look');
      b.type = 'button';
      b.name = `look-${p.sprite}`;
      b.title = `Look ${p.sprite}`;
      b.setAttribute('aria-pressed', String(p.sprite === look));
      // The standing frame facing down: column 1 of row 0, shown at 1.25×.
      b.style.backgroundImage = `url("${opts.spriteUrl(p.sprite)}")`;
      b.style.backgroundSize = '120px 160px';
      b.style.backgroundPosition = '-40px 0';
      b.addEventListener('click', () => pickLook(p.sprite));
      looks.append(b);
    }
    const pickLook = (sprite: string) => {
      look = sprite;
      for (const o of looks.children) o.setAttribute('aria-pressed', String(o.getAttribute('name') === `look-${sprite}`));
    };
    const short = el('div', 'start-you-short');
    short.append(field('Name', name), field('About you', about), el('span', undefined, 'Your look'), looks);
    // "More about you…": the character editor's fields for your resident (loaded on first use); the short form stays the quick path.
    const more = el('button', 'start-link', 'More about you…');
    more.type = 'button';
    more.name = 'player-more';
    const full = el('div', 'editor-form start-you-full');
    full.hidden = true;
    this.shortForm = () => {
      if (this.details) {
        name.value = this.details.spec.name;
        if (looks.querySelector(`[name="look-${CSS.escape(this.details.spec.sprite)}"]`)) pickLook(this.details.spec.sprite);
      }
      this.details = null;
      full.replaceChildren();
      full.hidden = true;
      short.hidden = false;
      more.textContent = 'More about you…';
    };
    more.addEventListener('click', () => {
      if (this.details) return this.shortForm();
      void Promise.all([import('./residentFields'), import('../app/editTown')]).then(([{ placesOf, residentFields }, { checkResidents }]) => {
        const world = opts.world();
        const spec = playerSpec({ name: name.value, description: about.value, sprite: look }, world);
        const places = placesOf(world);
        const [visitorSector = ''] = spec.livingArea.split(':');
        this.details = { spec, check: (player) => checkResidents(world, [...this.personas, player]) };
        full.replaceChildren(
          ...residentFields(spec, {
            places: { ...places, homes: [[spec.livingArea, `none: a visitor at ${visitorSector}`], ...places.homes] },
            looks: opts.personas.map((p) => p.sprite),
            spriteUrl: opts.spriteUrl,
            others: null,
          }),
        );
        short.hidden = true;
        full.hidden = false;
        more.textContent = 'Fewer fields (name, a few words, a look)';
      });
    });
    const you = el('div', 'start-you');
    you.append(short, more, full);
    play.addEventListener('change', () => {
      you.hidden = !play.checked;
    });

    const newBtn = el('button', 'primary', 'New town');
    newBtn.type = 'submit';
    newBtn.name = 'new-town';
    this.continueBtn = el('button', undefined, 'Continue');
    this.continueBtn.type = 'button';
    this.continueBtn.name = 'continue';
    const watch = el('button', undefined, 'Watch a recorded day');
    watch.type = 'button';
    watch.name = 'watch';
    const openInput = Object.assign(el('input'), { type: 'file', accept: '.gz,.json', multiple: true, hidden: true, name: 'open-replay-file' });
    const open = el('button', undefined, 'Open a replay…');
    open.type = 'button';
    open.name = 'open-replay';
    // Another town: its folder (a pack with town.json, or Smallville's files), or one .zip / .tar.gz (docs/town-pack.md).
    const townFolder = Object.assign(el('input'), { type: 'file', multiple: true, hidden: true, name: 'open-town-folder' });
    townFolder.setAttribute('webkitdirectory', '');
    const townArchive = Object.assign(el('input'), { type: 'file', accept: '.zip,.tgz,.gz', hidden: true, name: 'open-town-file' });
    const openTown = el('button', undefined, 'Open a town…');
    openTown.type = 'button';
    openTown.name = 'open-town';
    openTown.title = 'A town pack folder (town.json, a Tiled map, persona files) or Smallville’s storage; or drop it, or a .zip, here';
    const openTownZip = el('button', 'start-link', '…or its .zip');
    openTownZip.type = 'button';
    openTownZip.name = 'open-town-zip';
    const editResidents = el('button', undefined, 'Edit residents…');
    editResidents.type = 'button';
    editResidents.name = 'edit-residents';
    editResidents.title = 'The character editor: change, add or remove residents, then start a new town with them or export the town';
    // An experiment's results folder (npm run experiment … --out DIR): the Experiments panel (docs/experiments.md).
    const experimentFolder = Object.assign(el('input'), { type: 'file', multiple: true, hidden: true, name: 'open-experiment-folder' });
    experimentFolder.setAttribute('webkitdirectory', '');
    const experiments = el('button', undefined, 'Experiment results…');
    experiments.type = 'button';
    experiments.name = 'open-experiment';
    experiments.title = 'A folder written by npm run experiment: its report, its runs and their replays';
    this.townLine = el('p', 'loading-sub start-town');
    const settings = el('button', undefined, '⚙ Settings');
    settings.type = 'button';
    settings.name = 'start-settings';
    this.closeBtn = el('button', undefined, 'Back to the town');
    this.closeBtn.type = 'button';
    this.closeBtn.name = 'start-close';
    this.error = el('p', 'start-error');
    this.error.setAttribute('role', 'alert');

    const grid = el('div', 'start-grid');
    grid.append(field('Seed', seed), field('Start day', day), field('Start hour', hour), field('Personas', count, `1 to ${personas.length}`), Object.assign(field('Brain', brain), { className: 'start-wide' }), callsField);
    const playRow = el('label', 'start-play');
    playRow.style.flexDirection = 'row';
    playRow.append(play, el('span', undefined, 'Play as a resident of the town (uncheck to watch)'));
    const actions = el('div', 'start-actions');
    actions.append(newBtn, this.continueBtn, watch, open, openTown, openTownZip, editResidents, experiments, settings, this.closeBtn, openInput, townFolder, townArchive, experimentFolder);
    card.append(el('h1', undefined, 'Hamlet'), el('p', 'loading-sub', 'a town of generative agents'), this.townLine, el('h2', undefined, 'New town'), grid, playRow, you, actions, this.error);
    // What the game is, for someone who has never heard of Smallville (over the town's line).
    this.townLine.before(el('p', 'start-about', 'Its residents live their days on their own: they wake, work, shop, talk, remember and make plans, each deciding for themselves (with the offline brain, or a language model you pick). Move in as a resident and talk with them, whisper to them or ask the town to hold an event — or just watch, and click anyone to see why they do what they do.'));
    this.el.append(card);
    document.body.append(this.el);

    card.addEventListener('submit', (e) => {
      e.preventDefault();
      const personas = this.personas;
      const n = Number(count.value);
      if (!Number.isInteger(n) || n < 1 || n > personas.length) return this.fail(`Personas: a whole number from 1 to ${personas.length}`);
      if (!/^\d{4}-\d\d-\d\d$/.test(day.value)) return this.fail('Start day: pick a date');
      const s = Number(seed.value);
      if (!Number.isInteger(s) || s < 1) return this.fail('Seed: a whole number from 1');
      if (brain.value === 'in-tab' && !opts.inTabConfigured?.()) {
        opts.openSettings('in-tab');
        this.el.classList.add('under');
        return this.fail('Pick a model in ⚙ Brain → A model in this tab: download it and press “Use this model”');
      }
      if (brain.value === 'model' && !opts.modelConfigured()) {
        opts.openSettings();
        this.el.classList.add('under');
        return this.fail('Set up a model in ⚙ Brain settings first (and press “Use this model”), or pick the offline brain');
      }
      let player: PlayerSetup | null = null;
      if (play.checked) {
        const details = this.details;
        player = details ? { name: details.spec.name, description: '', sprite: details.spec.sprite, persona: structuredClone(details.spec) } : { name: name.value, description: about.value, sprite: look };
        const why = playerSetupProblem(player, personas.slice(0, n).map((p) => p.name), opts.personas.map((p) => p.sprite));
        if (why) return this.fail(why);
        player.name = player.name.trim().replace(/\s+/g, ' ');
        // In full, your resident is checked as the character editor checks a resident (home, work, haunts on the map; the persona's bounds).
        const problems = details ? details.check(playerSpec(player, opts.world())) : [];
        if (problems.length) return this.fail(`${problems.length} problem${problems.length === 1 ? '' : 's'} with your resident:\n${problems.map((x) => `- ${x}`).join('\n')}`);
      }
      const start = `${day.value}T${String(Number(hour.value)).padStart(2, '0')}:00:00`;
      const model = brain.value !== 'offline';
      const callPlan = model ? (calls.value === 'faithful' ? 'faithful' : 'packed') : null;
      this.finish({ kind: 'new', choice: { seed: s, start, personaCount: n, brain: model ? 'model' : 'offline', player, registry: null, callPlan, pulse: true, paused: false } });
    });
    this.continueBtn.addEventListener('click', () => this.finish({ kind: 'continue' }));
    watch.addEventListener('click', () => this.finish({ kind: 'watch' }));
    open.addEventListener('click', () => openInput.click());
    openInput.addEventListener('change', () => {
      const files = [...(openInput.files ?? [])];
      openInput.value = '';
      if (files.length) this.finish({ kind: 'open', files });
    });
    openTown.addEventListener('click', () => townFolder.click());
    editResidents.addEventListener('click', () => this.finish({ kind: 'edit' }));
    experiments.addEventListener('click', () => experimentFolder.click());
    experimentFolder.addEventListener('change', () => {
      const files = [...(experimentFolder.files ?? [])].map((f) => pickedOf(f));
      experimentFolder.value = '';
      if (files.length) this.finish({ kind: 'experiment', files });
    });
    openTownZip.addEventListener('click', () => townArchive.click());
    for (const input of [townFolder, townArchive]) {
      input.addEventListener('change', () => {
        const files = [...(input.files ?? [])].map((f) => pickedOf(f));
        input.value = '';
        if (files.length) this.finish({ kind: 'town', files });
      });
    }
    // A town's folder or archive dropped on the card, or an experiment's results (a replay dropped elsewhere stays the replays' own).
    card.addEventListener('dragover', (e) => {
      if ([...(e.dataTransfer?.types ?? [])].includes('Files')) e.preventDefault();
    });
    card.addEventListener('drop', (e) => {
      if (!e.dataTransfer) return;
      e.preventDefault();
      e.stopPropagation();
      void filesOfDrop(e.dataTransfer, () => true).then((files) => {
        if (files.length) this.finish(isExperimentDrop(files) ? { kind: 'experiment', files } : { kind: 'town', files });
      });
    });
    settings.addEventListener('click', () => {
      // The settings panel shows over the dimmed start screen until you come back to the form.
      this.el.classList.add('under');
      opts.openSettings();
    });
    this.el.addEventListener('pointerdown', (e) => {
      if (e.target === this.el || card.contains(e.target as Node)) this.el.classList.remove('under');
    });
    this.closeBtn.addEventListener('click', () => this.hide());
  }

  private fail(message: string): void {
    this.error.textContent = message;
  }

  /** The town a new town is made of: its name and residents (after another town was opened). */
  setTown(name: string, personas: readonly PersonaSpec[]): void {
    this.personas = personas;
    // Your resident's places were the other town's: back to the short form.
    this.shortForm();
    this.townLine.textContent = `Town: ${name}, ${personas.length} residents`;
    this.count.max = String(personas.length);
    this.count.value = String(personas.length);
  }

  /** Show why something chosen here could not be done (a town refused: every problem, one a line). */
  showProblem(message: string): void {
    this.fail(message);
  }

  private finish(a: StartAction): void {
    const r = this.resolve;
    this.resolve = null;
    this.hide();
    r?.(a);
  }

  hide(): void {
    this.el.hidden = true;
    this.el.classList.remove('under');
    this.error.textContent = '';
  }

  /**
   * Show the screen and wait for a choice. `closable`: a town is running behind it (opened from the
   * top bar), so "Back to the town" closes it without a choice.
   */
  ask(closable: boolean): Promise<StartAction> {
    this.continueBtn.disabled = true;
    this.continueBtn.textContent = 'Continue (no saves yet)';
    void this.opts.latestSave?.().then(
      (save) => {
        if (save === null) return;
        this.continueBtn.disabled = false;
        this.continueBtn.textContent = `Continue: ${save}`;
      },
      () => undefined,
    );
    this.closeBtn.hidden = !closable;
    this.el.hidden = false;
    return new Promise((resolve) => {
      this.resolve = resolve;
    });
  }
}
