// Hash routes, so deep links survive reloads on any static host:
//   #/                       trajectory table
//   #/t/<trajectory>[/<n>]    trajectory view, optionally at step n (the 1-based number shown;
//                             old links with a step id, `/s3`, still open that step)
//   #/present/<trajectory>    presenter mode: the trajectory replayed as if it were running
//   #/corpus[/<corpus>]       corpus page, optionally on one corpus
//   #/run                     live runs, batches and their comparison
//   #/paired                  two runs over the same questions, paired ("Compare logs")
//   #/compare/<a>/<b>[/…]     trajectories side by side, aligned by plan node, hop and document
//   #/papers[/<paper>]        what Hopscope implements of each paper, optionally at one paper
//   #/calibrate               detectors vs labels, annotators vs each other, the label queue
//   #/training[/q/<sample>]   training runs over steps, optionally following one sample's question
//   #/?run=<run>&step=<n>     the table filtered to one training step's samples
//   #/?<view>                 the table with a view: columns, filters, sort (core/table/view-url)
// A trajectory id longer than a link can carry is written as a short key (core/link-id.ts) that
// the page resolves through the store.
import { useSyncExternalStore } from 'react';
import { linkId } from '../../core/link-id';

export type Route =
  /** `run`/`step`: the table filtered to one training step (a Training plot's point). */
  | { page: 'trajectories'; run?: string; step?: number }
  /** `step`: the URL's step part, a 1-based step number or (old links) a step id; see `stepByRef`. */
  | { page: 'trajectory'; id: string; step: string | null }
  | { page: 'present'; id: string }
  | { page: 'corpus'; corpusId: string | null }
  | { page: 'run' }
  | { page: 'paired' }
  | { page: 'papers'; paperId: string | null }
  | { page: 'calibrate' }
  | { page: 'training'; sample: string | null }
  | { page: 'compare'; ids: string[] }
  /** A link no page answers (unknown path, or longer than any id Hopscope makes); shown as such. */
  | { page: 'unknown'; hash: string };

/** Longest hash a link may have; real ids are a few hundred characters at most. */
export const MAX_HASH_LENGTH = 16_384;

/** A path segment decoded; a malformed escape (`%E0%A4%A`) keeps the raw segment rather than throw. */
function decodeSegment(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

export function parseHash(hash: string): Route {
  if (hash.length > MAX_HASH_LENGTH) return { page: 'unknown', hash };
  const step = /^#\/?\?/.test(hash) ? trainingStepQuery(hash) : null;
  if (step) return step;
  const parts = hash.replace(/^#\/?/, '').split('/').filter(Boolean).map(decodeSegment);
  if (parts[0] === 't' && parts[1]) return { page: 'trajectory', id: parts[1], step: parts[2] ?? null };
  if (parts[0] === 'present' && parts[1]) return { page: 'present', id: parts[1] };
  if (parts[0] === 'corpus') return { page: 'corpus', corpusId: parts[1] ?? null };
  if (parts[0] === 'run') return { page: 'run' };
  if (parts[0] === 'paired') return { page: 'paired' };
  if (parts[0] === 'calibrate') return { page: 'calibrate' };
  if (parts[0] === 'training')
    return { page: 'training', sample: parts[1] === 'q' && parts[2] ? parts[2] : null };
  if (parts[0] === 'papers') return { page: 'papers', paperId: parts[1] ?? null };
  if (parts[0] === 'compare') return { page: 'compare', ids: parts.slice(1) };
  if (parts.length === 0) return { page: 'trajectories' };
  return { page: 'unknown', hash };
}

/**
 * `#/?…`: the table with a view in its query (core/table/view-url), `run=<run>&step=<n>` being one
 * training step's samples; null (an unknown link) for a run without a valid step.
 */
function trainingStepQuery(hash: string): Route | null {
  const q = new URLSearchParams(hash.slice(hash.indexOf('?') + 1));
  const run = q.get('run');
  if (run === null) return { page: 'trajectories' };
  const step = Number(q.get('step'));
  if (!Number.isInteger(step) || step < 0 || q.get('step') === '') return null;
  return { page: 'trajectories', run, step };
}

/** The table view's part of a table link (`#/?<view>`); null when the hash is another page. */
export function tableQuery(hash: string): string | null {
  if (hash === '' || hash === '#' || /^#\/?$/.test(hash)) return '';
  const m = /^#\/?\?(.*)$/.exec(hash);
  return m ? m[1]! : null;
}

export function routeHash(r: Route): string {
  if (r.page === 'trajectories')
    return r.run !== undefined && r.step !== undefined
      ? `#/?${new URLSearchParams({ run: r.run, step: String(r.step) }).toString()}`
      : '#/';
  if (r.page === 'training')
    return r.sample ? `#/training/q/${encodeURIComponent(linkId(r.sample))}` : '#/training';
  if (r.page === 'unknown') return r.hash;
  if (r.page === 'run') return '#/run';
  if (r.page === 'paired') return '#/paired';
  if (r.page === 'calibrate') return '#/calibrate';
  if (r.page === 'compare') return compareHash(r.ids);
  if (r.page === 'present') return `#/present/${encodeURIComponent(linkId(r.id))}`;
  if (r.page === 'papers') return r.paperId ? `#/papers/${encodeURIComponent(r.paperId)}` : '#/papers';
  if (r.page === 'corpus') return r.corpusId ? `#/corpus/${encodeURIComponent(r.corpusId)}` : '#/corpus';
  const base = `#/t/${encodeURIComponent(linkId(r.id))}`;
  return r.step ? `${base}/${encodeURIComponent(r.step)}` : base;
}

/** The compare view of these trajectories (each id its own path segment). */
export function compareHash(ids: readonly string[]): string {
  return `#/compare/${ids.map((id) => encodeURIComponent(linkId(id))).join('/')}`;
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
  return parseHash(useHash());
}

/** The location's hash, followed as it changes. */
export function useHash(): string {
  return useSyncExternalStore(subscribe, () => location.hash);
}
