// The model judge below the UI: real HTTP to a scripted OpenAI-compatible server, real IndexedDB
// (fake-indexeddb) for the reply cache and the trajectories Calibrate reads the labels of.
import 'fake-indexeddb/auto';
import { deleteDB } from 'idb';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { isAbort } from '../core/abort';
import { DEFAULT_SEARCH_RUBRIC, rubricVersion } from '../core/diagnose/search-judge-rubric';
import { closeSearchJudgeDb, SEARCH_JUDGE_DB_NAME } from '../db/search-judge-cache';
import { putTrajectories } from '../db/store';
import { chatStream, type FakeOpenAiServer, startFakeOpenAiServer } from '../testing/fake-openai-server';
import { doc, traj } from '../testing/reward-fakes';
import { promptText, ScriptedLlm } from '../testing/scripted-llm';
import { onDataChange } from './changes';
import {
  cachedSearchJudgement,
  judgeAnnotator,
  judgeLabellings,
  judgeSearches,
  judgeSearchesOn,
  type SearchJudgeBatchReport,
  type SearchJudgeSetup,
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
  server = await startFakeOpenAiServer((req) => {
    const user = (req.body as { messages: Array<{ content: string }> }).messages.at(-1)?.content ?? '';
    return { stream: chatStream([judgeReply(user)], { finishReason: 'stop' }) };
  });
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
const posts = () => server.requests.filter((r) => r.method === 'POST').length;
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
    const again = new ScriptedLlm((p) => judgeReply(promptText(p)));
    expect(await judgeSearchesOn(ids, setup(), { llm: again })).toMatchObject({
      asked: 1,
      cached: 3,
      failed: [],
    });
    expect(again.calls).toHaveLength(1);
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
    expect(r.annotator).toBe(judgeAnnotator('fake-judge', rubricVersion(DEFAULT_SEARCH_RUBRIC)));

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

    const r = await judgeSearchesOn(ids, setup());
    expect(posts() - before).toBe(4);
    expect(r).toMatchObject({ done: 4, total: 4, asked: 2, cached: 2, rejectedLabels: 1, failed: [] });
    expect(r.malformed).toEqual([
      { id: TS[1]?.id, question: 'What about beta?', error: 'the reply holds no JSON object' },
    ]);

    // Calibrate's reading: the malformed reply and the rejected under-search call give no labels.
    const labels = await judgeLabellings();
    const who = judgeAnnotator('fake-judge', rubricVersion(DEFAULT_SEARCH_RUBRIC));
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
