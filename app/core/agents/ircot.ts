// IRCoT (Trivedi et al. 2023, "Interleaving Retrieval with Chain-of-Thought Reasoning for
// Knowledge-Intensive Multi-Step Questions"; code StonyBrookNLP/ircot). Retrieve K paragraphs for
// the question; then repeatedly generate one chain-of-thought sentence, stop when it says
// "answer is:", else use that sentence as the next query and add its K paragraphs (at most 15 in
// all). Instruction, reference layout and answer parsing follow FlashRAG's IRCOTPipeline
// (flashrag/pipeline/active_pipeline.py, `ircot_pred_parse`); the demonstration is our own
// (fictional) one. Defaults from the paper: K 4 (tuned over {2, 4, 6, 8}), 15 paragraphs, 8 steps.
// When the step limit is reached the chain is closed with "So the answer is:" (the paper reads
// the answer with a separate reader; this keeps one model).
import type { Doc } from '../schema/trajectory';
import type { Prompt } from '../llm/types';
import { formatDocs, IRCOT_DOC } from './docs';
import { oneLine } from './parse';
import { type Ev, execute, type Session } from './session';
import { fillTemplate } from './template';
import type { FinishReason, StrategyDef } from './types';

export interface IrcotParams {
  /** Paragraphs retrieved per query (K). */
  topK: number;
  /** Chain-of-thought sentences before the chain is closed. */
  maxSteps: number;
  /** Paragraphs kept in the prompt. */
  maxParagraphs: number;
  maxTokens: number;
  temperature: number;
  /** At the step limit, ask for "So the answer is:" once instead of ending without an answer. */
  answerOnLimit: boolean;
}

export const IRCOT_PROMPTS = {
  system: `You serve as an intelligent assistant, adept at facilitating users through complex, multi-hop reasoning across multiple documents. This task is illustrated through demonstrations, each consisting of a document set paired with a relevant question and its multi-hop reasoning thoughts. Your task is to generate one thought for current step, DON'T generate the whole thoughts at once! If you reach what you believe to be the final step, start with "So the answer is:".

Wikipedia Title: Harrowgate Mill
Harrowgate Mill is a water mill on the river Pell, built in 1802 by the engineer Oswin Carrow.

Wikipedia Title: Oswin Carrow
Oswin Carrow (1761-1830) was an engineer born in the fishing town of Saltby.

Question: In which town was the builder of Harrowgate Mill born?
Thought: Harrowgate Mill was built by Oswin Carrow. Oswin Carrow was born in Saltby. So the answer is: Saltby.`,
  user: '{reference}\nQuestion: {question}\nThought:{thoughts}',
  doc: IRCOT_DOC,
  close: ' So the answer is:',
};

const ANSWER_IS = /answer is:?\s*([\s\S]*)$/i;

/** The answer after "answer is:", without a trailing period (ircot_pred_parse). */
export function ircotAnswer(text: string): string | undefined {
  const m = ANSWER_IS.exec(text);
  if (!m) return undefined;
  return oneLine(m[1] ?? '')
    .replace(/\.$/, '')
    .trim();
}

/** The first sentence of a generation (IRCoT keeps one sentence per step). */
export function firstSentence(text: string): string {
  const t = oneLine(text);
  const m = /^(.+?[.!?])(?:\s|$)/.exec(t);
  return (m?.[1] ?? t).trim();
}

export const ircot: StrategyDef<IrcotParams> = {
  id: 'ircot',
  label: 'IRCoT',
  paper: 'Trivedi et al. 2023, IRCoT (ACL 2023, arXiv:2212.10509); github.com/StonyBrookNLP/ircot',
  description:
    'Retrieves for the question, then alternates one chain-of-thought sentence with a retrieval that uses that sentence as the query, until "So the answer is:".',
  defaults: { topK: 4, maxSteps: 8, maxParagraphs: 15, maxTokens: 64, temperature: 0, answerOnLimit: true },
  prompts: IRCOT_PROMPTS,
  run: (ctx) => execute(ircot, ctx, (s) => ircotBody(s)),
};

/** Where a resumed chain starts (a fork): the state IRCoT keeps, rebuilt from stored steps. */
export interface IrcotResume {
  /** Paragraphs in the prompt so far, in the order they were added. */
  paragraphs: readonly Doc[];
  /** Chain-of-thought sentences so far. */
  thoughts: readonly string[];
  /** Retrievals so far (the question's own is hop 1). */
  hop: number;
  /** Reasoning steps done (the next is done + 1). */
  done: number;
  /** A query to retrieve before the next sentence: the edited thought or search. */
  pending?: { query: string; turn: number; searched: boolean };
  /** Close the chain now ("answer now"), or allow exactly one more sentence first. */
  mode?: 'answer_now' | 'search_more';
}

