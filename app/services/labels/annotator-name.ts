// The annotator's name is a label's author, so it is kept where a killed browser cannot lose it:
// localStorage (read synchronously at start) reaches disk lazily, so the name is also committed
// to IndexedDB with strict durability the moment it is set. When both lost it
// (cleared site data for the origin's storage but not its database), the name comes back from
// the newest label.
import { getMeta, listAnnotations, setMetaDurably } from '../../db/store';

const NAME_KEY = 'annotator';

/** Resolves once the name is on disk. */
export async function saveAnnotatorName(name: string): Promise<void> {
  await setMetaDurably(NAME_KEY, name);
}

/** The name last saved, else the annotator of the most recently created label, else null. */
export async function lastAnnotator(): Promise<string | null> {
  const saved = await getMeta<unknown>(NAME_KEY);
  if (typeof saved === 'string' && saved !== '') return saved;
  let best: { at: string; name: string } | null = null;
  for (const a of await listAnnotations())
    if (!best || a.createdAt > best.at) best = { at: a.createdAt, name: a.annotator };
  return best?.name ?? null;
}
