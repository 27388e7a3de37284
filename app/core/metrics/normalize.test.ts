import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { mulberry32 } from '../random';
import { describe, expect, it, test } from 'vitest';
import {
  containsAnyAnswer,
  normalizeAnswer,
  normalizeSquad,
  normalizeText,
  normalizeTextGeneral,
  docHaystack,
  joinedHaystackReference,
  normalizeTitle,
} from './normalize';
import { coverEM, exactMatch, f1Score } from './answer';
import { importAll, stringChunks } from '../importers/pipeline';

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

// SQuAD v1.1's evaluate-v1.1.py, `normalize_answer`:
//   lower → remove_punc (set(string.punctuation)) → remove_articles (re.sub(r'\b(a|an|the)\b', ' '))
//   → white_space_fix (' '.join(text.split())).
// Expected values below are what that Python function returns for each input.
describe("normalizeAnswer is SQuAD v1.1's normalize_answer by default", () => {
  it.each([
    ['The Eiffel Tower', 'eiffel tower'],
    ['U.S.A.', 'usa'],
    ['Jean-Paul Sartre', 'jeanpaul sartre'],
    ["Lavinia's father", 'lavinias father'],
    ['  a  cat,  an apple & the_end ', 'cat apple theend'],
    ['theatre', 'theatre'], // "the" only as a whole word
    ['A', ''],
    // string.punctuation is ASCII only: Unicode dashes, quotes and symbols stay.
    ['1889–1964', '1889–1964'],
    ['“Paris”', '“paris”'],
    ['¿Qué?', '¿qué'],
    ['50 €', '50 €'],
    // No NFKC: full-width letters stay as written (lower-cased).
    ['ＰＡＲＩＳ', 'ｐａｒｉｓ'],
    // Python's \b is Unicode-aware: "the" glued to a letter is not a word.
    ['éthe', 'éthe'],
    // str.split() also splits on \x1c–\x1f and \x85.
    ['x\x1fy\x85z', 'x y z'],
  ])('%j → %j', (input, want) => {
    expect(normalizeAnswer(input)).toBe(want);
    expect(normalizeSquad(input)).toBe(want);
  });
});

describe('the "extended" normalization differs where SQuAD keeps Unicode', () => {
  it.each([
    ['1889–1964', '18891964'],
    ['“Paris”', 'paris'],
    ['¿Qué?', 'qué'],
    ['ＰＡＲＩＳ', 'paris'],
    ['50 €', '50'],
  ])('%j → %j', (input, want) => {
    expect(normalizeAnswer(input, 'extended')).toBe(want);
    expect(normalizeText(input)).toBe(want);
    expect(normalizeAnswer(input)).not.toBe(want);
  });

  it('changes EM, F1 and acc only where the two differ', () => {
    expect(exactMatch('“Paris”', ['Paris'])).toBe(0);
    expect(exactMatch('“Paris”', ['Paris'], 'extended')).toBe(1);
    expect(exactMatch('ＰＡＲＩＳ', ['Paris'])).toBe(0);
    expect(exactMatch('ＰＡＲＩＳ', ['Paris'], 'extended')).toBe(1);
    expect(f1Score('the “Paris” region', ['Paris region'])).toBe(0.5);
    expect(f1Score('the “Paris” region', ['Paris region'], 'extended')).toBe(1);
    expect(coverEM('born 1889–1964', ['18891964'])).toBe(0);
    expect(coverEM('born 1889–1964', ['18891964'], 'extended')).toBe(1);
    // ASCII cases agree.
    expect(exactMatch('The U.S.A.', ['USA'])).toBe(1);
    expect(exactMatch('The U.S.A.', ['USA'], 'extended')).toBe(1);
  });
});

