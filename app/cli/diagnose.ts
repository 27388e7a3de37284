// `hopscope diagnose FILE [--labels LABELS] [--format ID] [--json]`: the trace-only over/under-
// search detectors (app/core/diagnose) on every record of a log, in file order; with --labels,
// the agreement with human labels (precision/recall/F1 per flag kind, exact sufficiency points,
// confusion matrices) as the last line. Records are numbered as the labels number them: the
// 0-based line index in a JSONL file, else the record's position in the file.
import { readFile } from 'node:fs/promises';
import { basename } from 'node:path';
import { type Agreement, agreement, type Prediction } from '../core/diagnose/agreement';
import type { Certainty, VerdictConfidence } from '../core/diagnose/confidence';
import { type ConfidenceAgreement, agreementByConfidence } from '../core/diagnose/confidence-agreement';
import { confidenceLevels } from '../core/diagnose/confident-prediction';
import type { Diagnosis } from '../core/diagnose/diagnose';
import {
  type Coverage,
  coverage,
  SUFFICIENCY_BASES,
  type SufficiencyBasis,
} from '../core/diagnose/verdict-basis';
import {
  labelId,
  parseSearchLabels,
  splitLabelId,
  type SearchLabelRecord,
} from '../core/diagnose/search-labels';
import type { ImportSummary } from '../core/importers/pipeline';
import { parseFlags } from './flags';
import { runImport } from './read-log';
import { trajectoryView } from '../core/view/trajectory-view';
import { loadQuestionIndex } from './questions';

export const DIAGNOSE_USAGE =
  'hopscope diagnose FILE [--questions QFILE]… [--labels LABELS] [--format ID] [--json]';

export interface DiagnoseArgs {
  file: string;
  labels?: string;
  format?: string;
  json: boolean;
  questions: string[];
}

export function parseDiagnoseArgs(argv: readonly string[]): DiagnoseArgs | string {
  const parsed = parseFlags(argv, {
    values: ['--labels', '--format'],
    lists: ['--questions'],
    switches: ['--json'],
  });
  if (typeof parsed === 'string') return parsed;
  const { positional: files, values: flags } = parsed;
  const questions = parsed.lists.questions ?? [];
  const json = parsed.switches.has('json');
  const [file] = files;
  if (!file || files.length > 1) return 'diagnose needs exactly one file';
  return {
    file,
    json,
    questions,
    ...(flags.labels !== undefined ? { labels: flags.labels } : {}),
    ...(flags.format !== undefined ? { format: flags.format } : {}),
  };
}

/** One output line per record, in the issue's exact shape. */
export interface RecordDiagnosis {
  record: number;
  searches: number;
  first_sufficient_search: number | null;
  over_search: number[];
  under_search: boolean;
  flags: Array<{ kind: string; search?: number; evidence: string }>;
  /** Each verdict sure or unsure (core/diagnose/confidence.ts), with its reason code and text. */
  confidence: {
    searches: Certainty[];
    under_search: Certainty;
    first_sufficient_search: Certainty;
    reasons: {
      searches: ConfidenceReasonOut[];
      under_search: ConfidenceReasonOut;
      first_sufficient_search: ConfidenceReasonOut;
    };
  };
}

interface ConfidenceReasonOut {
  code: string;
  text: string;
}

const reasonOut = (c: VerdictConfidence): ConfidenceReasonOut => ({ code: c.reason, text: c.text });

export function recordLine(record: number, d: Diagnosis): RecordDiagnosis {
  return {
    record,
    searches: d.searches,
    first_sufficient_search: d.firstSufficientSearch,
    over_search: d.overSearch,
    under_search: d.underSearch,
    flags: d.flags.map((f) => ({
      kind: f.kind,
      ...(f.search !== undefined ? { search: f.search } : {}),
      evidence: f.evidence,
    })),
    confidence: {
      ...confidenceLevels(d.confidence),
      reasons: {
        searches: d.confidence.searches.map(reasonOut),
        under_search: reasonOut(d.confidence.underSearch),
        first_sufficient_search: reasonOut(d.confidence.firstSufficientSearch),
      },
    },
  };
}

