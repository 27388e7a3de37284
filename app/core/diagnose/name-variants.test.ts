import { describe, expect, it } from 'vitest';
import { normalizeText } from '../metrics/normalize';
import type { Doc } from '../schema/trajectory';
import { mentions } from './chain-passages';
import { fullNameOnPage, haystackNames, sameName, statedAliases, surnameKey } from './name-variants';
import { statedAnswer } from './passage-match';

const hay = (text: string) => ` ${normalizeText(text)} `;

describe('haystackNames', () => {
  it('reads initials for given names, both ways', () => {
    expect(haystackNames(hay('Surprised by Joy is by C. S. Lewis.'), 'Clive Staples Lewis')).toBe(true);
    expect(haystackNames(hay('Surprised by Joy is by C.S. Lewis.'), 'Clive Staples Lewis')).toBe(true);
    expect(haystackNames(hay('Clive Staples Lewis (29 November 1898'), 'C. S. Lewis')).toBe(true);
    expect(haystackNames(hay('John Ronald Reuel Tolkien was'), 'J. R. R. Tolkien')).toBe(true);
    expect(haystackNames(hay('Surprised by Joy is by D. S. Lewis.'), 'Clive Staples Lewis')).toBe(false);
  });

  it('drops or adds a middle name, not a different first name', () => {
    expect(haystackNames(hay('John F. Kennedy spoke'), 'John Fitzgerald Kennedy')).toBe(true);
    // A middle name the name does not have is another person's in running text…
    expect(haystackNames(hay('Israel Max Joseph Teller (1913–2004)'), 'Max Teller')).toBe(false);
    expect(haystackNames(hay('Robert Kennedy spoke'), 'John Kennedy')).toBe(false);
    // "and" between two names is not a middle name.
    expect(haystackNames(hay('John and Kennedy'), 'John Kennedy')).toBe(false);
  });

  it('ignores diacritics, "Jr.", a leading "The" and a parenthesis aside', () => {
    expect(haystackNames(hay('a film by Edmond Greville'), 'Edmond T. Gréville')).toBe(true);
    expect(haystackNames(hay('Martin Luther King led'), 'Martin Luther King Jr.')).toBe(true);
    expect(haystackNames(hay('songs by Beatles'), 'The Beatles')).toBe(true);
    expect(haystackNames(hay('Jaws was a hit'), 'Jaws (film)')).toBe(true);
  });

  it('matches other names only as written', () => {
    expect(haystackNames(hay('the Royal College of Music'), 'Royal College of Music')).toBe(true);
    expect(haystackNames(hay('the Royal College'), 'Royal College of Music')).toBe(false);
  });
});

