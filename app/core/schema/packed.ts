// How a trajectory is stored. An imported record keeps its source text in `raw`, and most of its
// steps' `raw` and `text` and its documents' `text` are verbatim slices of it (an R1-Searcher
// log: every step, 99.5 % of document text). Stored as copies, a trajectory was ~3x its source
// record, and writing the copies was most of an import's storage cost. Packed, each such string
// is kept as [start, end) offsets into `raw` (a document retrieved twice costs one slice, not two
// copies), and unpacking rebuilds the same object, keys in the same order.
import type { Doc, Step, Trajectory } from './trajectory';

type Span = [start: number, end: number];

/** A stored step: `raw` / `text` may be `rawAt` / `textAt` spans into the trajectory's raw. */
type PackedStep = Omit<Step, 'docs'> & { rawAt?: Span; textAt?: Span; docs?: PackedDoc[] };
type PackedDoc = Omit<Doc, 'text'> & { text?: string; textAt?: Span };

/** A trajectory as stored: `packed` set when any of its strings are spans into `raw`. */
export type StoredTrajectory = Trajectory | (Omit<Trajectory, 'steps'> & { packed: 1; steps: PackedStep[] });

/** Shorter strings are kept as they are: a span costs about as much. */
const MIN_PACKED = 24;

/**
 * `o` with each key of `spans` replaced by `key + 'At'` (its span) in the same position. One pass
 * over the keys, with no entry pairs: a large import packs every step and document it stores.
 */
function withSpans<T extends object>(o: T, spans: { raw?: Span | null; text?: Span | null }): T {
  const out: Record<string, unknown> = {};
  const from = o as Record<string, unknown>;
  for (const k of Object.keys(from)) {
    const span = k === 'raw' ? spans.raw : k === 'text' ? spans.text : undefined;
    if (span) out[k === 'raw' ? 'rawAt' : 'textAt'] = span;
    else out[k] = from[k];
  }
  return out as T;
}

/** `o` with each `keyAt` span replaced by its slice of `raw`, in the same position. */
function withText<T extends object>(o: T, raw: string): T {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(o)) {
    if ((k === 'rawAt' || k === 'textAt') && Array.isArray(v)) out[k.slice(0, -2)] = raw.slice(v[0], v[1]);
    else out[k] = v;
  }
  return out as T;
}

export function packTrajectory(t: Trajectory): StoredTrajectory {
  const raw = t.raw;
  if (!raw || raw.length < MIN_PACKED) return t;
  // Strings come in the order they appear in raw, so each search starts where the last step was
  // found; a string found nowhere costs a scan of raw, so scanning stops past a budget (a
  // 100,000-step record whose steps are not in its raw stays linear).
  let from = 0;
  let budget = 8 * raw.length + 1_000_000;
  const find = (s: string | undefined): Span | null => {
    if (s === undefined || s.length < MIN_PACKED || budget <= 0) return null;
    let at = raw.indexOf(s, from);
    budget -= at < 0 ? raw.length - from : at - from + s.length;
    if (at < 0 && from > 0 && budget > 0) {
      at = raw.indexOf(s);
      budget -= at < 0 ? raw.length : at + s.length;
    }
    return at < 0 ? null : [at, at + s.length];
  };
  let packed = false;
  const steps = t.steps.map((s): PackedStep => {
    let out: PackedStep = s;
    const rawAt = find(s.raw);
    if (rawAt) from = rawAt[0];
    const textAt = find(s.text);
    if (rawAt || textAt) out = withSpans(out, { raw: rawAt, text: textAt });
    if (s.docs) {
      let docsPacked = false;
      const docs = s.docs.map((d): PackedDoc => {
        const at = find(d.text);
        if (!at) return d;
        docsPacked = true;
        return withSpans(d, { text: at });
      });
      if (docsPacked) out = { ...out, docs };
    }
    if (out !== s) packed = true;
    return out;
  });
  return packed ? { ...t, packed: 1, steps } : t;
}

export function unpackTrajectory(s: StoredTrajectory): Trajectory {
  if (!('packed' in s)) return s;
  const raw = s.raw ?? '';
  const { packed: _, ...rest } = s;
  const steps = s.steps.map((st): Step => {
    const out = withText(st, raw) as Step & { docs?: PackedDoc[] };
    if (out.docs) out.docs = out.docs.map((d) => ('textAt' in d ? withText(d, raw) : d)) as Doc[];
    return out as Step;
  });
  return { ...rest, steps };
}
