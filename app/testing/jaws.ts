// "Who directed Jaws?" as a Search-R1 record that carries no gold: the case where the gold comes
// from a question set joined later (the table's rows, the trajectory worker's view).
import { buildTrajectory, type StepInput } from '../core/schema/builder';
import type { Doc, Gold, Trajectory } from '../core/schema/trajectory';
import { doc, traj } from './reward-fakes';

/** One search, its document, the answer; `repeatSearch` asks the same query again before answering. */
export function jawsWithoutGold({ repeatSearch = false }: { repeatSearch?: boolean } = {}): Trajectory {
  const search = { type: 'step' as const, step: { kind: 'search' as const, queries: ['Jaws director'] } };
  return buildTrajectory([
    {
      type: 'start',
      id: 'nogold',
      question: 'Who directed Jaws?',
      source: { kind: 'import', file: 'log.jsonl', line: 1 },
      agent: { strategy: 'search-r1', params: {} },
    },
    search,
    {
      type: 'step',
      step: {
        kind: 'retrieve',
        docs: [{ id: 'd1', title: 'Jaws (film)', text: 'Jaws was directed by Steven Spielberg.', rank: 1 }],
      },
    },
    ...(repeatSearch ? [search] : []),
    { type: 'answer', text: 'Steven Spielberg' },
  ]);
}

/**
 * Two searches that each find the director's page, then the answer: the second search is redundant.
 * `withGold` gives the record its own gold; without it, a question set must bring it.
 */
export function jawsSearchedTwice({ withGold }: { withGold: boolean }): Trajectory {
  return traj(
    [
      {
        kind: 'search',
        queries: ['Jaws director'],
        docs: [doc('j', 'Jaws (film)', 'Jaws was directed by Steven Spielberg.')],
      },
      {
        kind: 'search',
        queries: ['who directed Jaws'],
        docs: [doc('k', 'Jaws (film)', 'Jaws was directed by Steven Spielberg.')],
      },
    ],
    {
      question: 'Who directed Jaws?',
      ...(withGold ? { gold: { answers: ['Steven Spielberg'] } } : {}),
      answer: 'Steven Spielberg',
    },
  );
}

/** "When was the director of Jaws born?": a two-hop question, its gold and the passage of each hop. */
export const JAWS_BORN_Q = 'When was the director of Jaws born?';
export const JAWS_BORN_GOLD: Gold = { answers: ['December 18, 1946'] };
export const JAWS_DOC = doc('j', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
export const SPIELBERG_DOC = doc(
  's',
  'Steven Spielberg',
  'Steven Allan Spielberg (born 18 December 1946) is an American filmmaker.',
);

/** A search step with the passages it brought back. */
export const searchStep = (q: string, docs: Doc[]): StepInput => ({ kind: 'search', queries: [q], docs });
