import { formatAmPm } from '../clock';
import type { AgentState, DecisionRecord } from '../persona/agentState';

/** How many recent decisions go into the next decision's context (docs/action-registry.md#recent-decisions). */
export const SHORT_TERM_SIZE = 5;

export function remember(agent: AgentState, rec: DecisionRecord): void {
  agent.recent.push(rec);
  if (agent.recent.length > SHORT_TERM_SIZE) agent.recent.splice(0, agent.recent.length - SHORT_TERM_SIZE);
}

/** "9:05 am — EAT at Bramble Café: it's lunchtime", oldest first, for the decision prompt. */
export function recentLines(agent: AgentState): string[] {
  return agent.recent.map((r) => `${formatAmPm(r.time)} — ${r.action}${r.target ? ` (${r.target})` : ''}${r.source === 'default' ? ' [scene default]' : ''}: ${r.reason}`);
}