type Entry = { line: number; d: Diagnosis } | { line: number; error: string };

/** Diagnoses every record of `file`; records that did not import come back as errors. */
export async function diagnoseFile(
  file: string,
  format?: string,
  questions: readonly string[] = [],
  /** Told each record a question set skipped (file, line, field): the CLI writes it on stderr. */
  onIssue?: (line: string) => void,
): Promise<{
  summary: ImportSummary;
  records: Array<RecordDiagnosis | { record: number; line: number; error: string }>;
  /** How each diagnosed record's sufficiency was reached, in record order. */
  bases: SufficiencyBasis[];
}> {
  const entries: Entry[] = [];
  // Each record's diagnosis is its view's (core/view, gold from question sets joined as the app
  // joins it), so the detectors see what every screen shows.
  const index = await loadQuestionIndex(questions, onIssue);
  const summary = await runImport(
    file,
    format,
    (t, line) => void entries.push({ line, d: trajectoryView(t, { questions: index }).diagnosis }),
  );
  for (const e of summary.errors)
    if (e.line > 0 && e.severity === undefined)
      entries.push({ line: e.line, error: e.field ? `${e.message} (field ${e.field})` : e.message });
  entries.sort((a, b) => a.line - b.line);
  const lineIndexed = summary.container === 'jsonl';
  let ordinal = 0;
  let lastLine = -1;
  const records: Array<RecordDiagnosis | { record: number; line: number; error: string }> = [];
  const bases: SufficiencyBasis[] = [];
  for (const e of entries) {
    if (e.line !== lastLine && lastLine !== -1) ordinal += 1;
    lastLine = e.line;
    const record = lineIndexed ? e.line - 1 : ordinal;
    if ('d' in e) bases.push(e.d.sufficiency.basis);
    records.push('d' in e ? recordLine(record, e.d) : { record, line: e.line, error: e.error });
  }
  return { summary, records, bases };
}

/** A label not scored: where it sits in the list it came in (`index`), its id, and why. */
export interface IgnoredLabel {
  index: number;
  id: string;
  field: string;
  message: string;
}

/**
 * The labels that belong to `file` (by the `FILE` of `FILE#N`), else all when they name one file.
 * `ignored` names each label left out (for another file) by its place in `labels`; `kept` gives
 * the place of each label returned; `note` says which were left out, or matched by record number.
 */
export function labelsFor(
  file: string,
  labels: readonly SearchLabelRecord[],
): { labels: SearchLabelRecord[]; kept: number[]; ignored: IgnoredLabel[]; note?: string } {
  const name = basename(file);
  const fileOf = labels.map((l) => splitLabelId(l.id).file);
  const kept = labels.flatMap((_, i) => (fileOf[i] === name ? [i] : []));
  const others = [...new Set(fileOf)].filter((f) => f !== name);
  const elsewhere = (why: (f: string) => string): IgnoredLabel[] =>
    labels.flatMap((l, index) =>
      fileOf[index] === name ? [] : [{ index, id: l.id, field: 'id', message: why(fileOf[index] ?? '') }],
    );
  if (kept.length > 0 || labels.length === 0) {
    const left = labels.length - kept.length;
    const mine = kept.map((i) => labels[i] as SearchLabelRecord);
    if (left === 0) return { labels: mine, kept, ignored: [] };
    const shown = others.slice(0, 3).join(', ') + (others.length > 3 ? ', …' : '');
    return {
      labels: mine,
      kept,
      ignored: elsewhere((f) => `the label names ${f}, not ${name}`),
      note: `${left} label(s) name other files (${shown}), not ${name}: ignored`,
    };
  }
  if (others.length === 1) {
    const [other] = others;
    return {
      labels: labels.map((l) => ({ ...l, id: labelId(name, splitLabelId(l.id).record) })),
      kept: labels.map((_, i) => i),
      ignored: [],
      note: `labels name ${other ?? ''}, not ${name}: matched by record number`,
    };
  }
  return {
    labels: [],
    kept: [],
    ignored: elsewhere((f) => `the label names ${f}, and no label names ${name}`),
    note: `no label names ${name}: all ${labels.length} ignored`,
  };
}

