// `hopscope compare A B`: two logs over the same questions, paired (app/core/compare). Both files
// go through the app's import pipeline; with --json the last line is one JSON object.
import {
  comparePaired,
  PAIRED_METRICS,
  type PairedComparison,
  type PairedMetric,
} from '../core/compare/paired';
import type { ImportSummary } from '../core/importers/pipeline';
import type { Trajectory } from '../core/schema/trajectory';
import { parseFlags } from './flags';
import { runImport } from './read-log';

export const COMPARE_USAGE =
  'hopscope compare A B [--metric em|acc|judge] [--format ID] [--seed N] [--resamples N] [--json]';

export interface CompareArgs {
  a: string;
  b: string;
  metric: PairedMetric;
  format?: string;
  seed: number;
  resamples: number;
  json: boolean;
}

/** Each resample is a mean over every pair; past this the interval no longer moves, only memory. */
const MAX_RESAMPLES = 1_000_000;

export function parseCompareArgs(argv: readonly string[]): CompareArgs | string {
  const parsed = parseFlags(argv, {
    values: ['--metric', '--format', '--seed', '--resamples'],
    switches: ['--json'],
  });
  if (typeof parsed === 'string') return parsed;
  const { positional: files, values: flags } = parsed;
  const json = parsed.switches.has('json');
  const [a, b] = files;
  if (!a || !b || files.length > 2) return 'compare needs exactly two files';
  const metric = (flags.metric ?? 'em') as PairedMetric;
  if (!PAIRED_METRICS.includes(metric)) return `--metric must be one of ${PAIRED_METRICS.join(', ')}`;
  // Number('') is 0: an empty value is refused, not read as seed 0.
  if (flags.seed?.trim() === '' || flags.resamples?.trim() === '')
    return '--seed and --resamples need a number';
  const seed = Number(flags.seed ?? 1);
  const resamples = Number(flags.resamples ?? 2000);
  if (!Number.isInteger(seed)) return '--seed must be an integer';
  if (!Number.isInteger(resamples) || resamples < 1 || resamples > MAX_RESAMPLES)
    return `--resamples must be a whole number from 1 to ${MAX_RESAMPLES.toLocaleString('en')}`;
  const args: CompareArgs = { a, b, metric, seed, resamples, json };
  if (flags.format) args.format = flags.format;
  return args;
}

async function readSide(file: string, format: string | undefined) {
  const trajectories: Trajectory[] = [];
  const summary: ImportSummary = await runImport(file, format, (t) => void trajectories.push(t));
  return { trajectories, summary };
}

/** The JSON report: the paired numbers in snake_case, then the files and the flips. */
export function compareJson(r: PairedComparison, files: { a: ImportSummary; b: ImportSummary }) {
  const side = (s: ImportSummary) => ({
    file: s.file,
    format: s.format,
    imported: s.imported,
    errors: s.errors.length,
  });
  return {
    metric: r.metric,
    pairs: r.pairs,
    both_correct: r.table.bothCorrect,
    a_only: r.table.aOnly,
    b_only: r.table.bOnly,
    both_wrong: r.table.bothWrong,
    undefined_pairs: r.undefinedPairs,
    mcnemar_p: r.mcnemarP,
    em_a: r.means.em.a,
    em_b: r.means.em.b,
    metric_a: r.metricA,
    metric_b: r.metricB,
    bootstrap: r.bootstrap && {
      lo: r.bootstrap.lo,
      hi: r.bootstrap.hi,
      diff: r.bootstrap.diff,
      level: r.bootstrap.level,
      resamples: r.bootstrap.resamples,
      seed: r.bootstrap.seed,
    },
    rc_a: r.rcA,
    rc_b: r.rcB,
    rc_diff: r.rcDiff,
    unmatched_a: r.unmatchedA,
    unmatched_b: r.unmatchedB,
    duplicates_a: r.duplicatesA,
    duplicates_b: r.duplicatesB,
    qid_text_conflicts: r.qidTextConflicts,
    files: { a: side(files.a), b: side(files.b) },
    flips: r.flips.map((f) => ({
      question: f.question,
      a_answer: f.aAnswer,
      b_answer: f.bAnswer,
      gold: f.gold,
      winner: f.winner,
    })),
  };
}

