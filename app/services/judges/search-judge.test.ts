// The model judge below the UI: real HTTP to a scripted OpenAI-compatible server, real IndexedDB
// (fake-indexeddb) for the reply cache and the trajectories Calibrate reads the labels of.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAbort } from '../../core/abort';
import { DEFAULT_SEARCH_RUBRIC, rubricVersion } from '../../core/diagnose/search-judge-rubric';
import { closeSearchJudgeDb, SEARCH_JUDGE_DB_NAME } from '../../db/search-judge-cache';
import type { LlmConfig } from '../../runtime/agent-ports';
import { putTrajectories } from '../../db/store';
import {
  chatModel,
  type FakeOpenAiServer,
  postsTo,
  startFakeOpenAiServer,
} from '../../testing/fake-openai-server';
import { doc, traj } from '../../testing/reward-fakes';
import { promptText, ScriptedLlm } from '../../testing/scripted-llm';
import { announce, onDataChange } from '../changes';
import {
  cachedSearchJudgement,
  currentJudgeAnnotator,
  judgeAnnotator,
  judgeLabellings,
  recentJudgeLabellings,
  judgeSearches,
  judgeSearchesOn,
  type SearchJudgeBatchReport,
  type SearchJudgeSetup,
  THINKING_TOKENS,
} from './search-judge';

/** A trajectory with `n` searches, the k-th asking `topic k`. */
const T = (topic: string, n: number) =>
  traj(
    Array.from({ length: n }, (_, i) => ({
      kind: 'search' as const,
      queries: [`${topic} ${i + 1}`],
      docs: [doc(`${topic}${i}`, topic, `${topic} fact number ${i + 1}.`)],
    })),
    { question: `What about ${topic}?`, gold: { answers: ['x'] }, answer: 'x' },
  );
const TS = [T('alpha', 2), T('beta', 1), T('gamma', 3), T('delta', 2)];

/** The scripted judge: labels the last search redundant, quoting each query; "beta" gets prose. */
function judgeReply(user: string): string {
  if (user.includes('What about beta?')) return 'Both searches look fine to me.';
  const n = Number(/This trajectory has (\d+) search/.exec(user)?.[1]);
  const queries = [...user.matchAll(/\[Search \d+\] query: (.*)/g)].map((m) => m[1] ?? '');
  return JSON.stringify({
    searches: n,
    first_sufficient_search: n - 1,
    search_labels: queries.map((_, i) => (i === n - 1 ? 'redundant' : 'necessary')),
    under_search: false,
    evidence: {
      search_labels: queries,
      first_sufficient_search: queries[0] ?? '',
      // Not in the trajectory: the under-search call is rejected for "delta".
      under_search: user.includes('delta') ? 'an invented sentence' : (queries[0] ?? ''),
    },
  });
}

let server: FakeOpenAiServer;
beforeAll(async () => {
  server = await startFakeOpenAiServer(chatModel(judgeReply));
  await putTrajectories(TS);
});
afterAll(() => server.close());
beforeEach(async () => {
  await closeSearchJudgeDb();
  await deleteDB(SEARCH_JUDGE_DB_NAME);
});

const setup = (rubric = DEFAULT_SEARCH_RUBRIC): SearchJudgeSetup => ({
  llm: { kind: 'http', baseUrl: server.url, model: 'fake-judge', endpoint: 'chat' },
  apiKey: 'sk-judge',
  rubric,
});
const posts = () => postsTo(server).length;
const ids = TS.map((t) => t.id);

describe('a batch whose request fails on one trajectory', () => {
  it('reports it, judges the rest, and asks it again on the next run', async () => {
    const failing = new ScriptedLlm((p) => {
      const user = promptText(p);
      return user.includes('What about gamma?') ? new Error('HTTP 400: prompt too long') : judgeReply(user);
    });
    const r = await judgeSearchesOn(ids, setup(), { llm: failing });
    expect(r).toMatchObject({ done: 4, asked: 3, cached: 0 });
    expect(r.failed).toEqual([
      { id: TS[2]?.id, question: 'What about gamma?', error: 'HTTP 400: prompt too long' },
    ]);
    // Gamma, and beta again (its prose gave no labels).
    const again = new ScriptedLlm((p) => judgeReply(promptText(p)));
    expect(await judgeSearchesOn(ids, setup(), { llm: again })).toMatchObject({
      asked: 2,
      cached: 2,
      failed: [],
    });
    expect(again.calls).toHaveLength(2);
  });
});

