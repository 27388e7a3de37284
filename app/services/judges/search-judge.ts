// The model judge of over- and under-search as a use case: the configured model (the Run page's,
// made as a run makes it, so the API key stays in memory) reads a trajectory with the rubric and
// replies with labels and quotes (core/diagnose/search-judge-*.ts). Each reply is cached per
// (rubric version, model, prompt); opening a trajectory reads the cache only, the model is asked
// on request, one trajectory or the table's filtered rows (a stopped batch resumes where it was:
// what is cached is not asked again, except a reply that could not be read). Calibrate reads the
// judge's labels from here.
import { untilAbort } from '../../core/agents/session';
import { estimateTokens, turnBudget } from '../../core/agents/turn-budget';
import { judgeLabelled } from '../../core/diagnose/search-judge-agreement';
import { MAX_JUDGED_SEARCHES, searchJudgeMessages } from '../../core/diagnose/search-judge-prompt';
import { parseSearchJudgeReply, type SearchJudgeParse } from '../../core/diagnose/search-judge-reply';
import { rubricVersion } from '../../core/diagnose/search-judge-rubric';
import type { LabelledTrajectory } from '../../core/diagnose/agreement';
import { searchHops } from '../../core/diagnose/hops';
import { isAbort } from '../../core/abort';
import { hash53 } from '../../core/hash';
import { AbortError, type Llm } from '../../core/llm/types';
import type { Trajectory } from '../../core/schema/trajectory';
import {
  getSearchJudgeReply,
  listRubrics,
  listSearchJudgeReplies,
  putRubric,
  putSearchJudgeReply,
} from '../../db/search-judge-cache';
import { getTrajectory } from '../../db/store';
import type { LlmConfig } from '../../runtime/agent-ports';
import { makeLlm } from '../../runtime/agent-ports';
import { announce, onDataChange } from '../changes';
import { probeModel } from './probe-calls';

export interface SearchJudgeSetup {
  llm: LlmConfig;
  /** Held in memory for the requests only; never stored or part of a key. */
  apiKey?: string;
  rubric: string;
}

/**
 * The judge as an annotator's name in Calibrate: its model, with the server's host for a served
 * model (`model` is the cache key's `NAME@BASE_URL`: two servers may serve models of one name, and
 * their labels are two judges), and its rubric version.
 */
export function judgeAnnotator(model: string, modelLabel: string, version: string): string {
  const base = model.startsWith(`${modelLabel}@`) ? model.slice(modelLabel.length + 1) : '';
  let host = base;
  try {
    host = new URL(base).host || base;
  } catch {
    // Not a URL: the base as written.
  }
  return `model judge ${host ? `${modelLabel}@${host}` : modelLabel} (${version})`;
}

/** The annotator name of the judge `setup` configures (the configured model and rubric). */
export function currentJudgeAnnotator(setup: Pick<SearchJudgeSetup, 'llm' | 'rubric'>): string {
  const { model, label } = probeModel(setup.llm);
  return judgeAnnotator(model, label, rubricVersion(setup.rubric));
}

export interface SearchJudgeResult {
  annotator: string;
  rubricVersion: string;
  /** True when the reply came from the cache. */
  cached: boolean;
  reply: string;
  parse: SearchJudgeParse;
}

export type SearchJudgeOutcome = SearchJudgeResult | { skipped: string };

function replyKey(version: string, model: string, t: Trajectory, rubric: string): string {
  return `search-judge:${version}:${hash53(JSON.stringify([model, searchJudgeMessages(t, rubric)]))}`;
}

/** Why `t` is not judged, or undefined. */
function skipReason(t: Trajectory): string | undefined {
  const n = searchHops(t).length;
  return n > MAX_JUDGED_SEARCHES ? `${n} searches: the judge reads up to ${MAX_JUDGED_SEARCHES}` : undefined;
}

/**
 * Tokens a reasoning model may think before it replies: its `<think>` block comes out of the
 * same budget, and a reply cut off before its JSON is malformed. A few thousand tokens of thinking
 * is common for a judgement like this one.
 */
export const THINKING_TOKENS = 4096;

/**
 * Reply tokens: room to think, then the JSON with a label and a short quote per search; no more
 * than the model's context leaves after the prompt, where the adapter reports its context.
 */
function maxTokens(t: Trajectory, llm: Llm, rubric: string): number {
  const promptChars = searchJudgeMessages(t, rubric).reduce((n, m) => n + m.content.length, 0);
  return turnBudget(
    THINKING_TOKENS + 400 + 80 * searchHops(t).length,
    llm.contextTokens,
    estimateTokens(promptChars),
  );
}

