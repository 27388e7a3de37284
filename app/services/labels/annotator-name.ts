// The annotator's name is a label's author, so it is kept where a killed browser cannot lose it.
// It has two copies, each with the time it was set: localStorage (read synchronously at start, so
// the first paint knows it, but it reaches disk lazily, seconds later) and IndexedDB (committed
// with strict durability before the page shows the name as set). At start the newer copy wins, the
// durable one on a tie (names saved before the times were kept have time 0): a browser killed
// after a rename has the new name in IndexedDB and maybe the old one in localStorage. When both
// copies are gone (cleared site data for the origin's storage but not its database), the name
// comes back from the newest label.
import { getMeta, listAnnotations, setMetasDurably } from '../../db/store';

const NAME_KEY = 'annotator';
const SET_AT_KEY = 'annotator-set-at';

/** A copy of the name and when it was set (ms since the epoch; 0 when not known). */
export interface NameCopy {
  name: string;
  setAt: number;
}

/** Resolves once the name and its time are on disk (one transaction: both or neither). */
export async function saveAnnotatorName(name: string, setAt: number): Promise<void> {
  await setMetasDurably({ [NAME_KEY]: name, [SET_AT_KEY]: setAt });
}

/** The durable copy, or null when none was saved. */
export async function durableAnnotator(): Promise<NameCopy | null> {
  const name = await getMeta<unknown>(NAME_KEY);
  if (typeof name !== 'string') return null;
  const at = await getMeta<unknown>(SET_AT_KEY);
  return { name, setAt: typeof at === 'number' && Number.isFinite(at) ? at : 0 };
}

/** The copy set last; the durable one when both were set at the same time (or at unknown times). */
export function newerCopy(local: NameCopy | null, durable: NameCopy | null): NameCopy | null {
  if (!local) return durable;
  if (!durable) return local;
  return local.setAt > durable.setAt ? local : durable;
}

/**
 * The name to use at start, given the localStorage copy: the newer copy, else the newest label's
 * annotator. A local copy newer than the durable one (its IndexedDB write failed) is written
 * durably now, so the next start does not go back to the older name.
 */
export async function restoredAnnotator(
  local: NameCopy | null,
): Promise<{ copy: NameCopy; from: 'local' | 'durable' | 'labels' } | null> {
  const durable = await durableAnnotator();
  const newer = newerCopy(local, durable);
  if (newer && newer === local) {
    if (durable?.name !== local.name || durable.setAt !== local.setAt)
      await saveAnnotatorName(local.name, local.setAt);
    return { copy: local, from: 'local' };
  }
  if (newer) return { copy: newer, from: 'durable' };
  let best: { at: string; name: string } | null = null;
  for (const a of await listAnnotations())
    if (!best || a.createdAt > best.at) best = { at: a.createdAt, name: a.annotator };
  return best ? { copy: { name: best.name, setAt: 0 }, from: 'labels' } : null;
}
