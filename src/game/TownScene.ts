import Phaser from 'phaser';
import type { HamletState, HamletStore } from '../store/store';
import type { PersonaFrame } from '../sim/simulation';
import { MAP_KEY, TILESET_NAME, TILES_KEY, characterKey } from './assets';
import { PersonaSprite } from './personaSprite';
import { CameraControls } from './cameraControls';
import { followLerp, openingCentre } from './cameraMath';
import { busiestView } from './busiestView';
import { pixelRatio } from './pixelRatio';
import { placeBubble, stackLabels, type PageBox } from './labelLayout';
import { InspectorOverlay } from './inspectorOverlay';
import type { WorldModel } from '../sim/world/types';
import { prefersReducedMotion } from './motion';
import { PlaceNames } from './placeNames';
import { suppliedMapShown } from './suppliedMapView';

export interface TownSceneData {
  store: HamletStore;
  sprites: Map<string, string>;
  onHover: (text: string | null, x: number, y: number) => void;
  /** The map's model, for the inspector's collision grid and place outlines. */
  world?: WorldModel | null;
  /** A click on the map that picked nobody: the tile clicked (the player walks there). */
  onTileClick?: (tile: { x: number; y: number }) => void;
  /** The part of the page no panel covers (CSS px), where the camera centres what it shows; null: all of it. */
  mapArea?: () => { left: number; top: number; right: number; bottom: number } | null;
}

/** How long a spoken line stays over the speaker's head (real ms). */
const BUBBLE_MS = 2600;
/** How far below the uncovered view's middle a centred persona stands (map px), to leave its speech bubble room above. */
const SPEECH_ROOM = 40;
/** With "follow the action" on, how often the camera moves to where the most people are when nobody talks (real ms). */
const ACTION_PAN_MS = 8000;

const BELOW = ['ground', 'walls', 'furniture'];
const ABOVE = ['foreground'];

/** The town on screen: the Tiled map's layers, the personas between furniture and foreground, a camera you can drive. */
export class TownScene extends Phaser.Scene {
  private sprites = new Map<string, PersonaSprite>();
  private lastStep = -1;
  private lastFrames: PersonaFrame[] | null = null;
  /** A compared replay's residents (state.ghosts): the same sprites, faded, a small "B" by each. */
  private ghosts = new Map<string, Phaser.GameObjects.Container>();
  private lastGhosts: PersonaFrame[] = [];
  private lastMoveAt = 0;
  /** How long a persona's move to the next tile takes on screen at the current speed (ms). */
  private glideMs = 200;
  controls!: CameraControls;
  private overlay!: InspectorOverlay;
  private placeNames!: PlaceNames;
  mapWidth = 0;
  mapHeight = 0;

  constructor() {
    super('town');
  }

