// Which documents of different runs are "the same document". Ids only mean something within one
// retriever: imported logs number their documents by position (`h1d2`), so ids are used only when
// every run is a live Hopscope run over the same question set (ids from the same corpus index);
// otherwise a content hash of the normalized title + text, the builder's own duplicate key.
import { hash53 } from '../hash';
import { docKey } from '../schema/builder';
import type { Doc, Trajectory } from '../schema/trajectory';

export type DocIdentityMode = 'id' | 'content';

export function docIdentityMode(runs: readonly Trajectory[]): DocIdentityMode {
  const first = runs[0];
  if (!first) return 'content';
  const sameRetriever = runs.every(
    (t) => t.source.kind === 'live' && (t.source.dataset ?? '') === (first.source.dataset ?? ''),
  );
  return sameRetriever ? 'id' : 'content';
}

export function docIdentity(d: Doc, mode: DocIdentityMode): string {
  return mode === 'id' ? `id:${d.id}` : `c:${hash53(docKey(d))}`;
}
