// Stores imported trajectories so an id already taken by a different record never replaces it:
// the newcomer is stored under a derived id (`<id>~2`, `~3`, ...) and the import reports both.
// The same record imported again still replaces itself (one trajectory, as before), as does a
// record under a content id the pipeline derived from its own bytes, so labels, keyed by
// trajectory id and step, stay on the record they were made on.
import type { CollectionRef } from '../core/collections/collection';
import { canonicalJson } from '../core/io/canonical';
import { unpackTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { forgetKnownIds, type KnownIds, WRITES_KEY } from './known-ids';
import { type DerivedRows, deriveRows, type TrajectoryWriteTx, writeTrajectories } from './trajectory-write';

/** What a record is, apart from its id and where in which file it was read. */
export function recordContent(t: Trajectory): string {
  const { file: _file, line: _line, ...source } = t.source;
  return canonicalJson({ ...t, id: undefined, source });
}

/** Ids past this length are cut in messages (an id may be 100,000 characters). */
const ID_SHOWN = 80;

export function shownId(id: string): string {
  return JSON.stringify(id.length > ID_SHOWN ? `${id.slice(0, ID_SHOWN)}…` : id);
}

/** A record stored under another id than its own, because its own held a different record. */
export interface MovedRecord {
  index: number;
  from: string;
  to: string;
}

/** What putImported stored: final ids, and the records moved. */
export interface PutImported {
  stored: Trajectory[];
  moved: MovedRecord[];
}

/** The stores a caller of putImported may also write, in the same transaction. */
export type AlongsideTx = TrajectoryWriteTx<'annotations' | 'imports'>;

/**
 * Puts imported trajectories in one transaction, each under its id unless that id holds a
 * different record (then under the first free or identical `<id>~n`). Returns what was stored
 * (final ids) and which records moved. The check runs inside the write, so two files importing
 * at once cannot both take one id: with `known` (the ids held in memory, known-ids.ts) only an
 * id it holds is read, unless another context wrote trajectories since (then every id is read,
 * in one round). `alongside` writes what goes with the batch (its labels, the import's report) in
 * the same transaction, so a stopped or killed import never stores one without the other.
 */
export async function putImported<T = undefined>(
  list: readonly Trajectory[],
  opts: {
    /**
     * A stored record with the same id and the same source is an older version, replaced: for the
     * app's own demo set updating itself, never for a user's file.
     */
    replaceSameSource?: boolean;
    /**
     * Ids the import pipeline derived from the record's own content (ImportBatch.derivedIds, after
     * any legacy rename). The shape of an id says nothing: a file may name a record `t_1`.
     */
    derivedIds?: ReadonlySet<string>;
    known?: KnownIds;
    /** The collection every record goes to (trajectory-write.ts). */
    collection?: CollectionRef;
    alongside?: (put: PutImported, tx: AlongsideTx) => T;
    /** Derives the rows before the write (a pool of row workers); deriveRows on this thread by default. */
    derive?: (list: readonly Trajectory[]) => Promise<DerivedRows>;
    /** The rows of `list`, in its order, derived already (then `derive` is not called). */
    rows?: DerivedRows;
  } = {},
): Promise<PutImported & { alongside?: T }> {
  if (list.length === 0 && !opts.alongside) return { stored: [], moved: [] };
  const replaceSameSource = opts.replaceSameSource === true;
  const derivedIds = opts.derivedIds ?? new Set<string>();
  const known = opts.known;
  let exact = false;
  const derived = opts.rows ?? (await (opts.derive ?? deriveRows)(list));
  try {
    const out = await writeTrajectories(
      ['annotations', 'imports'],
      async (put, tx, token) => {
        const ts = tx.objectStore('trajectories');
        exact = known !== undefined && (await tx.objectStore('meta').get(WRITES_KEY)) === known.token;
        // An id neither stored nor labelled here needs no read while the held ids are exact.
        const mayHold = (id: string) => !exact || known?.ids.has(id) === true;
        // A content id the pipeline derived is a hash of the record's own bytes: the same id is the
        // same record, whatever a newer importer now derives from it (re-importing after an update
        // replaces, as before).
        const trusted = (t: Trajectory) => derivedIds.has(t.id);
        // The first reads in one round, not one awaited read per record.
        const first = await Promise.all(
          list.map((t) => (!trusted(t) && mayHold(t.id) ? ts.get(t.id) : undefined)),
        );
        const stored: Trajectory[] = [];
        const moved: MovedRecord[] = [];
        for (const [i, t] of list.entries()) {
          let content: string | undefined;
          let id = t.id;
          for (let n = 2; ; n++) {
            if (id === t.id && trusted(t)) break;
            const there = id === t.id ? first[i] : mayHold(id) ? await ts.get(id) : undefined;
            if (!there) break;
            const old = unpackTrajectory(there);
            if (replaceSameSource && canonicalJson(old.source) === canonicalJson(t.source)) break;
            content ??= recordContent(t);
            if (recordContent(old) === content) break;
            id = `${t.id}~${n}`;
          }
          const kept = id === t.id ? t : { ...t, id };
          if (id !== t.id) moved.push({ index: i, from: t.id, to: id });
          // A moved record's row is derived here from what is stored: the one derived before the
          // write names the taken id in its searches.
          put(kept, id === t.id ? derived.rows[i] : undefined);
          // Held at once: a later record of this batch moved to this id reads what was just put.
          known?.ids.add(id);
          stored.push(kept);
        }
        const result: PutImported & { alongside?: T } = { stored, moved };
        if (opts.alongside) result.alongside = opts.alongside({ stored, moved }, tx);
        if (known && exact) known.token = token;
        return result;
      },
      { rowsKey: derived.key, ...(opts.collection ? { collection: opts.collection } : {}) },
    );
    return out;
  } catch (e) {
    // What the held set took from this write may not be stored: read afresh next time.
    if (known) await forgetKnownIds();
    throw e;
  }
}
