// Model probes of one trajectory as a use case: plan the calls (core/diagnose/probes.ts), answer
// each from the cache or ask the model the user configured on the Run page (a server or the
// in-browser model, made as a run makes it, so the API key stays in memory), cache every reply
// per (probe version, model, prompt), and read the verdicts. Opening a trajectory reads the cache
// only; the model is asked on request. Plain TS: the UI reaches it through app/ui/data/probes.ts.
import { untilAbort } from '../../core/agents/session';
import type { SearchHop } from '../../core/diagnose/hops';
import {
  type ProbeCall,
  type ProbeKind,
  type ProbeOutput,
  type ProbeVerdict,
  PROBE_VERSION,
  planProbes,
  probeVerdicts,
} from '../../core/diagnose/probes';
import { hash53 } from '../../core/hash';
import { isAbort } from '../../core/abort';
import { AbortError, type Llm } from '../../core/llm/types';
import { containsAnyAnswer } from '../../core/metrics/normalize';
import { goldAnswers } from '../../core/metrics/trajectory-parts';
import type { Doc, Trajectory } from '../../core/schema/trajectory';
import type { Passage } from '../../core/search/types';
import { getPassages, listCorpora } from '../../db/corpus-store';
import { getProbeReplies, putProbeReply } from '../../db/probe-cache';
import { getTrajectory } from '../../db/store';
import { type LlmConfig, makeLlm } from '../../runtime/agent-ports';
import { announce } from '../changes';
import { judgeIdentity } from './judge';

export interface ProbeSetup {
  llm: LlmConfig;
  /** Held in memory for the requests only; never stored or part of a key. */
  apiKey?: string;
}

/** The probing model as keys and labels know it (a server's model by its URL, or the browser model). */
export function probeModel(llm: LlmConfig): { model: string; label: string } {
  const { model, label } = judgeIdentity({ llm, prompt: '' });
  return { model, label };
}

export interface ProbeResult {
  verdicts: ProbeVerdict[];
  skipped: { probe: ProbeKind; reason: string }[];
  /** Calls planned, answered from the cache, and still unanswered (not asked yet, or failed). */
  calls: number;
  cached: number;
  missing: number;
  /** Model calls made now. */
  asked: number;
}

function callKey(model: string, c: ProbeCall): string {
  const what = c.type === 'score' ? [c.messages, c.continuation] : [c.messages];
  return `probe:${PROBE_VERSION}:${hash53(JSON.stringify([model, c.type, ...what]))}`;
}

// One corpus's passages at a time: info-gain draws its random passages from it.
let pool: { id: string; passages: Passage[] } | null = null;

/** The largest stored corpus's passages (the random passages info-gain compares a hop with). */
async function randomPool(): Promise<Passage[]> {
  const corpora = await listCorpora();
  const biggest = [...corpora].sort((a, b) => b.passages - a.passages || a.id.localeCompare(b.id))[0];
  if (!biggest) return [];
  if (pool?.id !== biggest.id) pool = { id: biggest.id, passages: (await getPassages(biggest.id)) ?? [] };
  return pool.passages;
}

/**
 * Random passages for a hop: as many as it brought, picked by a hash of (trajectory, search, slot)
 * so every reading asks the same prompt (and finds its cached reply), leaving out the hop's own
 * passages and any that holds a gold answer (a random passage must carry no answer).
 */
export function pickRandom(t: Trajectory, hop: SearchHop, passages: readonly Passage[]): Doc[] {
  const golds = goldAnswers(t);
  const own = new Set(hop.docs.map((d) => `${d.title ?? ''}\u0000${d.text}`));
  const fit = (p: Passage) => !own.has(`${p.title}\u0000${p.text}`) && !containsAnyAnswer(p.text, golds);
  const out: Doc[] = [];
  const taken = new Set<number>();
  for (
    let slot = 0;
    out.length < hop.docs.length && slot < hop.docs.length * 20 && passages.length > 0;
    slot++
  ) {
    const i = parseInt(hash53(`${t.id}/${hop.search}/${slot}`), 36) % passages.length;
    const p = passages[i];
    if (!p || taken.has(i) || !fit(p)) continue;
    taken.add(i);
    out.push({ id: p.id, title: p.title, text: p.text, rank: out.length + 1 });
  }
  return out;
}

