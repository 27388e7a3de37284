// The rollout loop of the tagged protocols (Search-R1, When-to-Search, QAgent), after Search-R1's
// `LLMGenerationManager.run_llm_loop` (search_r1/llm_agent/generation.py):
//   - one user prompt; the model's turns and the system's <information> blocks accumulate in the
//     assistant message, which the model continues;
//   - each turn is cut at `</search>` or `</answer>` (`_postprocess_responses`) and its action is
//     the first `<search>…</search>` / `<answer>…</answer>` (`postprocess_predictions`);
//   - a search appends `\n\n<information>{docs}</information>\n\n`; an answer ends the run; any
//     other turn appends the "My previous action is invalid …" notice and still counts as a turn;
//   - after `maxTurns` turns one final rollout runs with search disabled (`do_search=False`): a
//     search there is recorded but not executed, and the run ends "max_turns".
// Steps per turn mirror the importer (tagged-transcript.ts / qagent.ts): reasoning elements, then
// the action (search with hop and queries, or answer), then a retrieve step sharing the turn and hop.
import type { StepInput } from '../schema/builder';
import type { Doc } from '../schema/trajectory';
import type { GenerateResult, Prompt } from '../llm/types';
import { firstAction, type ReasoningKind, reasoningElements } from './parse';
import { estimateTokens, PromptSize, turnBudget } from './turn-budget';
import type { Ev, Session } from './session';
import type { FinishReason } from './types';

export const TAGGED_STOPS = ['</search>', '</answer>'];

export interface TaggedLoopConfig {
  /** The filled user prompt. */
  prompt: string;
  /**
   * With `finalRollout` (Search-R1): turns whose search is executed, then one more rollout with
   * search disabled. Without: all turns, the last of which has search disabled.
   */
  maxTurns: number;
  finalRollout: boolean;
  /** Docs per query. */
  topK: number;
  /** Tokens per turn; a turn is also bounded by the context the model has left (turn-budget.ts). */
  maxTokens: number;
  /**
   * Tokens of the whole response after the prompt, model turns and <information> blocks alike
   * (When-to-Search, Table 5 max_response_length): a turn gets no more than is left, and the run
   * ends when nothing is. Unset: no cap beyond the turns.
   */
  maxResponseTokens?: number;
  temperature: number;
  /** Reasoning tags and the step kind each becomes (free text is `think`). */
  tags: Readonly<Record<string, ReasoningKind>>;
  /** Queries of a `<search>` body, or why the search is invalid. */
  parseSearch(body: string): { queries: string[]; error?: string };
  /** Text inside `<information>` for the docs shown (per query, in query order). */
  information(perQuery: Doc[][]): string;
  /** Appended after a turn without a valid action. */
  invalidMessage: string;
  /**
   * Mark passages already seen in the run as duplicates on the retrieve step (QAgent's passage
   * set is a union, Algorithm 1 l.14). The <information> block still holds every result (l.13).
   */
  dedupe?: boolean;
  /** Continue a run already under way (a fork): its transcript so far, rebuilt from stored steps. */
  resume?: TaggedResume;
}

/** Where a resumed loop starts; the steps that got it there were emitted by the caller. */
export interface TaggedResume {
  /** Everything after the prompt so far (model turns and <information> blocks). */
  transcript: string;
  /** The turn number of the first generation (earlier turns are in the transcript). */
  turn: number;
  /** Searches so far (hop numbers continue from it). */
  hop: number;
  /** Docs already shown to the model. */
  shown: readonly Doc[];
  /** Text the first new turn is made to start with (`<answer>` to force an answer). */
  forced?: string;
  /** The last turn to run (default: the protocol's budget, and at least the first turn). */
  lastTurn?: number;
}

export interface TaggedLoopResult {
  reason: FinishReason;
  answer?: string;
  /** Everything the model wrote and was shown, after the prompt. */
  transcript: string;
  /** Docs shown to the model, in order, without duplicates. */
  shown: Doc[];
}

/**
 * The turn as the model wrote it, stop string included. The stop string is not part of `text`;
 * Search-R1 puts it back (`split('</search>')[0] + '</search>'`). Servers that apply `stop`
 * themselves (OpenAI, llama.cpp, Ollama) cut before it without naming it, so when no stop is
 * reported and the turn was not cut by maxTokens, a text ending inside an open element whose
 * closing tag is a stop string (`<search> q `) gets that closing tag back; otherwise every such
 * turn would parse as invalid.
 */
export function turnText(
  r: Pick<GenerateResult, 'text' | 'stop' | 'finishReason'>,
  stops: readonly string[],
): string {
  if (r.stop !== undefined) return r.text + r.stop;
  if (r.finishReason === 'length') return r.text;
  let open = -1;
  let close: string | undefined;
  for (const stop of stops) {
    const name = /^<\/([^\s<>/]+)>$/.exec(stop)?.[1];
    if (name === undefined) continue;
    const at = r.text.lastIndexOf(`<${name}>`);
    // The innermost (latest) element still open at the end of the text.
    if (at > open && !r.text.includes(stop, at)) {
      open = at;
      close = stop;
    }
  }
  return close === undefined ? r.text : r.text + close;
}

