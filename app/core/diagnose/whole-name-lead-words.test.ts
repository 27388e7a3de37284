// A capitalised word written before a name that is never part of one (a weekday, a month) does not
// make the name another person's: "On Tuesday John Kennedy won" names John Fitzgerald Kennedy.
import { describe, expect, it } from 'vitest';
import { mentions } from './chain-passages';
import { statedAnswer } from './passage-match';

const names = (text: string, name: string) => mentions({ id: 'd', rank: 1, title: 'JFK', text }, name);

describe('a whole name after a weekday or a month', () => {
  it('is still the name (it was before the whole-name check)', () => {
    expect(names('In 1960 John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('On Tuesday John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('In November John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
  });

  it('ends before a month or weekday written after it', () => {
    expect(names('It was John Kennedy Tuesday and Wednesday.', 'John Fitzgerald Kennedy')).toBe(true);
  });
});

describe('a whole name after a party, an occupation or a demonym', () => {
  it('is still the name', () => {
    expect(names('Democrat John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('Republican John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('American John Kennedy won.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('Writer C. S. Lewis taught at Oxford.', 'Clive Staples Lewis')).toBe(true);
    expect(names('Author C. S. Lewis taught at Oxford.', 'Clive Staples Lewis')).toBe(true);
    expect(names('British C. S. Lewis taught at Oxford.', 'Clive Staples Lewis')).toBe(true);
    expect(names('Coach John Wooden won ten titles.', 'John Robert Wooden')).toBe(true);
    expect(names('Senior John Smith scored twice.', 'John Henry Smith')).toBe(true);
    expect(names('CEO Timothy Cook spoke.', 'Timothy Donald Cook')).toBe(true);
    expect(names('Lieutenant John Kennedy commanded PT-109.', 'John Fitzgerald Kennedy')).toBe(true);
    expect(names('Ambassador Joseph Kennedy returned.', 'Joseph Patrick Kennedy')).toBe(true);
  });

  it('is a stated answer too', () => {
    const doc = { id: 'd', rank: 1, title: 'Surprised by Joy', text: 'Writer C. S. Lewis wrote it.' };
    expect(statedAnswer(doc, ['Clive Staples Lewis'])).toBe('Clive Staples Lewis');
  });

  it('still leaves a form inside a longer name unmatched', () => {
    const gold = 'Hussein Onyango Obama';
    expect(names('Barack Hussein Obama Sr. was an economist.', gold)).toBe(false);
    expect(names('young Africans, including Barack H. Obama, the father of', gold)).toBe(false);
    expect(names('Writer Barack H. Obama was', gold)).toBe(false);
    expect(names('In November Barack Hussein Obama Sr. was', gold)).toBe(false);
    // Any other capitalised word still makes the name longer.
    expect(names('Tuesday Weld John Kennedy', 'John Fitzgerald Kennedy')).toBe(false);
  });
});
