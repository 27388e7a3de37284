import { describe, expect, it } from 'vitest';
import { normalizeText } from '../metrics/normalize';
import { fullNameOnPage, haystackNames, sameName, statedAliases, surnameKey } from './name-variants';

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
