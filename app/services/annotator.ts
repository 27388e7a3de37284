// The annotator's name lives in localStorage for speed, but every label in IndexedDB carries it
// too. When localStorage lost it (a killed tab before the write was flushed, cleared site data
// for the origin's storage but not its database), the name comes back from the newest label.
import { listAnnotations } from '../db/store';

/** The annotator of the most recently created label, or null when there is none. */
export async function lastAnnotator(): Promise<string | null> {
  let best: { at: string; name: string } | null = null;
  for (const a of await listAnnotations())
    if (!best || a.createdAt > best.at) best = { at: a.createdAt, name: a.annotator };
  return best?.name ?? null;
}