export function chatPrompt(user: string, transcript: string): Prompt {
  return transcript
    ? {
        messages: [
          { role: 'user', content: user },
          { role: 'assistant', content: transcript },
        ],
        continueFinal: true,
      }
    : { messages: [{ role: 'user', content: user }] };
}

export async function* taggedLoop<P extends object>(
  s: Session<P>,
  cfg: TaggedLoopConfig,
): AsyncGenerator<Ev, TaggedLoopResult, undefined> {
  const resume = cfg.resume;
  let transcript = resume?.transcript ?? '';
  let hop = resume?.hop ?? 0;
  const shown: Doc[] = [...(resume?.shown ?? [])];
  const shownIds = new Set<string>(shown.map((d) => d.id));

  const size = new PromptSize();
  // The response so far: the adapter's count of each model turn, an estimate for the rest.
  let responseTokens = estimateTokens(transcript.length);
  const first = resume?.turn ?? 1;
  // A fork past the budget still gets one (final) turn.
  const turns = resume?.lastTurn ?? Math.max(cfg.finalRollout ? cfg.maxTurns + 1 : cfg.maxTurns, first);
  for (let turn = first; turn <= turns; turn++) {
    const final = turn === turns;
    const responseLeft =
      cfg.maxResponseTokens === undefined ? cfg.maxTokens : cfg.maxResponseTokens - responseTokens;
    if (responseLeft <= 0) return { reason: 'max_turns', transcript, shown };
    s.turn = turn;
    const forced = turn === first ? (resume?.forced ?? '') : '';
    const promptChars = cfg.prompt.length + transcript.length + forced.length;
    const gen = yield* s.generate(
      { kind: 'think', turn },
      {
        prompt: chatPrompt(cfg.prompt, transcript + forced),
        stop: TAGGED_STOPS,
        maxTokens: turnBudget(
          Math.min(cfg.maxTokens, responseLeft),
          s.llm.contextTokens,
          size.tokens(promptChars),
        ),
        temperature: cfg.temperature,
      },
    );
    const r = gen.result;
    const text = forced + turnText(r, TAGGED_STOPS);
    transcript += text;
    responseTokens +=
      (r.tokensOut > 0 ? r.tokensOut : estimateTokens(text.length - forced.length)) +
      estimateTokens(forced.length);
    size.count(r.tokensIn, r.tokensOut, cfg.prompt.length + transcript.length);
    const action = firstAction(text);
    const reasoning = reasoningElements(action ? text.slice(0, action.index) : text, cfg.tags).map(
      (e): StepInput => {
        const step: StepInput = { kind: e.kind, turn, text: e.text, raw: e.raw };
        if (e.kind === 'reflect' && hop > 0) step.hop = hop;
        return step;
      },
    );

    if (action?.type === 'answer') {
      const answer = action.body.trim();
      yield* s.place(gen.id, [...reasoning, { kind: 'answer', turn, text: answer, raw: action.raw }]);
      yield s.answer(answer);
      return { reason: 'answer', answer, transcript, shown };
    }

    if (action?.type === 'search') {
      const parsed = cfg.parseSearch(action.body);
      if (parsed.error === undefined && parsed.queries.length > 0) {
        hop++;
        const queries = parsed.queries;
        yield* s.place(gen.id, [
          ...reasoning,
          { kind: 'search', turn, hop, queries, text: queries.join('\n'), raw: action.raw },
        ]);
        if (final) return { reason: 'max_turns', transcript, shown };
        const seenBefore = new Set(shownIds);
        const inTurn = new Set<string>();
        const isDup = (d: Doc) => cfg.dedupe === true && (seenBefore.has(d.id) || inTurn.has(d.id));
        const retrieval = yield* s.retrieve({ turn, hop }, queries, cfg.topK, (docs) =>
          docs.map((d) => {
            const dup = isDup(d);
            inTurn.add(d.id);
            return dup ? { ...d, duplicate: true } : d;
          }),
        );
        // The model sees every result; `shown` is the set of distinct passages.
        const perQuery = retrieval.perQuery;
        for (const d of perQuery.flat()) {
          if (shownIds.has(d.id)) continue;
          shownIds.add(d.id);
          shown.push(d);
        }
        const block = `<information>${cfg.information(perQuery).trim()}</information>`;
        yield s.update(retrieval.id, { raw: block });
        transcript += `\n\n${block}\n\n`;
        responseTokens += estimateTokens(block.length + 4);
        continue;
      }
      yield* s.place(gen.id, [
        ...reasoning,
        {
          kind: 'invalid',
          turn,
          text: action.body.trim(),
          raw: action.raw,
          error: parsed.error ?? 'empty search query',
          ...(parsed.queries.length > 0 ? { queries: parsed.queries } : {}),
        },
      ]);
    } else {
      const error =
        r.finishReason === 'length'
          ? 'generation was cut off (maxTokens) before a search or an answer'
          : 'no valid action in the turn (no <search> or <answer>)';
      const invalid: StepInput = { kind: 'invalid', turn, error };
      if (!final) invalid.raw = cfg.invalidMessage.trim();
      yield* s.place(gen.id, [...reasoning, invalid]);
    }
    if (final) return { reason: 'max_turns', transcript, shown };
    transcript += cfg.invalidMessage;
    responseTokens += estimateTokens(cfg.invalidMessage.length);
  }
  return { reason: 'max_turns', transcript, shown };
}