/**
 * The IRCoT loop. Without `resume` it retrieves for the question first; with it the chain goes on
 * from the rebuilt paragraphs and thoughts, so only new sentences call the model.
 */
export async function* ircotBody(
  s: Session<IrcotParams>,
  resume?: IrcotResume,
): AsyncGenerator<Ev, FinishReason, undefined> {
  const p = s.params;
  const question = s.question.trim();
  const paragraphs: Doc[] = [];
  const thoughts: string[] = [...(resume?.thoughts ?? [])];
  const add = (docs: readonly Doc[]) => {
    for (const d of docs) {
      if (paragraphs.length >= p.maxParagraphs) break;
      if (!paragraphs.some((x) => x.id === d.id)) paragraphs.push(d);
    }
  };
  const prompt = (extra = ''): Prompt => ({
    messages: [
      { role: 'system', content: s.prompt('system') },
      {
        role: 'user',
        content: fillTemplate(s.prompt('user'), {
          reference: formatDocs(paragraphs, s.prompt('doc')),
          question,
          thoughts: (thoughts.length > 0 ? ` ${thoughts.join(' ')}` : '') + extra,
        }),
      },
    ],
  });

  let hop = resume?.hop ?? 1;
  let first = 1;
  let last = p.maxSteps;
  if (!resume) {
    yield s.step({ kind: 'search', hop, queries: [question], text: question });
    add((yield* s.retrieve({ hop }, [question], p.topK)).docs);
  } else {
    add(resume.paragraphs);
    first = resume.done + 1;
    // A fork past the step limit still gets its one new sentence.
    last =
      resume.mode === 'answer_now'
        ? resume.done
        : resume.mode === 'search_more'
          ? first
          : Math.max(last, first);
    const pending = resume.pending;
    if (pending) {
      s.turn = pending.turn;
      if (!pending.searched) {
        hop++;
        yield s.step({
          kind: 'search',
          turn: pending.turn,
          hop,
          queries: [pending.query],
          text: pending.query,
        });
      }
      add((yield* s.retrieve({ turn: pending.turn, hop }, [pending.query], p.topK)).docs);
    }
  }

  for (let step = first; step <= last; step++) {
    s.turn = step;
    const g = yield* s.generate(
      { kind: 'think', turn: step },
      { prompt: prompt(), stop: ['\n'], maxTokens: p.maxTokens, temperature: p.temperature },
    );
    const text = g.result.text;
    const answer = ircotAnswer(text);
    if (answer !== undefined) {
      yield* s.place(g.id, [
        { kind: 'think', turn: step, text: oneLine(text), raw: text },
        { kind: 'answer', turn: step, text: answer, raw: text },
      ]);
      if (!answer) return 'max_turns';
      yield s.answer(answer);
      return 'answer';
    }
    const sentence = firstSentence(text);
    if (!sentence) {
      yield s.update(g.id, { kind: 'invalid', turn: step, raw: text, error: 'empty thought' });
      continue;
    }
    thoughts.push(sentence);
    hop++;
    yield* s.place(g.id, [
      { kind: 'think', turn: step, text: sentence, raw: text },
      { kind: 'search', turn: step, hop, queries: [sentence], text: sentence },
    ]);
    add((yield* s.retrieve({ turn: step, hop }, [sentence], p.topK)).docs);
  }

  if (!p.answerOnLimit && resume?.mode !== 'answer_now') return 'max_turns';
  const close = s.prompt('close');
  const turn = last + 1;
  s.turn = turn;
  const g = yield* s.generate(
    { kind: 'answer', turn },
    { prompt: prompt(close), stop: ['\n'], maxTokens: p.maxTokens, temperature: p.temperature },
  );
  const answer = ircotAnswer(g.result.text) ?? oneLine(g.result.text).replace(/\.$/, '').trim();
  if (!answer) {
    yield s.update(g.id, { kind: 'invalid', error: 'empty answer' });
    return 'max_turns';
  }
  yield s.update(g.id, { text: answer, raw: `${close.trim()} ${g.result.text}` });
  yield s.answer(answer);
  return 'max_turns';
}