  create(): void {
    const data = this.registry.get('town') as TownSceneData;
    const map = this.make.tilemap({ key: MAP_KEY });
    const tileset = map.addTilesetImage(TILESET_NAME, TILES_KEY);
    if (!tileset) throw new Error(`The map has no tileset named "${TILESET_NAME}"`);
    BELOW.forEach((name, i) => map.createLayer(name, tileset, 0, 0)?.setDepth(i));
    ABOVE.forEach((name) => map.createLayer(name, tileset, 0, 0)?.setDepth(100_000));
    this.mapWidth = map.widthInPixels;
    this.mapHeight = map.heightInPixels;

    const state = data.store.getState();
    this.tileSize = map.tileWidth;
    for (const frame of state.personas) this.addSprite(data, frame);
    this.controls = new CameraControls(
      this,
      this.mapWidth,
      this.mapHeight,
      (id) => data.store.getState().follow(id),
      (x, y, r) => this.personaAt(x, y, r),
      (id) => {
        if (id) data.store.getState().select(id);
        else if (data.onTileClick) {
          const p = this.input.activePointer;
          const w = this.cameras.main.getWorldPoint(p.x, p.y);
          const x = Math.floor(w.x / map.tileWidth);
          const y = Math.floor(w.y / map.tileHeight);
          if (x >= 0 && y >= 0 && x < map.width && y < map.height) data.onTileClick({ x, y });
        }
      },
    );
    this.overlay = new InspectorOverlay(this, data.world ?? null, map.tileWidth);
    this.placeNames = new PlaceNames(this, map.tileWidth);
    this.placeNames.setWorld(data.world ?? null);
    // The tile under the pointer, for the inspector's readout (only when it changes).
    this.input.on('pointermove', (p: Phaser.Input.Pointer) => {
      const w = this.cameras.main.getWorldPoint(p.x, p.y);
      const x = Math.floor(w.x / map.tileWidth);
      const y = Math.floor(w.y / map.tileHeight);
      const inside = x >= 0 && y >= 0 && x < map.width && y < map.height;
      const cur = data.store.getState().hoverTile;
      if (!inside) {
        if (cur) data.store.setState({ hoverTile: null });
      } else if (!cur || cur.x !== x || cur.y !== y) data.store.setState({ hoverTile: { x, y } });
    });
    this.input.on('gameout', () => data.store.setState({ hoverTile: null }));
    // Open where the most people are, so the first thing a visitor sees is the town's life.
    const cam = this.cameras.main;
    const view = { w: cam.width / cam.zoom / map.tileWidth, h: cam.height / cam.zoom / map.tileHeight };
    const c = busiestView(state.personas.map((f) => f.tile), view.w, view.h) ?? { x: map.width / 2, y: map.height / 2 };
    this.controls.centreOn(openingCentre((c.x + 0.5) * map.tileWidth, cam.width / cam.zoom, map.widthInPixels), openingCentre((c.y + 0.5) * map.tileHeight, cam.height / cam.zoom, map.heightInPixels), false);
  }

  private tileSize = 32;

  private addSprite(data: TownSceneData, frame: PersonaFrame): PersonaSprite {
    const ps = new PersonaSprite(this, data.sprites.get(frame.id) ?? frame.id, frame, this.tileSize);
    this.sprites.set(frame.id, ps);
    ps.container.setInteractive({ useHandCursor: true });
    ps.container.on('pointerover', (p: Phaser.Input.Pointer) => data.onHover(`${ps.frame.name}: ${ps.frame.description || 'idle'}`, p.x, p.y));
    ps.container.on('pointermove', (p: Phaser.Input.Pointer) => data.onHover(`${ps.frame.name}: ${ps.frame.description || 'idle'}`, p.x, p.y));
    ps.container.on('pointerout', () => data.onHover(null, 0, 0));
    return ps;
  }

  /**
   * A replay may show other personas than the live town (a Smallville import's guests): sprites are
   * made for new ids and hidden while their persona is not in the frames.
   */
  private syncSprites(data: TownSceneData, frames: PersonaFrame[]): void {
    const shown = new Set<string>();
    for (const f of frames) {
      shown.add(f.id);
      const have = this.sprites.get(f.id);
      // A new town's player may have picked another look under the same id.
      const look = data.sprites.get(f.id);
      if (have && look && have.spriteName !== look) {
        have.destroy();
        this.sprites.delete(f.id);
      }
      if (!this.sprites.has(f.id)) this.addSprite(data, f);
    }
    for (const [id, s] of this.sprites) if (s.shown !== shown.has(id)) s.setShown(shown.has(id));
  }

  /** Ghosts are placed at their tile (no glide, no labels); gone ones are removed. */
  private syncGhosts(data: TownSceneData, frames: PersonaFrame[]): void {
    this.lastGhosts = frames;
    const now = new Set(frames.map((f) => f.id));
    for (const [id, g] of this.ghosts) {
      if (now.has(id)) continue;
      g.destroy();
      this.ghosts.delete(id);
    }
    const t = this.tileSize;
    for (const f of frames) {
      let g = this.ghosts.get(f.id);
      if (!g) {
        const body = this.add.sprite(0, 0, characterKey(data.sprites.get(f.id) ?? f.id), 1).setOrigin(0.5, 1);
        const mark = this.add.text(t / 2 - 2, -t - 6, 'B', { fontFamily: 'system-ui, sans-serif', fontSize: '9px', color: '#fff', backgroundColor: '#5b3fa8', padding: { x: 2, y: 0 } }).setOrigin(0.5, 1);
        g = this.add.container(0, 0, [body, mark]).setAlpha(0.35);
        this.ghosts.set(f.id, g);
      }
      g.setPosition(f.tile.x * t + t / 2, (f.tile.y + 1) * t - 2).setDepth(9 + f.tile.y);
    }
  }

