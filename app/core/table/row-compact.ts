// The table worker holds every stored row (a million in a whole training run, issue 37), and a row
// read back from IndexedDB is a structured clone: it brings its own copy of every string and
// object, even those that repeat across rows. The compactor makes a read row point at one shared
// copy of each repeated value instead, in place, changing no value: what the table shows, filters,
// counts and exports is the same (row-compact.test.ts), only the bytes held shrink
// (docs/benchmarks.md, "The table worker's memory per row").
import type { TrajectoryRow } from './row';
import type { RowConfidence } from './row-confidence';

/** Every field shared by value here: the same on every row that holds it (a few dozen distinct). */
const NAMES = ['strategy', 'system', 'file', 'format', 'dataset', 'goldFrom', 'run', 'collection'] as const;

export class RowCompactor {
  private readonly strings = new Map<string, string>();
  // By kind, so a key is never prefixed with its kind (a copy of the key at every row).
  private readonly objects = {
    flags: new Map<string, object>(),
    eff: new Map<string, object>(),
    extras: new Map<string, object>(),
    sure: new Map<string, object>(),
  };

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
  private shared<T extends object>(
    kind: keyof RowCompactor['objects'],
    key: string,
    o: T,
    freeze: (o: T) => void,
  ): T {
    const map = this.objects[kind];
    const held = map.get(key);
    if (held !== undefined) return held as T;
    freeze(o);
    map.set(key, o);
    return o;
  }

  /** How many distinct strings and objects are kept (tests, and the bench's breakdown). */
  get size(): { strings: number; objects: number } {
    const o = this.objects;
    return { strings: this.strings.size, objects: o.flags.size + o.eff.size + o.extras.size + o.sure.size };
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
      row.sure = this.shared('sure', sureKey(r.sure), r.sure, (s) => {
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

// Keys equal only for equal values, each text prefixed by its length so no two lists of texts
// join alike. Built by hand: JSON.stringify of a row's part read back from IndexedDB cost 10 µs.

/** NaN, Infinity and -0 as themselves (JSON writes null, null and 0). */
const num = (v: number) => (Object.is(v, -0) ? '-0' : String(v));

function extrasKey(x: Record<string, number>): string {
  let key = '';
  for (const k in x) key += `${k.length}:${k}=${num(x[k]!)};`;
  return key;
}

function sureKey(s: RowConfidence): string {
  let key = `${s.searches};${s.unsureSearches.join(',')};${s.redundant.join(',')};${s.underSearch};${s.under};`;
  for (const r of s.reasons) key += `${r.length}:${r}`;
  return key;
}
