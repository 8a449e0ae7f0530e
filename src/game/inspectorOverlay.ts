import Phaser from 'phaser';
import type { HamletState } from '../store/store';
import type { Tile, WorldModel } from '../sim/world/types';
import { suppliedMapShown } from './suppliedMapView';

const GRID_KEY = 'inspector:collision';
const CELL_KEY = 'inspector:cell';

/**
 * What the inspector draws on the map: the selected persona's ring and planned path, and on demand
 * the collision grid (one pixel per tile, scaled up) with sector and arena outlines. Reads the store only.
 */
export class InspectorOverlay {
  private readonly path: Phaser.GameObjects.Graphics;
  private readonly ring: Phaser.GameObjects.Graphics;
  private readonly hover: Phaser.GameObjects.Graphics;
  private grid: Phaser.GameObjects.Container | null = null;
  private pathKey = '';

  constructor(
    private readonly scene: Phaser.Scene,
    private world: WorldModel | null,
    private readonly tileSize: number,
  ) {
    this.path = scene.add.graphics().setDepth(5);
    this.ring = scene.add.graphics().setDepth(6);
    this.ring.lineStyle(2, 0xf2b35b, 1).strokeEllipse(0, 0, 30, 14);
    this.ring.setVisible(false);
    this.hover = scene.add.graphics().setDepth(100_002);
    // Dark outside, bright inside: visible on white kitchen tiles and on dark floors alike.
    this.hover.lineStyle(4, 0x1d1a2b, 0.9).strokeRect(0, 0, tileSize, tileSize);
    this.hover.lineStyle(2, 0xffe066, 1).strokeRect(0, 0, tileSize, tileSize);
    this.hover.setVisible(false);
  }

  update(state: HamletState, selected: { x: number; y: number } | null): void {
    const on = state.inspector.open;
    this.ring.setVisible(on && !!selected);
    if (selected) this.ring.setPosition(selected.x, selected.y - 1);
    this.drawPath(on && selected ? state.selectedPath : [], selected);
    // Hamlet's grid means nothing over a replay's own map.
    this.showGrid(on && state.inspector.grid && !suppliedMapShown(this.scene));
    // The tile the readout describes.
    this.hover.setVisible(on && !!state.hoverTile);
    if (state.hoverTile) this.hover.setPosition(state.hoverTile.x * this.tileSize, state.hoverTile.y * this.tileSize);
  }

  private drawPath(path: Tile[], from: { x: number; y: number } | null): void {
    const start = path[0];
    const end = path[path.length - 1];
    const key = start && end ? `${path.length}:${start.x},${start.y}:${end.x},${end.y}` : '';
    if (key === this.pathKey) return;
    this.pathKey = key;
    const g = this.path.clear();
    if (!start || !end) return;
    const t = this.tileSize;
    const cx = (p: Tile) => p.x * t + t / 2;
    const cy = (p: Tile) => p.y * t + t / 2;
    g.lineStyle(4, 0x1d1a2b, 0.5);
    g.beginPath();
    g.moveTo(from ? from.x : cx(start), from ? from.y - t / 2 : cy(start));
    for (const p of path) g.lineTo(cx(p), cy(p));
    g.strokePath();
    g.lineStyle(2, 0xf2b35b, 0.95);
    g.beginPath();
    g.moveTo(from ? from.x : cx(start), from ? from.y - t / 2 : cy(start));
    for (const p of path) g.lineTo(cx(p), cy(p));
    g.strokePath();
    g.fillStyle(0xf2b35b, 1).fillCircle(cx(end), cy(end), 5);
    g.lineStyle(2, 0x1d1a2b, 1).strokeCircle(cx(end), cy(end), 6);
  }

  private showGrid(on: boolean): void {
    if (!on) {
      this.grid?.setVisible(false);
      return;
    }
    if (!this.grid) this.grid = this.buildGrid();
    this.grid?.setVisible(true);
  }

  /** Another town's map: the grid and outlines are drawn again from it when next shown. */
  setWorld(world: WorldModel | null): void {
    this.world = world;
    this.grid?.destroy();
    this.grid = null;
    if (this.scene.textures.exists(GRID_KEY)) this.scene.textures.remove(GRID_KEY);
  }

  private buildGrid(): Phaser.GameObjects.Container | null {
    const w = this.world;
    if (!w) return null;
    const scene = this.scene;
    const t = this.tileSize;
    const parts: Phaser.GameObjects.GameObject[] = [];
    // Blocked tiles: a canvas of one pixel per tile, drawn scaled up (pixelArt keeps it crisp).
    if (!scene.textures.exists(GRID_KEY)) {
      const tex = scene.textures.createCanvas(GRID_KEY, w.width, w.height);
      if (tex) {
        const ctx = tex.getContext();
        ctx.fillStyle = 'rgba(255, 60, 60, 0.38)';
        for (let y = 0; y < w.height; y++) for (let x = 0; x < w.width; x++) if (w.walkable[y * w.width + x] !== 1) ctx.fillRect(x, y, 1, 1);
        tex.refresh();
      }
    }
    parts.push(scene.add.image(0, 0, GRID_KEY).setOrigin(0, 0).setScale(t));
    // Tile lines: one cell texture repeated over the map.
    if (!scene.textures.exists(CELL_KEY)) {
      const g = scene.make.graphics({}, false);
      g.lineStyle(1, 0xffffff, 0.12).strokeRect(0.5, 0.5, t, t);
      g.generateTexture(CELL_KEY, t, t);
      g.destroy();
    }
    parts.push(scene.add.tileSprite(0, 0, w.width * t, w.height * t, CELL_KEY).setOrigin(0, 0));
    const outlines = scene.add.graphics();
    outlines.lineStyle(2, 0x6fc3ff, 0.95);
    for (const a of w.arenas) outlines.strokeRect(a.rect.x * t, a.rect.y * t, a.rect.w * t, a.rect.h * t);
    outlines.lineStyle(3, 0xf2b35b, 0.9);
    for (const s of w.sectors) outlines.strokeRect(s.rect.x * t, s.rect.y * t, s.rect.w * t, s.rect.h * t);
    parts.push(outlines);
    for (const s of w.sectors) {
      parts.push(
        scene.add
          .text(s.rect.x * t + 4, s.rect.y * t + 3, s.name, { fontFamily: 'system-ui, sans-serif', fontSize: '13px', color: '#f7d58a', stroke: '#1d1a2b', strokeThickness: 4, resolution: 2 })
          .setOrigin(0, 0),
      );
    }
    return scene.add.container(0, 0, parts).setDepth(100_001);
  }
}
