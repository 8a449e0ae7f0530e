/** What the page's lazy model-client chunk holds (modelClient.ts loads it). */
export { LlmClient, probeEndpoint } from './client';
export { LlmBrain } from './llmBrain';
export { loadPromptsBrowser } from './promptsBrowser';