describe('a name in another form, as a whole name', () => {
  const gold = 'Hussein Onyango Obama';
  const named = (text: string, name = gold) => haystackNames(hay(text), name, [text]);

  it('is not a form read inside a longer name of another person', () => {
    // The middle name dropped, inside Barack Obama Sr.'s name (Bamboogle #112, Search-R1 #48).
    expect(named('Barack Hussein Obama Sr. (; 18 June 1936 – 24 November 1982) was an economist')).toBe(
      false,
    );
    expect(named('young Africans, including Barack H. Obama, the father of')).toBe(false);
    expect(named('J. Hussein Obama was')).toBe(false);
    expect(named('Hussein Obama Sr. was')).toBe(false);
    expect(named('Hussein Obama Odhiambo was')).toBe(false);
    // Without the text as written (a query), the forms read as before.
    expect(haystackNames(hay('Barack Hussein Obama Sr. was'), gold)).toBe(true);
  });

  it('still reads the full name, and a form standing alone', () => {
    expect(named('His father, Hussein Onyango Obama, was a cook')).toBe(true);
    expect(named('Barack Hussein Obama Sr. was the son of Hussein Onyango Obama.')).toBe(true);
    expect(named('Barack Hussein Obama Sr. (1936–1982) was the son of Hussein Obama.')).toBe(true);
    expect(named('In 1950 Hussein Obama was a cook')).toBe(true);
    expect(named('a cook (Hussein Obama) in Nairobi')).toBe(true);
    expect(named('President John F. Kennedy spoke', 'John Fitzgerald Kennedy')).toBe(true);
    expect(named('John F. Kennedy International Airport', 'John Fitzgerald Kennedy')).toBe(false);
    expect(named('Surprised by Joy is by C. S. Lewis.', 'Clive Staples Lewis')).toBe(true);
  });

  it('reads a name at a sentence start', () => {
    expect(named('Hussein Obama was born in 1895.')).toBe(true);
    expect(named('He was born in 1895. Hussein Obama served in the war.')).toBe(true);
    expect(named('When Hussein Obama died, his son was in Hawaii.')).toBe(true);
    expect(named('Barack Hussein Obama Sr. was born in 1936.')).toBe(false);
  });

  it('ends a name at a possessive', () => {
    expect(named("Kenya's Hussein Obama was a cook")).toBe(true);
    // A possessive of the name itself normalizes to one word ("obamas"), as answer containment
    // reads it: no match, with or without the text as written.
    expect(named("Hussein Obama's son")).toBe(false);
    expect(haystackNames(hay("Hussein Obama's son"), gold)).toBe(false);
  });

  it('keeps the name\'s own "Jr." and no other', () => {
    const king = 'Martin Luther King Jr.';
    expect(named('M. L. King Jr. led the march', king)).toBe(true);
    expect(named('Martin Luther King led the march', king)).toBe(true);
    expect(named('Martin Luther King Sr. was a pastor', king)).toBe(false);
    expect(named('Martin Luther King III spoke', king)).toBe(false);
  });

  it('leaves a surname alone to the full name its page wrote, as before', () => {
    const page = 'Barack Hussein Obama Sr. was a Kenyan economist. Obama married in 1954.';
    expect(fullNameOnPage('Obama', page)).toBe('Barack Hussein Obama');
    expect(named('Obama married in 1954.')).toBe(false);
    expect(named('Obama married in 1954.', 'Obama')).toBe(true);
  });

  it('is what a passage states and names', () => {
    const d = (title: string, text: string): Doc => ({ id: 'd', title, text, rank: 1 });
    const sr = d(
      'Barack Obama Sr.',
      'Barack Obama Sr. Barack Hussein Obama Sr. (; 18 June 1936 – 24 November 1982) was a Kenyan senior governmental economist and the father of Barack Obama.',
    );
    expect(statedAnswer(sr, [gold])).toBeNull();
    expect(mentions(sr, gold)).toBe(false);
    // A title is a name of its own: the text after it does not continue it.
    const own = d('Hussein Obama', 'Barack Obama Sr. was his son.');
    expect(statedAnswer(own, [gold])).toBe(gold);
    expect(mentions(own, gold)).toBe(true);
  });
});

describe('sameName', () => {
  it('is a title and a name that are forms of one name', () => {
    expect(sameName('C. S. Lewis', 'Clive Staples Lewis')).toBe(true);
    expect(sameName('Sammy Davis Jr.', 'Sammy Davis')).toBe(true);
    // …but a page's title is the whole of its subject's name.
    expect(sameName('John Fitzgerald Kennedy', 'John Kennedy')).toBe(true);
    expect(sameName('Jaws (film)', 'Jaws')).toBe(true);
    expect(sameName('Jerry Lewis', 'Clive Staples Lewis')).toBe(false);
  });

  it('keys person-like names by surname only', () => {
    expect(surnameKey('C. S. Lewis')).toBe('lewis');
    expect(surnameKey('Vincent van Gogh')).toBe('van gogh'.split(' ').pop());
    expect(surnameKey('Royal College of Music')).toBe('');
  });
});

describe('statedAliases', () => {
  it('reads "born NAME" and "known as NAME" from a page opening, not a birth date', () => {
    expect(
      statedAliases('Lady Gaga (born Stefani Joanne Angelina Germanotta; March 28, 1986) is a singer.'),
    ).toEqual(['Stefani Joanne Angelina Germanotta']);
    expect(
      statedAliases(
        'Lecrae Devaughn Moore (born October 9, 1979), known professionally as Lecrae, is a rapper.',
      ),
    ).toEqual(['Lecrae']);
    expect(statedAliases('Noel Rawsthorne (born 24 December 1929) is a British organist.')).toEqual([]);
  });
});

describe('fullNameOnPage', () => {
  it('gives a surname alone the full name the page wrote before', () => {
    const text = 'Jaws is a 1975 film by Steven Spielberg. Spielberg later said …';
    expect(fullNameOnPage('Spielberg', text)).toBe('Steven Spielberg');
    expect(fullNameOnPage('Spielberg', 'A film by Spielberg.')).toBe('Spielberg');
    expect(fullNameOnPage('Steven Spielberg', text)).toBe('Steven Spielberg');
  });
});
