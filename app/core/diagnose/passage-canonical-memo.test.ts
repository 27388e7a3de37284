// Passages read for a date or number go through canonicalAnswer without its shared memo: many long
// passages would otherwise empty it and push out the gold aliases read against each of them.
import { describe, expect, it } from 'vitest';
import { canonicalAnswer } from '../metrics/answer-forms';
import { statedAnswer } from './passage-match';

describe('statedAnswer on long passages', () => {
  it('leaves the gold alias in canonicalAnswer’s memo', () => {
    const gold = '11 February 1650';
    const before = canonicalAnswer(gold);
    // 20 passages of 60,000 characters: each short enough for the memo to hold, 1.2M in all.
    for (let i = 0; i < 20; i++) {
      const text = `${'The treaty was signed in the spring. '.repeat(1620)}Passage ${i}.`;
      expect(statedAnswer({ id: `p${i}`, rank: 1, title: `Page ${i}`, text }, [gold])).toBeNull();
    }
    expect(canonicalAnswer(gold)).toBe(before);
  });

  it('still reads a date written another way in a passage', () => {
    const doc = {
      id: 'd',
      rank: 1,
      title: 'Descartes',
      text: 'Descartes died on February 11, 1650, in Stockholm.',
    };
    expect(statedAnswer(doc, ['11 February 1650'])).toBe('11 February 1650');
  });
});