const num = (v: number | null, digits = 3) => (v === null ? '–' : v.toFixed(digits));

export function compareText(r: PairedComparison, files: { a: ImportSummary; b: ImportSummary }): string {
  const cell = (v: number) => String(v).padStart(9);
  const ci = r.bootstrap
    ? `${Math.round(r.bootstrap.level * 100)}% CI [${num(r.bootstrap.lo)}, ${num(r.bootstrap.hi)}]`
    : 'no CI';
  const lines = [
    `A: ${files.a.file} (${files.a.format ?? 'unknown'}, ${files.a.imported} trajectories)`,
    `B: ${files.b.file} (${files.b.format ?? 'unknown'}, ${files.b.imported} trajectories)`,
    `paired questions ${r.pairs} · unmatched A ${r.unmatchedA}, B ${r.unmatchedB} · duplicates A ${r.duplicatesA}, B ${r.duplicatesB}` +
      (r.undefinedPairs ? ` · ${r.undefinedPairs} without ${r.metric} on a side` : ''),
    `${r.metric}: A ${num(r.metricA)}  B ${num(r.metricB)}  B−A ${num(r.bootstrap?.diff ?? null)}  ${ci}`,
    `             B right  B wrong`,
    `  A right  ${cell(r.table.bothCorrect)}${cell(r.table.aOnly)}`,
    `  A wrong  ${cell(r.table.bOnly)}${cell(r.table.bothWrong)}`,
    `McNemar exact two-sided p = ${r.mcnemarP.toPrecision(4)}`,
    `mean RC: A ${num(r.rcA, 2)}  B ${num(r.rcB, 2)}  B−A ${num(r.rcDiff, 2)}`,
    `flips (${r.flips.length}):`,
    ...r.flips
      .slice(0, 20)
      .map(
        (f) =>
          `  ${f.winner === 'a' ? 'A' : 'B'} right: ${f.question}  — A: ${f.aAnswer || '(none)'} | B: ${f.bAnswer || '(none)'} | gold: ${f.gold.join(' / ')}`,
      ),
  ];
  if (r.flips.length > 20) lines.push(`  … ${r.flips.length - 20} more (--json lists all)`);
  return `${lines.join('\n')}\n`;
}

/** Reads both files and pairs them; the report plus each file's import summary. */
export async function compareFiles(args: CompareArgs) {
  const [a, b] = await Promise.all([readSide(args.a, args.format), readSide(args.b, args.format)]);
  const report = comparePaired(a.trajectories, b.trajectories, args.metric, {
    seed: args.seed,
    resamples: args.resamples,
  });
  return { report, files: { a: a.summary, b: b.summary } };
}

export async function compare(argv: readonly string[], usage: string): Promise<number> {
  const args = parseCompareArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  let result: Awaited<ReturnType<typeof compareFiles>>;
  try {
    result = await compareFiles(args);
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    if (args.json) process.stdout.write(`${JSON.stringify({ error: message })}\n`);
    process.stderr.write(`error: ${message}\n`);
    return 1;
  }
  const { report, files } = result;
  for (const s of [files.a, files.b])
    for (const e of s.errors.slice(0, 20))
      process.stderr.write(`${s.file} line ${e.line}: ${e.message}${e.field ? ` (field ${e.field})` : ''}\n`);
  process.stdout.write(
    args.json ? `${JSON.stringify(compareJson(report, files))}\n` : compareText(report, files),
  );
  return files.a.imported === 0 || files.b.imported === 0 ? 1 : 0;
}
