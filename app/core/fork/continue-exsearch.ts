// Continuing a fork with ExSearch: its state is the chat (task prompt, then per iteration the
// assistant's `<FACT> fact\n<QUERY> query` and the user's `<SEARCH> [ids] docs`), the hop count and
// the iterations done. Rebuilt from the prefix grouped by turn (each turn is one iteration, as the
// strategy and the importer number them); a turn the fork cut into keeps what it had (its fact,
// its query, its stored search) and only the rest is generated.
import { type ExSearchResume, exsearchBody } from '../agents/exsearch/exsearch';
import { formatDocs } from '../agents/docs';
import type { Ev } from '../agents/session';
import { fillTemplate } from '../agents/template';
import type { FinishReason } from '../agents/types';
import type { ChatMessage } from '../llm/types';
import type { Step, Trajectory } from '../schema/trajectory';
import type { AnySession } from './continue-tagged';
import { type ForkPoint, turnsOf } from './point';

/** The prefix by turn (a log without turns: each search, answer or invalid ends one). */
function byTurn(prefix: readonly Step[]): { turn: number; steps: Step[] }[] {
  const turns = turnsOf(prefix.map((s, index) => ({ ...s, index })));
  const groups: { turn: number; steps: Step[] }[] = [];
  prefix.forEach((s, i) => {
    const turn = turns[i]!;
    if (groups.at(-1)?.turn !== turn) groups.push({ turn, steps: [] });
    groups.at(-1)!.steps.push(s);
  });
  return groups;
}

/** The query an ExSearch turn wrote: its sub-query (a think step with a hop), else its search's. */
function queryOf(turn: readonly Step[]): string | undefined {
  const search = turn.find((s) => s.kind === 'search');
  if (search) return (search.queries ?? [search.text ?? '']).join(' ').trim() || undefined;
  return turn.findLast((s) => s.kind === 'think' && s.hop !== undefined)?.text?.trim() || undefined;
}

const endsSearch = (s: Step) =>
  (s.kind === 'decision' && s.decision === 'final') ||
  (s.kind === 'record' && (s.raw ?? '').includes('<FINAL>'));

// The rebuilt chat holds <SEARCH> turns; a self-ask run (w/o search, §5.2) has none to rebuild.
const NO_SEARCH =
  'the w/o search arm (ExSearch §5.2, search off) answers its own sub-queries, and its chat is not rebuilt yet';

/** Why ExSearch cannot continue from this point, or null. */
export function exsearchProblem(parent: Trajectory, point: ForkPoint): string | null {
  if (parent.agent.strategy === 'exsearch' && parent.agent.params.search === false) return NO_SEARCH;
  const last = point.prefix.at(-1);
  if (last?.kind === 'think' && last.hop === undefined && point.changed !== null)
    return `ExSearch's chat holds no free reasoning, so an edited ${parent.agent.strategy} reasoning step cannot seed it`;
  return null;
}

export function exsearchResume(s: AnySession, point: ForkPoint): ExSearchResume {
  const question = s.question.trim();
  const messages: ChatMessage[] = [{ role: 'user', content: fillTemplate(s.prompt('system'), { question }) }];
  let hop = 0;
  let done = 0;
  let finished = false;
  const groups = byTurn(point.prefix);
  let pending: ExSearchResume['pending'];
  for (const [g, { turn: n, steps: turn }] of groups.entries()) {
    for (const st of turn) if (st.kind === 'search') hop = st.hop ?? hop + 1;
    const fact = turn
      .filter((x) => x.kind === 'record')
      .map((x) => x.text ?? '')
      .join(' ')
      .trim();
    const final = turn.find(endsSearch);
    if (final) {
      messages.push(
        { role: 'assistant', content: final.raw?.trim() || `<FACT> ${fact}\n<FINAL>` },
        { role: 'user', content: fillTemplate(s.prompt('final'), { question }) },
      );
      finished = true;
      done++;
      break;
    }
    const retrieve = turn.find((x) => x.kind === 'retrieve');
    const query = queryOf(turn);
    if (retrieve && query) {
      // The stored <SEARCH> turn is what the model read; an edited retrieval is written again.
      const docs = retrieve.docs ?? [];
      const block = retrieve.raw?.trim().startsWith('<SEARCH>')
        ? retrieve.raw.trim()
        : `<SEARCH> [${docs.map((_, k) => k + 1).join(', ')}] ${formatDocs(docs, s.prompt('doc'))}`;
      messages.push(
        { role: 'assistant', content: fact ? `<FACT> ${fact}\n<QUERY> ${query}` : `<QUERY> ${query}` },
        { role: 'user', content: block },
      );
      done++;
    } else if (g === groups.length - 1 && (fact || query)) {
      // The turn the fork cut into.
      pending = {
        ...(fact ? { fact } : {}),
        ...(query ? { query, searched: turn.some((x) => x.kind === 'search') } : {}),
      };
      s.turn = n;
      return { messages, hop, done, pending, ...mode(point) };
    } else done++;
  }
  s.turn = groups.at(-1)?.turn ?? 0;
  return { messages, hop, done, finished, ...mode(point) };
}

function mode(point: ForkPoint): Pick<ExSearchResume, 'mode'> {
  return point.mode === 'continue' ? {} : { mode: point.mode };
}

export async function* continueExsearch(
  s: AnySession,
  point: ForkPoint,
): AsyncGenerator<Ev, FinishReason, undefined> {
  if ((s.params as { search?: unknown }).search === false)
    throw new Error(`ExSearch cannot continue: ${NO_SEARCH}`);
  return yield* exsearchBody(s, exsearchResume(s, point));
}