describe('normalizeText: the ASCII fast path equals the general path', () => {
  it('on every printable ASCII character and on random ASCII text', () => {
    const all = Array.from({ length: 128 }, (_, i) => String.fromCharCode(i)).join('');
    expect(normalizeText(all)).toBe(normalizeTextGeneral(all));
    const rand = mulberry32(11);
    const pool = [...all, ' the ', ' a ', ' an ', 'The', 'An_', '_the', 'a1', 'U.S.A.', '\t', '\n'];
    for (let i = 0; i < 2000; i++) {
      let s = '';
      for (let k = Math.floor(rand() * 40); k > 0; k--) s += pool[Math.floor(rand() * pool.length)]!;
      expect(normalizeText(s), JSON.stringify(s)).toBe(normalizeTextGeneral(s));
    }
  });
});

describe('a document read in parts equals it read joined', () => {
  it('on edge cases and random Unicode text', () => {
    const cases: Array<[string, string]> = [
      ['', ''],
      ['', 'The answer'],
      ['The', ''],
      ['   ', ' a '],
      ['ΟΔΟΣ', 'σ text'],
      ['Café', '\u0301x'],
      ['´', '\u0301'],
      ['A.', 'the.'],
      ['x\u00a0', '\u3000y'],
      ['1889–', '–1964'],
      ['Tom/Jerry', 'a/b the–an'],
      ['\x1c', '\x1d'],
    ];
    const rand = mulberry32(5);
    const pool = [
      ...'aAσΣς .,-–—/’“é\u0301\u0308\u00a0\u3000\t\n_1',
      ' the ',
      'An',
      'ﬁ',
      '①',
      'ｆｕｌｌ',
      ' a',
      'an ',
    ];
    const word = () => {
      let s = '';
      for (let k = Math.floor(rand() * 12); k > 0; k--) s += pool[Math.floor(rand() * pool.length)]!;
      return s;
    };
    for (let i = 0; i < 3000; i++) cases.push([word(), word()]);
    for (const [title, text] of cases)
      expect(docHaystack({ title, text }), JSON.stringify([title, text])).toEqual(
        joinedHaystackReference(title, text),
      );
  });
});

describe('normalizeText: the one-scan path equals the regular expressions', () => {
  // The reference haystack: regular expressions only, dashes and slashes replaced first.
  const referenceSplit = (s: string) => normalizeTextGeneral(s.replace(/[\p{Pd}/]/gu, ' '));
  const check = (s: string) => {
    expect(normalizeText(s), JSON.stringify(s)).toBe(normalizeTextGeneral(s));
    const h = docHaystack({ text: s });
    expect(h.hay, JSON.stringify(s)).toBe(` ${normalizeTextGeneral(s)} `);
    expect(h.split, JSON.stringify(s)).toBe(` ${referenceSplit(s)} `);
  };

  it('on random text mixing words, articles, punctuation, symbols, spaces, marks and controls', () => {
    const rand = mulberry32(23);
    const pool = [
      ...'abAZ09 .,;-–—/\\_’“”«»é€$+=|\u0301\u0308\u00a0\u2009\u3000\t\n\r\x00\x07\x1c\u00ad\u200b',
      ...'ΣσςİıßØæ中文ｆ①ﬁ²\ud83d\ude00',
      ' the ',
      'The',
      ' a ',
      'an',
      'U.S.A.',
      'well-known',
      'a/b',
      '...',
      'x  y',
    ];
    for (let i = 0; i < 5000; i++) {
      let s = '';
      for (let k = Math.floor(rand() * 30); k > 0; k--) s += pool[Math.floor(rand() * pool.length)]!;
      check(s);
    }
  });

  it('on every document, step, question and answer of the shared logs', async () => {
    const texts = new Set<string>();
    const collect = (v: unknown): void => {
      if (typeof v === 'string') texts.add(v);
      else if (Array.isArray(v)) v.forEach(collect);
      else if (v && typeof v === 'object') Object.values(v).forEach(collect);
    };
    const dir = join(__dirname, '../../../../shared/data/trajectories');
    for (const f of readdirSync(dir)) {
      const { trajectories } = await importAll(stringChunks(readFileSync(join(dir, f), 'utf8')), { file: f });
      collect(trajectories);
    }
    expect(texts.size).toBeGreaterThan(3000);
    for (const s of texts) check(s);
  });
});
