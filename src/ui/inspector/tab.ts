import type { HamletStore } from '../../store/store';
import type { InspectorSource, PersonaView } from '../../app/readModel/types';

export type TabId = 'now' | 'day' | 'memory' | 'thoughts' | 'chats' | 'brain' | 'talk';

/** What a tab gets on each refresh. */
export interface TabContext {
  source: InspectorSource;
  persona: PersonaView;
  /** Game time now (ms). */
  now: number;
  step: number;
  store: HamletStore;
  /** Switch tabs, optionally to a memory node (evidence links). */
  goTo(tab: TabId, nodeId?: number): void;
}

export interface Tab {
  id: TabId;
  label: string;
  el: HTMLElement;
  /** Live only (hidden in replay mode). */
  liveOnly?: boolean;
  /** Redraw from the source; called a few times a second while the tab is shown. */
  refresh(ctx: TabContext): void;
  /** The persona changed: drop per-persona state. */
  reset?(): void;
  /** Show a memory node (Memory tab). */
  focusNode?(id: number): void;
}
