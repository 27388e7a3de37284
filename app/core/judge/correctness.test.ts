import { describe, expect, it } from 'vitest';
import { traj } from '../../testing/reward-fakes';
import { DEFAULT_JUDGE_PROMPT } from './judge-prompt';
import {
  answerCorrect,
  correctnessLabel,
  judgeKey,
  llmJudgeCorrectness,
  trajectoryJudgeKey,
} from './correctness';

// The paper's own example (Learning When to Search, Table 6): EM calls it wrong, a judge right.
const Q = "When Lavinia Norcross Dickinson's father died ?";
const dated = traj([{ kind: 'answer', text: '16 June 1874' }], {
  question: Q,
  gold: { answers: ['June 16, 1874'] },
  answer: '16 June 1874',
});
const JUDGE = { model: 'http://judge/v1|qwen3', prompt: DEFAULT_JUDGE_PROMPT };

describe('answerCorrect under each signal', () => {
  it('EM and non-strict EM read the computed scores', () => {
    expect(answerCorrect(dated, { signal: 'em' })).toBe(false);
    expect(answerCorrect(dated, { signal: 'acc' })).toBe(false);
    const covers = traj([], { gold: { answers: ['Paris'] }, answer: 'It is Paris' });
    expect(answerCorrect(covers, { signal: 'em' })).toBe(false);
    expect(answerCorrect(covers, { signal: 'acc' })).toBe(true);
  });

  it("the log's judge: its verdict, null on a log without one", () => {
    expect(answerCorrect(dated, { signal: 'log-judge' })).toBeNull();
    const judged = { ...dated, reported: { judge: true } };
    expect(answerCorrect(judged, { signal: 'log-judge' })).toBe(true);
  });

  it('the LLM judge: the cached verdict under this judge, null before judging', () => {
    const key = trajectoryJudgeKey(dated, JUDGE)!;
    const c = llmJudgeCorrectness(new Map([[key, true]]), JUDGE);
    expect(answerCorrect(dated, c)).toBe(true);
    expect(answerCorrect(dated, llmJudgeCorrectness(new Map(), JUDGE))).toBeNull();
    // Another judge model's verdict is not this one's.
    const other = llmJudgeCorrectness(new Map([[key, true]]), { ...JUDGE, model: 'other' });
    expect(answerCorrect(dated, other)).toBeNull();
  });

  it('no gold: null; no answer: wrong under every signal', () => {
    expect(answerCorrect(traj([], { answer: 'x' }), { signal: 'em' })).toBeNull();
    const silent = traj([], { gold: { answers: ['Paris'] } });
    for (const signal of ['em', 'acc', 'log-judge'] as const)
      expect(answerCorrect(silent, { signal })).toBe(false);
    expect(answerCorrect(silent, llmJudgeCorrectness(new Map(), JUDGE))).toBe(false);
  });

  it('labels name the signal and the judge model', () => {
    expect(correctnessLabel({ signal: 'em' })).toBe('EM');
    expect(correctnessLabel(llmJudgeCorrectness(new Map(), JUDGE))).toBe('LLM judge · http://judge/v1|qwen3');
  });
});

describe('judgeKey: cached per (question, answer, gold, judge model)', () => {
  const base = { question: Q, answer: '16 June 1874', golds: ['June 16, 1874'], ...JUDGE };
  it('differs when any part differs, including the prompt', () => {
    const k = judgeKey(base);
    expect(judgeKey({ ...base, question: `${Q} (2)` })).not.toBe(k);
    expect(judgeKey({ ...base, answer: '1874' })).not.toBe(k);
    expect(judgeKey({ ...base, golds: ['1874'] })).not.toBe(k);
    expect(judgeKey({ ...base, model: 'other' })).not.toBe(k);
    expect(judgeKey({ ...base, prompt: 'YES or NO: {prediction} {references}' })).not.toBe(k);
  });
  it('the same question typed with other case or spacing shares the verdict', () => {
    expect(judgeKey({ ...base, question: `  ${Q.toUpperCase()}` })).toBe(judgeKey(base));
  });
});