describe('the model judge with the configured server', () => {
  it('asks once, caches per rubric version, and reads the labels back without the model', async () => {
    const t = TS[0] as (typeof TS)[number];
    expect(await cachedSearchJudgement(t, setup())).toBeNull();
    const before = posts();
    const announced: string[] = [];
    const off = onDataChange((n) => announced.push(...n.changes));
    const r = await judgeSearches(t, setup());
    off();
    expect(posts() - before).toBe(1);
    expect(announced).toEqual(['search-judge']);
    expect(server.requests.at(-1)?.headers.authorization).toBe('Bearer sk-judge');
    if ('skipped' in r || !r.parse.ok) throw new Error('expected labels');
    expect(r.parse.judgement.search_labels.map((l) => l.value)).toEqual(['necessary', 'redundant']);
    const host = new URL(server.url).host;
    expect(r.annotator).toBe(`model judge fake-judge@${host} (${rubricVersion(DEFAULT_SEARCH_RUBRIC)})`);

    const again = await cachedSearchJudgement(t, setup());
    expect(again).toMatchObject({ cached: true, reply: r.reply });
    // An edited rubric is a new version: nothing cached for it yet.
    expect(await cachedSearchJudgement(t, setup(`${DEFAULT_SEARCH_RUBRIC}\nBe strict.`))).toBeNull();
    expect(posts() - before).toBe(1);
  });

  it('runs a batch that stops and resumes without asking again what it cached', async () => {
    const ac = new AbortController();
    let last: SearchJudgeBatchReport | null = null;
    const before = posts();
    const stopped = await judgeSearchesOn(ids, setup(), {
      signal: ac.signal,
      onProgress: (r) => {
        last = r;
        if (r.done === 2) ac.abort();
      },
    }).catch((e: unknown) => e);
    expect(isAbort(stopped)).toBe(true);
    expect(last).toMatchObject({ done: 2, total: 4, asked: 2 });
    expect(posts() - before).toBe(2);

    // Resuming asks gamma and delta, and beta again: its prose gave no labels.
    const r = await judgeSearchesOn(ids, setup());
    expect(posts() - before).toBe(5);
    expect(r).toMatchObject({ done: 4, total: 4, asked: 3, cached: 1, rejectedLabels: 1, failed: [] });
    expect(r.malformed).toEqual([
      { id: TS[1]?.id, question: 'What about beta?', error: 'the reply holds no JSON object' },
    ]);

    // Calibrate's reading: the malformed reply and the rejected under-search call give no labels.
    const labels = await judgeLabellings();
    const who = currentJudgeAnnotator(setup());
    expect([...labels.keys()]).toEqual([who]);
    expect(
      labels
        .get(who)
        ?.map((l) => [l.id, l.search_labels])
        .sort(),
    ).toEqual(
      [
        [TS[0]?.id, ['necessary', 'redundant']],
        [TS[2]?.id, ['necessary', 'necessary', 'redundant']],
      ].sort(),
    );
  });
});

