// LLM-as-judge correctness as a use case: judge trajectories' final answers with the model the
// user configured on the Run page (an OpenAI-compatible server or the in-browser model, through
// the same makeLlm a run uses), one at a time, caching each verdict in IndexedDB per (question,
// answer, gold, judge model, prompt). "Learning When to Search" judges correctness this way in
// training and evaluation (§4.1; prompt in appendix B.4). Plain TS: the UI reaches it through
// app/ui/data/judge.ts.
import { untilAbort } from '../../core/agents/session';
import {
  type Correctness,
  type JudgeKeyParts,
  llmJudgeCorrectness,
  trajectoryJudgeKey,
} from '../../core/judge/correctness';
import { parseJudgeVerdict, renderJudgePrompt } from '../../core/judge/judge-prompt';
import { AbortError, type Llm } from '../../core/llm/types';
import { finalAnswerText, goldAnswers } from '../../core/metrics/trajectory-metrics';
import type { Trajectory } from '../../core/schema/trajectory';
import { getVerdicts, putVerdict } from '../../db/judge-cache';
import { getTrajectory } from '../../db/store';
import { type LlmConfig, makeLlm } from '../../runtime/agent-ports';
import { announce } from '../changes';

/** Who judges: the configured model and the judge prompt (the default, or one the user pasted). */
export interface JudgeSetup {
  llm: LlmConfig;
  /** Held in memory for the requests only; never stored or part of a key. */
  apiKey?: string;
  prompt: string;
}

export type JudgeIdentity = Pick<JudgeKeyParts, 'model' | 'prompt'> & { label: string };

/** The judge as cache keys and labels know it: a server's model by its URL, or the browser model. */
export function judgeIdentity(setup: Pick<JudgeSetup, 'llm' | 'prompt'>): JudgeIdentity {
  const cfg = setup.llm;
  if (cfg.kind === 'http')
    return {
      model: `${cfg.model.trim()}@${cfg.baseUrl.trim()}`,
      label: cfg.model.trim(),
      prompt: setup.prompt,
    };
  return { model: cfg.source.modelId, label: cfg.source.modelId, prompt: setup.prompt };
}

/** Which of the Run page's models judges: its in-browser model or its server. */
export type JudgeKind = LlmConfig['kind'];

/**
 * The models the Run page knows that could judge, the one it runs with first: the in-browser
 * model (the one configured, else `defaultBrowser`) and a server, when one was set up with a URL
 * and a model name (the current one, else the last one configured).
 */
export function judgeCandidates(
  run: LlmConfig,
  byKind: Partial<Record<JudgeKind, LlmConfig>>,
  defaultBrowser: LlmConfig,
): LlmConfig[] {
  const browser = run.kind === 'browser' ? run : (byKind.browser ?? defaultBrowser);
  const server = run.kind === 'http' ? run : byKind.http;
  const order = run.kind === 'http' ? [server, browser] : [browser, server];
  return order.filter(
    (c): c is LlmConfig =>
      c !== undefined && (c.kind === 'browser' || (c.baseUrl.trim() !== '' && c.model.trim() !== '')),
  );
}

/** The judge's model: the candidate of the chosen kind, else the model the Run page runs with. */
export function judgeLlm(
  run: LlmConfig,
  byKind: Partial<Record<JudgeKind, LlmConfig>>,
  kind: JudgeKind | null,
  defaultBrowser: LlmConfig,
): LlmConfig {
  if (kind === null || kind === run.kind) return run;
  return judgeCandidates(run, byKind, defaultBrowser).find((c) => c.kind === kind) ?? run;
}

/** The LLM-judge correctness for `ts` from the cache (no model call). */
export async function cachedJudgeCorrectness(
  ts: readonly Trajectory[],
  judge: JudgeIdentity,
): Promise<Correctness> {
  const keys = ts.map((t) => trajectoryJudgeKey(t, judge)).filter((k): k is string => k !== null);
  return llmJudgeCorrectness(await getVerdicts(keys), judge, judge.label);
}

export interface JudgeReport {
  /** Verdicts the model gave now. */
  judged: number;
  /** Verdicts already in the cache. */
  cached: number;
  /** Trajectories with no answer or no gold: nothing to judge. */
  skipped: number;
  /** Replies that said neither YES nor NO, with the first one's text. */
  unparsed: number;
  firstUnparsed?: string;
}

export interface JudgeOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** Tokens the judge may write; B.4 asks for one word, a reasoning judge needs room to think. */
  maxTokens?: number;
}

/** Judges `ts` with `llm`, skipping cached verdicts; identical answers are asked once. */
export async function judgeWith(
  llm: Llm,
  ts: readonly Trajectory[],
  judge: JudgeIdentity,
  opts: JudgeOptions = {},
): Promise<JudgeReport> {
  const report: JudgeReport = { judged: 0, cached: 0, skipped: 0, unparsed: 0 };
  const todo = new Map<string, Trajectory>();
  for (const t of ts) {
    const k = trajectoryJudgeKey(t, judge);
    if (k === null) report.skipped += 1;
    else if (!todo.has(k)) todo.set(k, t);
  }
  const known = await getVerdicts([...todo.keys()]);
  report.cached = known.size;
  const pending = [...todo].filter(([k]) => !known.has(k));
  let done = 0;
  opts.onProgress?.(done, pending.length);
  for (const [key, t] of pending) {
    if (opts.signal?.aborted) throw new AbortError();
    const content = renderJudgePrompt(judge.prompt, {
      question: t.question,
      prediction: finalAnswerText(t) ?? '',
      golds: goldAnswers(t),
    });
    const out = await llm.generate(
      { messages: [{ role: 'user', content }] },
      { temperature: 0, maxTokens: opts.maxTokens ?? 64, ...(opts.signal ? { signal: opts.signal } : {}) },
    );
    const verdict = parseJudgeVerdict(out.text);
    if (verdict === null) {
      report.unparsed += 1;
      report.firstUnparsed ??= out.text.slice(0, 200);
    } else {
      await putVerdict({
        key,
        verdict,
        model: judge.model,
        reply: out.text.slice(0, 200),
        at: new Date().toISOString(),
      });
      report.judged += 1;
    }
    done += 1;
    opts.onProgress?.(done, pending.length);
  }
  return report;
}

/** Judges `ts` with the configured model (made as a run makes it). */
export async function judgeTrajectories(
  ts: readonly Trajectory[],
  setup: JudgeSetup,
  opts: JudgeOptions = {},
): Promise<JudgeReport> {
  try {
    const made = makeLlm(setup.llm, setup.apiKey);
    const llm = await untilAbort(made, opts.signal);
    return await judgeWith(llm, ts, judgeIdentity(setup), opts);
  } finally {
    // Verdicts cached before a failure or a stop are shown too.
    announce('judge-verdicts');
  }
}

/** What to judge: trajectories in hand, or stored ones by id (the table's filtered rows). */
export type JudgeTarget = readonly Trajectory[] | { ids: readonly string[] };

/** Loads a target's trajectories (ids not stored any more are skipped). */
export async function judgeTargetTrajectories(target: JudgeTarget): Promise<Trajectory[]> {
  if (!('ids' in target)) return [...target];
  const out: Trajectory[] = [];
  for (const id of target.ids) {
    const t = await getTrajectory(id);
    if (t) out.push(t);
  }
  return out;
}
