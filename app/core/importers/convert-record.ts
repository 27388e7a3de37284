// One record through a format into a checked trajectory: its content id (stable under key order,
// with the id it had before ids hashed a canonical form), the builder, the schema check, and the
// reasons a record cannot be stored; a record that fails is an issue with its file and line.
import { AbortError } from '../abort';
import { hash53 } from '../hash';
import { canonicalJson, checkStorable, MAX_NESTING } from '../io/canonical';
import { shareDocHaystack } from '../metrics/normalize';
import { buildTrajectory } from '../schema/builder';
import type { Trajectory } from '../schema/trajectory';
import { parseTrajectoryFast } from '../schema/trajectory-fast';
import type { RawRecord } from './records';
import { type FormatImporter, type ImportIssue, RecordError } from './types';

/** The record as a trajectory, or the issue that keeps it out. `seenIds` numbers repeated content. */
export function convertRecord(
  rec: RawRecord,
  f: FormatImporter,
  file: string,
  seenIds: Map<string, number>,
): { trajectory: Trajectory; legacyId?: string; derived?: true } | { issue: ImportIssue } {
  let legacyId: string | undefined;
  let derived = false;
  try {
    const events = f.toEvents(rec.value, { file, line: rec.line });
    const start = events[0];
    if (!start || (start.type !== 'start' && start.type !== 'snapshot'))
      throw new RecordError('importer produced no start event');
    if (start.type === 'start' && !start.id) {
      // Content-addressed over a canonical form (sorted keys): re-importing the same records, even
      // re-serialised with keys in another order, yields the same ids (no duplicates).
      const content = typeof rec.value === 'string' ? rec.value : canonicalJson(rec.value);
      const salt = f.idSalt?.(rec.value, { file, line: rec.line }) ?? '';
      const base = `t_${hash53(`${f.id}\n${salt}${content}`)}`;
      const n = seenIds.get(base) ?? 0;
      seenIds.set(base, n + 1);
      events[0] = { ...start, id: n === 0 ? base : `${base}-${n}` };
      if (!f.noKeyOrderIds) legacyId = legacyContentId(f.id, rec.value, n);
      derived = true;
    }
    const built = buildTrajectory(events);
    const checked = parseTrajectoryFast(built);
    if (!checked.ok) throw new RecordError(checked.error, checked.field);
    const empty = emptiness(checked.value, start.type === 'snapshot');
    if (empty) throw new RecordError(`read as ${f.id}, the record yields ${empty}; not imported`);
    shareDocHaystacks(built, checked.value);
    const unstorable = checkStorable(checked.value);
    if (unstorable) throw new RecordError(unstorable.message, unstorable.field);
    return {
      trajectory: checked.value,
      ...(legacyId ? { legacyId } : {}),
      ...(derived ? { derived: true as const } : {}),
    };
  } catch (e) {
    if (e instanceof AbortError) throw e;
    // A value nested too deep for a recursive step (schema checks) is the storage limit's problem.
    const message =
      e instanceof RangeError && /call stack/i.test(e.message)
        ? `nested deeper than ${MAX_NESTING} levels; Hopscope cannot store it`
        : e instanceof Error
          ? e.message
          : String(e);
    const line = e instanceof RecordError && e.line !== undefined ? e.line : rec.line;
    const issue: ImportIssue = { file, line, message };
    if (e instanceof RecordError && e.field) issue.field = e.field;
    return { issue };
  }
}

/**
 * What makes a trajectory empty, if it is: nothing the file holds may become a trajectory
 * silently. A question with a final answer and no steps is not empty (an agent may answer without
 * searching: When-to-Search measures it). A stored Hopscope trajectory (a snapshot) may have no
 * steps (a run stopped before its first). None may have no question and no steps.
 */
function emptiness(t: Trajectory, snapshot: boolean): string | null {
  if (t.steps.length > 0) return null;
  if (!t.question.trim()) return 'no question and no steps';
  return snapshot || t.answer?.text.trim() ? null : 'no steps';
}

/** The validated copy's documents reuse what the builder normalized (its rows read them again). */
function shareDocHaystacks(built: Trajectory, checked: Trajectory): void {
  built.steps.forEach((s, i) => {
    const to = checked.steps[i]?.docs;
    s.docs?.forEach((d, j) => {
      const t = to?.[j];
      if (t) shareDocHaystack(d, t);
    });
  });
}

/** The content id before canonical hashing (JSON.stringify in file key order); none if it throws. */
function legacyContentId(format: string, value: unknown, n: number): string | undefined {
  try {
    const base = `t_${hash53(`${format}\n${typeof value === 'string' ? value : JSON.stringify(value)}`)}`;
    return n === 0 ? base : `${base}-${n}`;
  } catch {
    return undefined; // nested too deep for JSON.stringify: it could never have been stored
  }
}