describe('a reply that cannot be read', () => {
  it('is reported, shown from the cache, and asked again by the next run', async () => {
    const t = TS[0] as (typeof TS)[number];
    // JSON cut off where the token limit ended the reply.
    const cut = new ScriptedLlm([judgeReply(`This trajectory has 2 searches`).slice(0, 40)]);
    const first = await judgeSearchesOn([t.id], setup(), { llm: cut });
    expect(first).toMatchObject({ asked: 1, cached: 0 });
    expect(first.malformed.map((m) => m.id)).toEqual([t.id]);
    // Opening the trajectory shows the reply it gave, without asking.
    expect(await cachedSearchJudgement(t, setup())).toMatchObject({ cached: true, parse: { ok: false } });

    const good = new ScriptedLlm((p) => judgeReply(promptText(p)));
    const again = await judgeSearchesOn([t.id], setup(), { llm: good });
    expect(good.calls).toHaveLength(1);
    expect(again).toMatchObject({ asked: 1, cached: 0, malformed: [] });
    expect((await judgeLabellings()).get(currentJudgeAnnotator(setup()))?.map((l) => l.id)).toEqual([t.id]);
    // Read well now: cached for good.
    expect(await judgeSearchesOn([t.id], setup(), { llm: good })).toMatchObject({ asked: 0, cached: 1 });
    expect(good.calls).toHaveLength(1);
  });

  it('leaves a reasoning model room to think before its JSON', async () => {
    const t = TS[0] as (typeof TS)[number];
    const thinking = `<think>${' hmm'.repeat(700)}</think>`;
    const reasoner = new ScriptedLlm((p) => `${thinking}\n${judgeReply(promptText(p))}`);
    const r = await judgeSearchesOn([t.id], setup(), { llm: reasoner });
    expect(r).toMatchObject({ asked: 1, malformed: [] });
    expect(reasoner.calls[0]?.options.maxTokens).toBeGreaterThanOrEqual(THINKING_TOKENS);

    // No more than a small model's context leaves after the prompt.
    class Small extends ScriptedLlm {
      readonly contextTokens = 3000;
    }
    const small = new Small((p) => judgeReply(promptText(p)));
    await judgeSearchesOn([t.id], setup(`${DEFAULT_SEARCH_RUBRIC}\nBe brief.`), { llm: small });
    expect(small.calls[0]?.options.maxTokens).toBeLessThan(3000);
  });
});

describe('two servers serving models of one name', () => {
  it('are two judges in Calibrate, each labelling a trajectory once', async () => {
    const at = (baseUrl: string): SearchJudgeSetup => ({
      llm: { kind: 'http', baseUrl, model: 'llama-3', endpoint: 'chat' },
      rubric: DEFAULT_SEARCH_RUBRIC,
    });
    const a = at('http://10.0.0.1:8000/v1');
    const b = at('http://10.0.0.2:8000/v1');
    const llm = () => new ScriptedLlm((p) => judgeReply(promptText(p)));
    await judgeSearchesOn([TS[0]?.id ?? ''], a, { llm: llm() });
    await judgeSearchesOn([TS[0]?.id ?? ''], b, { llm: llm() });
    const labels = await judgeLabellings();
    const v = rubricVersion(DEFAULT_SEARCH_RUBRIC);
    expect(currentJudgeAnnotator(a)).toBe(`model judge llama-3@10.0.0.1:8000 (${v})`);
    expect([...labels.keys()].sort()).toEqual([currentJudgeAnnotator(a), currentJudgeAnnotator(b)]);
    for (const ls of labels.values()) expect(ls.map((l) => l.id)).toEqual([TS[0]?.id]);
    // The browser model has no server.
    const browser: LlmConfig = {
      kind: 'browser',
      source: { modelId: 'onnx-community/Qwen3-0.6B', offline: false, device: 'auto' },
    };
    expect(judgeAnnotator('onnx-community/Qwen3-0.6B', 'onnx-community/Qwen3-0.6B', v)).toBe(
      `model judge onnx-community/Qwen3-0.6B (${v})`,
    );
    expect(currentJudgeAnnotator({ llm: browser, rubric: DEFAULT_SEARCH_RUBRIC })).toBe(
      `model judge onnx-community/Qwen3-0.6B (${v})`,
    );
  });
});

describe("the judge's labels for the label queue", () => {
  it('are read once and read again only after the judge or the trajectories change', async () => {
    await judgeSearchesOn([TS[0]?.id ?? ''], setup(), {
      llm: new ScriptedLlm((p) => judgeReply(promptText(p))),
    });
    const first = await recentJudgeLabellings();
    expect(first.size).toBe(1);
    // The cache emptied behind its back (no announcement): the last reading still stands.
    await closeSearchJudgeDb();
    await deleteDB(SEARCH_JUDGE_DB_NAME);
    expect(await recentJudgeLabellings()).toBe(first);
    announce('search-judge');
    expect((await recentJudgeLabellings()).size).toBe(0);
    const second = await recentJudgeLabellings();
    announce('trajectories');
    expect(await recentJudgeLabellings()).not.toBe(second);
  });
});
