// A parameter sweep: one strategy, one or more of its numeric parameters each with a list of
// values, over a question set. The grid is the cartesian product of the value lists; each grid
// point is a variant (the strategy with those parameters). A sweep runs as a batch whose entries
// are variants (plan.ts), so resume and "never store a question twice" are the batch's own.
// Pure.

export interface SweepParam {
  name: string;
  values: number[];
}

export interface SweepSpec {
  strategy: string;
  params: SweepParam[];
}

export interface SweepVariant {
  /** Deterministic name of the grid point, e.g. `apex(docsPerRetrieval=3, maxHops=5)`. */
  key: string;
  strategy: string;
  params: Record<string, number>;
}

/** Grid points beyond this make a sweep that runs for hours; the user must narrow it. */
export const MAX_GRID_POINTS = 48;

export function variantKey(strategy: string, params: Record<string, number | boolean>): string {
  return `${strategy}(${Object.entries(params)
    .map(([k, v]) => `${k}=${v}`)
    .join(', ')})`;
}

export function gridSize(spec: SweepSpec): number {
  return spec.params.reduce((n, p) => n * p.values.length, spec.params.length ? 1 : 0);
}

/** Every grid point, the first parameter varying slowest (as the user listed them). */
export function sweepVariants(spec: SweepSpec): SweepVariant[] {
  let combos: Array<Record<string, number>> = [{}];
  for (const p of spec.params) combos = combos.flatMap((c) => p.values.map((v) => ({ ...c, [p.name]: v })));
  if (spec.params.length === 0) return [];
  return combos.map((params) => ({
    key: variantKey(spec.strategy, params),
    strategy: spec.strategy,
    params,
  }));
}

/** Parameters a sweep can vary: the strategy's numeric defaults, in their order. */
export function numericParams(defaults: object): string[] {
  return Object.entries(defaults)
    .filter(([, v]) => typeof v === 'number')
    .map(([k]) => k);
}

/**
 * A positive integer default (top-k, hops, turns, tokens) takes whole values of at least 1; a
 * default of 0 or a fraction (temperature) takes any number of at least 0.
 */
function isCount(def: number): boolean {
  return Number.isInteger(def) && def >= 1;
}

/** A comma-separated value list for one parameter, or a message naming the bad entry. */
export function parseValues(
  name: string,
  text: string,
  def: number,
): { values: number[] } | { error: string } {
  const parts = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  if (parts.length === 0) return { error: `${name}: list at least one value (e.g. 1, 3, 5)` };
  const values: number[] = [];
  for (const part of parts) {
    const v = Number(part);
    if (!Number.isFinite(v)) return { error: `${name}: “${part}” is not a number` };
    if (isCount(def) && (!Number.isInteger(v) || v < 1))
      return { error: `${name}: “${part}” must be a whole number of at least 1` };
    if (v < 0) return { error: `${name}: “${part}” must not be negative` };
    if (values.includes(v)) return { error: `${name}: ${v} is listed twice` };
    values.push(v);
  }
  return { values };
}

/** Why the sweep cannot run (unknown or repeated parameter, empty list, grid too large), or null. */
export function sweepProblem(spec: SweepSpec, defaults: object): string | null {
  const numeric = new Set(numericParams(defaults));
  if (spec.params.length === 0) return 'Pick at least one parameter to sweep.';
  const seen = new Set<string>();
  for (const p of spec.params) {
    if (!numeric.has(p.name)) return `${spec.strategy} has no numeric parameter “${p.name}”.`;
    if (seen.has(p.name)) return `${p.name} is swept twice.`;
    seen.add(p.name);
    if (p.values.length === 0) return `${p.name}: list at least one value.`;
  }
  const n = gridSize(spec);
  if (n > MAX_GRID_POINTS)
    return `The grid has ${n} points (${spec.params.map((p) => p.values.length).join(' × ')}); at most ${MAX_GRID_POINTS} are allowed. Drop values or a parameter.`;
  return null;
}
