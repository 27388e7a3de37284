// HTML character references as they appear in titles scraped from Wikipedia dumps and logs
// (`Tom &amp; Jerry`, `Ocean&#39;s Eleven`, `Caf&eacute;`). Decoded for comparing, never for
// rendering: text is always shown as text.

const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  ndash: '–',
  mdash: '—',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  hellip: '…',
  middot: '·',
  szlig: 'ß',
  aelig: 'æ',
  AElig: 'Æ',
  oslash: 'ø',
  Oslash: 'Ø',
  eth: 'ð',
  ETH: 'Ð',
  thorn: 'þ',
  THORN: 'Þ',
};

/** Accented Latin letters (`&eacute;`, `&Uuml;`): the letter plus a combining mark, composed. */
const MARKS: Record<string, string> = {
  acute: '\u0301',
  grave: '\u0300',
  uml: '\u0308',
  circ: '\u0302',
  tilde: '\u0303',
  ring: '\u030a',
  cedil: '\u0327',
};

const REFERENCE = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z]+));/g;

function codePoint(n: number): string | undefined {
  return n > 0 && n <= 0x10ffff && (n < 0xd800 || n > 0xdfff) ? String.fromCodePoint(n) : undefined;
}

function named(name: string): string | undefined {
  const direct = NAMED[name];
  if (direct !== undefined) return direct;
  const m = /^([A-Za-z])(acute|grave|uml|circ|tilde|ring|cedil)$/.exec(name);
  return m ? `${m[1]}${MARKS[m[2] as string]}`.normalize('NFC') : undefined;
}

/** Decodes numeric (`&#39;`, `&#x27;`) and common named references; unknown ones stay as written. */
export function decodeHtmlEntities(s: string): string {
  if (!s.includes('&')) return s;
  return s.replace(REFERENCE, (whole, dec?: string, hex?: string, name?: string) => {
    const out =
      dec !== undefined
        ? codePoint(Number(dec))
        : hex !== undefined
          ? codePoint(parseInt(hex, 16))
          : named(name ?? '');
    return out ?? whole;
  });
}
