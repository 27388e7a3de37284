// Hash routes, so deep links survive reloads on any static host:
//   #/                       dataset table
//   #/t/<trajectory>[/<step>] trajectory view, optionally at a step
//   #/corpus[/<corpus>]       corpus page, optionally on one corpus
//   #/run                     live runs, batches and their comparison
//   #/compare/<a>/<b>[/…]     trajectories side by side, aligned by plan node, hop and document
import { useSyncExternalStore } from 'react';

export type Route =
  | { page: 'dataset' }
  | { page: 'trajectory'; id: string; stepId: string | null }
  | { page: 'corpus'; corpusId: string | null }
  | { page: 'run' }
  | { page: 'compare'; ids: string[] };

/** A path segment decoded; a malformed escape (`%E0%A4%A`) keeps the raw segment rather than throw. */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function parseHash(hash: string): Route {
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeSegment);
  if (parts[0] === 't' && parts[1]) return { page: 'trajectory', id: parts[1], stepId: parts[2] ?? null };
  if (parts[0] === 'corpus') return { page: 'corpus', corpusId: parts[1] ?? null };
  if (parts[0] === 'run') return { page: 'run' };
  if (parts[0] === 'compare') return { page: 'compare', ids: parts.slice(1) };
  return { page: 'dataset' };
}

export function routeHash(r: Route): string {
  if (r.page === 'dataset') return '#/';
  if (r.page === 'run') return '#/run';
  if (r.page === 'compare') return compareHash(r.ids);
  if (r.page === 'corpus') return r.corpusId ? `#/corpus/${encodeURIComponent(r.corpusId)}` : '#/corpus';
  const base = `#/t/${encodeURIComponent(r.id)}`;
  return r.stepId ? `${base}/${encodeURIComponent(r.stepId)}` : base;
}

/** The compare view of these trajectories (each id its own path segment). */
export function compareHash(ids: readonly string[]): string {
  return `#/compare/${ids.map(encodeURIComponent).join('/')}`;
}

export function navigate(r: Route, opts: { replace?: boolean } = {}): void {
  const h = routeHash(r);
  if (location.hash === h) return;
  if (opts.replace) history.replaceState(null, '', h);
  else history.pushState(null, '', h);
  window.dispatchEvent(new HashChangeEvent('hashchange'));
}

function subscribe(cb: () => void): () => void {
  window.addEventListener('hashchange', cb);
  window.addEventListener('popstate', cb);
  return () => {
    window.removeEventListener('hashchange', cb);
    window.removeEventListener('popstate', cb);
  };
}

export function useRoute(): Route {
  const hash = useSyncExternalStore(subscribe, () => location.hash);
  return parseHash(hash);
}
