import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../core/annotations/annotation';
import { importAll, stringChunks } from '../core/importers/pipeline';
import { flashragLine } from '../testing/flashrag-line';
import { reportStoredBatch } from './import-batch';
import { importStart, runningImport } from './import-record';

describe('reportStoredBatch (one file, or a file of a group)', () => {
  it('counts the batch, reports a moved record and a label on a missing step, and keeps the rest', async () => {
    const text = [0, 1, 2].map(flashragLine).join('\n');
    const { trajectories } = await importAll(stringChunks(text), { file: 'run/1.jsonl' });
    const [a, b] = trajectories as [(typeof trajectories)[0], (typeof trajectories)[0]];
    const stored = [a, { ...b, id: `${b.id}~2` }, trajectories[2]!];
    const onB = makeAnnotation({ trajectoryId: b.id, label: 'verdict:good', annotator: 'ana' });
    const onMissing = makeAnnotation({
      trajectoryId: a.id,
      stepId: 'no-such-step',
      label: 'x',
      annotator: 'ana',
    });
    const next = { ...runningImport('run/1.jsonl', undefined, importStart('run/1.jsonl')), annotations: 2 };
    const issue = { file: 'run/1.jsonl', line: 9, field: 'id', severity: 'warning' as const, message: 'dup' };
    const r = reportStoredBatch(
      next,
      {
        format: 'flashrag',
        lines: [1, 2, 3],
        issues: [issue],
        progress: { chars: 99, records: 4, imported: 3, errors: 1 },
      },
      stored,
      [{ index: 1, from: b.id, to: `${b.id}~2` }],
      [onB, onMissing],
    );
    // The moved record's label goes with it; the one on a step its record lacks is dropped.
    expect(r.kept.map((k) => k.trajectoryId)).toEqual([`${b.id}~2`]);
    expect(r.labelsDropped).toBe(1);
    expect(r.storeIssues.map((i) => [i.line, i.field])).toEqual([
      [2, 'id'],
      [1, 'annotations'],
    ]);
    expect(next).toMatchObject({ format: 'flashrag', records: 4, imported: 3, annotations: 3, warnings: 3 });
    // Store issues first, then the batch's own.
    expect(next.errors.map((i) => i.field)).toEqual(['id', 'annotations', 'id']);
  });
});
