// The Training page's per-step summaries from SQL (core/sql/step-summary-sql.ts), run through the
// DuckDB the CLI runs in Node, equal (a) `run-summary`'s numbers and (b) the table worker's
// incremental JS summaries (StepSummaries), on a generated multi-step run and on a real log's
// responses written as veRL step files.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SqlTables } from '../../core/sql/columns';
import { stepSummariesBySql } from '../../core/sql/step-summary-sql';
import { toRow, type TrajectoryRow } from '../../core/table/row';
import { type StepSummary, StepSummaries } from '../../core/training/step-summary';
import { writeTrainingRun } from '../../testing/training-run-generator';
import { readRun, stepFilesOf } from '../run-summary';
import { runImport } from '../read-log';
import { openSqlEngine, type SqlEngine } from './duckdb';
import { expectSame } from '../../testing/expect-same';

const REAL = resolve(__dirname, '../../../../shared/data/trajectories/r1searcher_bamboogle_qwen.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-step-sql-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

/**
 * A real R1-Searcher log's responses as a 3-step veRL run: each record's question in R1-Searcher's
 * training prompt, its response as the output, its judge's verdict as the score and an extra.
 */
async function writeRealRun(dir: string): Promise<number> {
  await mkdir(dir, { recursive: true });
  const records = readFileSync(REAL, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as Record<string, string>);
  const steps: string[][] = [[], [], []];
  records.forEach((r, i) => {
    const judged = r.gpt4o_output === 'True' ? 1 : 0;
    steps[i % 3]?.push(
      JSON.stringify({
        input: `User:${r.question}\nAssistant: <think>`,
        output: r.gen_text_store,
        score: judged * 0.9 + 0.05,
        step: (i % 3) + 1,
        gts: [r.answer],
        judge: judged,
      }),
    );
  });
  for (const [i, lines] of steps.entries())
    await writeFile(join(dir, `${i + 1}.jsonl`), `${lines.join('\n')}\n`);
  return records.length;
}

describe('per-step summaries from SQL', () => {
  const runs = join(tmp, 'runs');
  let cli: StepSummary[];
  let page: StepSummary[];
  let sql: StepSummary[];
  let engine: SqlEngine | null = null;
  afterAll(() => engine?.close());

  beforeAll(async () => {
    await writeTrainingRun(join(runs, 'grpo-a'), {
      steps: 6,
      samplesPerStep: 30,
      seed: 7,
      malformedRate: 0.05,
    });
    await writeTrainingRun(join(runs, 'r1s'), {
      steps: 3,
      samplesPerStep: 12,
      seed: 3,
      style: 'r1-searcher',
      stepField: false,
    });
    await writeRealRun(join(runs, 'real-r1searcher'));
    // (a) run-summary over the folder of runs.
    cli = (await readRun({ path: runs, format: 'verl', questions: [] }, () => {})).steps;
    // The same files as the page stores them: each step file under its run's name, then toRow.
    const rows: TrajectoryRow[] = [];
    for (const f of (await stepFilesOf(runs, undefined)).files)
      await runImport(f.disk, 'verl', (t) => void rows.push(toRow(t)), undefined, f.name);
    // A log that is no training run stays out of every summary.
    await runImport(REAL, undefined, (t) => void rows.push(toRow(t)));
    // (b) the table worker's JS summaries over the rows.
    const held = new StepSummaries();
    held.reset(rows);
    page = held.summaries();
    const tables = new SqlTables();
    for (const r of rows) tables.addRow(r);
    engine = await openSqlEngine(tables.batches);
    const e = engine;
    sql = await stepSummariesBySql((q) => e.query(q));
  }, 300_000);

  it('covers every step of every run, real and generated', () => {
    expect(sql.map((s) => `${s.run}:${s.step}`)).toEqual(cli.map((s) => `${s.run}:${s.step}`));
    expect(new Set(sql.map((s) => s.run))).toEqual(new Set(['grpo-a', 'r1s', 'real-r1searcher']));
    expect(sql.filter((s) => s.run === 'real-r1searcher').reduce((n, s) => n + s.samples, 0)).toBe(125);
    // Not a vacuous comparison: rates that can be null are numbers here, and extras are read.
    expect(sql.some((s) => s.under_search_rate !== null && s.under_search_rate > 0)).toBe(true);
    expect(sql.some((s) => s.over_search_rate > 0)).toBe(true);
    expect(sql.find((s) => s.run === 'real-r1searcher')?.extras).toHaveProperty('judge');
    expect(sql.find((s) => s.run === 'grpo-a')?.extras).toHaveProperty('format_reward');
  });

  it("equals run-summary's numbers", () => {
    expectSame(sql, cli);
  });

  it("equals the page's JS summaries", () => {
    expectSame(sql, page);
  });
});
