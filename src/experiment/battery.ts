import type { Persona } from '../sim/persona/persona';

/** The paper's interview categories (Park et al. 2023, §6.1): five questions each. */
export const CATEGORIES = ['self-knowledge', 'memory', 'plans', 'reactions', 'reflections'] as const;
export type Category = (typeof CATEGORIES)[number];

/** What a check may know about the town at the end of a run (facts from the town's records). */
interface KnownFacts {
  /** Did this persona hear the scenario's news (from the spread tracker)? null: no news in this scenario. */
  heardNews: boolean | null;
  topic: RegExp;
  /** Someone this persona knows from its persona file, and who that is to it. */
  acquaintance: { name: string; firstName: string; occupation: string | null } | null;
}

interface BatteryQuestion {
  category: Category;
  text: string;
  /** An offline check of a known fact: true when the answer holds it, null when nothing is checked. */
  check: (answer: string) => boolean | null;
}

const has = (answer: string, word: string | null | undefined) => !!word && new RegExp(`\\b${word.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`, 'i').test(answer);

/** The 25 questions for one persona; the memory questions name someone it knows and the scenario's news. */
export function batteryFor(p: Persona, facts: KnownFacts, newsQuestion: string): BatteryQuestion[] {
  const s = p.spec;
  const job = s.occupation?.title ?? null;
  const a = facts.acquaintance;
  const q = (category: Category, text: string, check: (answer: string) => boolean | null = () => null): BatteryQuestion => ({ category, text, check });
  return [
    q('self-knowledge', 'Give an introduction of yourself.', (ans) => has(ans, s.firstName) || has(ans, job)),
    q('self-knowledge', 'What is your occupation?', (ans) => (job ? has(ans, job) || has(ans, job.split(' ').at(-1)) : null)),
    q('self-knowledge', 'How would you describe your personality?'),
    q('self-knowledge', 'Where do you live?'),
    q('self-knowledge', 'Describe your typical weekday schedule in broad strokes.'),
    q('memory', a ? `Who is ${a.name}?` : 'Who do you know in town?', (ans) => (a ? has(ans, a.firstName) || has(ans, a.occupation) : null)),
    q('memory', newsQuestion, (ans) => (facts.heardNews === null ? null : facts.topic.test(ans) === facts.heardNews)),
    q('memory', 'Who did you talk to most recently?'),
    q('memory', 'What did you do yesterday?'),
    q('memory', 'What was the most important thing that happened to you today?'),
    q('plans', 'What will you be doing at 10 am tomorrow?'),
    q('plans', 'What will you be doing at 6 pm today?'),
    q('plans', 'What are you planning for this week?'),
    q('plans', 'When will you go to sleep tonight?'),
    q('plans', 'What is the first thing you will do tomorrow morning?'),
    q('reactions', 'Your breakfast is burning! What would you do?'),
    q('reactions', 'The bathroom is occupied. What would you do?'),
    q('reactions', 'You need to cook dinner but your refrigerator is empty. What would you do?'),
    q('reactions', 'You see your friend walking by on the street. What would you do or say to your friend?'),
    q('reactions', 'You see fire on the street. What would you do?'),
    q('reflections', 'What inspires you in life the most right now, and why?'),
    q('reflections', 'If you had to guess given what you know about yourself, what kind of person would you be a good match for?'),
    q('reflections', 'If you were to spend time with one person you met recently, who would it be and why?'),
    q('reflections', 'What have you learned about the people in town lately?'),
    q('reflections', 'What worries you most these days?'),
  ];
}
