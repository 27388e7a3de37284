// Helpers for strategy tests (and demos): small retrievers and a run that keeps its events.
import type { TrajectoryEvent } from '../core/schema/builder';
import { TrajectorySchema, type Trajectory } from '../core/schema/trajectory';
import { Bm25Index, Bm25Retriever } from '../core/search/bm25';
import type { Passage, Retriever, SearchHit } from '../core/search/types';
import { runStrategy } from '../core/agents/run';
import type { StrategyContext, StrategyDef } from '../core/agents/types';

export interface StubRetriever extends Retriever {
  calls: Array<{ queries: string[]; k: number }>;
}

/**
 * A retriever answering from a table (query → passages, matched case-insensitively; unknown
 * queries get nothing) or a function; `fail` makes every search reject.
 */
export function stubRetriever(
  table: Readonly<Record<string, readonly Passage[]>> | ((query: string) => readonly Passage[]),
  options: { fail?: Error } = {},
): StubRetriever {
  const lookup = (q: string): readonly Passage[] => {
    if (typeof table === 'function') return table(q);
    const key = Object.keys(table).find((k) => k.toLowerCase() === q.trim().toLowerCase());
    return key !== undefined ? (table[key] ?? []) : [];
  };
  const calls: StubRetriever['calls'] = [];
  return {
    calls,
    async search(queries, k) {
      calls.push({ queries, k });
      if (options.fail) throw options.fail;
      return queries.map((q) =>
        lookup(q)
          .slice(0, k)
          .map((p, i): SearchHit => ({ ...p, rank: i + 1, score: 10 - i })),
      );
    },
  };
}

/** A BM25 retriever over the given passages. */
export function bm25Retriever(passages: readonly Passage[]): Retriever {
  const index = new Bm25Index();
  index.add(passages.map(({ id, title, text }) => ({ id, title, text })));
  return new Bm25Retriever(index);
}

/** Runs a strategy, keeping every event; the trajectory is schema-checked. */
export async function runCollect<P extends object>(
  def: StrategyDef<P>,
  ctx: StrategyContext<P>,
): Promise<{ t: Trajectory; events: TrajectoryEvent[] }> {
  const events: TrajectoryEvent[] = [];
  const t = await runStrategy(def, ctx, (e) => events.push(e));
  const check = TrajectorySchema.safeParse(t);
  if (!check.success) throw new Error(`invalid trajectory: ${check.error.message}`);
  return { t, events };
}

export const kinds = (t: Trajectory): string[] => t.steps.map((s) => s.kind);

/** A fake clock advancing 1 ms per reading (deterministic timings). */
export function tickClock(): () => number {
  let now = 0;
  return () => now++;
}
