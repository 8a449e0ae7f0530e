import Phaser from 'phaser';
import type { PersonaFrame } from '../sim/simulation';
import { characterKey } from './assets';
import { pixelRatio } from './pixelRatio';
import type { LabelBox } from './labelLayout';

const LABEL_Y = 2;
/**
 * Names are drawn over every persona (a neighbour's emoji bubble hid them at the party), under the
 * map's upper layers (100 000); spoken lines over everything, so no emoji lands on their words.
 */
const LABEL_DEPTH = 60_000;
const SPEECH_DEPTH = 200_000;
/** A speech bubble's bottom over the head, in map px from the feet (above the emoji bubble). */
const SPEECH_BOTTOM = -62;
const DIRS = ['down', 'left', 'right', 'up'] as const;
type Dir = (typeof DIRS)[number];

/** Walk animations for one sprite sheet: rows down/left/right/up, columns step A / stand / step B. */
function ensureAnimations(scene: Phaser.Scene, sprite: string): void {
  const key = characterKey(sprite);
  DIRS.forEach((dir, row) => {
    const anim = `${key}:walk-${dir}`;
    if (scene.anims.exists(anim)) return;
    scene.anims.create({
      key: anim,
      frames: scene.anims.generateFrameNumbers(key, { frames: [row * 3, row * 3 + 1, row * 3 + 2, row * 3 + 1] }),
      frameRate: 8,
      repeat: -1,
    });
  });
}

/**
 * A persona on screen: sprite, name label and the emoji bubble over its head. It only reads
 * PersonaFrames; it glides between tiles with a walk animation facing the way it moves.
 */
export class PersonaSprite {
  readonly container: Phaser.GameObjects.Container;
  readonly sprite: Phaser.GameObjects.Sprite;
  private readonly label: Phaser.GameObjects.Text;
  private readonly bubble: Phaser.GameObjects.Text;
  private readonly bubbleBg: Phaser.GameObjects.Graphics;
  private tween: Phaser.Tweens.Tween | null = null;
  private dir: Dir = 'down';
  private tileX: number;
  private tileY: number;
  private emoji = '';
  frame: PersonaFrame;

  constructor(
    private readonly scene: Phaser.Scene,
    readonly spriteName: string,
    frame: PersonaFrame,
    private readonly tileSize: number,
  ) {
    this.frame = frame;
    this.tileX = frame.tile.x;
    this.tileY = frame.tile.y;
    ensureAnimations(scene, spriteName);
    const key = characterKey(spriteName);
    this.sprite = scene.add.sprite(0, 0, key, 1).setOrigin(0.5, 1);
    // Text is rasterised at twice the screen's pixel ratio and sampled smoothly, so names and emoji
    // stay sharp on 2× screens and when zoomed in (the map's tiles are drawn pixel by pixel).
    const resolution = 2 * pixelRatio();
    this.label = scene.add
      .text(0, LABEL_Y, frame.name.split(' ')[0] ?? frame.name, { fontFamily: 'system-ui, sans-serif', fontSize: '11px', color: '#ffffff', stroke: '#1d1a2b', strokeThickness: 3, resolution })
      .setOrigin(0.5, 0)
      .setDepth(LABEL_DEPTH);
    this.bubbleBg = scene.add.graphics();
    this.bubble = scene.add
      .text(0, -44, '', { fontFamily: '"Noto Color Emoji", "Apple Color Emoji", "Segoe UI Emoji", sans-serif', fontSize: '16px', resolution, padding: { x: 2, y: 2 } })
      .setOrigin(0.5, 0.5);
    this.label.texture.setFilter(Phaser.Textures.FilterMode.LINEAR);
    this.bubble.texture.setFilter(Phaser.Textures.FilterMode.LINEAR);
    this.container = scene.add.container(this.pixelX(this.tileX), this.pixelY(this.tileY), [this.bubbleBg, this.sprite, this.bubble]);
    this.label.setPosition(this.container.x, this.container.y + LABEL_Y);
    this.container.setSize(tileSize, tileSize * 1.5);
    this.container.setDepth(10 + this.tileY);
    this.setEmoji(frame.emoji);
  }

  private pixelX(x: number): number {
    return x * this.tileSize + this.tileSize / 2;
  }
  private pixelY(y: number): number {
    return (y + 1) * this.tileSize - 2;
  }

  thinking = false;

  private setEmoji(emoji: string): void {
    const shown = this.thinking ? '💭' : this.frame.chattingWith ? '💬' : emoji;
    if (shown === this.emoji) return;
    this.emoji = shown;
    this.bubble.setText(shown);
    this.bubbleBg.clear();
    if (!shown) return;
    const w = Math.max(24, this.bubble.width + 6);
    this.bubbleBg.fillStyle(0xffffff, 0.92).fillRoundedRect(-w / 2, -56, w, 24, 8);
    this.bubbleBg.fillTriangle(-4, -33, 4, -33, 0, -28);
    this.bubbleBg.lineStyle(1, 0x3a3350, 0.6).strokeRoundedRect(-w / 2, -56, w, 24, 8);
  }

  /** Show a new frame; `glideMs` is how long the move to a new tile takes. */
  /** Show 💭 while the persona waits on the model. */
  setThinking(on: boolean): void {
    if (on === this.thinking) return;
    this.thinking = on;
    this.setEmoji(this.frame.emoji);
  }

