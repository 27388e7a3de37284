/** A fraction as a percentage with one decimal and no sign ("–" when there is none): tables and charts of runs. */
export const pct = (v: number | null): string => (v === null ? '–' : `${(100 * v).toFixed(1)}`);