/**
 * Labels scored against `records`, as Calibrate accepts them (app/core/diagnose/label-mapping.ts):
 * a label for a record that did not import, or whose search count is not the record's, is
 * ignored with a reason (scored, it would count its extra searches as misses).
 */
export function scorableLabels(
  records: readonly (Pick<RecordDiagnosis, 'record' | 'searches'> | { record: number; error: string })[],
  labels: readonly SearchLabelRecord[],
): { labels: SearchLabelRecord[]; ignored: IgnoredLabel[] } {
  const byRecord = new Map(records.map((r) => [r.record, r]));
  const kept: SearchLabelRecord[] = [];
  const ignored: IgnoredLabel[] = [];
  labels.forEach((l, index) => {
    const { file, record } = splitLabelId(l.id);
    const r = byRecord.get(record);
    if (!r) ignored.push({ index, id: l.id, field: 'id', message: `${file} has no record ${record}` });
    else if ('error' in r)
      ignored.push({ index, id: l.id, field: 'id', message: `record ${record} did not import: ${r.error}` });
    else if (r.searches !== l.searches)
      ignored.push({
        index,
        id: l.id,
        field: 'searches',
        message: `${l.id} has ${r.searches} search(es) in the log, the label says ${l.searches}`,
      });
    else kept.push(l);
  });
  return { labels: kept, ignored };
}

export function agreementSummary(
  file: string,
  records: readonly (RecordDiagnosis | { error: string })[],
  labels: readonly SearchLabelRecord[],
): Agreement {
  const name = basename(file);
  const predictions: Prediction[] = records.flatMap((r) =>
    'error' in r ? [] : [{ id: labelId(name, r.record), ...r }],
  );
  return agreement(predictions, labels);
}

/** The same agreement split by the verdicts' confidence, with coverage over every record. */
export function confidenceSummary(
  file: string,
  records: readonly (RecordDiagnosis | { error: string })[],
  labels: readonly SearchLabelRecord[],
): ConfidenceAgreement {
  const name = basename(file);
  const predictions = records.flatMap((r) => ('error' in r ? [] : [{ id: labelId(name, r.record), ...r }]));
  return agreementByConfidence(predictions, labels);
}

function text(r: RecordDiagnosis): string {
  const head = `#${r.record}: ${r.searches} search(es), sufficient at ${r.first_sufficient_search ?? 'never'}, redundant [${r.over_search.join(', ')}], under-search ${r.under_search ? 'yes' : 'no'}`;
  return [
    head,
    ...r.flags.map(
      (f) => `  ${f.kind}${f.search !== undefined ? ` (search ${f.search})` : ''}: ${f.evidence}`,
    ),
  ].join('\n');
}