  /** The visible persona nearest a world point (its body's middle), within `radius` map pixels. */
  private personaAt(x: number, y: number, radius: number): string | null {
    let best: { id: string; d: number } | null = null;
    for (const [id, s] of this.sprites) {
      if (!s.shown) continue;
      const d = Math.hypot(s.x - x, s.y - 16 - y);
      if (d < radius && (!best || d < best.d)) best = { id, d };
    }
    return best?.id ?? null;
  }

  override update(time: number, delta: number): void {
    const data = this.registry.get('town') as TownSceneData;
    const state = data.store.getState();
    // New frames: a step, a jump in a replay, another replay opened or the live town back (maybe at the same step number).
    const framesChanged = state.personas !== this.lastFrames;
    if (framesChanged) {
      this.lastFrames = state.personas;
      this.syncSprites(data, state.personas);
    }
    if (state.step !== this.lastStep || framesChanged) {
      const rate = state.mode === 'replay' && state.replay ? (state.replay.playing ? state.replay.speed : 0) : state.speed;
      this.glideMs = rate > 0 ? Math.min(300, 1000 / rate) : 200;
      for (const f of state.personas) this.sprites.get(f.id)?.update(f, this.glideMs);
      this.lastStep = state.step;
      this.lastMoveAt = time;
    } else if (time - this.lastMoveAt > 400) {
      for (const s of this.sprites.values()) s.idle();
    }
    if (state.ghosts !== this.lastGhosts) this.syncGhosts(data, state.ghosts);
    this.showSpeech(state, time);
    this.aimAtUncovered(data, time);
    this.moveCamera(state, time);
    const thinking = new Set(state.thinking);
    for (const [id, s] of this.sprites) s.setThinking(thinking.has(id));
    const follow = state.followId ? this.sprites.get(state.followId) : null;
    // The faster the town runs, the faster the camera keeps up with whom it follows.
    this.controls.follow(follow ? follow.container : null, prefersReducedMotion() ? 1 : followLerp(this.glideMs, delta));
    this.placeLabels();
    this.placeSpeech();
    // No ring (nor path) for a persona the replay on screen does not have.
    const selected = state.selectedId ? this.sprites.get(state.selectedId) : null;
    this.overlay.update(state, selected?.shown ? { x: selected.x, y: selected.y } : null);
    this.placeNames.setVisible(!(state.inspector.open && state.inspector.grid) && !suppliedMapShown(this));
  }

  /** Keep side-by-side personas' names from covering each other (every frame: they glide). */
  private placeLabels(): void {
    const shown = [...this.sprites.values()].filter((s) => s.shown);
    const offsets = stackLabels(shown.map((s) => s.labelBox()));
    for (const s of shown) s.setLabelOffset(offsets.get(s.frame.id) ?? 0);
  }

  /**
   * Keep speech bubbles whole in the uncovered part of the map (below the top bar, clear of the
   * panels): a speaker near the top has its line under it or beside it, wherever it covers fewest of
   * the others (their emoji, heads and names); one near an edge has it moved sideways. Only for a
   * speaker in view: a bubble never comes loose from someone off screen.
   */
  private placeSpeech(): void {
    const a = this.uncovered;
    const z = this.cameras.main.zoom / pixelRatio();
    let people: { id: string; box: PageBox }[] | null = null;
    for (const s of this.sprites.values()) {
      const spot = s.speechSpot();
      if (!spot) continue;
      // From the top of the emoji bubble to the bottom of the name, on the page.
      people ??= [...this.sprites.values()].filter((o) => o.shown).map((o) => {
        const tl = this.toPage(o.x - 16, o.y - 56);
        const br = this.toPage(o.x + 16, o.y + 16);
        return { id: o.frame.id, box: { left: tl.x, top: tl.y, right: br.x, bottom: br.y } };
      });
      const others = people.filter((p) => p.id !== s.frame.id).map((p) => p.box);
      const head = this.toPage(s.x, s.y - 16);
      if (!a || head.x < a.left || head.x > a.right || head.y < a.top || head.y > a.bottom) {
        s.placeSpeech(spot.cx, spot.aboveBottom - spot.h);
        continue;
      }
      const c = this.toPage(spot.cx, spot.aboveBottom);
      const placed = placeBubble({ cx: c.x, w: spot.w * z, h: spot.h * z, aboveBottom: c.y, belowTop: this.toPage(spot.cx, spot.belowTop).y }, a, others);
      s.placeSpeech(spot.cx + (placed.cx - c.x) / z, spot.aboveBottom + (placed.top - c.y) / z);
    }
  }

