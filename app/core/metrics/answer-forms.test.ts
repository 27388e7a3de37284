import { describe, expect, it } from 'vitest';
import { canonicalAnswer, sameValue } from './answer-forms';

describe('sameValue', () => {
  it('reads one date in its written forms', () => {
    const gold = ['10 July 1099'];
    for (const pred of [
      'July 10, 1099',
      '1099-07-10',
      'the 10th of July 1099',
      'Jul. 10th, 1099',
      'JULY 10 1099',
    ])
      expect([pred, sameValue(pred, gold)]).toEqual([pred, 'date']);
    expect(sameValue('on July 10, 1099', ['on 10 July 1099'])).toBe('date');
    expect(sameValue('September 2001', ['Sept. 2001'])).toBe('date');
  });

  it('tells different dates and granularities apart', () => {
    expect(sameValue('July 11, 1099', ['10 July 1099'])).toBeNull();
    expect(sameValue('June 10, 1099', ['10 July 1099'])).toBeNull();
    expect(sameValue('1099', ['10 July 1099'])).toBeNull();
    expect(sameValue('July 1099', ['10 July 1099'])).toBeNull();
  });

  it('reads numbers: thousands commas, number words, scales, decimals', () => {
    expect(sameValue('1,000', ['1000'])).toBe('number');
    expect(sameValue('three', ['3'])).toBe('number');
    expect(sameValue('twenty-one days', ['21 days'])).toBe('number');
    expect(sameValue('3.5 million', ['3,500,000'])).toBe('number');
    expect(sameValue('2.50', ['2.5'])).toBe('number');
    expect(sameValue('seventeen', ['17'])).toBe('number');
  });

  it('needs the words around the value to agree too', () => {
    expect(sameValue('3 books', ['3 films'])).toBeNull();
    expect(sameValue('four', ['3'])).toBeNull();
    expect(sameValue('Paris', ['Paris'])).toBeNull(); // no date or number: not this rule's call
    expect(sameValue('', ['3'])).toBeNull();
  });
});

describe('canonicalAnswer', () => {
  it('turns dates and numbers into single word tokens', () => {
    expect(canonicalAnswer('July 10, 1099')).toEqual({ text: 'date1099m7d10', date: true, number: false });
    expect(canonicalAnswer('About 1,200 people')).toEqual({
      text: 'about num1200 people',
      date: false,
      number: true,
    });
  });
});
