// One test per reproducer in ../shared/repro/hardening (read in place, never copied), each run
// through the CLI's reader: every good record imports, every bad one is reported on its line.
// 06b (30,000 steps) is the trajectory builder's reproducer and is tested with the builder.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Annotation } from '../core/annotations/annotation';
import type { Trajectory } from '../core/schema/trajectory';
import { runImport } from './read-log';

const DIR = join(__dirname, '../../../shared/repro/hardening');

async function read(name: string, format?: string) {
  const trajectories: Trajectory[] = [];
  const annotations: Annotation[] = [];
  const summary = await runImport(
    join(DIR, name),
    format,
    (t) => void trajectories.push(t),
    (a) => void annotations.push(a),
  );
  const lost = summary.errors.filter((e) => e.severity !== 'warning');
  return { ...summary, trajectories, annotations, lost };
}

describe('hardening reproducers, through the CLI reader', () => {
  it('01: a prose first line is reported; the 10 JSONL records import', async () => {
    const r = await read('01-text-preamble-swallows-jsonl.jsonl');
    expect([r.container, r.format, r.records, r.imported]).toEqual(['jsonl', 'search-r1', 11, 10]);
    expect(r.lost.map((e) => e.line)).toEqual([1]);
  });

  it('01b: a leading NUL byte is a warning on line 1; all 10 records import', async () => {
    const r = await read('01b-leading-nul-swallows-jsonl.jsonl');
    expect([r.container, r.imported, r.records]).toEqual(['jsonl', 10, 10]);
    expect(r.errors).toEqual([expect.objectContaining({ line: 1, severity: 'warning' })]);
  });

  it('02: five metadata lines are reported each on its line; the 10 records after them import', async () => {
    const r = await read('02-five-metadata-lines-drop-rest.jsonl');
    expect([r.format, r.records, r.imported]).toEqual(['search-r1', 15, 10]);
    expect(r.lost.map((e) => e.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('03: a duplicate id is reported with its lines and the count is honest', async () => {
    const r = await read('03-hopscope-duplicate-id-overwrites.jsonl');
    expect([r.records, r.imported]).toEqual([10, 9]);
    expect(new Set(r.trajectories.map((t) => t.id)).size).toBe(9);
    expect(r.lost).toEqual([
      expect.objectContaining({
        line: 7,
        field: 'id',
        message: expect.stringMatching(/^1 duplicate of id "t_21c12niz40l" at line 7 \(first at line 3/),
      }),
    ]);
  });

  it('04: a trailing comma in a JSON array costs nothing', async () => {
    const r = await read('04-json-array-trailing-comma-loses-all.json');
    expect([r.container, r.records, r.imported, r.errors]).toEqual(['json-array', 10, 10, []]);
  });

  it('04b: a truncated array keeps every complete element and reports the cut one at its line', async () => {
    const r = await read('04b-json-array-truncated-loses-all-line1.json');
    expect([r.records, r.imported]).toEqual([10, 9]);
    expect(r.lost.map((e) => e.line)).toEqual([209]);
    expect(r.lost[0]?.message).toMatch(/ends inside this record/);
  });

  it('04c: one NaN element is reported on its line; the others import', async () => {
    const r = await read('04c-json-array-one-NaN-element.json');
    expect([r.records, r.imported]).toEqual([10, 9]);
    expect(r.lost).toEqual([expect.objectContaining({ line: 94, message: expect.stringMatching(/NaN/) })]);
  });

  it('05: a record nested 5,000 deep is its own report line; the rest import', async () => {
    const r = await read('05-deep-params-fails-whole-import.jsonl');
    expect([r.records, r.imported]).toEqual([10, 9]);
    expect(r.lost).toEqual([
      expect.objectContaining({ line: 1, message: expect.stringMatching(/nested deeper than 256 levels/) }),
    ]);
  });

  it('08/08b: the same records with reordered keys get the same ids', async () => {
    const a = await read('08-r1_10.jsonl');
    const b = await read('08b-r1_10-reordered-keys-duplicates.jsonl');
    expect(a.imported).toBe(10);
    expect(b.trajectories.map((t) => t.id).sort()).toEqual(a.trajectories.map((t) => t.id).sort());
  });

  it('09: an export with annotations brings back every label, note and verdict with its annotator', async () => {
    const r = await read('09-export-with-annotations-reimport-drops-them.jsonl');
    expect([r.records, r.imported, r.lost]).toEqual([34, 34, []]);
    expect(r.annotations).toHaveLength(3);
    expect(r.annotations).toContainEqual(
      expect.objectContaining({
        annotator: 'carol',
        trajectoryId: 't_16l8631dzm9',
        stepId: 's1',
        label: 'note',
        note: 'carol note',
      }),
    );
    for (const a of r.annotations) expect(r.trajectories.some((t) => t.id === a.trajectoryId)).toBe(true);
  });

  it('11: a bare JSON string line is reported, not an empty trajectory', async () => {
    const r = await read('11-string-line-imported-as-empty-trajectory.jsonl');
    expect([r.records, r.imported]).toEqual([11, 10]);
    expect(r.lost).toEqual([
      expect.objectContaining({ line: 5, message: expect.stringMatching(/got a string/) }),
    ]);
    expect(r.trajectories.every((t) => t.steps.length > 0)).toBe(true);
  });

  it('12: CR-only line endings are lines', async () => {
    const r = await read('12-cr-only-line-endings.jsonl');
    expect([r.container, r.records, r.imported, r.errors]).toEqual(['jsonl', 10, 10, []]);
  });

  it('14: a good record with a 100,000-deep extra field imports in the CLI as in the browser', async () => {
    const r = await read('14-deep-extra-field-cli-rejects-good-record.jsonl');
    expect([r.records, r.imported, r.errors]).toEqual([10, 10, []]);
  });
});
