// `compare` on real logs whose questions come in different orders: the file itself against a
// shuffled, edited copy (so the expected counts are known by construction), and R1-Searcher's
// Bamboogle log against FlashRAG's Search-R1 run on the same questions (counted independently).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { normalizeAnswer } from '../core/metrics/normalize';
import { trajectoryMetrics } from '../core/metrics/trajectory-metrics';
import { compareFiles, parseCompareArgs } from './compare';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const DATA = resolve(ROOT, '../shared/data/trajectories');
const R1 = join(DATA, 'r1searcher_bamboogle_qwen.jsonl');
const FLASHRAG = join(DATA, 'searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-compare-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function cli(...args: string[]) {
  try {
    const r = await run(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', 'compare', ...args], {
      cwd: ROOT,
    });
    return { ...r, code: 0 };
  } catch (e) {
    return e as { stdout: string; stderr: string; code: number };
  }
}

async function metricsOf(file: string, metric: 'em' | 'acc' = 'em') {
  const r = await importAll(stringChunks(readFileSync(file, 'utf8')), { file: basename(file) });
  return r.trajectories.map((t) => ({ t, m: trajectoryMetrics(t), score: trajectoryMetrics(t)[metric] }));
}

/** 2·P(X ≤ k), X ~ Bin(n, 1/2), summed directly (exact in doubles for n ≤ 50). */
function mcnemarDirect(b: number, c: number): number {
  const n = b + c;
  let sum = 0;
  let coef = 1;
  for (let i = 0; i <= Math.min(b, c); i++) {
    sum += coef;
    coef = (coef * (n - i)) / (i + 1);
  }
  return n === 0 ? 1 : Math.min(1, (2 * sum) / 2 ** n);
}

describe('cli compare: a log against its shuffled, edited copy', () => {
  it('finds the pairs, flips and counts that were planted', async () => {
    const lines = readFileSync(R1, 'utf8').trim().split('\n');
    const a = await metricsOf(R1);
    expect(a).toHaveLength(lines.length);
    const hasAnswerTag = (i: number) =>
      /<answer>[\s\S]*<\/answer>/.test(JSON.parse(lines[i]!).gen_text_store);
    const idx = [...lines.keys()];
    const right = idx.filter((i) => a[i]!.score === 1 && hasAnswerTag(i));
    const wrong = idx.filter((i) => a[i]!.score === 0 && hasAnswerTag(i));
    const breakIt = new Set(right.slice(0, 6)); // right in A, wrong in B
    const fixIt = new Set(wrong.slice(0, 4)); // wrong in A, right in B
    const drop = new Set([right[10]!, wrong[10]!, wrong[11]!]); // only A ran these
    const edited = idx.map((i) => {
      const rec = JSON.parse(lines[i]!);
      const answer = breakIt.has(i) ? 'certainly not this' : fixIt.has(i) ? rec.answer : null;
      if (answer !== null)
        rec.gen_text_store = rec.gen_text_store.replace(
          /<answer>(?![\s\S]*<answer>)[\s\S]*<\/answer>/,
          `<answer> ${answer} </answer>`,
        );
      return JSON.stringify(rec);
    });
    // A fixed permutation (37 is coprime to 125), then a second, different run of a question at
    // the end: the first run in file order is the one paired.
    const order = idx.map((i) => (i * 37 + 11) % lines.length).filter((i) => !drop.has(i));
    const dupOf = right[20]!;
    const dup = JSON.parse(lines[dupOf]!);
    dup.gen_text_store = dup.gen_text_store.replace(
      /<answer>(?![\s\S]*<answer>)[\s\S]*<\/answer>/,
      '<answer> no </answer>',
    );
    const copy = join(tmp, 'shuffled.jsonl');
    writeFileSync(copy, `${[...order.map((i) => edited[i]), JSON.stringify(dup)].join('\n')}\n`);

    const r = await cli(R1, copy, '--json');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout.trim().split('\n').at(-1)!);
    const kept = idx.filter((i) => !drop.has(i));
    const aRight = kept.filter((i) => a[i]!.score === 1).length;
    expect(out).toMatchObject({
      metric: 'em',
      pairs: lines.length - 3,
      both_correct: aRight - 6,
      a_only: 6,
      b_only: 4,
      both_wrong: kept.length - aRight - 4,
      undefined_pairs: 0,
      unmatched_a: 3,
      unmatched_b: 0,
      duplicates_a: 0,
      duplicates_b: 1,
    });
    // 2·(C(10,0)+…+C(10,4))/2^10 = 772/1024.
    expect(out.mcnemar_p).toBeCloseTo(0.75390625, 12);
    expect(out.em_a).toBeCloseTo(aRight / kept.length, 12);
    expect(out.em_b).toBeCloseTo((aRight - 2) / kept.length, 12);
    expect(out.bootstrap.diff).toBeCloseTo(-2 / kept.length, 12);
    expect(out.bootstrap.lo).toBeLessThanOrEqual(out.bootstrap.diff);
    expect(out.bootstrap.hi).toBeGreaterThanOrEqual(out.bootstrap.diff);
    // Only answers changed: the searches, and so the mean RC, are the same.
    const rc = kept.reduce((s, i) => s + a[i]!.m.rc, 0) / kept.length;
    expect(out.rc_a).toBeCloseTo(rc, 12);
    expect(out.rc_b).toBeCloseTo(rc, 12);
    expect(out.rc_diff).toBe(0);
    const flips = new Map(out.flips.map((f: { question: string }) => [f.question, f]));
    expect(flips.size).toBe(10);
    for (const i of breakIt)
      expect(flips.get(a[i]!.t.question)).toMatchObject({ winner: 'a', b_answer: 'certainly not this' });
    for (const i of fixIt)
      expect(flips.get(a[i]!.t.question)).toMatchObject({
        winner: 'b',
        b_answer: JSON.parse(lines[i]!).answer,
      });
  }, 60_000);
});

