// The ExSearch chat and the actions that add to it (mangopy/SearchLM src/_inference.py): asking
// for a missing sub-query with `<FACT> fact\n<QUERY>`, and the search action, which retrieves the
// sub-query's top-k, optionally ranks them in a one-turn dialogue of its own (ExSearch-Zoo,
// appendix E.2), and brings the kept documents back as a `<SEARCH> [1, 2, …]` user turn.
import type { ChatMessage } from '../../llm/types';
import type { StepInput } from '../../schema/builder';
import type { Doc } from '../../schema/trajectory';
import type { ExSearchParams } from './exsearch-types';
import { formatDocs } from '../docs';
import { oneLine } from '../parse';
import type { Session } from '../session';
import { fillTemplate } from '../template';

const MARKERS = /<\/?(?:QUERY|THINK|FACT|RECORD|FINAL|SEARCH)>/g;

/** TextNormalization.normalize, minus its quirks: the action markers go, whitespace is trimmed. */
export function clean(text: string): string {
  return oneLine(text.replace(MARKERS, ' '));
}

/** 1-based ids in the order written (`[2] > [1]`), unique, within 1..n (extract_numbers_from_ordered_brackets). */
export function rankLabels(text: string, n: number): number[] {
  const out: number[] = [];
  for (const m of text.matchAll(/\[\s*(\d+)\s*\]/g)) {
    const k = Number(m[1]);
    if (k >= 1 && k <= n && !out.includes(k)) out.push(k);
  }
  return out;
}

/** One run's chat and search count. */
export interface ExSearchChat {
  s: Session<ExSearchParams>;
  /** The chat so far, the task prompt first. */
  messages: ChatMessage[];
  /** Searches so far. */
  hop: number;
}

/** One model turn over `messages` (a copy), cut at `stop`. */
export function generateTurn(
  c: ExSearchChat,
  kind: StepInput['kind'],
  extra: Partial<StepInput>,
  messages: ChatMessage[],
  stop: string[],
) {
  const { s } = c;
  return s.generate(
    { kind, turn: s.turn, ...extra },
    {
      prompt: { messages: [...messages] },
      stop,
      maxTokens: s.params.maxTokens,
      temperature: s.params.temperature,
    },
  );
}

/** `<FACT> fact\n<QUERY>`: the query of an iteration whose turn gave only the fact. */
export async function* askQuery(c: ExSearchChat, fact: string) {
  const { s } = c;
  const follow = yield* generateTurn(
    c,
    'think',
    {},
    [
      ...c.messages,
      // Without recording (ablation) there is no fact to hand back: just ask for the query.
      {
        role: 'user',
        content: s.params.recording ? fillTemplate(s.prompt('followUp'), { fact }) : '<QUERY>',
      },
    ],
    ['<SEARCH>'],
  );
  return { id: follow.id, query: clean(follow.result.text) };
}

/** The `<SEARCH> [labels] docs` user turn. */
function searchBlock(c: ExSearchChat, labels: number[], docs: Doc[]): string {
  return `<SEARCH> [${labels.join(', ')}] ${formatDocs(docs, c.s.prompt('doc'))}`;
}

/** Search the sub-query, optionally rank, and add the iteration to the chat. */
export async function* search(c: ExSearchChat, turn: number, query: string, fact: string | undefined) {
  const { s } = c;
  const p = s.params;
  const hop = c.hop;
  const r = yield* s.retrieve({ turn, hop }, [query], p.topK);
  const candidates = r.docs;
  let labels = candidates.map((_, k) => k + 1);
  if (p.rank && candidates.length > 0) {
    const rankPrompt = fillTemplate(s.prompt('rank'), {
      query,
      n: candidates.length,
      docs: formatDocs(candidates, `[{index}] ${s.prompt('doc')}`),
    });
    const rg = yield* generateTurn(c, 'rank', { hop }, [{ role: 'user', content: rankPrompt }], []);
    const ranked = rankLabels(rg.result.text, candidates.length);
    // No id in the reply: fall back to every candidate rather than an empty <SEARCH>.
    if (ranked.length > 0) labels = p.rankKeep > 0 ? ranked.slice(0, p.rankKeep) : ranked;
    const patch: Partial<StepInput> = {
      ranking: ranked.map((k) => candidates[k - 1]?.id ?? String(k)),
      text:
        ranked.length > 0
          ? `keep ${labels.map((k) => `[${k}]`).join(' > ')}`
          : `${rg.result.text.trim()} (no ids: all ${candidates.length} candidates kept)`,
      raw: rg.result.text,
    };
    if (ranked.length === 0) patch.error = 'no document ids in the selection; every candidate is kept';
    yield s.update(rg.id, patch);
  }
  const kept = labels.map((k) => candidates[k - 1]).filter((d): d is Doc => d !== undefined);
  const block = searchBlock(c, labels, kept);
  yield s.update(r.id, { raw: block });
  c.messages.push(
    { role: 'assistant', content: fact ? `<FACT> ${fact}\n<QUERY> ${query}` : `<QUERY> ${query}` },
    { role: 'user', content: block },
  );
}

/** w/o thinking (§5.2): retrieve with the question itself and show the documents. */
export async function* searchQuestion(c: ExSearchChat, question: string) {
  const { s } = c;
  s.turn++;
  const turn = s.turn;
  c.hop = 1;
  yield s.step({ kind: 'search', turn, hop: 1, queries: [question], text: question });
  const r = yield* s.retrieve({ turn, hop: 1 }, [question], s.params.topK);
  const block = searchBlock(
    c,
    r.docs.map((_, k) => k + 1),
    r.docs,
  );
  yield s.update(r.id, { raw: block });
  c.messages.push({ role: 'assistant', content: `<QUERY> ${question}` }, { role: 'user', content: block });
}

/**
 * w/o search (§5.2 (ii), "an iterative self-ask process without external knowledge"): the
 * iteration goes into the chat as a search would, and where the `<SEARCH>` documents would come
 * the user turn asks the model to answer its sub-query from its own knowledge.
 */
export function selfAsk(c: ExSearchChat, query: string, fact: string | undefined): void {
  c.messages.push(
    { role: 'assistant', content: fact ? `<FACT> ${fact}\n<QUERY> ${query}` : `<QUERY> ${query}` },
    { role: 'user', content: fillTemplate(c.s.prompt('selfAnswer'), { query }) },
  );
}
