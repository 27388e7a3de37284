// Hopscope's command line: read a trajectory log the same way the app does (streaming, with
// format detection) and either summarize it as one JSON object or convert it to Hopscope JSONL
// or OTLP/JSON (OpenInference spans); or compare two logs over the same questions (compare.ts).
//   npm run cli -- summarize FILE [--questions QFILE]… [--format ID] [--normalize squad|extended]
//   npm run cli -- convert FILE --out OUT.jsonl [--format ID] [--to hopscope|otlp]
//   npm run cli -- compare A B [--metric em|acc|judge] [--format ID] [--json]
//   npm run cli -- report FILE… --out report.html [--questions QFILE]…   (one self-contained HTML file; app/cli/report.ts)
//   npm run cli -- diagnose FILE [--labels LABELS] --json   (over/under-search; app/cli/diagnose.ts)
//   npm run cli -- run-summary DIR --json   (a training run per step; app/cli/run-summary.ts)
//   npm run cli -- query FILE|DIR|RUN.parquet "SQL" [--json|--csv]   (SQL over the rows; app/cli/query.ts)
//   npm run cli -- index FILE|DIR --out RUN.parquet [--threads N]   (the rows as Parquet, every core; app/cli/index-run.ts)

import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { ImportSummary } from '../core/importers/pipeline';
import { meanMetrics, type TrajectoryMetrics } from '../core/metrics/trajectory-metrics';
import { type Normalization, NORMALIZATIONS } from '../core/metrics/normalize';
import { otlpEnvelope, traceJson } from '../core/otel/otlp-request';
import { traceInput } from '../core/otel/trace-input';
import type { Trajectory } from '../core/schema/trajectory';
import { COMPARE_USAGE, compare } from './compare';
import { parseFlags } from './flags';
import { trajectoryView } from '../core/view/trajectory-view';
import { loadQuestionIndex } from './questions';
import { DIAGNOSE_USAGE, diagnoseCommand } from './diagnose';
import { runImport as importFile } from './read-log';
import { REPORT_USAGE, report } from './report';
import { RUN_SUMMARY_USAGE, runSummaryCommand } from './run-summary';
import { INDEX_USAGE, QUERY_USAGE } from './sql/usage';

const USAGE = `usage:
  hopscope summarize FILE [--questions QFILE]… [--format ID] [--normalize squad|extended]
  hopscope convert FILE --out OUT.jsonl [--format ID] [--to hopscope|otlp]
  ${COMPARE_USAGE}
  ${REPORT_USAGE}
  ${DIAGNOSE_USAGE}
  ${RUN_SUMMARY_USAGE}
  ${QUERY_USAGE}
  ${INDEX_USAGE}
--questions: a question set (any format the Corpus page loads) whose gold joins onto trajectories
  that lack it, as in the app; repeatable; summarize reports gold_joined
--normalize: answer normalization for EM/F1/acc; squad (default) is SQuAD v1.1's normalize_answer
--to otlp: one OTLP/JSON ExportTraceServiceRequest, a trace per trajectory (OpenInference spans)`;

const TARGETS = ['hopscope', 'otlp'] as const;
type Target = (typeof TARGETS)[number];

interface Args {
  command: string;
  file: string;
  out?: string;
  format?: string;
  normalization?: Normalization;
  to?: Target;
  questions: string[];
}

export function parseArgs(argv: readonly string[]): Args | string {
  const parsed = parseFlags(argv, {
    values: ['--out', '--format', '--normalize', '--to'],
    lists: ['--questions'],
  });
  if (typeof parsed === 'string') return parsed;
  const { positional, values: flags } = parsed;
  const questions = parsed.lists.questions ?? [];
  const [command, file] = positional;
  if (!command || !file) return 'missing command or file';
  if (command !== 'summarize' && command !== 'convert') return `unknown command "${command}"`;
  if (command === 'convert' && !flags.out) return 'convert needs --out OUT.jsonl';
  if (questions.length > 0 && command !== 'summarize') return '--questions is for summarize (and diagnose)';
  const args: Args = { command, file, questions };
  if (flags.out) args.out = flags.out;
  if (flags.format) args.format = flags.format;
  if (flags.to !== undefined) {
    const to = TARGETS.find((x) => x === flags.to);
    if (!to || command !== 'convert') return `--to must be one of ${TARGETS.join(', ')} (convert only)`;
    args.to = to;
  }
  if (flags.normalize !== undefined) {
    const n = NORMALIZATIONS.find((x) => x === flags.normalize);
    if (!n) return `--normalize must be one of ${NORMALIZATIONS.join(', ')}`;
    args.normalization = n;
  }
  return args;
}

