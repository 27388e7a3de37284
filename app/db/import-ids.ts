// Stores imported trajectories so an id already taken by a different record never replaces it:
// the newcomer is stored under a derived id (`<id>~2`, `~3`, ...) and the import reports both.
// The same record imported again still replaces itself (one trajectory, as before), as does a
// record under a content id the pipeline derived from its own bytes, so labels, keyed by
// trajectory id and step, stay on the record they were made on.
import { canonicalJson } from '../core/io/canonical';
import { unpackTrajectory } from '../core/schema/packed';
import type { Trajectory } from '../core/schema/trajectory';
import { writeTrajectories } from './trajectory-write';

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

/**
 * Puts imported trajectories in one transaction, each under its id unless that id holds a
 * different record (then under the first free or identical `<id>~n`). Returns what was stored
 * (final ids) and which records moved. The check runs inside the write, so two files importing
 * at once cannot both take one id.
 */
export async function putImported(
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
  } = {},
): Promise<{ stored: Trajectory[]; moved: MovedRecord[] }> {
  if (list.length === 0) return { stored: [], moved: [] };
  const replaceSameSource = opts.replaceSameSource === true;
  const derivedIds = opts.derivedIds ?? new Set<string>();
  return writeTrajectories([], async (put, tx) => {
    const ts = tx.objectStore('trajectories');
    const stored: Trajectory[] = [];
    const moved: MovedRecord[] = [];
    for (const [i, t] of list.entries()) {
      let content: string | undefined;
      let id = t.id;
      for (let n = 2; ; n++) {
        const there = await ts.get(id);
        // A content id the pipeline derived is a hash of the record's own bytes: the same id is
        // the same record, whatever a newer importer now derives from it (re-importing after an
        // update replaces, as before).
        if (!there || (id === t.id && derivedIds.has(id))) break;
        const old = unpackTrajectory(there);
        if (replaceSameSource && canonicalJson(old.source) === canonicalJson(t.source)) break;
        content ??= recordContent(t);
        if (recordContent(old) === content) break;
        id = `${t.id}~${n}`;
      }
      const kept = id === t.id ? t : { ...t, id };
      if (id !== t.id) moved.push({ index: i, from: t.id, to: id });
      put(kept);
      stored.push(kept);
    }
    return { stored, moved };
  });
}