async function resolve(
  t: Trajectory,
  setup: Pick<SearchJudgeSetup, 'llm' | 'rubric'>,
  llm: Llm | null,
  signal?: AbortSignal,
): Promise<SearchJudgeOutcome | null> {
  const skipped = skipReason(t);
  if (skipped) return { skipped };
  const { model, label } = probeModel(setup.llm);
  const version = rubricVersion(setup.rubric);
  const key = replyKey(version, model, t, setup.rubric);
  const annotator = judgeAnnotator(model, label, version);
  const hit = await getSearchJudgeReply(key);
  if (hit) {
    const parse = parseSearchJudgeReply(hit.reply, t);
    // A reply that could not be read (prose, JSON cut off by the token limit) is shown as cached,
    // but asked again whenever a model is at hand: caching it for good would keep it malformed.
    if (parse.ok || !llm) return { annotator, rubricVersion: version, cached: true, reply: hit.reply, parse };
  }
  if (!llm) return null;
  if (signal?.aborted) throw new AbortError();
  const r = await llm.generate(
    { messages: searchJudgeMessages(t, setup.rubric) },
    { temperature: 0, maxTokens: maxTokens(t, llm, setup.rubric), ...(signal ? { signal } : {}) },
  );
  const at = new Date().toISOString();
  await putRubric({ version, text: setup.rubric.trim(), at });
  await putSearchJudgeReply({
    key,
    trajectoryId: t.id,
    model,
    modelLabel: label,
    rubricVersion: version,
    reply: r.text,
    at,
  });
  // Read back as the cache will give it, so a fresh and a cached reading agree.
  const reply = (await getSearchJudgeReply(key))?.reply ?? r.text;
  return { annotator, rubricVersion: version, cached: false, reply, parse: parseSearchJudgeReply(reply, t) };
}

/** The judge's cached reply on `t` for this model and rubric (no model call); null when never asked. */
export function cachedSearchJudgement(
  t: Trajectory,
  setup: Pick<SearchJudgeSetup, 'llm' | 'rubric'>,
): Promise<SearchJudgeOutcome | null> {
  return resolve(t, setup, null);
}

/** Judges `t` with a model in hand, asking only when the cache lacks the reply. */
export async function judgeSearchesWith(
  llm: Llm,
  t: Trajectory,
  setup: Pick<SearchJudgeSetup, 'llm' | 'rubric'>,
  signal?: AbortSignal,
): Promise<SearchJudgeOutcome> {
  const r = await resolve(t, setup, llm, signal);
  if (r && !('skipped' in r) && !r.cached) announce('search-judge');
  return r as SearchJudgeOutcome;
}

/** Judges `t` with the configured model. */
export async function judgeSearches(
  t: Trajectory,
  setup: SearchJudgeSetup,
  signal?: AbortSignal,
): Promise<SearchJudgeOutcome> {
  const llm = await untilAbort(makeLlm(setup.llm, setup.apiKey), signal);
  return judgeSearchesWith(llm, t, setup, signal);
}

export interface SearchJudgeBatchReport {
  /** Trajectories read so far, of `total`. */
  done: number;
  total: number;
  /** Replies asked now, and read from the cache. */
  asked: number;
  cached: number;
  /** Replies that gave no labels, per trajectory with the reason. */
  malformed: { id: string; question: string; error: string }[];
  /** Requests that failed (nothing cached: a resume asks them again). */
  failed: { id: string; question: string; error: string }[];
  /** Labels whose quote does not occur in the trajectory (kept out of Calibrate). */
  rejectedLabels: number;
  skipped: { id: string; reason: string }[];
}

export interface SearchJudgeBatchOptions {
  signal?: AbortSignal;
  /** The report so far, after every trajectory: a stopped batch keeps what it did. */
  onProgress?: (r: SearchJudgeBatchReport) => void;
  /** A model in hand (tests); else the configured one is made. */
  llm?: Llm;
}

/** Judges one stored trajectory of a batch and adds what happened to `report`. */
async function judgeInto(
  report: SearchJudgeBatchReport,
  id: string,
  setup: SearchJudgeSetup,
  llm: Llm,
  signal?: AbortSignal,
): Promise<void> {
  const t = await getTrajectory(id);
  if (!t) {
    report.skipped.push({ id, reason: 'no longer stored' });
    return;
  }
  let r: SearchJudgeOutcome | null;
  try {
    r = await resolve(t, setup, llm, signal);
  } catch (e) {
    // One trajectory's failure (a prompt too long for the server) does not end the batch.
    if (isAbort(e)) throw e;
    report.failed.push({ id, question: t.question, error: e instanceof Error ? e.message : String(e) });
    return;
  }
  if (!r) throw new Error('unreachable: a model was given');
  if ('skipped' in r) {
    report.skipped.push({ id, reason: r.skipped });
    return;
  }
  if (r.cached) report.cached += 1;
  else report.asked += 1;
  if (!r.parse.ok) report.malformed.push({ id, question: t.question, error: r.parse.error });
  else {
    const j = r.parse.judgement;
    const labels = [...j.search_labels, j.first_sufficient_search, j.under_search];
    report.rejectedLabels += labels.filter((l) => l.rejected !== undefined).length;
  }
}

