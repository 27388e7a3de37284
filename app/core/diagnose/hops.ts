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

/** How far back from a cut a space is looked for, so a quote ends on a whole word. */
const WORD_SLACK = 24;

/** `s` cut to at most `max` characters at a space (a word longer than the slack is cut inside). */
function cutAtWord(s: string, max: number): string {
  if (s.length <= max) return s;
  const space = s.lastIndexOf(' ', max);
  return (space > 0 && space >= max - WORD_SLACK ? s.slice(0, space) : s.slice(0, max)).trimEnd();
}

/** Text quoted as evidence: whitespace folded, cut at a word with an ellipsis, in double quotes. */
export function quote(s: string, max = QUOTE_CHARS): string {
  const one = s.replace(/\s+/g, ' ').trim();
  return JSON.stringify(one.length > max ? `${cutAtWord(one, max - 1)}…` : one);
}

/** A passage as a reader names it: its title (or rank) and the search that brought it. */
export function passageName(d: Doc, search: number): string {
  return `${d.title ? quote(d.title, 60) : `untitled doc #${d.rank}`} (search ${search})`;
}

/** The part of `text` around the first occurrence of `needle` (case-insensitive), for quoting. */
export function excerpt(text: string, needle: string, width = QUOTE_CHARS): string {
  const i = needle ? text.toLowerCase().indexOf(needle.toLowerCase()) : -1;
  if (i < 0) return quote(text, width);
  let start = Math.max(0, i - Math.floor((width - needle.length) / 2));
  // Start on a whole word: after the first space past the cut, unless that would pass the needle.
  if (start > 0 && /\S/.test(text[start - 1] ?? '')) {
    const space = text.indexOf(' ', start);
    if (space >= 0 && space < i && space - start <= WORD_SLACK) start = space + 1;
  }
  let cut = text.slice(start, start + width);
  // End on a whole word too, marked as cut.
  if (start + width < text.length) {
    const space = cut.lastIndexOf(' ');
    cut = `${space >= cut.length - WORD_SLACK && space > i - start + needle.length ? cut.slice(0, space) : cut}…`;
  }
  return quote(`${start > 0 ? '…' : ''}${cut}`, width + 2);
}
