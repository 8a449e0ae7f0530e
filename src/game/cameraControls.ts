import Phaser from 'phaser';

export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 3;

/** Drag to pan, wheel to zoom (around the pointer), click to pick (the inspector), double-click a persona to follow it, drag to stop following. */
export class CameraControls {
  private dragging = false;
  private dragStart = { x: 0, y: 0, scrollX: 0, scrollY: 0 };
  private lastClick = 0;
  private following: Phaser.GameObjects.Container | null = null;

  constructor(
    private readonly scene: Phaser.Scene,
    mapWidth: number,
    mapHeight: number,
    private readonly onFollow: (id: string | null) => void,
    private readonly personaAt: () => string | null,
    private readonly onClick: (id: string | null) => void = () => {},
  ) {
    const cam = scene.cameras.main;
    cam.setBounds(-mapWidth / 2, -mapHeight / 2, mapWidth * 2, mapHeight * 2);
    cam.setBackgroundColor('#2b2a3a');
    cam.setZoom(1);
    const input = scene.input;
    input.on('pointerdown', (p: Phaser.Input.Pointer) => {
      const now = p.downTime;
      if (now - this.lastClick < 350) {
        const id = this.personaAt();
        if (id) this.onFollow(id);
      }
      this.lastClick = now;
      this.dragging = true;
      this.dragStart = { x: p.x, y: p.y, scrollX: cam.scrollX, scrollY: cam.scrollY };
    });
    input.on('pointerup', (p: Phaser.Input.Pointer) => {
      // A click (not the end of a drag) picks the persona under the pointer.
      if (this.dragging && Math.abs(p.x - this.dragStart.x) + Math.abs(p.y - this.dragStart.y) < 4) this.onClick(this.personaAt());
      this.dragging = false;
    });
    input.on('pointermove', (p: Phaser.Input.Pointer) => {
      if (!this.dragging || !p.isDown) return;
      const dx = p.x - this.dragStart.x;
      const dy = p.y - this.dragStart.y;
      if (Math.abs(dx) + Math.abs(dy) < 4) return;
      if (this.following) this.onFollow(null);
      cam.setScroll(this.dragStart.scrollX - dx / cam.zoom, this.dragStart.scrollY - dy / cam.zoom);
    });
    input.on('wheel', (p: Phaser.Input.Pointer, _o: unknown, _dx: number, dy: number) => {
      const before = cam.getWorldPoint(p.x, p.y);
      const zoom = Phaser.Math.Clamp(cam.zoom * (dy > 0 ? 0.9 : 1.1), MIN_ZOOM, MAX_ZOOM);
      cam.setZoom(zoom);
      const after = cam.getWorldPoint(p.x, p.y);
      cam.scrollX += before.x - after.x;
      cam.scrollY += before.y - after.y;
    });
  }

  follow(target: Phaser.GameObjects.Container | null): void {
    if (target === this.following) return;
    this.following = target;
    const cam = this.scene.cameras.main;
    if (target) cam.startFollow(target, true, 0.15, 0.15);
    else cam.stopFollow();
  }
}
