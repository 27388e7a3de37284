import { describe, expect, it } from 'vitest';
import { questionNeeds } from './question-needs';
import { answerReading, coverage, patternReading } from './verdict-basis';

describe('verdict basis', () => {
  it('names the pattern a question was read by', () => {
    expect(patternReading(questionNeeds('Where was the director of film Jaws born?')).reading).toBe(
      'a bridge question: the director, then its birthplace',
    );
    expect(patternReading(questionNeeds('Who is the maternal grandfather of John Woodville?')).reading).toBe(
      'a bridge question: the mother, then its father',
    );
    expect(answerReading('unlinked').basis).toBe('fallback');
    expect(answerReading('named').basis).toBe('answer-linked');
  });

  it('coverage: the share of judged records read by structure or pattern', () => {
    const c = coverage(['question-pattern', 'question-set', 'answer-linked', 'fallback', 'not-judged']);
    expect(c.records).toBe(5);
    expect(c.by_basis).toEqual({
      'question-set': 1,
      'question-pattern': 1,
      'answer-linked': 1,
      fallback: 1,
      'not-judged': 1,
    });
    expect(c.understood).toBe(0.5);
    expect(c.linked).toBe(0.75);
    expect(coverage(['not-judged']).understood).toBeNull();
  });
});
