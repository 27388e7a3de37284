// Writes tables as CSV (RFC 4180): records end in CRLF; a field holding a comma, a quote, a line
// break or edge spaces is quoted, with `""` for each quote inside. A text field that a spreadsheet
// would evaluate as a formula (it starts with =, +, -, @, tab or CR) gets a leading apostrophe, as
// OWASP's CSV-injection advice says: dataset and strategy names come from user files. Numbers are
// written as JavaScript prints them (full precision), null and undefined as empty fields.

export type CsvCell = string | number | boolean | null | undefined;

const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;
const FORMULA = /^[=+\-@\t\r]/;

function field(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (typeof cell === 'number') return Number.isFinite(cell) ? String(cell) : '';
  if (typeof cell === 'boolean') return String(cell);
  const text = FORMULA.test(cell) ? `'${cell}` : cell;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** A header row and data rows as CSV text. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly CsvCell[]>): string {
  return [header, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}
