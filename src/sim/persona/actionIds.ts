/** The action layer's vocabularies, in a leaf module so anything may import them. */

/** Every action an agent may take: the whole vocabulary of state changes (see registry.ts). */
export const ACTION_IDS = ['WAKE_UP', 'SLEEP', 'EAT', 'CHECK_IN', 'WORK', 'STUDY', 'BUY', 'GO_TO', 'GO_HOME', 'USE_OBJECT', 'CHAT', 'WAIT', 'IDLE', 'WALK'] as const;
export type ActionId = (typeof ACTION_IDS)[number];

export const SCENE_IDS = ['MORNING', 'WORK', 'SCHOOL', 'HOME', 'TOWN', 'EVENING', 'NIGHT'] as const;
export type SceneId = (typeof SCENE_IDS)[number];
