import { VALENTINE_PARTY } from '../sim/scenario/party';
import { defined } from '../sim/checked';
import type { ExperimentConfig, WhisperSpec } from './config';

/** What a scenario does to the town and what it watches for. */
export interface ScenarioPlan {
  start: string;
  /** The whisper that starts the news (none for the interviews scenario). */
  whisper: { to: string; text: string; at: number } | null;
  /** Words that mark the news in talk. */
  topic: RegExp;
  /** A gathering to watch (the party): where and when. */
  event: { sector: string; start: number; end: number } | null;
  /** The election's candidate, asked about in the voting question. */
  candidate: string | null;
}

/** Where the news starts: the whispered resident, or the candidate whose persona file holds it. */
export function sourceOf(plan: ScenarioPlan): string | null {
  return plan.whisper?.to ?? plan.candidate;
}

const START = '2023-02-13T00:00:00';

/**
 * The paper's election (§7.1): Sam Moore's candidacy was seeded in his description. Ours is Ada
 * Quinn's, seeded in her persona file (running for mayor against Walter Brooks): no whisper, and the
 * words that mark talk of the election.
 */
const ELECTION = { candidate: 'ada-quinn', topic: ['election', 'campaign', 'candidate', 'candidacy', 'running for mayor', 'mayoral', 'vote for', 'debate'] };

function topicRegex(words: readonly string[]): RegExp {
  return new RegExp(`\\b(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})`, 'i');
}

function whisperOf(w: WhisperSpec, fallbackAt: string): { to: string; text: string; at: number } {
  return { to: w.to, text: w.text, at: Date.parse(`${w.at ?? fallbackAt}Z`) };
}

export function scenarioPlan(c: ExperimentConfig): ScenarioPlan {
  const P = VALENTINE_PARTY;
  switch (c.scenario) {
    case 'party':
      return {
        start: P.start,
        whisper: whisperOf(c.whisper ?? { to: P.host, text: P.whisper, topic: ['valentine'] }, P.whisperAt),
        topic: c.whisper ? topicRegex(c.whisper.topic) : P.topic,
        event: { sector: P.sector, start: P.partyStart, end: P.partyEnd },
        candidate: null,
      };
    case 'election':
      // A whispered candidacy instead, when the config gives one (its resident is the candidate).
      if (c.whisper) return { start: START, whisper: whisperOf(c.whisper, '2023-02-13T08:00:00'), topic: topicRegex(c.whisper.topic), event: null, candidate: c.whisper.to };
      return { start: START, whisper: null, topic: topicRegex(ELECTION.topic), event: null, candidate: ELECTION.candidate };
    case 'diffusion': {
      const w = defined(c.whisper, 'the diffusion scenario\'s whisper (checked with the config)');
      return { start: START, whisper: whisperOf(w, '2023-02-13T08:00:00'), topic: topicRegex(w.topic), event: null, candidate: null };
    }
    case 'interviews':
      return { start: START, whisper: null, topic: /$^/, event: null, candidate: null };
  }
}
