// One test per reproducer in ../shared/repro/hardening-2 (read in place, never copied), each run
// through the CLI's reader: every good record imports, every bad line or element is reported on
// its own line, and the counts add up to the file's records (warnings cost none).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Trajectory } from '../core/schema/trajectory';
import { runImport } from './read-log';

const DIR = join(__dirname, '../../../shared/repro/hardening-2');

async function read(name: string) {
  const trajectories: Trajectory[] = [];
  const summary = await runImport(join(DIR, name), undefined, (t) => void trajectories.push(t));
  const lost = summary.errors.filter((e) => e.severity !== 'warning');
  const warnings = summary.errors.filter((e) => e.severity === 'warning');
  expect(summary.records, 'records = imported + lost').toBe(summary.imported + lost.length);
  expect(trajectories).toHaveLength(summary.imported);
  for (const t of trajectories) expect(t.question.trim() || t.steps.length, t.id).toBeTruthy();
  return { ...summary, trajectories, lost, warnings };
}

/** Non-blank lines of a reproducer (JSONL: each is a record, a reported line or a warning). */
const lines = (name: string) =>
  readFileSync(join(DIR, name), 'utf8')
    .split(/\r\n?|\n/)
    .filter((l) => l.trim()).length;

describe('hardening-2 reproducers, through the CLI reader', () => {
  it('01: double-encoded lines are the records they hold (one warning), each with its question', async () => {
    const r = await read('01-double-encoded-lines.jsonl');
    expect([r.container, r.format, r.records, r.imported, r.lost]).toEqual(['jsonl', 'search-r1', 3, 3, []]);
    expect(r.trajectories.map((t) => t.question)).toEqual([
      'Can people who have celiac eat camel meat?',
      'Who founded the city where the founder of geometry lived?',
      'What is the third letter of the top level domain of the military?',
    ]);
    expect(r.warnings).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/twice/) }),
    ]);
  });

  it('02: broken first lines are reported each on its line; the good records after them import', async () => {
    const r = await read('02-broken-first-lines-swallow-good.jsonl');
    expect([r.container, r.format, r.records, r.imported]).toEqual(['jsonl', 'search-r1', 7, 2]);
    expect(r.lost.map((e) => e.line)).toEqual([1, 2, 3, 5, 6]);
    expect(r.trajectories.map((t) => t.source.line)).toEqual([4, 7]);
    expect(r.records).toBe(lines('02-broken-first-lines-swallow-good.jsonl'));
  });

  it('03: an element cut off mid-object is reported at its line; the elements after it import', async () => {
    const r = await read('03-array-element-cut-swallows-rest.json');
    expect([r.container, r.format, r.records, r.imported, r.warnings]).toEqual([
      'json-array',
      'flashrag',
      4,
      3,
      [],
    ]);
    expect(r.lost).toEqual([
      expect.objectContaining({ line: 25, message: expect.stringMatching(/cut off.*reading on at line 32/) }),
    ]);
    expect(r.trajectories.map((t) => t.question.slice(0, 20))).toEqual([
      'Who was president of',
      'In what year was the',
      'Who was the first Af',
    ]);
  });

  it('04: two arrays one after the other: every element of both imports', async () => {
    const r = await read('04-two-concatenated-arrays.json');
    expect([r.container, r.format, r.records, r.imported, r.errors]).toEqual([
      'json-array',
      'flashrag',
      4,
      4,
      [],
    ]);
    expect(r.trajectories.map((t) => t.source.line)).toEqual([2, 25, 50, 73]);
  });

  it('05: a file that is one JSON string is reported, not a trajectory with no question', async () => {
    const r = await read('05-bare-json-string-file.json');
    expect([r.records, r.imported]).toEqual([1, 0]);
    expect(r.lost).toEqual([
      expect.objectContaining({
        line: 1,
        message: expect.stringMatching(/expected a JSON object, got a string/),
      }),
    ]);
  });

  it('06: a NUL-only line is a warning on its line; both records import', async () => {
    const r = await read('06-nul-only-line.jsonl');
    expect([r.container, r.records, r.imported, r.lost]).toEqual(['jsonl', 2, 2, []]);
    expect(r.warnings).toEqual([expect.objectContaining({ line: 2, message: expect.stringMatching(/NUL/) })]);
    expect(r.records + r.warnings.length).toBe(lines('06-nul-only-line.jsonl'));
  });
});
