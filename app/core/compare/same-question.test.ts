import { describe, expect, it } from 'vitest';
import { runsOfQuestion } from './same-question';

describe('runsOfQuestion', () => {
  const rows = [
    { id: 'a', question: 'Who was president of the United States in the year that Citibank was founded?' },
    { id: 'b', question: 'who was president of the united states in the year that citibank was founded' },
    { id: 'c', question: 'When was Citibank founded?' },
    { id: 'd', question: `${'x'.repeat(600)} long` },
  ];

  it('matches by normalized question text, in row order', () => {
    expect(
      runsOfQuestion(rows, 'Who was President of the United States in the year that Citibank was founded?'),
    ).toEqual(['a', 'b']);
  });

  it('compares the prefix the table keeps, so a long question still finds its own row', () => {
    expect(runsOfQuestion(rows, `${'x'.repeat(600)} long, longer`)).toEqual(['d']);
  });

  it('finds nothing for a blank question', () => {
    expect(runsOfQuestion(rows, ' ? ')).toEqual([]);
  });
});
