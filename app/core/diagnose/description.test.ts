import { describe, expect, it } from 'vitest';
import { descriptionShare, descriptionWords, isDescriptor, isLongDescription } from './description';

describe('description', () => {
  const Q =
    "What college did the English conductor, organist and composer widely regarded as Britain's leading conductor of choral works teach at?";

  it('a nationality is a descriptor, a name is not', () => {
    expect(isDescriptor('English')).toBe(true);
    expect(isDescriptor('Roman')).toBe(true);
    expect(isDescriptor('Nirvana')).toBe(false);
    expect(isDescriptor('Amanda Duthie')).toBe(false);
  });

  it("is the question's words outside its names, descriptors included", () => {
    const words = descriptionWords(Q, ['English', "Britain's"]);
    expect(words).toContain('english');
    expect(words).toContain('choral');
    expect(words).not.toContain('britains');
    expect(isLongDescription(words)).toBe(true);
    const named = descriptionWords('When did the person who said "Cogito, ergo sum." die?', [
      'Cogito, ergo sum',
    ]);
    expect(named).toEqual(['person', 'said', 'die']);
    expect(isLongDescription(named)).toBe(false);
  });

  it('the share of its words a page states', () => {
    const words = ['english', 'conductor', 'organist', 'composer'];
    const d = { id: 'd', rank: 1, title: 'X', text: 'a British choral conductor and organist' };
    expect(descriptionShare(d, words)).toBe(0.5);
  });
});
