// Test doubles for the reward tests: an Embedder with hand-made vectors, an Llm with scripted
// replies and scores, and a compact trajectory builder. Imported by *.test.ts only.
import type { Embedder, GenerateOptions, GenerateResult, Llm, Prompt, ScoreResult } from '../core/llm/types';
import { buildTrajectory, type StepInput, type TrajectoryEvent } from '../core/schema/builder';
import type { Gold, Trajectory } from '../core/schema/trajectory';

/** Vectors by exact text; an unknown text throws so a test cannot pass on a silent zero vector. */
export function fakeEmbedder(vectors: Record<string, readonly number[]>): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  return {
    model: 'fake-embedder',
    calls,
    async embed(texts) {
      calls.push(texts);
      return texts.map((t) => {
        const v = vectors[t];
        if (!v) throw new Error(`no vector for "${t}"`);
        return Float32Array.from(v);
      });
    },
  };
}

/**
 * A lexical stand-in for a sentence embedder: L2-normalized bag-of-words counts over lower-case
 * word tokens (`#1` is a token; `>>` and punctuation are not), so cosine = word overlap. Real
 * pretrained embedder weights are not available offline; this double keeps the SEPR tests
 * honest about *which strings* are compared without hand-made vectors.
 */
export function bagOfWordsEmbedder(): Embedder & { calls: string[][] } {
  const calls: string[][] = [];
  const vocab = new Map<string, number>();
  const tokens = (t: string) => t.toLowerCase().match(/#?[\p{L}\p{N}]+/gu) ?? [];
  return {
    model: 'bag-of-words',
    calls,
    async embed(texts) {
      calls.push(texts);
      for (const t of texts) for (const w of tokens(t)) if (!vocab.has(w)) vocab.set(w, vocab.size);
      return texts.map((t) => {
        const v = new Float32Array(vocab.size);
        for (const w of tokens(t)) v[vocab.get(w)!]! += 1;
        const norm = Math.hypot(...v);
        return norm > 0 ? v.map((x) => x / norm) : v;
      });
    },
  };
}

export interface FakeLlm extends Llm {
  prompts: Array<{ prompt: Prompt; options?: GenerateOptions }>;
  scored: Array<{ prefix: Prompt; continuation: string }>;
}

/** `reply` answers every generate call; `scores` gives score() by continuation (unknown → throws). */
export function fakeLlm(
  reply: string,
  scores: Record<string, ScoreResult> = {},
  opts: { withScore?: boolean } = {},
): FakeLlm {
  const llm: FakeLlm = {
    model: 'fake-llm',
    backend: 'test',
    prompts: [],
    scored: [],
    async generate(prompt, options): Promise<GenerateResult> {
      llm.prompts.push(options ? { prompt, options } : { prompt });
      return { text: reply, finishReason: 'eos', tokensIn: 10, tokensOut: 3, ms: 1 };
    },
  };
  if (opts.withScore !== false)
    llm.score = async (prefix, continuation) => {
      llm.scored.push({ prefix, continuation });
      const s = scores[continuation];
      if (!s) throw new Error(`no score for "${continuation}"`);
      return s;
    };
  return llm;
}

export interface TrajOptions {
  question?: string;
  gold?: Gold;
  answer?: string;
  plan?: string[];
}

/** A finalized trajectory from steps, through the same builder importers use. */
export function traj(steps: StepInput[], o: TrajOptions = {}): Trajectory {
  const start: TrajectoryEvent = {
    type: 'start',
    question: o.question ?? 'Q?',
    source: { kind: 'live' },
    agent: { strategy: 'test', params: {} },
  };
  if (o.gold) start.gold = o.gold;
  const events: TrajectoryEvent[] = [start];
  if (o.plan)
    events.push({
      type: 'plan',
      nodes: o.plan.map((text, i) => ({ id: String(i + 1), text, dependsOn: [] })),
    });
  for (const step of steps) events.push({ type: 'step', step });
  if (o.answer !== undefined) events.push({ type: 'answer', text: o.answer });
  return buildTrajectory(events);
}

/** A doc for retrieval steps. */
export const doc = (id: string, title: string, text: string, rank = 1) => ({ id, title, text, rank });
