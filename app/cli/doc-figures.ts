// The figures the docs quote, generated from the CLI's own functions: the detectors against the
// shared labels. Each doc holds them between `<!-- figures:NAME -->` and `<!-- /figures:NAME -->`;
// `npm run docs:figures` rewrites those blocks, and app/docs-figures.test.ts fails when a block
// differs from what this prints, so a changed rule cannot leave stale numbers in the docs.
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Scores } from '../core/diagnose/agreement';
import { parseSearchLabels } from '../core/diagnose/search-labels';
import { agreementSummary, confidenceSummary, diagnoseFile, labelsFor, scorableLabels } from './diagnose';

/** The docs that quote the figures, relative to the repository root. */
export const FIGURE_DOCS = ['README.md', 'docs/guide/diagnose-and-label.md'];

/** The docs that quote the by-confidence figures. */
export const CONFIDENCE_DOCS = ['README.md', 'docs/diagnose.md'];

const SETS = [
  {
    name: 'Bamboogle, Qwen, 20 (most rules written on it)',
    log: 'data/trajectories/r1searcher_bamboogle_qwen.jsonl',
    labels: ['labels/r1searcher_bamboogle_qwen_labels.jsonl'],
  },
  {
    name: 'HotpotQA, Llama, 30 (checked on it; the comparison rule written on it)',
    log: 'data/trajectories/r1searcher_hotpotqa_llama_30.jsonl',
    labels: [
      'labels/r1searcher_hotpotqa_llama_30_labels.jsonl',
      'labels/r1searcher_hotpotqa_llama_30_labels_second_annotator.jsonl',
    ],
  },
];

const f3 = (v: number | null) => (v === null ? '–' : v.toFixed(3));
const cell = (s: Scores) =>
  `${f3(s.precision)} / ${f3(s.recall)} / ${f3(s.f1)} (${s.tp}/${s.fn}/${s.fp}/${s.tn})`;

const table = (head: readonly string[], rows: readonly string[][]): string => {
  const widths = head.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (r: readonly string[]) => `| ${r.map((x, c) => x.padEnd(widths[c] ?? 0)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
};

/**
 * Each shared set's log, diagnosed once, with each of its label files' scorable labels and the
 * name its rows carry (the set's, then ", annotator N" for a further file).
 */
async function* labelledSets(shared: string) {
  for (const set of SETS) {
    const log = resolve(shared, set.log);
    const { records } = await diagnoseFile(log);
    for (const [i, file] of set.labels.entries()) {
      const parsed = parseSearchLabels(readFileSync(resolve(shared, file), 'utf8'), file);
      const labels = scorableLabels(records, labelsFor(log, parsed.labels).labels).labels;
      const name = set.labels.length > 1 && i > 0 ? `${set.name}, annotator ${i + 1}` : set.name;
      yield { set: set.name, name, log, records, labels };
    }
  }
}

/** The diagnose table: one row per shared set (one per annotator where they differ). */
export async function diagnoseFigures(shared: string): Promise<string> {
  const rows: string[][] = [];
  const seen = new Set<string>();
  for await (const { set, name, log, records, labels } of labelledSets(shared)) {
    const a = agreementSummary(log, records, labels);
    const row = [cell(a.overSearch), cell(a.underSearch), `${a.sufficiency.exact}/${a.sufficiency.total}`];
    // An annotator whose figures equal an earlier one's of the same set adds no row.
    const key = `${set}\u0000${row.join()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([name, ...row]);
  }
  return table(
    [
      'Set',
      'Over-search per search: P / R / F1 (counts)',
      'Under-search per trajectory: P / R / F1 (counts)',
      'Sufficiency point exact',
    ],
    rows,
  );
}

const part = (n: number, of: number) => `${n}/${of} (${f3(of > 0 ? n / of : null)})`;

/**
 * The by-confidence table: per shared set (and annotator where they differ), the agreement on the
 * sure verdicts and on the unsure ones, and the share of all the log's searches and trajectories
 * (labelled or not) at each level.
 */
export async function confidenceFigures(shared: string): Promise<string> {
  const rows: string[][] = [];
  const seen = new Set<string>();
  for await (const { set, name, log, records, labels } of labelledSets(shared)) {
    const c = confidenceSummary(log, records, labels);
    const v = c.coverage;
    const sure = [
      'sure',
      cell(c.sure.overSearch),
      cell(c.sure.underSearch),
      part(v.sureSearches, v.searches),
      part(v.sureTrajectories, v.trajectories),
    ];
    const unsure = [
      'unsure',
      cell(c.unsure.overSearch),
      cell(c.unsure.underSearch),
      part(v.searches - v.sureSearches, v.searches),
      part(v.trajectories - v.sureTrajectories, v.trajectories),
    ];
    const key = `${set}\u0000${[...sure, ...unsure].join()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    rows.push([name, ...sure], ['', ...unsure]);
  }
  return table(
    [
      'Set',
      'Verdicts',
      'Over-search per search: P / R / F1 (counts)',
      'Under-search per trajectory: P / R / F1 (counts)',
      'Searches in the log',
      'Trajectories in the log',
    ],
    rows,
  );
}

const block = (name: string) =>
  new RegExp(`(<!-- figures:${name} -->\\n)[\\s\\S]*?(\\n<!-- /figures:${name} -->)`, 'g');

/** `doc` with its `name` blocks replaced by `figures`. */
export function withFigures(doc: string, name: string, figures: string): string {
  return doc.replace(block(name), (_m, open: string, close: string) => `${open}\n${figures}\n${close}`);
}

/** The contents of every `name` block of `doc` (prettier keeps a blank line inside each end). */
export function figureBlocks(doc: string, name: string): string[] {
  return [...doc.matchAll(block(name))].map((m) => m[0].split('\n').slice(1, -1).join('\n').trim());
}

// `npm run docs:figures`: rewrite the blocks in place.
if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.dirname, 'doc-figures.ts')) {
  const root = resolve(import.meta.dirname, '../..');
  const shared = resolve(root, '..', 'shared');
  const figures = await diagnoseFigures(shared);
  for (const f of FIGURE_DOCS) {
    const path = resolve(root, f);
    writeFileSync(path, withFigures(readFileSync(path, 'utf8'), 'diagnose', figures));
    console.log(`${f}: diagnose figures written`);
  }
  const byConfidence = await confidenceFigures(shared);
  for (const f of CONFIDENCE_DOCS) {
    const path = resolve(root, f);
    writeFileSync(path, withFigures(readFileSync(path, 'utf8'), 'confidence', byConfidence));
    console.log(`${f}: confidence figures written`);
  }
}
