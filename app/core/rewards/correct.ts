// The rewards whose value depends on whether the answer is right read it through the user's
// correctness signal (`ctx.correctness`, EM by default), or, for a paper that judges with an LLM,
// the configured judge when the user chose none; each says which signal it used.
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
  /** Set when the paper decides with an LLM judge and this verdict is not one: what it is instead. */
  notPapers?: string;
}

/**
 * The note beside a number whose paper decides correctness with an LLM judge (Learning When to
 * Search §4.1, appendix B.4) when `signal` is not one: "16 June 1874" against gold "June 16, 1874"
 * is wrong by EM and right by the judge, which moves the stage-2 reward by 2 − β·RC.
 */
export function notThePapersJudge(signal: string): string {
  return `correct by ${signal}, not the paper’s LLM judge (Learning When to Search §4.1, appendix B.4)`;
}

/**
 * The correctness a reward reads. `paperJudges`: the reward's paper decides with an LLM judge
 * (When-to-Search §4.1, appendix B.4), so when the user chose no signal and a judge is configured
 * its cached verdict is the default, labelled as the paper's; an answer it has not judged yet
 * falls back to EM, saying so.
 */
export function rewardCorrectness(t: Trajectory, ctx: RewardContext, paperJudges = false): RewardCorrectness {
  if (paperJudges && ctx.judge && ctx.correctnessChosen !== true) {
    const verdict = answerCorrect(t, ctx.judge);
    if (verdict !== null)
      return {
        correct: verdict,
        signal: `${correctnessLabel(ctx.judge)} (the paper’s signal, §4.1; default for this reward)`,
        missing: '',
      };
    return {
      correct: answerCorrect(t, EM_CORRECTNESS),
      signal: 'EM (the LLM judge, the paper’s signal, has not judged this answer)',
      missing: 'this trajectory has no gold answer',
      notPapers: notThePapersJudge('EM'),
    };
  }
  const c = ctx.correctness ?? EM_CORRECTNESS;
  const signal = correctnessLabel(c);
  const missing =
    c.signal === 'llm-judge'
      ? 'correctness is the LLM judge, which has not judged this answer yet (judge it, or choose another signal)'
      : `correctness is ${signal}, which this trajectory carries no verdict for`;
  return {
    correct: answerCorrect(t, c),
    signal,
    missing,
    ...(paperJudges && c.signal !== 'llm-judge' ? { notPapers: notThePapersJudge(signal) } : {}),
  };
}
