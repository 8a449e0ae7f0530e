import Phaser from 'phaser';
import { MAX_VIEW_ZOOM, clampScroll, minViewZoom, wheelFactor, worldAt, zoomAbout, type CameraView } from './cameraMath';
import { pixelRatio } from './pixelRatio';

/** A press that moves less than this (CSS pixels) is a click or a tap, not a drag. */
const TAP_SLOP = { mouse: 5, touch: 12 };

/**
 * Drag (or one finger) to pan, wheel (or pinch) to zoom about the pointer, click or tap to pick a
 * persona (the inspector), double-click or double-tap one to follow it, drag to stop following.
 * Zoom is kept in screen terms (`viewZoom`, 1 = one map pixel per CSS pixel); the camera's own zoom is
 * that times the device pixel ratio, so the canvas is drawn at the screen's full resolution.
 */
export class CameraControls {
  private dragging = false;
  private dragStart = { x: 0, y: 0, scrollX: 0, scrollY: 0 };
  private moved = false;
  private lastClick = 0;
  private pinch: { dist: number; zoom: number; world: { x: number; y: number } } | null = null;
  private following: Phaser.GameObjects.Container | null = null;
  private viewZoom = 1;
  /** The uncovered view's middle from the canvas's middle (CSS px); see setViewCentre. */
  private viewCentre = { x: 0, y: 0 };