export interface ProbeOptions {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** Shared by the trajectories of one batch: once scoring failed, it is not tried again. */
interface ScoreState {
  failed?: string;
}

async function resolve(
  t: Trajectory,
  kinds: readonly ProbeKind[],
  model: string,
  llm: Llm | null,
  opts: ProbeOptions,
  scoring: ScoreState = {},
): Promise<ProbeResult> {
  const passages = kinds.includes('info-gain') ? await randomPool() : [];
  const plan = planProbes(t, kinds, (hop) => pickRandom(t, hop, passages));
  const skipped = [...plan.skipped];
  const keys = plan.calls.map((c) => callKey(model, c));
  const known = await getProbeReplies(keys);
  const cached = keys.filter((k) => known.has(k)).length;
  let asked = 0;
  const replies = new Map<string, ProbeOutput>();
  for (const [k, r] of known)
    replies.set(k, r.logprob !== undefined ? { logprob: r.logprob } : { text: r.text ?? '' });

  if (llm) {
    const pending = new Map<string, ProbeCall>();
    plan.calls.forEach((c, i) => {
      const k = keys[i] as string;
      if (!replies.has(k)) pending.set(k, c);
    });
    if (!llm.score && [...pending.values()].some((c) => c.type === 'score')) {
      skipped.push({
        probe: 'info-gain',
        reason: `${llm.model} cannot score text (the in-browser model can; a server must return prompt logprobs)`,
      });
      for (const [k, c] of pending) if (c.type === 'score') pending.delete(k);
    }
    let done = 0;
    const tick = () => {
      done += 1;
      opts.onProgress?.(done, pending.size);
    };
    opts.onProgress?.(done, pending.size);
    try {
      for (const [key, c] of pending) {
        if (opts.signal?.aborted) throw new AbortError();
        const at = new Date().toISOString();
        if (c.type === 'score') {
          if (scoring.failed !== undefined) {
            if (!skipped.some((x) => x.probe === 'info-gain'))
              skipped.push({ probe: 'info-gain', reason: `scoring failed: ${scoring.failed}` });
            tick();
            continue;
          }
          let r: { logprob: number };
          try {
            r = await (llm.score as NonNullable<Llm['score']>)({ messages: c.messages }, c.continuation);
          } catch (e) {
            // A server without prompt logprobs fails every score: info-gain is skipped, the rest runs.
            if (isAbort(e)) throw e;
            scoring.failed = e instanceof Error ? e.message : String(e);
            skipped.push({ probe: 'info-gain', reason: `scoring failed: ${scoring.failed}` });
            tick();
            continue;
          }
          replies.set(key, { logprob: r.logprob });
          await putProbeReply({ key, model, logprob: r.logprob, at });
          asked += 1;
        } else {
          const r = await llm.generate(
            { messages: c.messages },
            { temperature: 0, maxTokens: 48, ...(opts.signal ? { signal: opts.signal } : {}) },
          );
          // Read as the cache will give it back, so a fresh and a cached reading agree.
          const text = r.text.slice(0, 500);
          replies.set(key, { text });
          await putProbeReply({ key, model, text, at });
          asked += 1;
        }
        tick();
      }
    } finally {
      // What was asked is cached even when a later call failed or was stopped.
      if (done > 0) announce('probes');
    }
  }

  const outputs = new Map<string, ProbeOutput>();
  plan.calls.forEach((c, i) => {
    const r = replies.get(keys[i] as string);
    if (r) outputs.set(c.id, r);
  });
  return {
    verdicts: probeVerdicts(t, kinds, outputs),
    skipped,
    calls: plan.calls.length,
    cached,
    missing: plan.calls.length - outputs.size,
    asked,
  };
}

/** Runs `kinds` on `t` with a model in hand (keyed by its own name), asking only what the cache lacks. */
export function probeWith(
  llm: Llm,
  t: Trajectory,
  kinds: readonly ProbeKind[],
  opts: ProbeOptions = {},
): Promise<ProbeResult> {
  return resolve(t, kinds, llm.model, llm, opts);
}

/** The verdicts the cache already holds for `t` (no model call). */
export function cachedProbes(
  t: Trajectory,
  kinds: readonly ProbeKind[],
  llm: LlmConfig,
): Promise<ProbeResult> {
  return resolve(t, kinds, probeModel(llm).model, null, {});
}

/** Runs `kinds` on `t` with the configured model, asking only what the cache lacks. */
export async function runProbes(
  t: Trajectory,
  kinds: readonly ProbeKind[],
  setup: ProbeSetup,
  opts: ProbeOptions = {},
): Promise<ProbeResult> {
  const llm = await untilAbort(makeLlm(setup.llm, setup.apiKey), opts.signal);
  return resolve(t, kinds, probeModel(setup.llm).model, llm, opts);
}

/** What a batch of probes found: per probe, trajectories with an over- or under-search verdict. */
export interface ProbeBatchReport {
  trajectories: number;
  /** Model calls made now (the rest came from the cache). */
  asked: number;
  overSearch: Record<ProbeKind, number>;
  underSearch: Record<ProbeKind, number>;
  /** Why probes were skipped, each reason once with how many trajectories it applied to. */
  skipped: { probe: ProbeKind; reason: string; count: number }[];
}

/** Runs `kinds` on stored trajectories one after another (the table's filtered rows). */
export async function runProbesOn(
  ids: readonly string[],
  kinds: readonly ProbeKind[],
  setup: ProbeSetup,
  opts: ProbeOptions = {},
): Promise<ProbeBatchReport> {
  const llm = await untilAbort(makeLlm(setup.llm, setup.apiKey), opts.signal);
  const { model } = probeModel(setup.llm);
  const zero = () => Object.fromEntries(kinds.map((k) => [k, 0])) as Record<ProbeKind, number>;
  const report: ProbeBatchReport = {
    trajectories: 0,
    asked: 0,
    overSearch: zero(),
    underSearch: zero(),
    skipped: [],
  };
  const scoring: ScoreState = {};
  opts.onProgress?.(0, ids.length);
  for (const [i, id] of ids.entries()) {
    if (opts.signal?.aborted) throw new AbortError();
    const t = await getTrajectory(id);
    if (t) {
      const signal = opts.signal ? { signal: opts.signal } : {};
      const r = await resolve(t, kinds, model, llm, signal, scoring);
      report.trajectories += 1;
      report.asked += r.asked;
      for (const k of kinds) {
        if (r.verdicts.some((v) => v.probe === k && v.kind === 'over-search')) report.overSearch[k] += 1;
        if (r.verdicts.some((v) => v.probe === k && v.kind === 'under-search')) report.underSearch[k] += 1;
      }
      for (const s of r.skipped) {
        const seen = report.skipped.find((x) => x.probe === s.probe && x.reason === s.reason);
        if (seen) seen.count += 1;
        else report.skipped.push({ ...s, count: 1 });
      }
    }
    opts.onProgress?.(i + 1, ids.length);
  }
  return report;
}
