import { describe, expect, it } from 'vitest';
import { llmJudgeCorrectness, trajectoryJudgeKey } from '../judge/correctness';
import { DEFAULT_JUDGE_PROMPT } from '../judge/judge-prompt';
import { categorize, correctUnder, fourCategories, pairByQuestion } from './four-categories';
import { traj } from '../../testing/reward-fakes';

describe('four categories (retrieval helped / hurt)', () => {
  it('maps the two verdicts to the four cells', () => {
    expect(categorize(true, true)).toBe('both-right');
    expect(categorize(true, false)).toBe('helped');
    expect(categorize(false, true)).toBe('hurt');
    expect(categorize(false, false)).toBe('both-wrong');
  });

  it('counts questions per cell and keeps each question’s category', () => {
    const r = fourCategories([
      { question: 'q1', withRetrieval: true, withoutRetrieval: true },
      { question: 'q2', withRetrieval: true, withoutRetrieval: false },
      { question: 'q3', withRetrieval: true, withoutRetrieval: false },
      { question: 'q4', withRetrieval: false, withoutRetrieval: true },
      { question: 'q5', withRetrieval: false, withoutRetrieval: false },
    ]);
    expect(r.counts).toEqual({ 'both-right': 1, helped: 2, hurt: 1, 'both-wrong': 1 });
    expect(r.total).toBe(5);
    expect(r.perQuestion[3]).toEqual({ question: 'q4', category: 'hurt' });
    expect(fourCategories([]).counts).toEqual({ 'both-right': 0, helped: 0, hurt: 0, 'both-wrong': 0 });
  });

  it('pairs two runs by normalized question and judges each by EM', () => {
    const gold = { answers: ['Paris'] };
    const withR = [
      traj([], { question: 'Capital of France?', gold, answer: 'Paris' }),
      traj([], { question: 'Only here?', gold, answer: 'Paris' }),
    ];
    const withoutR = [
      traj([], { question: 'capital of  france', gold, answer: 'Lyon' }),
      traj([], { question: 'Only there?', gold }),
    ];
    const { pairs, unmatched } = pairByQuestion(withR, withoutR);
    expect(pairs).toEqual([{ question: 'Capital of France?', withRetrieval: true, withoutRetrieval: false }]);
    expect(unmatched).toEqual(['Only here?', 'Only there?']);
    expect(fourCategories(pairs).counts.helped).toBe(1);
  });
});

describe('four categories under the correctness signal (the paper judges with an LLM, §4.1)', () => {
  // Learning When to Search, Table 6: with retrieval the answer is the right date in another form.
  const gold = { answers: ['June 16, 1874'] };
  const question = "When Lavinia Norcross Dickinson's father died ?";
  const withR = [traj([], { question, gold, answer: '16 June 1874' })];
  const withoutR = [traj([], { question, gold, answer: 'July 4, 1887' })];
  const judge = { model: 'judge', prompt: DEFAULT_JUDGE_PROMPT };

  it('EM puts the question in both-wrong; the LLM judge moves it to helped', () => {
    expect(fourCategories(pairByQuestion(withR, withoutR).pairs).perQuestion[0]?.category).toBe('both-wrong');
    const verdicts = new Map([
      [trajectoryJudgeKey(withR[0]!, judge)!, true],
      [trajectoryJudgeKey(withoutR[0]!, judge)!, false],
    ]);
    const judged = pairByQuestion(withR, withoutR, correctUnder(llmJudgeCorrectness(verdicts, judge)));
    expect(fourCategories(judged.pairs).perQuestion[0]?.category).toBe('helped');
  });

  it('a question without a verdict on both sides is unjudged, not counted as wrong', () => {
    const verdicts = new Map([[trajectoryJudgeKey(withR[0]!, judge)!, true]]);
    const r = pairByQuestion(withR, withoutR, correctUnder(llmJudgeCorrectness(verdicts, judge)));
    expect(r.pairs).toEqual([]);
    expect(r.unjudged).toEqual([question]);
  });
});
