// Counts in words: "1 query", "2 queries". One helper so no view says "1 queries".

const IRREGULAR: Record<string, string> = {
  query: 'queries',
  entry: 'entries',
  search: 'searches',
  match: 'matches',
  index: 'indexes',
  child: 'children',
  passage: 'passages',
};

/** The plural of an English noun as the app uses them (regular -s, -y → -ies, -s/-sh/-ch/-x → -es). */
export function pluralWord(word: string): string {
  const known = IRREGULAR[word];
  if (known) return known;
  if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
  if (/(s|sh|ch|x|z)$/.test(word)) return `${word}es`;
  return `${word}s`;
}

/** `n` and the word, plural unless n is exactly 1; `many` overrides the plural form. */
export function plural(n: number, word: string, many?: string): string {
  return `${n} ${n === 1 ? word : (many ?? pluralWord(word))}`;
}
