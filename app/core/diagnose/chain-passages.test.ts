import { describe, expect, it } from 'vitest';
import type { Doc } from '../schema/trajectory';
import { ChainPassages, isAbout, isListPage } from './chain-passages';
import type { SearchHop } from './hops';

const doc = (id: string, title: string, text: string): Doc => ({ id, title, text, rank: 1 });

describe('isAbout', () => {
  it('is the page titled with the name, an aside or a title after a comma aside', () => {
    expect(isAbout(doc('a', 'Free Guy (film)', 'Free Guy is a film.'), 'Free Guy')).toBe(true);
    expect(isAbout(doc('a', 'Emich, 5th Prince of Leiningen', 'Emich was …'), 'Emich')).toBe(true);
    expect(isAbout(doc('a', 'Shawn Levy', 'Shawn Levy is a director.'), 'Free Guy')).toBe(false);
  });

  it('is a page under a short name that opens with the full one, not one that mentions it', () => {
    const lecrae = doc('l', 'Lecrae', 'Lecrae Devaughn Moore (born October 9, 1979) is a rapper.');
    expect(isAbout(lecrae, 'Lecrae Devaughn Moore')).toBe(true);
    expect(isAbout(doc('p', 'Roy Scheider', 'Roy Scheider acted in Jaws.'), 'Jaws')).toBe(false);
  });
});

describe('ChainPassages.about', () => {
  const hop = (docs: Doc[]) =>
    ({ search: 1, step: { id: 's' }, query: '', docs, lastStepId: 's' }) as unknown as SearchHop;
  const mention = doc('1', 'Roy Scheider', 'Roy Scheider acted in Jaws.');
  const titled = doc('2', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.');
  const untitled = doc('3', '', 'Jaws (1975) was a hit.');

  it('is the pages titled with the name, in retrieval order', () => {
    expect(new ChainPassages([hop([mention, untitled, titled])]).about('Jaws').map((p) => p.doc.id)).toEqual([
      '2',
    ]);
  });

  it('falls back to a page that opens with the name when none is titled with it', () => {
    expect(new ChainPassages([hop([mention, untitled])]).about('Jaws').map((p) => p.doc.id)).toEqual(['3']);
  });

  it('finds the page of a name written in another form, or under an alias it states', () => {
    const lewis = doc('4', 'C. S. Lewis', 'Clive Staples Lewis (29 November 1898 – 1963) was a novelist.');
    const gaga = doc(
      '5',
      'Lady Gaga',
      'Lady Gaga (born Stefani Joanne Angelina Germanotta; 1986) is a singer.',
    );
    const other = doc('6', 'Jerry Lewis', 'Jerry Lewis was a comedian.');
    const passages = new ChainPassages([hop([other, lewis, gaga])]);
    expect(passages.about('Clive Staples Lewis').map((p) => p.doc.id)).toEqual(['4']);
    expect(passages.about('Stefani Germanotta').map((p) => p.doc.id)).toEqual(['5']);
  });
});

it('isListPage: disambiguation pages and lists', () => {
  expect(isListPage(doc('d', 'Mercury (disambiguation)', 'Mercury may refer to: …'))).toBe(true);
  expect(isListPage(doc('l', 'List of mottos', '…'))).toBe(true);
  expect(isListPage(doc('m', 'Mercury (planet)', 'Mercury is a planet.'))).toBe(false);
});
