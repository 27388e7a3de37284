import { describe, expect, it } from 'vitest';
import { coverEM, exactMatch, f1RulesFor, f1Score } from './answer';

describe('exactMatch', () => {
  it('drops articles and case: "The Beatles" = "beatles"', () => {
    expect(exactMatch('The Beatles', ['beatles'])).toBe(1);
  });

  it('takes the max over aliases', () => {
    expect(exactMatch('Barack Obama', ['Obama', 'Barack Hussein Obama'])).toBe(0);
    expect(exactMatch('Barack Obama', ['Obama', 'barack obama.'])).toBe(1);
  });

  it('is 0 for no gold aliases', () => {
    expect(exactMatch('anything', [])).toBe(0);
  });

  it('"U.S.A." = "USA": punctuation is deleted, as in SQuAD', () => {
    // "u.s.a." → "usa" (deleted, not spaced, so no stray article "a" appears).
    expect(exactMatch('U.S.A.', ['USA'])).toBe(1);
    expect(f1Score('U.S.A.', ['USA'])).toBe(1);
  });

  it('"Jean-Paul Sartre" ≠ "Jean Paul Sartre" (hyphen deleted: "jeanpaul"), as in SQuAD', () => {
    expect(exactMatch('Jean-Paul Sartre', ['Jean Paul Sartre'])).toBe(0);
    // tokens {jeanpaul, sartre} vs {jean, paul, sartre}: overlap 1, P = 1/2, R = 1/3, F1 = 0.4
    expect(f1Score('Jean-Paul Sartre', ['Jean Paul Sartre'])).toBeCloseTo(0.4, 10);
  });

  it('"Lennon\'s" normalizes like SQuAD: "lennons"', () => {
    expect(exactMatch("Lennon's", ['lennons'])).toBe(1);
  });

  it('symbols count as punctuation: "$100" = "100"', () => {
    expect(exactMatch('$100', ['100'])).toBe(1);
  });

  it('accents are kept, as in SQuAD: "Beyoncé" ≠ "Beyonce"', () => {
    expect(exactMatch('Beyoncé', ['Beyonce'])).toBe(0);
    expect(f1Score('Beyoncé', ['Beyonce'])).toBe(0);
  });

  it('the "extended" option folds composed/decomposed accents and full-width forms (SQuAD does not)', () => {
    expect(exactMatch('Beyonce\u0301', ['Beyoncé'], 'extended')).toBe(1);
    expect(exactMatch('ＵＳＡ', ['usa'], 'extended')).toBe(1);
    expect(exactMatch('１９９５年', ['1995年'], 'extended')).toBe(1);
    // SQuAD's normalize_answer compares them as written.
    expect(exactMatch('Beyonce\u0301', ['Beyoncé'])).toBe(0);
    expect(exactMatch('ＵＳＡ', ['usa'])).toBe(0);
  });
});

describe('f1Score', () => {
  it('worked example: "the cat sat on mat" vs "a cat on the mat" = 6/7', () => {
    // pred → "cat sat on mat" (4 tokens), gold → "cat on mat" (3 tokens); common {cat, on, mat} = 3.
    // precision 3/4, recall 3/3; F1 = 2·0.75·1 / 1.75 = 6/7.
    expect(f1Score('the cat sat on mat', ['a cat on the mat'])).toBeCloseTo(6 / 7, 12);
  });

  it('counts repeated tokens as a multiset: "new new york" vs "new york" = 0.8', () => {
    // common = min(2,1) new + 1 york = 2; P = 2/3, R = 2/2; F1 = 2·(2/3)·1 / (5/3) = 0.8.
    expect(f1Score('new new york', ['new york'])).toBeCloseTo(0.8, 12);
  });

  it('takes the max over aliases', () => {
    // vs "obama": P 1/2, R 1 → 2/3. vs "barack hussein obama": P 2/2, R 2/3 → 0.8.
    expect(f1Score('Barack Obama', ['Obama', 'Barack Hussein Obama'])).toBeCloseTo(0.8, 12);
  });

  it("yes/no/noanswer mismatches score 0 under HotpotQA's rule (hotpot_evaluate_v1.py f1_score)", () => {
    const hotpot = { hotpotYesNo: true };
    expect(f1Score('yes', ['no'], undefined, hotpot)).toBe(0);
    // Gold "yes" is special and "yes it is" ≠ "yes", so no partial credit for the shared token.
    expect(f1Score('yes it is', ['yes'], undefined, hotpot)).toBe(0);
    expect(f1Score('no, it is not', ['no'], undefined, hotpot)).toBe(0);
    expect(f1Score('noanswer', ['no answer'], undefined, hotpot)).toBe(0);
    expect(f1Score('Yes.', ['yes'], undefined, hotpot)).toBe(1);
    expect(f1Score('no', ['No'], undefined, hotpot)).toBe(1);
  });

  it("is SQuAD's plain token F1 elsewhere: the yes/no rule is HotpotQA's only", () => {
    // P 1/3, R 1 → 0.5 (SQuAD evaluate-v1.1.py has no special answers).
    expect(f1Score('yes it is', ['yes'])).toBeCloseTo(0.5, 12);
    expect(f1Score('no, it is not', ['no'])).toBeCloseTo(0.4, 12);
    expect(f1Score('yes', ['no'])).toBe(0);
    expect(f1Score('Yes.', ['yes'])).toBe(1);
  });

  it('applies the rule to trajectories of a HotpotQA set only, named by its dataset', () => {
    expect(f1RulesFor('hotpotqa')).toEqual({ hotpotYesNo: true });
    expect(f1RulesFor('HotpotQA dev (distractor)')).toEqual({ hotpotYesNo: true });
    expect(f1RulesFor('hotpot_dev_distractor_v1.json')).toEqual({ hotpotYesNo: true });
    expect(f1RulesFor('2wikimultihopqa')).toEqual({ hotpotYesNo: false });
    expect(f1RulesFor('nq')).toEqual({ hotpotYesNo: false });
    expect(f1RulesFor(undefined)).toEqual({ hotpotYesNo: false });
  });

  it('is 0 with no overlap, no gold, or both sides empty', () => {
    expect(f1Score('Paris', ['London'])).toBe(0);
    expect(f1Score('Paris', [])).toBe(0);
    expect(f1Score('', [''])).toBe(0);
  });
});

describe('coverEM (acc, FlashRAG Sub_ExactMatch)', () => {
  it('is 1 when the normalized gold is inside the normalized prediction', () => {
    expect(coverEM('He was born in New York City.', ['New York'])).toBe(1);
    expect(coverEM('yes it is', ['yes'])).toBe(1);
    expect(coverEM('The Beatles', ['Beatles'])).toBe(1);
  });

  it('takes any alias', () => {
    expect(coverEM('It was Barack Obama', ['Michelle', 'obama'])).toBe(1);
    expect(coverEM('It was Barack Obama', ['Michelle', 'Biden'])).toBe(0);
  });

  it('matches character substrings, not whole tokens, like FlashRAG', () => {
    expect(coverEM('concatenate', ['cat'])).toBe(1);
  });

  it('ignores aliases that normalize to nothing, and empty gold lists', () => {
    // Python's `"" in s` would be True; an alias "The" is no evidence of anything.
    expect(coverEM('anything', ['The'])).toBe(0);
    expect(coverEM('anything', [])).toBe(0);
    expect(coverEM('', ['Paris'])).toBe(0);
  });
});