describe('cli compare: R1-Searcher against FlashRAG on Bamboogle', () => {
  it('matches an independent count over the same questions in another order', async () => {
    for (const metric of ['em', 'acc'] as const) {
      const A = await metricsOf(R1, metric);
      const B = new Map((await metricsOf(FLASHRAG, metric)).map((x) => [normalizeAnswer(x.t.question), x]));
      const cells = { both_correct: 0, a_only: 0, b_only: 0, both_wrong: 0 };
      let rcA = 0;
      let rcB = 0;
      for (const x of A) {
        const y = B.get(normalizeAnswer(x.t.question))!;
        expect(y).toBeDefined();
        const key = x.score ? (y.score ? 'both_correct' : 'a_only') : y.score ? 'b_only' : 'both_wrong';
        cells[key] += 1;
        rcA += x.m.rc;
        rcB += y.m.rc;
      }
      // The two files list the questions in different orders.
      expect(A[0]!.t.question).not.toBe([...B.values()][0]!.t.question);
      const args = parseCompareArgs([R1, FLASHRAG, '--metric', metric]);
      if (typeof args === 'string') throw new Error(args);
      const { report: r, files } = await compareFiles(args);
      expect(files.a.format).toBe('search-r1');
      expect(files.b.format).toBe('flashrag');
      expect(r.pairs).toBe(125);
      expect([r.unmatchedA, r.unmatchedB, r.duplicatesA, r.duplicatesB]).toEqual([0, 0, 0, 0]);
      expect({
        both_correct: r.table.bothCorrect,
        a_only: r.table.aOnly,
        b_only: r.table.bOnly,
        both_wrong: r.table.bothWrong,
      }).toEqual(cells);
      expect(r.mcnemarP).toBeCloseTo(mcnemarDirect(cells.a_only, cells.b_only), 12);
      expect(r.rcA).toBeCloseTo(rcA / 125, 12);
      expect(r.rcB).toBeCloseTo(rcB / 125, 12);
      expect(r.flips).toHaveLength(cells.a_only + cells.b_only);
    }
  }, 60_000);

  it('leaves every pair out of the judge test when one log carries no verdicts', async () => {
    const args = parseCompareArgs([R1, FLASHRAG, '--metric', 'judge']);
    if (typeof args === 'string') throw new Error(args);
    const { report: r } = await compareFiles(args);
    expect(r).toMatchObject({ pairs: 125, undefinedPairs: 125, mcnemarP: 1, bootstrap: null, flips: [] });
    expect(r.table).toEqual({ bothCorrect: 0, aOnly: 0, bOnly: 0, bothWrong: 0 });
  }, 60_000);

  it('prints a human table without --json, and usage on bad arguments', async () => {
    const text = await cli(R1, FLASHRAG);
    expect(text.code).toBe(0);
    expect(text.stdout).toMatch(/paired questions 125/);
    expect(text.stdout).toMatch(/McNemar exact two-sided p = /);
    expect(parseCompareArgs([R1])).toMatch(/two files/);
    expect(parseCompareArgs([R1, FLASHRAG, '--metric', 'f1'])).toMatch(/--metric/);
    const bad = await cli(R1);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toMatch(/usage/);
  }, 60_000);
});

describe('compare arguments', () => {
  it('refuses an empty seed and an unbounded resample count', () => {
    expect(parseCompareArgs(['a', 'b', '--seed', ''])).toBe('--seed and --resamples need a number');
    expect(parseCompareArgs(['a', 'b', '--resamples', '2000000'])).toMatch(/from 1 to 1,000,000/);
    expect(parseCompareArgs(['a', 'b', '--resamples', '0'])).toMatch(/from 1 to 1,000,000/);
    expect(parseCompareArgs(['a', 'b', '--seed', '7', '--resamples', '500'])).toMatchObject({
      seed: 7,
      resamples: 500,
    });
  });
});
