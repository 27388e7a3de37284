// The table worker holds every stored row (a million in a whole training run, issue 37), and a row
// read back from IndexedDB is a structured clone: it brings its own copy of every string and
// object, even those that repeat across rows. The compactor makes a read row point at one shared
// copy of each repeated value instead, in place, changing no value: what the table shows, filters,
// counts and exports is the same (row-compact.test.ts), only the bytes held shrink
// (docs/benchmarks.md, "The table worker's memory per row").
import type { TrajectoryRow } from './row';

/** Every field shared by value here: the same on every row that holds it (a few dozen distinct). */
const NAMES = ['strategy', 'system', 'file', 'format', 'dataset', 'goldFrom', 'run', 'collection'] as const;

export class RowCompactor {
  private readonly strings = new Map<string, string>();
  private readonly objects = new Map<string, object>();

  /** The one copy of `s` this compactor keeps. */
  private str(s: string): string {
    const held = this.strings.get(s);
    if (held !== undefined) return held;
    this.strings.set(s, s);
    return s;
  }

  /**
   * The one copy of an object equal to `o` (by `key`), frozen: shared by many rows, it must never
   * change under one of them (nothing in the table writes to a row's parts; a write would throw).
   */
  private shared<T extends object>(kind: string, key: string, o: T, freeze: (o: T) => void): T {
    const k = `${kind}\u0000${key}`;
    const held = this.objects.get(k);
    if (held !== undefined) return held as T;
    freeze(o);
    this.objects.set(k, o);
    return o;
  }

  /** How many distinct strings and objects are kept (tests, and the bench's breakdown). */
  get size(): { strings: number; objects: number } {
    return { strings: this.strings.size, objects: this.objects.size };
  }

  /** `row`, changed in place to share what it repeats; returned for chaining. */
  compact(row: TrajectoryRow): TrajectoryRow {
    // A row stored by an older version (an indexed row is never derived again) may lack a part:
    // what is missing or not of its type is left as it is.
    const r = row as Partial<TrajectoryRow>;
    for (const f of NAMES) if (typeof r[f] === 'string') row[f] = this.str(r[f]);
    // A training run samples each prompt several times (GRPO's group, every epoch), so its
    // questions, answers, queries and the detectors' evidence repeat; an evaluation log's are
    // nearly all distinct, and keeping them in the map would cost more than it saves.
    const content = row.run !== '' ? (s: string) => this.str(s) : (s: string) => s;
    if (typeof r.question === 'string') row.question = content(r.question);
    if (typeof r.answer === 'string') row.answer = content(r.answer);
    if (typeof r.gold === 'string') row.gold = content(r.gold);
    if (Array.isArray(r.flags))
      row.flags = this.shared('flags', r.flags.join('\u0000'), r.flags, Object.freeze);
    if (Array.isArray(r.flagNotes))
      for (const n of r.flagNotes) {
        n.kind = this.str(n.kind) as typeof n.kind;
        if (n.stepId !== undefined) n.stepId = this.str(n.stepId);
        n.evidence = content(n.evidence);
      }
    const e = r.eff;
    if (e)
      row.eff = this.shared(
        'eff',
        `${e.searches},${e.redundant},${e.afterSufficiency},${e.underSearch},${e.correct},${e.docs},${e.dupDocs}`,
        e,
        Object.freeze,
      );
    if (r.extras) row.extras = this.shared('extras', extrasKey(r.extras), r.extras, Object.freeze);
    if (r.sure)
      row.sure = this.shared('sure', JSON.stringify(r.sure), r.sure, (s) => {
        Object.freeze(s.unsureSearches);
        Object.freeze(s.redundant);
        Object.freeze(s.reasons);
        Object.freeze(s);
      });
    if (Array.isArray(r.searches))
      for (const s of r.searches) {
        // Each search names its trajectory: the row's own id, not a copy of it.
        if (s.trajectoryId === row.id) s.trajectoryId = row.id;
        s.query = content(s.query);
        if (typeof s.rule === 'string') s.rule = this.str(s.rule) as typeof s.rule;
      }
    return row;
  }
}

/** A key equal only for equal extras (JSON would write NaN and Infinity as null, -0 as 0). */
function extrasKey(x: Record<string, number>): string {
  return JSON.stringify(Object.entries(x).map(([k, v]) => [k, Object.is(v, -0) ? '-0' : String(v)]));
}
