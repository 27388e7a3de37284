import { describe, expect, it } from 'vitest';
import { collapseDoubledQuotes, isCsvQuoted, unquoteCsv } from './csv-quote';

describe('unquoteCsv', () => {
  it('unquotes a whole CSV-quoted field and undoes doubled quotes', () => {
    expect(unquoteCsv('"Voyager 2"')).toBe('Voyager 2');
    expect(unquoteCsv(' """Heroes"" (TV series)" ')).toBe('"Heroes" (TV series)');
    expect(unquoteCsv('"Title: Mary Poppins Opens the Door Text: the ""Mary Poppins"" series"')).toBe(
      'Title: Mary Poppins Opens the Door Text: the "Mary Poppins" series',
    );
  });

  it('leaves text that is not one quoted field as it is (trimmed)', () => {
    expect(unquoteCsv(' Plain Title ')).toBe('Plain Title');
    expect(unquoteCsv('"A" and "B"')).toBe('"A" and "B"');
    expect(unquoteCsv('"Heroes" (TV series)')).toBe('"Heroes" (TV series)');
    expect(unquoteCsv('"cut off')).toBe('"cut off');
  });

  it('tells whole quoted fields apart', () => {
    expect(isCsvQuoted('"a ""b"" c"')).toBe(true);
    expect(isCsvQuoted('"a "b" c"')).toBe(false);
    expect(isCsvQuoted('a')).toBe(false);
  });
});

describe('collapseDoubledQuotes', () => {
  it('undoes doubled pairs around words (literal text of the real R1-Searcher log)', () => {
    expect(
      collapseDoubledQuotes(
        'The official motto for the 2008 Olympics was ""One World, One Dream"" (同一个世界 同一个梦想).',
      ),
    ).toBe('The official motto for the 2008 Olympics was "One World, One Dream" (同一个世界 同一个梦想).');
  });

  it('undoes tripled pairs (literal text of the real FlashRAG Search-R1 log)', () => {
    expect(
      collapseDoubledQuotes('The state\'s nickname, """The Evergreen State""", was proposed in 1890'),
    ).toBe('The state\'s nickname, "The Evergreen State", was proposed in 1890');
  });

  it('keeps a lone empty quotation (a dropped linked title) and does not pair across them', () => {
    const text =
      'adapted as the song "Annabel Lee" on the Tiger Army album "" - The poem was translated to Hebrew by Ze\'ev Jabotinsky ""';
    expect(collapseDoubledQuotes(text)).toBe(text);
    expect(collapseDoubledQuotes('in "" (2015). In ""Star Wars""')).toBe('in "" (2015). In "Star Wars"');
  });
});
