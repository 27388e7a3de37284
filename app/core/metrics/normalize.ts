// SQuAD / HotpotQA answer normalization (DESIGN.md §5): lowercase, drop punctuation, drop the
// articles a/an/the, collapse whitespace. Unicode punctuation and symbols count as punctuation,
// and letters are NFKC-folded so full-width and composed forms compare equal.
const PUNCT = /[\p{P}\p{S}]/gu;
const ARTICLES = /\b(a|an|the)\b/g;

export function normalizeAnswer(s: string): string {
  return s
    .normalize('NFKC')
    .toLowerCase()
    .replace(PUNCT, ' ')
    .replace(ARTICLES, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Whether text contains any gold answer after normalization (FlashRAG's "contains answer"). */
export function containsAnyAnswer(text: string, answers: readonly string[]): boolean {
  const hay = ` ${normalizeAnswer(text)} `;
  return answers.some((a) => {
    const n = normalizeAnswer(a);
    return n.length > 0 && hay.includes(` ${n} `);
  });
}
