// Continuing a fork with a tagged strategy (Search-R1, When-to-Search, QAgent): the state is the
// transcript, rebuilt from the prefix (rebuild.ts) in the strategy's tags, plus the passages
// shown so far (QAgent's collected set, which its frozen generator reads in submodule mode).
import type { Ev, Session } from '../agents/session';
import type { TaggedLoopConfig, TaggedResume } from '../agents/tagged-loop';
import type { FinishReason } from '../agents/types';
import type { ForkPoint } from './point';
import { rebuildTranscript, type TaggedStyle } from './rebuild';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnySession = Session<any>;

export interface TaggedContinuation {
  loop(s: AnySession): TaggedLoopConfig & Partial<Pick<TaggedStyle, 'search'>>;
  /** Runs the strategy from `resume` (the loop and whatever the strategy does after it). */
  run(s: AnySession, resume: TaggedResume): AsyncGenerator<Ev, FinishReason, undefined>;
}

/** The resume point of a tagged loop: the rebuilt transcript, plus the edited query's retrieval. */
export async function* continueTagged(
  s: AnySession,
  point: ForkPoint,
  useRaw: boolean,
  c: TaggedContinuation,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const cfg = c.loop(s);
  const rebuilt = rebuildTranscript(point.prefix, cfg, { useRaw });
  let transcript = rebuilt.transcript;
  let hop = rebuilt.hop;
  const shown = [...rebuilt.shown];
  if (point.pendingSearch) {
    // The edited query's own retrieval: the first new step.
    const { queries, turn } = point.pendingSearch;
    hop = Math.max(hop, point.pendingSearch.hop);
    s.turn = turn;
    const r = yield* s.retrieve({ turn, hop }, queries, cfg.topK);
    const perQuery = r.perQuery;
    const block = `<information>${cfg.information(perQuery).trim()}</information>`;
    yield s.update(r.id, { raw: block });
    transcript += `\n\n${block}\n\n`;
    shown.push(...perQuery.flat().filter((d) => !shown.some((x) => x.id === d.id)));
  }
  const resume: TaggedResume = { transcript, turn: point.nextTurn, hop, shown };
  if (point.mode === 'answer_now') Object.assign(resume, { forced: '<answer>', lastTurn: point.nextTurn });
  if (point.mode === 'search_more')
    Object.assign(resume, { forced: '<search>', lastTurn: point.nextTurn + 1 });
  return yield* c.run(s, resume);
}
