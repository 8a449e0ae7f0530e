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
  /** The election's candidate (the whispered resident), asked about in the voting question. */
  candidate: string | null;
}

const START = '2023-02-13T00:00:00';

/** The paper's election (§7.1: Sam Moore's candidacy), with our reporter as the candidate. */
const ELECTION = {
  to: 'sam-whitaker',
  text: 'You have decided to run for mayor of Hamlet against Walter Brooks in the election on February 20. Tell everyone you meet about your candidacy and ask for their vote.',
  topic: ['election', 'candidacy', 'campaign', 'running for mayor', 'vote for'],
};

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
    case 'election': {
      const w = c.whisper ?? ELECTION;
      return { start: START, whisper: whisperOf({ ...w, at: c.whisper?.at }, '2023-02-13T08:00:00'), topic: topicRegex(w.topic), event: null, candidate: w.to };
    }
    case 'diffusion': {
      const w = defined(c.whisper, 'the diffusion scenario\'s whisper (checked with the config)');
      return { start: START, whisper: whisperOf(w, '2023-02-13T08:00:00'), topic: topicRegex(w.topic), event: null, candidate: null };
    }
    case 'interviews':
      return { start: START, whisper: null, topic: /$^/, event: null, candidate: null };
  }
}
