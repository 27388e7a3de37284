// What the table's `/` search looks through besides question and answer: everything a person
// remembers about a trajectory. Built once at write time and bounded, so 10,000 rows stay small.
import { stepQueries } from '../metrics/trajectory-metrics';
import type { Step, Trajectory } from '../schema/trajectory';

/** Most characters of search text one row keeps (10,000 rows: about 20 M characters at most). */
export const SEARCH_TEXT_CHARS = 2000;
/** Most characters kept from one reasoning step (think / plan / reflect / decision / sub-answer). */
export const REASONING_STEP_CHARS = 160;

const REASONING: ReadonlySet<Step['kind']> = new Set(['think', 'plan', 'reflect', 'decision', 'sub_answer']);

function squash(s: string): string {
  return s.replace(/\s+/g, ' ').trim();
}

/**
 * Lower-cased search text, most specific first so truncation drops the least useful part:
 * `file:line`, the source's own ids, queries, document titles, then reasoning text.
 */
export function rowSearchText(t: Trajectory): string {
  const parts: string[] = [];
  const src = t.source;
  if (src.file) parts.push(src.line !== undefined ? `${src.file}:${src.line}` : src.file);
  for (const id of [src.qid, src.dataset]) if (id) parts.push(id);
  const seen = new Set<string>();
  const add = (s: string | undefined, max = Infinity) => {
    const one = squash(s ?? '');
    if (!one || seen.has(one)) return;
    seen.add(one);
    parts.push(one.length > max ? one.slice(0, max) : one);
  };
  for (const s of t.steps) if (s.kind === 'search') for (const q of stepQueries(s)) add(q);
  for (const n of t.plan ?? []) add(n.resolvedText ?? n.text);
  for (const s of t.steps) for (const d of s.docs ?? []) add(d.title);
  for (const s of t.steps) if (REASONING.has(s.kind)) add(s.text, REASONING_STEP_CHARS);
  return parts.join(' \u00b7 ').toLowerCase().slice(0, SEARCH_TEXT_CHARS);
}
