// Number formats of the Compare logs page: rates as %, differences in percentage points.
export const pct = (v: number | null): string => (v === null ? '–' : `${(100 * v).toFixed(1)} %`);
export const pp = (v: number | null): string =>
  v === null ? '–' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(100 * v).toFixed(1)} pp`;
export const signed = (v: number | null, digits = 2): string =>
  v === null ? '–' : `${v > 0 ? '+' : v < 0 ? '−' : '±'}${Math.abs(v).toFixed(digits)}`;
/** p-values: three significant digits, scientific below 0.001. */
export const pValue = (p: number): string =>
  p === 1 ? '1' : p < 0.001 ? p.toExponential(2) : p.toPrecision(3);
