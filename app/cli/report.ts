// `hopscope report FILE… --out report.html`: every trajectory of the logs, with annotations from
// an optional annotations JSONL and the gold of optional question sets joined as the app's table
// joins it, as one self-contained HTML file (core/report/payload.ts, as the app's Export).
import { readFileSync, writeFileSync } from 'node:fs';
import { basename, resolve } from 'node:path';
import { type Annotation, parseAnnotationsJsonl } from '../core/annotations/annotation';
import { encodeReport, fillTemplate, type ReportData, reportData } from '../core/report/payload';
import type { Trajectory } from '../core/schema/trajectory';
import { loadQuestionIndex } from './questions';
import { parseFlags } from './flags';
import { runImport } from './read-log';
import { reportTemplate } from '../build/report-template';

/** The checkout: where the report viewer's sources and its build cache live. */
const ROOT = resolve(import.meta.dirname, '..', '..');

export const REPORT_USAGE =
  'hopscope report FILE... --out report.html [--questions QFILE]… [--format ID] [--annotations A.jsonl] [--title TEXT]';

export interface ReportArgs {
  files: string[];
  out: string;
  /** Question sets whose gold joins onto the trajectories that lack it (repeatable). */
  questions: string[];
  format?: string;
  annotations?: string;
  title?: string;
}

export function parseReportArgs(argv: readonly string[]): ReportArgs | string {
  const parsed = parseFlags(argv, {
    values: ['--out', '--format', '--annotations', '--title'],
    lists: ['--questions'],
  });
  if (typeof parsed === 'string') return parsed;
  const { positional: files, values: flags } = parsed;
  const questions = parsed.lists.questions ?? [];
  if (files.length === 0) return 'report needs at least one FILE';
  if (!flags.out) return 'report needs --out report.html';
  const args: ReportArgs = { files, out: flags.out, questions };
  if (flags.format) args.format = flags.format;
  if (flags.annotations) args.annotations = flags.annotations;
  if (flags.title) args.title = flags.title;
  return args;
}

export async function report(argv: readonly string[], usage: string): Promise<number> {
  const args = parseReportArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  const say = (line: string) => process.stderr.write(`${line}\n`);
  let data: ReportData | null;
  try {
    data = await reportDataOf(args, say);
  } catch (e) {
    say(`error: ${e instanceof Error ? e.message : String(e)}`);
    return 1;
  }
  if (!data) {
    say('no trajectories: nothing to report');
    return 1;
  }
  const html = fillTemplate(await reportTemplate(ROOT, say), await encodeReport(data));
  writeFileSync(args.out, html);
  say(
    `wrote ${args.out}: ${data.trajectories.length} trajectories, ${data.annotations.length} annotations, ${(html.length / 1024).toFixed(0)} KiB`,
  );
  return 0;
}

/**
 * The report's data, as the app's Export makes it (reportData): the logs' trajectories, the
 * annotations file's labels, and the gold of the `--questions` sets joined as the table joins
 * it. Null when no trajectory was read; a question set with no question in it throws.
 */
export async function reportDataOf(
  args: ReportArgs,
  say: (line: string) => void,
): Promise<ReportData | null> {
  // Read first: a bad question set stops the report before any log is read.
  const questions = await loadQuestionIndex(args.questions, (line) => say(`  ${line}`));
  const trajectories: Trajectory[] = [];
  for (const file of args.files) {
    const s = await runImport(file, args.format, (t) => void trajectories.push(t));
    say(
      `${file}: ${s.imported} of ${s.records} records (format ${s.format ?? 'unknown'}, ${s.errors.length} errors)`,
    );
    for (const e of s.errors.slice(0, 20))
      say(`  ${file} line ${e.line}${e.field ? ` field ${e.field}` : ''}: ${e.message}`);
  }
  if (trajectories.length === 0) return null;
  let annotations: Annotation[] = [];
  if (args.annotations) {
    const r = parseAnnotationsJsonl(readFileSync(args.annotations, 'utf8'));
    for (const e of r.errors.slice(0, 20))
      say(`  ${args.annotations} line ${e.line}${e.field ? ` field ${e.field}` : ''}: ${e.message}`);
    annotations = r.annotations;
  }
  return reportData(trajectories, annotations, {
    title: args.title ?? `Hopscope report: ${args.files.map((f) => basename(f)).join(', ')}`,
    sources: args.files.map((f) => basename(f)),
    questions,
  });
}