/**
 * Judges stored trajectories one after another (the table's filtered rows). Stopping throws an
 * AbortError; running the same ids again asks only what the cache lacks, so it resumes (and
 * retries the requests that failed and the replies that could not be read).
 */
export async function judgeSearchesOn(
  ids: readonly string[],
  setup: SearchJudgeSetup,
  opts: SearchJudgeBatchOptions = {},
): Promise<SearchJudgeBatchReport> {
  const llm = opts.llm ?? (await untilAbort(makeLlm(setup.llm, setup.apiKey), opts.signal));
  const report: SearchJudgeBatchReport = {
    done: 0,
    total: ids.length,
    asked: 0,
    cached: 0,
    malformed: [],
    failed: [],
    rejectedLabels: 0,
    skipped: [],
  };
  const copy = () => ({
    ...report,
    malformed: [...report.malformed],
    failed: [...report.failed],
    skipped: [...report.skipped],
  });
  opts.onProgress?.(copy());
  try {
    for (const id of ids) {
      if (opts.signal?.aborted) throw new AbortError();
      await judgeInto(report, id, setup, llm, opts.signal);
      report.done += 1;
      opts.onProgress?.(copy());
    }
  } finally {
    // What was asked is cached even when a later call failed or was stopped.
    if (report.asked > 0) announce('search-judge');
  }
  return report;
}

/**
 * The judge's labels, per annotator (model, server and rubric version), as Calibrate scores them:
 * replies whose trajectory changed since (re-imported) or that gave no labels are left out, and
 * one annotator labels a trajectory once (its newest reply).
 */
async function readJudgeLabellings(): Promise<Map<string, LabelledTrajectory[]>> {
  const [replies, rubrics] = await Promise.all([listSearchJudgeReplies(), listRubrics()]);
  const rubricText = new Map(rubrics.map((r) => [r.version, r.text]));
  const newest = new Map<string, Map<string, { at: string; l: LabelledTrajectory }>>();
  const loaded = new Map<string, Trajectory | undefined>();
  for (const r of replies) {
    const rubric = rubricText.get(r.rubricVersion);
    if (rubric === undefined) continue;
    if (!loaded.has(r.trajectoryId)) loaded.set(r.trajectoryId, await getTrajectory(r.trajectoryId));
    const t = loaded.get(r.trajectoryId);
    if (!t || replyKey(r.rubricVersion, r.model, t, rubric) !== r.key) continue;
    const parse = parseSearchJudgeReply(r.reply, t);
    const l = parse.ok ? judgeLabelled(t.id, parse.judgement) : null;
    if (!l) continue;
    const who = judgeAnnotator(r.model, r.modelLabel, r.rubricVersion);
    let byId = newest.get(who);
    if (!byId) newest.set(who, (byId = new Map()));
    const had = byId.get(t.id);
    if (!had || had.at <= r.at) byId.set(t.id, { at: r.at, l });
  }
  return new Map([...newest].map(([who, byId]) => [who, [...byId.values()].map((x) => x.l)]));
}

// The last reading, kept until the judge's replies or the trajectories change: the label queue
// asks on every keypress, and a reading loads each judged trajectory and rebuilds its prompt.
let labellings: Promise<ReadonlyMap<string, readonly LabelledTrajectory[]>> | null = null;
onDataChange((n) => {
  if (n.changes.includes('search-judge') || n.changes.includes('trajectories')) labellings = null;
});

/** The judge's labels per annotator, read afresh (Calibrate: another tab may have judged since). */
export function judgeLabellings(): Promise<ReadonlyMap<string, readonly LabelledTrajectory[]>> {
  const mine = readJudgeLabellings();
  labellings = mine;
  // A failed reading is not kept.
  mine.catch(() => {
    if (labellings === mine) labellings = null;
  });
  return mine;
}

/** The judge's labels per annotator as last read, read again only after a change (the queue). */
export function recentJudgeLabellings(): Promise<ReadonlyMap<string, readonly LabelledTrajectory[]>> {
  return labellings ?? judgeLabellings();
}
