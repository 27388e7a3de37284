import { describe, expect, it } from 'vitest';
import { DEFAULT_JUDGE_PROMPT, parseJudgeVerdict, renderJudgePrompt } from './judge-prompt';

// The verbatim instruction of "Learning When to Search", appendix B.4, as a user would paste it.
const PAPER_PROMPT =
  'You are an evaluation assistant. Your task is to determine whether the given prediction semantically ' +
  'matches any of the reference answers. This is a flexible match: even if the wording is different, if ' +
  'the meaning is the same, consider it a match. Prediction: normalized prediction Reference Answers: ' +
  'normalized golden Please answer with a single word: - YES → if the prediction expresses the same ' +
  'meaning as any of the reference answers. - NO → otherwise. Only respond with YES or NO.';

// The paper's own example (Table 6): gold June 16, 1874.
const INPUT = {
  question: "When Lavinia Norcross Dickinson's father died ?",
  prediction: '16 June 1874',
  golds: ['June 16, 1874'],
};

describe('the judge prompt (appendix B.4)', () => {
  it('carries every instruction of B.4: meaning-level match, any reference, one word YES or NO', () => {
    const p = renderJudgePrompt(DEFAULT_JUDGE_PROMPT, INPUT);
    expect(p).toMatch(/same meaning/);
    expect(p).toMatch(/at least one of the\s+reference answers/);
    expect(p).toMatch(/different wording/);
    expect(p).toMatch(/YES/);
    expect(p).toMatch(/NO/);
    expect(p).toMatch(/only YES or NO/);
  });

  it('shows the normalized prediction and normalized gold (SQuAD normalization)', () => {
    const p = renderJudgePrompt(DEFAULT_JUDGE_PROMPT, {
      ...INPUT,
      golds: ['June 16, 1874', 'The 16th of June'],
    });
    expect(p).toContain('Prediction: 16 june 1874');
    expect(p).toContain('Reference answers: june 16 1874 | 16th of june');
    expect(p).not.toContain('{');
  });

  it('a pasted verbatim prompt, which names the slots in words, still gets the answer and gold', () => {
    const p = renderJudgePrompt(PAPER_PROMPT, INPUT);
    expect(p.startsWith(PAPER_PROMPT)).toBe(true);
    expect(p).toContain('Prediction: 16 june 1874\nReference answers: june 16 1874');
  });

  it('fills {question} when a custom prompt asks for it', () => {
    const p = renderJudgePrompt('Q: {question}\nP: {prediction}\nR: {references}', INPUT);
    expect(p).toBe(`Q: ${INPUT.question}\nP: 16 june 1874\nR: june 16 1874`);
  });
});

describe('parseJudgeVerdict', () => {
  it('reads the one-word replies B.4 asks for', () => {
    expect(parseJudgeVerdict('YES')).toBe(true);
    expect(parseJudgeVerdict('NO')).toBe(false);
    expect(parseJudgeVerdict(' yes.\n')).toBe(true);
    expect(parseJudgeVerdict('No.')).toBe(false);
  });

  it('reads a reply that echoes the arrow form of the instruction', () => {
    expect(parseJudgeVerdict('YES → the prediction expresses the same meaning')).toBe(true);
    expect(parseJudgeVerdict('NO → otherwise')).toBe(false);
  });

  it("skips a reasoning model's thinking before the verdict", () => {
    expect(parseJudgeVerdict('<think>Is 16 June the same as June 16? yes, no doubt.</think>\nNO')).toBe(
      false,
    );
    expect(parseJudgeVerdict('<think>no, wait: same date</think> YES')).toBe(true);
  });

  it('null when the reply says neither, or the thought was cut off', () => {
    expect(parseJudgeVerdict('')).toBeNull();
    expect(parseJudgeVerdict('The answers match.')).toBeNull();
    expect(parseJudgeVerdict('<think>Hmm, yes it might')).toBeNull();
    // "yesterday" and "nobody" are not verdicts.
    expect(parseJudgeVerdict('yesterday nobody knew')).toBeNull();
  });
});