  /** The speech bubble over a persona, in CSS pixels on the page, or null (for tests). */
  /** Another town's map under the same scene, drawn at this scene's tile size (by src/game/semanticMapView.ts or suppliedMapView.ts). */
  setWorld(world: WorldModel): void {
    this.overlay.setWorld(world);
    this.placeNames.setWorld(world);
  }

  speechBoxOf(id: string): { left: number; top: number; right: number; bottom: number } | null {
    const b = this.sprites.get(id)?.speechShown();
    if (!b) return null;
    const tl = this.toPage(b.left, b.top);
    const br = this.toPage(b.left + b.w, b.top + b.h);
    return { left: tl.x, top: tl.y, right: br.x, bottom: br.y };
  }

  /** The visible name labels, in CSS pixels on the page (for tests). */
  labelBoxes(): { id: string; left: number; top: number; right: number; bottom: number }[] {
    const r = pixelRatio();
    const z = this.cameras.main.zoom / r;
    return [...this.sprites.values()]
      .filter((s) => s.shown)
      .map((s) => {
        const b = s.labelShown();
        const c = this.toPage(b.x, b.y);
        return { id: b.id, left: c.x - (b.w / 2) * z, top: c.y, right: c.x + (b.w / 2) * z, bottom: c.y + b.h * z };
      });
  }

  /** Where a world point is on the page, in CSS pixels (the canvas holds pixelRatio() pixels per CSS pixel). */
  private toPage(wx: number, wy: number): { x: number; y: number } {
    const cam = this.cameras.main;
    const r = pixelRatio();
    return { x: ((wx - cam.scrollX - cam.width / 2) * cam.zoom + cam.width / 2) / r, y: ((wy - cam.scrollY - cam.height / 2) * cam.zoom + cam.height / 2) / r };
  }

  private spokenSeq = 0;
  /** Lines waiting to be shown, in order: a conversation's lines come one after another. */
  private speechQueue: { speaker: string; text: string; at: number }[] = [];

  /** Speech bubbles: each new line over its speaker for a moment, a conversation's lines in turn. */
  private showSpeech(state: HamletState, time: number): void {
    if (state.spoken.seq !== this.spokenSeq) {
      this.spokenSeq = state.spoken.seq;
      if (state.bubbles) {
        // The newest lines matter: at high speed conversations come faster than they can be read, so
        // what waits longer than a few seconds is dropped rather than shown late.
        this.speechQueue = this.speechQueue.filter((q) => q.at <= time + 3 * BUBBLE_MS).slice(-6);
        let at = Math.min(Math.max(time, this.speechQueue.at(-1)?.at ?? 0), time + BUBBLE_MS);
        for (const l of state.spoken.lines.slice(-12)) {
          this.speechQueue.push({ speaker: l.speaker, text: l.text, at });
          at += BUBBLE_MS * 0.8;
        }
      }
    }
    if (!state.bubbles && this.speechQueue.length) this.speechQueue = [];
    if (!state.bubbles) {
      for (const s of this.sprites.values()) if (s.speaking) s.hush();
      return;
    }
    for (let next = this.speechQueue[0]; next && next.at <= time; next = this.speechQueue[0]) {
      const line = next;
      this.speechQueue.shift();
      const who = state.personas.find((p) => p.name === line.speaker);
      if (!who) continue;
      // Neighbours' bubbles would cover each other: the newest line takes the place of one said next to it.
      for (const p of state.personas) {
        if (p.id !== who.id && Math.abs(p.tile.x - who.tile.x) <= 4 && Math.abs(p.tile.y - who.tile.y) <= 3) {
          const s = this.sprites.get(p.id);
          if (s?.speaking) s.hush();
        }
      }
      this.sprites.get(who.id)?.say(line.text, BUBBLE_MS);
    }
  }

