// The first search whose passages hold a gold answer in any form (passage-match.ts), wherever the
// rules later place the sufficiency point: until then the evidence cannot have been sufficient
// (the labelling guidelines' sufficiency needs the gold answer or an equivalent), so a search
// issued before it that no rule calls redundant sought what was still missing, whichever way the
// question is read.
import type { SearchHop } from './hops';
import { statedAnswer } from './passage-match';

/** 1-based search, or null when no passage holds a gold answer. */
export function firstGoldSearch(hops: readonly SearchHop[], answers: readonly string[]): number | null {
  if (answers.length === 0) return null;
  for (const h of hops) for (const d of h.docs) if (statedAnswer(d, answers) !== null) return h.search;
  return null;
}
