// normalizeText's deletions, article removal and whitespace collapse in one scan of the text,
// instead of one regular-expression pass each: imports normalize every retrieved document (answer
// containment, duplicate keys, flags) and spent most of that time in the replace passes. Returns
// null where the scan's assumptions do not hold (any character that is not a letter, digit, space,
// punctuation or symbol: marks, controls, format, private-use and unassigned characters, surrogate
// pairs), and the caller takes the regular-expression path; tests check both agree everywhere.

/** A character deleted (punctuation or symbol), a space, part of a word, or one the scan leaves. */
const DEL = 1;
const SPACE = 2;
const WORD = 3;
const OTHER = 4;

const PUNCT_OR_SYMBOL = /[\p{P}\p{S}]/u;
const SPACE_CHAR = /\s/;
const WORD_CHAR = /[\p{L}\p{N}]/u;

function classify(c: number): number {
  if (c >= 0xd800 && c <= 0xdfff) return OTHER;
  const ch = String.fromCharCode(c);
  if (PUNCT_OR_SYMBOL.test(ch)) return DEL;
  if (SPACE_CHAR.test(ch)) return SPACE;
  if (WORD_CHAR.test(ch)) return WORD;
  return OTHER;
}

/** Classes by UTF-16 code unit, built 256 at a time when first met. */
const blocks: Array<Uint8Array | undefined> = [];

function blockOf(hi: number): Uint8Array {
  let b = blocks[hi];
  if (!b) {
    b = new Uint8Array(256);
    for (let lo = 0; lo < 256; lo++) b[lo] = classify((hi << 8) | lo);
    blocks[hi] = b;
  }
  return b;
}

const ASCII_CLASS = blockOf(0);
const SLASH = 0x2f;
const HYPHEN = 0x2d;

/**
 * `lower` (already NFKC-folded and lower-cased) with punctuation and symbols deleted, the
 * articles a/an/the removed as whole words, whitespace collapsed to single spaces and trimmed.
 * With `asciiSeparators`, "-" and "/" read as spaces instead of being deleted (the haystack's
 * split form; only for ASCII text, where that replacement commutes with folding).
 */
export function scanNormalize(lower: string, asciiSeparators = false): string | null {
  const n = lower.length;
  let out = '';
  // The output not yet appended: lower[runStart, runEnd), a contiguous stretch of the input.
  let runStart = 0;
  let runEnd = 0;
  let i = 0;
  while (i < n) {
    // Skip to the next token.
    let c = lower.charCodeAt(i);
    let k = c < 256 ? (ASCII_CLASS[c] as number) : (blockOf(c >> 8)[c & 255] as number);
    if (asciiSeparators && (c === HYPHEN || c === SLASH)) k = SPACE;
    if (k === SPACE) {
      i++;
      continue;
    }
    // A token, up to the next space: its kept text is one slice unless a deleted character sits
    // between kept ones.
    let keepStart = -1;
    let keepEnd = -1;
    let pieces: string | null = null;
    for (; i < n; i++) {
      c = lower.charCodeAt(i);
      k = c < 256 ? (ASCII_CLASS[c] as number) : (blockOf(c >> 8)[c & 255] as number);
      if (asciiSeparators && (c === HYPHEN || c === SLASH)) k = SPACE;
      if (k === SPACE) break;
      if (k === OTHER) return null;
      if (k === DEL) continue;
      if (keepStart < 0) keepStart = i;
      else if (keepEnd !== i) {
        // A gap of deleted characters inside the token: its text is no longer one slice.
        pieces = (pieces ?? lower.slice(keepStart, keepEnd)) + lower.slice(i, i + 1);
        keepEnd = i + 1;
        continue;
      }
      if (pieces !== null) pieces += lower[i];
      keepEnd = i + 1;
    }
    if (keepStart < 0) continue; // nothing kept: only punctuation
    const len = pieces !== null ? pieces.length : keepEnd - keepStart;
    if (len <= 3) {
      const word = pieces ?? lower.slice(keepStart, keepEnd);
      if (word === 'a' || word === 'an' || word === 'the') continue;
    }
    if (pieces === null && runEnd > runStart && keepStart === runEnd + 1 && lower.charCodeAt(runEnd) === 32) {
      // The token follows the pending run after exactly one plain space: extend the run.
      runEnd = keepEnd;
      continue;
    }
    if (runEnd > runStart) out += lower.slice(runStart, runEnd);
    if (out.length > 0) out += ' ';
    if (pieces !== null) {
      out += pieces;
      runStart = runEnd = 0;
    } else {
      runStart = keepStart;
      runEnd = keepEnd;
    }
  }
  if (runEnd > runStart) out += lower.slice(runStart, runEnd);
  return out;
}
