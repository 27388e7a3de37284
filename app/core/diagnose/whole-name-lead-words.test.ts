// A capitalised word written before a name that is never part of one (a weekday, a month) does not
// make the name another person's: "On Tuesday John Kennedy won" names John Fitzgerald Kennedy.
import { describe, expect, it } from 'vitest';
import { mentions } from './chain-passages';

const names = (text: string, name: string) => mentions({ id: 'd', title: 'JFK', text }, name);

describe('a whole name after a weekday or a month', () => {
  it('is still the name (it was before the whole-name check)', () => {
    expect(names('In 1960 John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('On Tuesday John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('In November John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
  });
});
