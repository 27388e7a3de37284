// Batch, sweep and ablation tests' data: a question of a batch, and a finished run of one
// strategy with its parameters, answer and number of searches (gold: "paris").
import { buildTrajectory, type TrajectoryEvent } from '../core/schema/builder';
import type { Trajectory } from '../core/schema/trajectory';

/** Question `qid` of a batch, gold "paris". */
export const batchQuestion = (qid: string) => ({ qid, question: `Question ${qid}?`, answers: ['paris'] });

/** A finished run of `strategy` with `params`, answering `answer` after `searches` searches. */
export function finishedRun(
  strategy: string,
  params: Record<string, unknown>,
  answer: string,
  searches: number,
): Trajectory {
  const events: TrajectoryEvent[] = [
    {
      type: 'start',
      question: 'Q?',
      source: { kind: 'live' },
      agent: { strategy, params },
      gold: { answers: ['paris'] },
    },
  ];
  for (let i = 0; i < searches; i++)
    events.push({ type: 'step', step: { kind: 'search', queries: [`q${i}`] } });
  events.push({ type: 'answer', text: answer }, { type: 'finish', reason: 'answer' });
  return buildTrajectory(events);
}