  constructor(
    private readonly scene: Phaser.Scene,
    private mapWidth: number,
    private mapHeight: number,
    private readonly onFollow: (id: string | null) => void,
    private readonly personaAt: (x: number, y: number, radius: number) => string | null,
    private readonly onClick: (id: string | null) => void = () => {},
  ) {
    const cam = scene.cameras.main;
    cam.setBackgroundColor('#2b2a3a');
    cam.removeBounds();
    this.applyZoom(1);
    const input = scene.input;
    input.addPointer(1); // a second finger, for pinching
    input.on('pointerdown', (p: Phaser.Input.Pointer) => {
      if (this.twoFingers()) {
        this.startPinch();
        return;
      }
      const now = p.downTime;
      if (now - this.lastClick < 350) {
        const id = this.pick(p);
        if (id) this.onFollow(id);
      }
      this.lastClick = now;
      this.dragging = true;
      this.moved = false;
      this.dragStart = { x: p.x, y: p.y, scrollX: cam.scrollX, scrollY: cam.scrollY };
    });
    input.on('pointerup', (p: Phaser.Input.Pointer) => {
      if (this.pinch) {
        // Lifting one finger of a pinch ends it; the other finger does not start a drag.
        if (!this.twoFingers()) this.pinch = null;
        this.dragging = false;
        return;
      }
      // A click or tap (not the end of a drag) picks the persona under the pointer.
      if (this.dragging && !this.moved) this.onClick(this.pick(p));
      this.dragging = false;
    });
    input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (this.pinch) {
        this.movePinch();
        return;
      }
      if (!this.dragging || !p.isDown) return;
      const dx = p.x - this.dragStart.x;
      const dy = p.y - this.dragStart.y;
      const slop = (p.wasTouch ? TAP_SLOP.touch : TAP_SLOP.mouse) * pixelRatio();
      if (!this.moved && Math.hypot(dx, dy) < slop) return;
      this.moved = true;
      if (this.following) this.onFollow(null);
      cam.setScroll(this.dragStart.scrollX - dx / cam.zoom, this.dragStart.scrollY - dy / cam.zoom);
      this.clamp();
    });
    input.on('wheel', (p: Phaser.Input.Pointer, _o: unknown, _dx: number, dy: number) => {
      this.zoomAt(p.x, p.y, this.viewZoom * wheelFactor(dy));
    });
    scene.scale.on('resize', () => this.fit());
  }

  /** The zoom in screen terms (1 = one map pixel per CSS pixel). */
  get zoom(): number {
    return this.viewZoom;
  }

  get minZoom(): number {
    const r = pixelRatio();
    return minViewZoom(this.scene.scale.width / r, this.scene.scale.height / r, this.mapWidth, this.mapHeight);
  }

  /** Zoom to `viewZoom` keeping the world point under canvas point (x, y) where it is. */
  zoomAt(x: number, y: number, viewZoom: number): void {
    const cam = this.scene.cameras.main;
    const before = this.view();
    const z = this.applyZoom(viewZoom);
    const s = zoomAbout(before, x, y, z * pixelRatio());
    cam.setScroll(s.scrollX, s.scrollY);
    this.clamp();
  }

  /**
   * Where the middle of the uncovered part of the page is (panels cover the rest), from the canvas's
   * middle, in CSS pixels: centring on a point and following a persona put it there.
   */
  setViewCentre(dx: number, dy: number): void {
    this.viewCentre = { x: dx, y: dy };
  }

  /** Centre the view (the part panels leave uncovered, unless `uncovered` is false) on a world point. */
  centreOn(x: number, y: number, uncovered = true): void {
    const cam = this.scene.cameras.main;
    const dx = uncovered ? this.viewCentre.x / this.viewZoom : 0;
    const dy = uncovered ? this.viewCentre.y / this.viewZoom : 0;
    cam.setScroll(x - dx - cam.width / 2, y - dy - cam.height / 2);
    this.clamp();
  }

  /** A new map is shown (a replay's own): keep the view on it. */
  setMapSize(width: number, height: number): void {
    this.mapWidth = width;
    this.mapHeight = height;
    this.fit();
  }

  /** After a resize or a change of pixel ratio: same zoom in screen terms, within the new limits. */
  fit(): void {
    const cam = this.scene.cameras.main;
    const mid = worldAt(this.view(), cam.width / 2, cam.height / 2);
    this.applyZoom(this.viewZoom);
    this.centreOn(mid.x, mid.y, false);
  }

  /** Follow a persona's sprite (or stop), closing `lerp` of the gap each frame (cameraMath's followLerp). */
  follow(target: Phaser.GameObjects.Container | null, lerp = 0.15): void {
    const cam = this.scene.cameras.main;
    // The followed persona stands in the middle of what panels leave uncovered.
    const ox = this.viewCentre.x / this.viewZoom;
    const oy = this.viewCentre.y / this.viewZoom;
    if (target === this.following) {
      if (target) cam.setLerp(lerp, lerp).setFollowOffset(ox, oy);
      return;
    }
    this.following = target;
    if (target) cam.startFollow(target, true, lerp, lerp, ox, oy);
    else cam.stopFollow();
  }

  private applyZoom(viewZoom: number): number {
    this.viewZoom = Math.min(MAX_VIEW_ZOOM, Math.max(this.minZoom, viewZoom));
    this.scene.cameras.main.setZoom(this.viewZoom * pixelRatio());
    return this.viewZoom;
  }

  private view(): CameraView {
    const cam = this.scene.cameras.main;
    return { scrollX: cam.scrollX, scrollY: cam.scrollY, zoom: cam.zoom, width: cam.width, height: cam.height };
  }

  private clamp(): void {
    const s = clampScroll(this.view(), this.mapWidth, this.mapHeight);
    this.scene.cameras.main.setScroll(s.scrollX, s.scrollY);
  }

  /** The persona under a pointer: within 24 map pixels, or 22 CSS pixels when zoomed far out (a finger's width). */
  private pick(p: Phaser.Input.Pointer): string | null {
    const w = worldAt(this.view(), p.x, p.y);
    return this.personaAt(w.x, w.y, Math.max(24, 22 / this.viewZoom));
  }

  private twoFingers(): boolean {
    const i = this.scene.input;
    return !!(i.pointer1?.isDown && i.pointer2?.isDown);
  }

  /** Where two fingers down are (their midpoint and spread), or null unless two are down. */
  private fingers(): { mid: { x: number; y: number }; dist: number } | null {
    const { pointer1: a, pointer2: b } = this.scene.input;
    if (!a?.isDown || !b?.isDown) return null;
    return { mid: { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 }, dist: Math.max(1, Math.hypot(a.x - b.x, a.y - b.y)) };
  }

  private startPinch(): void {
    const f = this.fingers();
    if (!f) return;
    this.dragging = false;
    this.pinch = { dist: f.dist, zoom: this.viewZoom, world: worldAt(this.view(), f.mid.x, f.mid.y) };
    if (this.following) this.onFollow(null);
  }

  /** Two fingers: zoom by how far apart they are, and keep the map point between them under them. */
  private movePinch(): void {
    const f = this.fingers();
    if (!this.pinch || !f) return;
    const cam = this.scene.cameras.main;
    this.applyZoom(this.pinch.zoom * (f.dist / this.pinch.dist));
    // Put pinch.world under the fingers' midpoint: scroll = world − (mid − half)/zoom − half.
    cam.setScroll(this.pinch.world.x - (f.mid.x - cam.width / 2) / cam.zoom - cam.width / 2, this.pinch.world.y - (f.mid.y - cam.height / 2) / cam.zoom - cam.height / 2);
    this.clamp();
  }
}
