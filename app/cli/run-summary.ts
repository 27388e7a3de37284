// `hopscope run-summary DIR [--run NAME] [--questions QFILE]… [--format ID] [--json]`: a training
// run's rollout dumps (a folder of step files, or one file) summarized per training step, one JSON
// object a line with --json. The same streaming import, row derivation (toRow) and summary
// (summarizeSteps) as the app's Training page, so these are the numbers it plots. Bad records go
// to stderr as `path:line: message (field f)`; nothing is dropped without a line there.
import { readdir, stat } from 'node:fs/promises';
import { basename, dirname, join, relative, sep } from 'node:path';
import { runLabel } from '../core/training/run-label';
import { planStepFiles } from '../core/training/step-files';
import { type StepRow, type StepSummary, summarizeSteps } from '../core/training/step-summary';
import { toRow } from '../core/table/row';
import { parseFlags } from './flags';
import { loadQuestionIndex } from './questions';
import { runImport } from './read-log';

export const RUN_SUMMARY_USAGE =
  'hopscope run-summary DIR [--run NAME] [--questions QFILE]… [--format ID] [--json]';

export interface RunSummaryArgs {
  path: string;
  run?: string;
  format: string;
  questions: string[];
  json: boolean;
}

export function parseRunSummaryArgs(argv: readonly string[]): RunSummaryArgs | string {
  const parsed = parseFlags(argv, {
    values: ['--run', '--format'],
    lists: ['--questions'],
    switches: ['--json'],
  });
  if (typeof parsed === 'string') return parsed;
  const { positional: paths, values: flags } = parsed;
  const questions = parsed.lists.questions ?? [];
  const json = parsed.switches.has('json');
  const [path] = paths;
  if (!path || paths.length > 1) return 'run-summary needs exactly one folder (or step file)';
  return {
    path,
    format: flags.format ?? 'verl',
    questions,
    json,
    ...(flags.run !== undefined ? { run: flags.run } : {}),
  };
}

/** Every file under `dir`, as paths relative to it (`/`-separated), sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string): Promise<void> => {
    for (const e of await readdir(d, { withFileTypes: true })) {
      const full = join(d, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile()) out.push(relative(dir, full).split(sep).join('/'));
    }
  };
  await walk(dir);
  return out.sort();
}

/**
 * The step files to import, where each is on disk, and the name the import gives it: planned as
 * the app plans a picked folder (planStepFiles), the folder's name naming a folder of one run.
 * `--run` names one run: a folder holding several is refused, naming them, not merged.
 */
export async function stepFilesOf(
  path: string,
  run: string | undefined,
): Promise<{ files: Array<{ disk: string; name: string }>; skipped: string[] }> {
  const isDir = (await stat(path)).isDirectory();
  const root = isDir ? path : dirname(path);
  const rels = isDir ? await filesUnder(path) : [basename(path)];
  const plan = planStepFiles(rels, run ?? basename(root === '.' ? process.cwd() : root));
  if (run !== undefined && plan.runs.length > 1)
    throw new Error(
      `--run ${JSON.stringify(run)} names one run, but ${path} holds ${plan.runs.length}: ${plan.runs.map(runLabel).join(', ')}; leave out --run to summarize each, or give the folder of one`,
    );
  return {
    files: plan.files.map((f) => ({ disk: join(root, rels[f.index] ?? ''), name: f.name })),
    skipped: plan.skipped,
  };
}

/** Reads a run's step files as the app does and summarizes them per (run, step). */
export async function readRun(
  args: Pick<RunSummaryArgs, 'path' | 'run' | 'format' | 'questions'>,
  onIssue: (line: string) => void,
): Promise<{ steps: StepSummary[]; files: number; records: number; imported: number }> {
  const { files, skipped } = await stepFilesOf(args.path, args.run);
  if (files.length === 0) throw new Error(`no step files (.jsonl, .json) in ${args.path}`);
  for (const s of skipped) onIssue(`${join(args.path, s)}: not a step file; skipped`);
  const questions = await loadQuestionIndex(args.questions, onIssue);
  const rows: StepRow[] = [];
  let records = 0;
  let imported = 0;
  for (const f of files) {
    const s = await runImport(
      f.disk,
      args.format,
      (t) => {
        // Only what the summary reads is kept: a 100,000-sample run stays small.
        const { run, trainStep, acc, score, extras, rc, eff, formatError, responseChars } = toRow(
          t,
          questions,
        );
        rows.push({ run, trainStep, acc, score, extras, rc, eff, formatError, responseChars });
      },
      undefined,
      f.name,
    );
    records += s.records;
    imported += s.imported;
    for (const e of s.errors)
      onIssue(
        `${f.disk}:${e.line}: ${e.severity === 'warning' ? 'warning: ' : ''}${e.message}${e.field ? ` (field ${e.field})` : ''}`,
      );
  }
  return { steps: summarizeSteps(rows), files: files.length, records, imported };
}

const fixed = (v: number | null, digits = 3) => (v === null ? '–' : v.toFixed(digits));

function textTable(steps: readonly StepSummary[]): string {
  const runs = new Set(steps.map((s) => s.run)).size > 1;
  const head = [
    ...(runs ? ['run'] : []),
    'step',
    'samples',
    'acc',
    'score',
    'searches',
    'p50',
    'p90',
    'over',
    'under',
    'format_err',
    'chars',
  ];
  const lines = steps.map((s) =>
    [
      ...(runs ? [runLabel(s.run)] : []),
      String(s.step),
      String(s.samples),
      fixed(s.accuracy),
      fixed(s.mean_score),
      fixed(s.searches_mean, 2),
      String(s.searches.p50),
      String(s.searches.p90),
      fixed(s.over_search_rate),
      fixed(s.under_search_rate),
      fixed(s.format_error_rate),
      s.response_chars_mean.toFixed(0),
    ].join('\t'),
  );
  return [head.join('\t'), ...lines].join('\n');
}

export async function runSummaryCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseRunSummaryArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  try {
    const r = await readRun(args, (line) => process.stderr.write(`${line}\n`));
    if (args.json) for (const s of r.steps) process.stdout.write(`${JSON.stringify(s)}\n`);
    else process.stdout.write(`${textTable(r.steps)}\n`);
    process.stderr.write(
      `read ${r.files} step file${r.files === 1 ? '' : 's'}: ${r.records} records, ${r.imported} imported, ${r.records - r.imported} not imported\n`,
    );
    return r.imported === 0 ? 1 : 0;
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}
