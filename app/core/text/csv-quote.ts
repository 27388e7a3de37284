// CSV quoting as it leaks into retrieval logs: wiki-18 (FlashRAG's corpus) and the R1-Searcher
// logs built on it write fields CSV-quoted (`"Title: A Text: the ""B"" series"`), and some
// passages carry the doubled quotes even outside a quoted field.

/** A whole CSV-quoted field: `"…"` whose inner quotes are all doubled. */
const QUOTED_FIELD = /^"((?:[^"]|"")*)"$/;
/**
 * `""word…""` (or tripled, `"""word…"""`, as wiki-18 passages hold them): two or more quotes on
 * both sides of non-blank text, never a lone `""` (an empty quote).
 */
const DOUBLED_PAIR = /"{2,}(?=[^\s"])([^"\n]*?[^\s"])"{2,}/g;

/** Whether `raw` (trimmed) is one whole CSV-quoted field. */
export function isCsvQuoted(raw: string): boolean {
  return QUOTED_FIELD.test(raw.trim());
}

/**
 * The value of a CSV-quoted field (outer quotes dropped, `""` → `"`), trimmed; anything that is
 * not one whole quoted field comes back trimmed but otherwise as is (`"A" and "B"` stays).
 */
export function unquoteCsv(raw: string): string {
  const t = raw.trim();
  const m = QUOTED_FIELD.exec(t);
  return m ? (m[1] ?? '').replace(/""/g, '"').trim() : t;
}

/**
 * Unquoted text that still carries CSV escapes around quoted words (`motto was ""One World, One
 * Dream""`, `"""The Evergreen State"""`): each doubled or tripled pair becomes one quote. A lone `""` is left alone: in these corpora it
 * is an empty quotation whose linked title was dropped (`album "" - The poem`).
 */
export function collapseDoubledQuotes(text: string): string {
  return text.includes('""') ? text.replace(DOUBLED_PAIR, '"$1"') : text;
}
