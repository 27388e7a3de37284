import { describe, expect, test } from 'vitest';
import { containsAnyAnswer, normalizeAnswer, normalizeTitle } from './normalize';

describe('containsAnyAnswer', () => {
  test('matches whole normalized words only', () => {
    expect(containsAnyAnswer('It opened in 1964.', ['1964'])).toBe(true);
    expect(containsAnyAnswer('Catalogue no. 19645', ['1964'])).toBe(false);
    expect(containsAnyAnswer('The Ambrel River rises…', ['ambrel river'])).toBe(true);
  });
  test('reads dashes and slashes in documents as separators', () => {
    expect(containsAnyAnswer('Teodora Maren (1889–1964) was a politician', ['1964'])).toBe(true);
    expect(containsAnyAnswer('born 1889-1964', ['1889'])).toBe(true);
    expect(containsAnyAnswer('AC/DC', ['DC'])).toBe(true);
    // Hyphenated answers still match their own spelling.
    expect(containsAnyAnswer('Jean-Paul Sartre wrote it', ['Jean-Paul Sartre'])).toBe(true);
  });
  test('ignores empty gold answers', () => {
    expect(containsAnyAnswer('anything', ['', '...'])).toBe(false);
    expect(normalizeAnswer('...')).toBe('');
  });
});

describe('normalizeTitle', () => {
  test('ignores case, punctuation, whitespace and HTML references', () => {
    const same = (a: string, b: string) => expect(normalizeTitle(a)).toBe(normalizeTitle(b));
    same('Tom &amp; Jerry', 'tom & jerry');
    same('Ocean&#39;s Eleven', "Ocean's  Eleven");
    same('Ocean&#x2019;s Eleven', 'Oceans Eleven');
    same('Mary_Poppins', 'mary-poppins');
    same('Mary Poppins Opens the Door', 'MARY POPPINS OPENS THE DOOR.');
    same('Caf&eacute; Society', 'Café Society');
    same('Ｆｕｌｌ Width', 'full width');
  });
  test('keeps what tells pages apart: articles, disambiguation, letters', () => {
    expect(normalizeTitle('The Who')).not.toBe(normalizeTitle('Who'));
    expect(normalizeTitle('Mary Poppins (film)')).not.toBe(normalizeTitle('Mary Poppins (book)'));
    expect(normalizeTitle('&&&')).toBe('');
  });
});