  private lastAreaAt = -Infinity;
  /** The part of the page the panels leave uncovered (CSS px), as last measured. */
  private uncovered: { left: number; top: number; right: number; bottom: number } | null = null;

  /**
   * Centre what the camera centres (a followed persona and its speech bubble, a place panned to) in
   * the part of the page the panels leave uncovered, not under the inspector or a phone's sheet.
   * (Measured a few times a second: panels open, fold and resize.)
   */
  private aimAtUncovered(data: TownSceneData, time: number): void {
    if (time - this.lastAreaAt < 200) return;
    this.lastAreaAt = time;
    const a = data.mapArea?.() ?? null;
    this.uncovered = a;
    const r = pixelRatio();
    const w = this.scale.width / r;
    const h = this.scale.height / r;
    if (!a) return this.controls.setViewCentre(0, 0);
    // A little below the middle: a speech bubble rises up to ~110 map px over the head (SPEECH_ROOM).
    const room = Math.min(SPEECH_ROOM * this.controls.zoom, (a.bottom - a.top) / 4);
    this.controls.setViewCentre((a.left + a.right) / 2 - w / 2, (a.top + a.bottom) / 2 - h / 2 + room);
  }

  private panSeq = 0;
  private lastActionPan = 0;
  private actionSeq = 0;

  /** A feed line clicked (a one-off move), or "follow the action": to each new conversation, else where most people are. */
  private moveCamera(state: HamletState, time: number): void {
    const cam = this.cameras.main;
    const goTo = (x: number, y: number) => {
      if (state.followId) return;
      this.controls.follow(null);
      this.controls.centreOn((x + 0.5) * this.tileSize, (y + 0.5) * this.tileSize);
    };
    if (state.panTo && state.panTo.seq !== this.panSeq) {
      this.panSeq = state.panTo.seq;
      goTo(state.panTo.x, state.panTo.y);
      this.lastActionPan = time;
      return;
    }
    if (!state.followAction) return;
    if (state.spoken.seq !== this.actionSeq) {
      this.actionSeq = state.spoken.seq;
      const speaker = state.personas.find((p) => p.name === state.spoken.lines[0]?.speaker);
      if (speaker) {
        goTo(speaker.tile.x, speaker.tile.y);
        this.lastActionPan = time;
        return;
      }
    }
    if (time - this.lastActionPan > ACTION_PAN_MS) {
      this.lastActionPan = time;
      const view = { w: cam.width / cam.zoom / this.tileSize, h: cam.height / cam.zoom / this.tileSize };
      const c = busiestView(state.personas.map((f) => f.tile), view.w, view.h);
      if (c) goTo(c.x, c.y);
    }
  }

  /** The spoken line over a persona's head, or null (for tests). */
  speechOf(id: string): string | null {
    return this.sprites.get(id)?.speaking ?? null;
  }

  /** The part of the map on screen, in tiles (the minimap's frame). */
  viewTiles(): { x: number; y: number; w: number; h: number } {
    const v = this.cameras.main.worldView;
    return { x: v.x / this.tileSize, y: v.y / this.tileSize, w: v.width / this.tileSize, h: v.height / this.tileSize };
  }

  /** Page position (CSS pixels) of the centre of a map tile (for tests). */
  screenPositionOfTile(x: number, y: number): { x: number; y: number } {
    return this.toPage((x + 0.5) * this.tileSize, (y + 0.5) * this.tileSize);
  }

  /** Page position (CSS pixels) of a persona's body (for tests and the inspector). */
  screenPositionOf(id: string): { x: number; y: number } | null {
    const s = this.sprites.get(id);
    return s ? this.toPage(s.x, s.y - 16) : null;
  }
}
