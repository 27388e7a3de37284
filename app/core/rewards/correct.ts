// The rewards whose value depends on whether the answer is right read it through the user's
// correctness signal (`ctx.correctness`, EM by default), and say which signal they used.
import { answerCorrect, correctnessLabel, EM_CORRECTNESS } from '../judge/correctness';
import type { Trajectory } from '../schema/trajectory';
import type { RewardContext } from './types';

export interface RewardCorrectness {
  /** null: the signal has no verdict on this answer yet (see `missing`). */
  correct: boolean | null;
  /** The signal's label, shown in the formula and inputs ("EM", "LLM judge · model"). */
  signal: string;
  /** Why `correct` is null. */
  missing: string;
}

export function rewardCorrectness(t: Trajectory, ctx: RewardContext): RewardCorrectness {
  const c = ctx.correctness ?? EM_CORRECTNESS;
  const signal = correctnessLabel(c);
  const missing =
    c.signal === 'llm-judge'
      ? 'correctness is the LLM judge, which has not judged this answer yet (judge it, or choose another signal)'
      : `correctness is ${signal}, which this trajectory carries no verdict for`;
  return { correct: answerCorrect(t, c), signal, missing };
}
