// The searches of a trajectory as a labeller reads them: search k (1-based, in step order) with
// its query and the passages it brought back, i.e. the docs of every retrieval step from search k
// up to the next search (R1-Searcher attaches them to the search step, other formats to a
// following retrieve step). This numbering is the `k` of the over/under-search labels.
import { stepQueries } from '../metrics/trajectory-metrics';
import { isRetrievalStep } from '../metrics/trajectory-parts';
import type { Doc, Step, Trajectory } from '../schema/trajectory';

export interface SearchHop {
  /** 1-based search number. */
  search: number;
  step: Step;
  /** The step's queries joined (one query for nearly every agent). */
  query: string;
  docs: Doc[];
  /** The hop's last retrieval step (the search step itself when it holds the docs). */
  lastStepId: string;
}

export function searchHops(t: Trajectory): SearchHop[] {
  const hops: SearchHop[] = [];
  for (const s of t.steps) {
    if (s.kind === 'search') {
      hops.push({
        search: hops.length + 1,
        step: s,
        query: stepQueries(s).join(' ; '),
        docs: [],
        lastStepId: s.id,
      });
    }
    const last = hops[hops.length - 1];
    if (last && isRetrievalStep(s)) {
      last.docs.push(...s.docs);
      last.lastStepId = s.id;
    }
  }
  return hops;
}

/** Longest quoted text in an evidence line. */
export const QUOTE_CHARS = 140;

/** Text quoted as evidence: whitespace folded, cut with an ellipsis, in double quotes. */
export function quote(s: string, max = QUOTE_CHARS): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > max ? `${one.slice(0, max - 1)}…` : one);
}

/** A passage as a reader names it: its title (or rank) and the search that brought it. */
export function passageName(d: Doc, search: number): string {
  return `${d.title ? quote(d.title, 60) : `untitled doc #${d.rank}`} (search ${search})`;
}

/** The part of `text` around the first occurrence of `needle` (case-insensitive), for quoting. */
export function excerpt(text: string, needle: string, width = QUOTE_CHARS): string {
  const i = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (i < 0) return quote(text, width);
  const start = Math.max(0, i - Math.floor((width - needle.length) / 2));
  const cut = text.slice(start, start + width);
  return quote(`${start > 0 ? '…' : ''}${cut}`, width + 1);
}
