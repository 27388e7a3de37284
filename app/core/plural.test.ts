import { describe, expect, it } from 'vitest';
import { plural, pluralWord } from './plural';

describe('plural', () => {
  it('uses the singular only for exactly one', () => {
    expect(plural(1, 'query')).toBe('1 query');
    expect(plural(0, 'query')).toBe('0 queries');
    expect(plural(2, 'step')).toBe('2 steps');
    expect(plural(1.5, 'token')).toBe('1.5 tokens');
  });

  it('writes the number as is and takes an explicit plural', () => {
    expect(plural(12345, 'passage')).toBe('12345 passages');
    expect(plural(3, 'person', 'people')).toBe('3 people');
    expect(plural(1, 'person', 'people')).toBe('1 person');
  });

  it('knows the word shapes the app counts', () => {
    expect(['query', 'search', 'trajectory', 'step', 'doc', 'box', 'warning', 'day'].map(pluralWord)).toEqual(
      ['queries', 'searches', 'trajectories', 'steps', 'docs', 'boxes', 'warnings', 'days'],
    );
  });
});