  update(frame: PersonaFrame, glideMs: number): void {
    this.frame = frame;
    this.setEmoji(frame.emoji);
    const { x, y } = frame.tile;
    if (x === this.tileX && y === this.tileY) return;
    const dx = x - this.tileX;
    const dy = y - this.tileY;
    this.dir = Math.abs(dx) > Math.abs(dy) ? (dx > 0 ? 'right' : 'left') : dy > 0 ? 'down' : 'up';
    this.tileX = x;
    this.tileY = y;
    this.tween?.stop();
    const far = Math.abs(dx) + Math.abs(dy) > 1;
    this.sprite.anims.play(`${characterKey(this.spriteName)}:walk-${this.dir}`, true);
    this.container.setDepth(10 + y);
    if (far || glideMs <= 0) {
      this.container.setPosition(this.pixelX(x), this.pixelY(y));
      this.idle();
      return;
    }
    this.tween = this.scene.tweens.add({
      targets: this.container,
      x: this.pixelX(x),
      y: this.pixelY(y),
      duration: glideMs,
      onComplete: () => {
        this.tween = null;
      },
    });
  }

  private speech: Phaser.GameObjects.Text | null = null;
  /** Where the speech bubble's top sits over the head (map px from the feet), before it is moved to stay in view. */
  private speechTop(): number {
    return SPEECH_BOTTOM - (this.speech?.height ?? 0);
  }
  private speechTimer: Phaser.Time.TimerEvent | null = null;

  /** A spoken line over the head for `ms` (a Phaser text: a person's or a model's words are never markup). */
  say(text: string, ms: number): void {
    const line = text.length > 120 ? `${text.slice(0, 117)}…` : text;
    if (!this.speech) {
      this.speech = this.scene.add
        .text(0, 0, '', { fontFamily: 'system-ui, sans-serif', fontSize: '11px', color: '#241f33', backgroundColor: '#fffdf6', padding: { x: 5, y: 3 }, wordWrap: { width: 170 }, resolution: 2 })
        .setOrigin(0.5, 0)
        .setDepth(SPEECH_DEPTH);
    }
    this.speech.setText(line).setVisible(this.container.visible);
    this.speech.setPosition(this.container.x, this.container.y + this.speechTop());
    this.container.setDepth(50_000 + this.tileY);
    this.speechTimer?.remove();
    this.speechTimer = this.scene.time.delayedCall(ms, () => this.hush());
  }

  /** Take the spoken line down. */
  hush(): void {
    this.speechTimer?.remove();
    this.speechTimer = null;
    this.speech?.setVisible(false);
    this.container.setDepth(10 + this.tileY);
  }

  get speaking(): string | null {
    return this.speech?.visible ? this.speech.text : null;
  }

  /** The shown speech bubble in map px (x its speaker's centre; the bubble's bottom over the head, its top under the name), or null. */
  speechSpot(): { cx: number; w: number; h: number; aboveBottom: number; belowTop: number } | null {
    const s = this.speech;
    if (!s?.visible) return null;
    return { cx: this.container.x, w: s.width, h: s.height, aboveBottom: this.container.y + SPEECH_BOTTOM, belowTop: this.label.y + this.label.height + 2 };
  }

  /** The bubble where it is now, in map px (for tests). */
  speechShown(): { left: number; top: number; w: number; h: number } | null {
    const s = this.speech;
    return s?.visible ? { left: s.x - s.width / 2, top: s.y, w: s.width, h: s.height } : null;
  }

  /** Put the bubble's centre and top at these map px (src/game/labelLayout.ts placeBubble keeps it in view). */
  placeSpeech(cx: number, top: number): void {
    this.speech?.setPosition(cx, top);
  }

  /** Stop walking when the sprite has not moved for a while. */
  idle(): void {
    if (this.tween) return;
    this.sprite.anims.stop();
    this.sprite.setFrame(DIRS.indexOf(this.dir) * 3 + 1);
  }

  /** The name label's box in map pixels (x its centre, y its top, before any offset). */
  labelBox(): LabelBox {
    return { id: this.frame.id, x: this.container.x, y: this.container.y + LABEL_Y, w: this.label.width, h: this.label.height };
  }

  /** Where the label is now (with its offset), for tests. */
  labelShown(): LabelBox {
    return { id: this.frame.id, x: this.label.x, y: this.label.y, w: this.label.width, h: this.label.height };
  }

  /** Put the label under the feet, moved down by dy map pixels (to keep it off a neighbour's, src/game/labelLayout.ts); every frame, as the persona glides. */
  setLabelOffset(dy: number): void {
    this.label.setPosition(this.container.x, this.container.y + LABEL_Y + dy);
  }

  /** Show or hide the persona with its name and line (a replay without it). */
  setShown(on: boolean): void {
    this.container.setVisible(on);
    this.label.setVisible(on);
    if (!on) this.speech?.setVisible(false);
    else if (this.speechTimer) this.speech?.setVisible(true);
  }

  get shown(): boolean {
    return this.container.visible;
  }

  destroy(): void {
    this.speechTimer?.remove();
    this.container.destroy();
    this.label.destroy();
    this.speech?.destroy();
  }

  get x(): number {
    return this.container.x;
  }
  get y(): number {
    return this.container.y;
  }
}
