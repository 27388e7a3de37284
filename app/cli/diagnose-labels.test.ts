// Labels `diagnose --labels` cannot score are said, never scored or dropped silently: a label whose
// search count is not its record's (it would score phantom misses), labels naming other files.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { labelsFor, scorableLabels } from './diagnose';

const run = promisify(execFile);
const ROOT = resolve(__dirname, '../..');
const REPRO = resolve(ROOT, '../shared/repro/hardening-3');
const LOG = join(REPRO, '07-r1_10.jsonl');
const LABELS = join(REPRO, '07-labels-9-searches-on-1-search-record.jsonl');
const tmp = mkdtempSync(join(tmpdir(), 'hopscope-labels-'));
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

async function diagnose(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  return run(process.execPath, ['--import', 'tsx', 'app/cli/main.ts', 'diagnose', ...args], { cwd: ROOT });
}

const label = (id: string, searches: number) => ({
  id,
  searches,
  first_sufficient_search: 1,
  search_labels: Array.from({ length: searches }, () => 'necessary' as const),
  under_search: false,
});

describe('diagnose --labels', () => {
  it('ignores a label whose search count is not its record and says so on stderr; stdout keeps its shape', async () => {
    const r = await diagnose(LOG, '--labels', LABELS, '--json');
    expect(r.stderr).toMatch(
      /07-labels-9-searches-on-1-search-record\.jsonl:1: field searches: 07-r1_10\.jsonl#0 has \d+ search\(es\) in the log, the label says 9; label ignored/,
    );
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(11);
    for (const l of lines.slice(0, 10))
      expect(Object.keys(l)).toEqual([
        'record',
        'searches',
        'first_sufficient_search',
        'over_search',
        'under_search',
        'flags',
        'confidence',
      ]);
    const { summary } = lines[10] as {
      summary: {
        trajectories: number;
        overSearch: { fn: number };
        ignored_labels: number;
        ignored: Array<{ line: number; id: string; field: string; reason: string }>;
        coverage: { records: number; by_basis: Record<string, number>; understood: number | null };
      };
    };
    // How much of the log the analyser understood: every diagnosed record counted once by basis.
    expect(summary.coverage.records).toBe(10);
    expect(Object.values(summary.coverage.by_basis).reduce((a, b) => a + b, 0)).toBe(10);
    // Not scored: before, its 8 "redundant" searches past the record's end were 8 false negatives.
    expect(summary.trajectories).toBe(0);
    expect(summary.overSearch.fn).toBe(0);
    // The JSON summary counts the label it ignored, with its line and why (not only stderr).
    expect(summary.ignored_labels).toBe(1);
    expect(summary.ignored).toEqual([
      {
        line: 1,
        id: '07-r1_10.jsonl#0',
        field: 'searches',
        reason: expect.stringMatching(
          /^07-r1_10\.jsonl#0 has \d+ search\(es\) in the log, the label says 9$/,
        ),
      },
    ]);
  }, 60_000);

  it('says how many labels name other files, and scores the ones for this file', async () => {
    const file = join(tmp, 'mixed.jsonl');
    writeFileSync(
      file,
      [label('07-r1_10.jsonl#5', 1), label('other.jsonl#0', 2), label('third.jsonl#1', 1)]
        .map((l) => JSON.stringify(l))
        .join('\n'),
    );
    const r = await diagnose(LOG, '--labels', file, '--json');
    expect(r.stderr).toContain(
      'note: 2 label(s) name other files (other.jsonl, third.jsonl), not 07-r1_10.jsonl: ignored',
    );
    const summary = JSON.parse(r.stdout.trim().split('\n').at(-1) ?? '') as {
      summary: { trajectories: number; ignored_labels: number; ignored: Array<{ line: number; id: string }> };
    };
    expect(summary.summary.trajectories).toBe(1);
    // Counted and named in the summary too, not only in the note (issue 41).
    expect(summary.summary.ignored_labels).toBe(2);
    expect(summary.summary.ignored.map((i) => [i.line, i.id])).toEqual([
      [2, 'other.jsonl#0'],
      [3, 'third.jsonl#1'],
    ]);
  }, 60_000);
});

describe('scorableLabels', () => {
  const records = [
    { record: 0, searches: 1, first_sufficient_search: 1, over_search: [], under_search: false, flags: [] },
    { record: 1, error: 'bad JSON' },
  ];
  it('keeps a label whose record imported with its search count; names why each other one is ignored', () => {
    const r = scorableLabels(records, [label('f#0', 1), label('f#0', 3), label('f#1', 1), label('f#7', 1)]);
    expect(r.labels).toEqual([label('f#0', 1)]);
    expect(r.ignored).toEqual([
      {
        index: 1,
        id: 'f#0',
        field: 'searches',
        message: 'f#0 has 1 search(es) in the log, the label says 3',
      },
      { index: 2, id: 'f#1', field: 'id', message: 'record 1 did not import: bad JSON' },
      { index: 3, id: 'f#7', field: 'id', message: 'f has no record 7' },
    ]);
  });

  it('labelsFor names labels it leaves out for other files', () => {
    expect(labelsFor('dir/a.jsonl', [label('a.jsonl#0', 1), label('b.jsonl#0', 1)]).note).toBe(
      '1 label(s) name other files (b.jsonl), not a.jsonl: ignored',
    );
    expect(labelsFor('a.jsonl', [label('a.jsonl#0', 1)]).note).toBeUndefined();
  });
});