export async function diagnoseCommand(argv: readonly string[], usage: string): Promise<number> {
  const args = parseDiagnoseArgs(argv);
  if (typeof args === 'string') {
    process.stderr.write(`${args}\n${usage}\n`);
    return 2;
  }
  let labels: SearchLabelRecord[] = [];
  // The line in the labels file of each label in `labels`, and every label left out, by line.
  let lineOf: number[] = [];
  const ignored: Array<{ line: number; id: string; field: string; reason: string }> = [];
  const labelsFile = args.labels === undefined ? '' : basename(args.labels);
  if (args.labels !== undefined) {
    const parsed = parseSearchLabels(await readFile(args.labels, 'utf8'), labelsFile);
    for (const i of parsed.issues) process.stderr.write(`${i.file}:${i.line}: ${i.message}\n`);
    if (parsed.issues.length > 0) return 1;
    const matched = labelsFor(args.file, parsed.labels);
    if (matched.note) process.stderr.write(`note: ${matched.note}\n`);
    labels = matched.labels;
    lineOf = matched.kept.map((i) => parsed.lines[i] ?? 0);
    for (const i of matched.ignored)
      ignored.push({ line: parsed.lines[i.index] ?? 0, id: i.id, field: i.field, reason: i.message });
  }
  const { summary, records, bases } = await diagnoseFile(args.file, args.format, args.questions, (line) =>
    process.stderr.write(`${line}\n`),
  );
  // How much of this log's questions the analyser understood (verdict-basis.ts).
  const cover = coverage(bases);
  for (const r of records)
    process.stdout.write(`${args.json || 'error' in r ? JSON.stringify(r) : text(r)}\n`);
  if (args.labels !== undefined) {
    const usable = scorableLabels(records, labels);
    for (const i of usable.ignored)
      ignored.push({ line: lineOf[i.index] ?? 0, id: i.id, field: i.field, reason: i.message });
    ignored.sort((a, b) => a.line - b.line);
    // On stderr: stdout stays one object per record and one summary.
    for (const i of ignored)
      process.stderr.write(`${labelsFile}:${i.line}: field ${i.field}: ${i.reason}; label ignored\n`);
    const a = agreementSummary(args.file, records, usable.labels);
    const byConfidence = confidenceSummary(args.file, records, usable.labels);
    // The JSON summary counts every label left out, for another file or unscorable, each with its
    // line in the labels file, its id and why (the record lines keep their shape).
    process.stdout.write(
      `${args.json ? JSON.stringify({ summary: { ...a, coverage: cover, ignored_labels: ignored.length, ignored, by_confidence: byConfidence } }) : `${summaryText(a, ignored.length, cover)}\n${confidenceText(byConfidence)}`}\n`,
    );
  }
  return summary.imported === 0 ? 1 : 0;
}

const pct = (v: number | null) => (v === null ? 'n/a' : v.toFixed(3));

function confidenceText(c: ConfidenceAgreement): string {
  const row = (name: string, s: Agreement['overSearch']) =>
    `${name}: P ${pct(s.precision)} R ${pct(s.recall)} F1 ${pct(s.f1)} (tp ${s.tp} fp ${s.fp} fn ${s.fn} tn ${s.tn})`;
  const v = c.coverage;
  return [
    row('sure: over-search per search', c.sure.overSearch),
    row('sure: under-search per trajectory', c.sure.underSearch),
    row('unsure: over-search per search', c.unsure.overSearch),
    row('unsure: under-search per trajectory', c.unsure.underSearch),
    `sure coverage: searches ${v.sureSearches}/${v.searches} (${pct(v.searchShare)}), trajectories ${v.sureTrajectories}/${v.trajectories} (${pct(v.trajectoryShare)}), sufficiency points ${v.sureSufficiency}/${v.trajectories} (${pct(v.sufficiencyShare)})`,
  ].join('\n');
}

function summaryText(a: Agreement, ignored: number, cover: Coverage): string {
  const row = (name: string, s: Agreement['overSearch']) =>
    `${name}: P ${pct(s.precision)} R ${pct(s.recall)} F1 ${pct(s.f1)} (tp ${s.tp} fp ${s.fp} fn ${s.fn} tn ${s.tn})`;
  return [
    `labelled trajectories: ${a.trajectories}${a.unmatched.length ? ` (${a.unmatched.length} labels matched no record)` : ''}${ignored ? `; ${ignored} label(s) ignored (see above)` : ''}`,
    row('over-search per search', a.overSearch),
    row('under-search per trajectory', a.underSearch),
    `sufficiency point exact: ${a.sufficiency.exact}/${a.sufficiency.total} (${pct(a.sufficiency.rate)})`,
    `questions read by the question set's structure or a recognised pattern: ${pct(cover.understood)} (${SUFFICIENCY_BASES.map((b) => `${b} ${cover.by_basis[b]}`).join(', ')})`,
  ].join('\n');
}