const runImport = (args: Args, each: (t: Trajectory) => Promise<void> | void): Promise<ImportSummary> =>
  importFile(args.file, args.format, each);

async function summarize(args: Args): Promise<number> {
  // The app's own derivation, so the CLI's means are the table's means.
  const metrics: TrajectoryMetrics[] = [];
  let goldJoined = 0;
  let s: Pick<ImportSummary, 'format' | 'records' | 'imported' | 'errors'>;
  try {
    const options = args.normalization ? { normalization: args.normalization } : {};
    // Each record's view as every screen derives it (core/view: gold from question sets joined
    // as the table rows join it, then the metrics).
    // On stderr: stdout stays one JSON object.
    const questions = await loadQuestionIndex(args.questions, (line) => process.stderr.write(`${line}\n`));
    s = await runImport(args, (t) => {
      const view = trajectoryView(t, { questions, metrics: options });
      if (view.goldFrom !== null) goldJoined += 1;
      metrics.push(view.metrics);
    });
  } catch (e) {
    // Still one JSON object on stdout, so scripts can rely on it (e.g. a missing file).
    const message = e instanceof Error ? e.message : String(e);
    s = { format: null, records: 0, imported: 0, errors: [{ file: args.file, line: 0, message }] };
  }
  const report = {
    format: s.format,
    records: s.records,
    imported: s.imported,
    errors: s.errors.map((e) => ({
      line: e.line,
      message: e.field ? `${e.message} (field ${e.field})` : e.message,
      // A warning cost no record (ignored junk bytes, an unclosed array).
      ...(e.severity ? { severity: e.severity } : {}),
    })),
    metrics: (({ count: _, ...means }) => means)(meanMetrics(metrics)),
    // Trajectories that received gold from a --questions set.
    gold_joined: goldJoined,
    // Which answer normalization EM / F1 / acc used.
    normalization: args.normalization ?? 'squad',
  };
  process.stdout.write(`${JSON.stringify(report)}\n`);
  return s.imported === 0 ? 1 : 0;
}

async function convert(args: Args): Promise<number> {
  const out = createWriteStream(args.out ?? '', { encoding: 'utf8' });
  // Respect back-pressure so a huge log does not pile up in the write buffer.
  const write = async (text: string) => {
    if (!out.write(text)) await once(out, 'drain');
  };
  const otlp = args.to === 'otlp' ? otlpEnvelope() : null;
  const startMs = Date.now();
  let n = 0;
  if (otlp) await write(otlp.head);
  const s = await runImport(args, async (t) => {
    if (!otlp) return write(`${JSON.stringify(t)}\n`);
    await write((n > 0 ? ',' : '') + traceJson(await traceInput(t), startMs + 1000 * n));
    n++;
  });
  if (otlp) await write(`${otlp.tail}\n`);
  out.end();
  await once(out, 'finish');
  process.stderr.write(
    `converted ${s.imported} of ${s.records} records (format ${s.format ?? 'unknown'}, ${s.errors.length} errors) -> ${args.out}\n`,
  );
  for (const e of s.errors.slice(0, 20)) process.stderr.write(`  line ${e.line}: ${e.message}\n`);
  return s.imported === 0 ? 1 : 0;
}

export async function main(argv: readonly string[]): Promise<number> {
  if (argv[0] === 'compare') return compare(argv.slice(1), USAGE);
  if (argv[0] === 'report') return report(argv.slice(1), USAGE);
  if (argv[0] === 'diagnose') return diagnoseCommand(argv.slice(1), USAGE);
  if (argv[0] === 'run-summary') return runSummaryCommand(argv.slice(1), USAGE);
  // Loaded on demand: DuckDB-WASM and Arrow cost every other command nothing.
  if (argv[0] === 'query') return (await import('./query')).queryCommand(argv.slice(1), USAGE);
  if (argv[0] === 'index') return (await import('./index-run')).indexCommand(argv.slice(1), USAGE);
  const args = parseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${USAGE}\n`);
    return 2;
  }
  try {
    return args.command === 'summarize' ? await summarize(args) : await convert(args);
  } catch (e) {
    process.stderr.write(`error: ${e instanceof Error ? e.message : String(e)}\n`);
    return 1;
  }
}

// Run only as the entry point, so tests can import the helpers.
const entry = process.argv[1];
if (entry && import.meta.url === pathToFileURL(entry).href)
  main(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
