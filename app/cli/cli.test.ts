import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { runCli } from '../testing/run-cli';
import { writeFileSync } from 'node:fs';

const ROOT = resolve(__dirname, '../..');
const DATA = resolve(ROOT, '../shared/data/trajectories');
const FILES = {
  r1: join(DATA, 'r1searcher_bamboogle_qwen.jsonl'),
  flashrag: join(DATA, 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json'),
};
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-cli-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

const cli = runCli;

describe('cli summarize', () => {
  it.each([
    // R1-Searcher records carry the log's own GPT-4o verdict; FlashRAG's carry none.
    ['r1', 'search-r1', 248 / 125, 68 / 125],
    ['flashrag', 'flashrag', 236 / 125, null],
  ] as const)('prints one JSON summary for the %s log', async (key, format, rc, judge) => {
    const r = await cli('summarize', FILES[key]);
    expect(r.code).toBe(0);
    const lines = r.stdout.trim().split('\n');
    expect(lines).toHaveLength(1);
    const s = JSON.parse(lines[0] ?? '');
    expect(Object.keys(s)).toEqual([
      'format',
      'records',
      'imported',
      'errors',
      'metrics',
      'gold_joined',
      'normalization',
    ]);
    expect(s.gold_joined).toBe(0);
    expect(s.normalization).toBe('squad');
    expect(s).toMatchObject({ format, records: 125, imported: 125, errors: [] });
    expect(Object.keys(s.metrics)).toEqual(['em', 'f1', 'acc', 'judge', 'rc', 'r3', 'r5', 'p3', 'p5']);
    // ExSearch's R@k / P@k (Tables 3, 7): the top 5 hold every hit the top 3 hold.
    for (const m of ['r3', 'r5', 'p3', 'p5']) expect(s.metrics[m]).toBeGreaterThan(0);
    expect(s.metrics.r5).toBeGreaterThanOrEqual(s.metrics.r3);
    expect(s.metrics.judge).toBe(judge);
    for (const m of ['em', 'f1', 'acc']) expect(s.metrics[m]).toBeGreaterThanOrEqual(0);
    expect(s.metrics.rc).toBeCloseTo(rc, 9);
  });

  it('reproduces the FlashRAG run its own EM / F1 / acc', async () => {
    const s = JSON.parse((await cli('summarize', FILES.flashrag)).stdout);
    // metric_score.txt of the run: EM 0.344, F1 0.453; acc is the mean of its per-record acc.
    expect(s.metrics.em).toBeCloseTo(0.344, 9);
    expect(s.metrics.f1).toBeCloseTo(0.4531878787878787, 9);
    expect(s.metrics.acc).toBeCloseTo(0.376, 9);
  });

  it('scores with the extended normalization on request, and rejects an unknown one', async () => {
    const s = JSON.parse((await cli('summarize', FILES.flashrag, '--normalize', 'extended')).stdout);
    expect(s.normalization).toBe('extended');
    expect(s.metrics.em).toBeGreaterThanOrEqual(0);
    const bad = await cli('summarize', FILES.flashrag, '--normalize', 'nfkc');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/--normalize must be one of squad, extended/);
  });

  it('exits non-zero when nothing can be read', async () => {
    const missing = await cli('summarize', join(tmp, 'missing.jsonl'));
    expect(missing.code).toBe(1);
    expect(JSON.parse(missing.stdout)).toMatchObject({
      format: null,
      imported: 0,
      errors: [{ line: 0, message: expect.stringMatching(/ENOENT/) }],
      metrics: { em: null, f1: null, acc: null, rc: null },
    });
    const usage = await cli('frobnicate', FILES.r1);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/usage/);
  });
});

describe('cli convert', () => {
  it.each(['r1', 'flashrag'] as const)('writes Hopscope JSONL that re-imports equal (%s)', async (key) => {
    const out = join(tmp, `${key}.jsonl`);
    const r = await cli('convert', FILES[key], '--out', out);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/converted 125 of 125 records/);
    const written = readFileSync(out, 'utf8');
    expect(written.trim().split('\n')).toHaveLength(125);
    const first = await importAll(stringChunks(readFileSync(FILES[key], 'utf8')), {
      file: basename(FILES[key]),
    });
    const again = await importAll(stringChunks(written), { file: 'out.jsonl' });
    expect(again.format).toBe('hopscope');
    expect(again.errors).toEqual([]);
    expect(again.trajectories).toEqual(first.trajectories);
  });

  it('honours --format', async () => {
    const out = join(tmp, 'forced.jsonl');
    const r = await cli('convert', FILES.flashrag, '--out', out, '--format', 'search-r1');
    expect(r.code).toBe(0);
    const t = JSON.parse(readFileSync(out, 'utf8').split('\n')[0] ?? '');
    expect(t.source.format).toBe('search-r1');
    expect(t.steps.filter((s: { kind: string }) => s.kind === 'search')).toHaveLength(2);
  });

  it('writes OTLP/JSON with --to otlp whose summary equals the log summary', async () => {
    const out = join(tmp, 'r1.otlp.json');
    const r = await cli('convert', FILES.r1, '--to', 'otlp', '--out', out);
    expect(r.code).toBe(0);
    const request = JSON.parse(readFileSync(out, 'utf8'));
    const spans = request.resourceSpans[0].scopeSpans[0].spans as Array<{ traceId: string }>;
    expect(new Set(spans.map((x) => x.traceId)).size).toBe(125);
    const [a, b] = await Promise.all([cli('summarize', FILES.r1), cli('summarize', out)]);
    expect(JSON.parse(b.stdout)).toEqual({ ...JSON.parse(a.stdout), format: 'otlp' });
    expect((await cli('convert', FILES.r1, '--to', 'csv', '--out', out)).code).toBe(2);
  });
});

describe('cli summarize --questions', () => {
  it('joins gold from a question set as the app does and counts the trajectories that got it', async () => {
    // The R1-Searcher log without its gold answers; Bamboogle's question set knows 75 of its questions.
    const stripped = join(tmp, 'r1-nogold.jsonl');
    const lines = readFileSync(FILES.r1, 'utf8').trim().split('\n');
    writeFileSync(
      stripped,
      lines
        .map((l) =>
          JSON.stringify((({ answer: _, ...rest }) => rest)(JSON.parse(l) as Record<string, unknown>)),
        )
        .join('\n'),
    );
    const without = JSON.parse((await cli('summarize', stripped)).stdout);
    expect(without.gold_joined).toBe(0);
    expect(without.metrics.em).toBeNull();

    const questions = resolve(ROOT, '../shared/data/bamboogle/dev_subset.json');
    const r = await cli('summarize', stripped, '--questions', questions);
    expect(r.code).toBe(0);
    const s = JSON.parse(r.stdout);
    expect(s.gold_joined).toBe(75);
    // The same questions scored against the log's own gold give the same mean EM.
    const original = (await importAll(stringChunks(readFileSync(FILES.r1, 'utf8')), { file: 'r1.jsonl' }))
      .trajectories;
    const bamboogle = new Set(
      (JSON.parse(readFileSync(questions, 'utf8')) as Array<{ Question: string }>).map((q) =>
        q.Question.trim().toLowerCase(),
      ),
    );
    const { trajectoryMetrics } = await import('../core/metrics/trajectory-metrics');
    const ems = original
      .filter((t) => bamboogle.has(t.question.trim().toLowerCase()))
      .map((t) => trajectoryMetrics(t).em ?? 0);
    expect(ems).toHaveLength(75);
    expect(s.metrics.em).toBeCloseTo(ems.reduce((a, b) => a + b, 0) / ems.length, 10);
  }, 60_000);
});
