// The file column's order: numbers in a name by value, so a run's step files come as 1, 2, 10
// (not 1, 10, 2). The SQL path builds the same key in DuckDB (core/sql/table-sql fileKeySql), so
// both must split and pad alike; table-sql.test.ts checks that they order every file the same.

/** Digits a number in a file name is padded to; a longer run of digits is cut to this many. */
export const FILE_NUMBER_WIDTH = 20;

/** Runs of ASCII digits and runs of anything else, as `regexp_extract_all` splits in SQL. */
const PARTS = /[0-9]+|[^0-9]+/g;

/**
 * A key for a file name already lower-cased (foldCase) that sorts by code point as names sort
 * naturally: each run of digits left-padded with zeros to FILE_NUMBER_WIDTH, as DuckDB's
 * lpad(part, width, '0') pads it (and cuts a longer run to its first FILE_NUMBER_WIDTH digits).
 * Names equal but for leading zeros get the same key; the caller breaks that tie.
 */
export function fileKey(folded: string): string {
  return folded.replace(PARTS, (part) =>
    /^[0-9]/.test(part)
      ? part.length > FILE_NUMBER_WIDTH
        ? part.slice(0, FILE_NUMBER_WIDTH)
        : part.padStart(FILE_NUMBER_WIDTH, '0')
      : part,
  );
}
