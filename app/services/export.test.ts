// Export then import: a Hopscope JSONL export carries every label back into an empty database
// or over the same records, without copies.
import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Annotation, makeAnnotation } from '../core/annotations/annotation';
import { stringChunks } from '../core/importers/pipeline';
import { db } from '../db/db';
import { importIntoDb } from '../db/import-into-db';
import { countTrajectories, listAnnotations, putAnnotations } from '../db/store';
import { freshDbPerTest, resetDb } from '../testing/fresh-db';
import { exportTrajectoriesText } from './export';

const R1 = readFileSync(join(__dirname, '../../../shared/repro/hardening/08-r1_10.jsonl'), 'utf8');

freshDbPerTest();

const byId = (xs: Annotation[]) => [...xs].sort((a, b) => a.id.localeCompare(b.id));

describe('export with annotations, then import', () => {
  it('restores every label, note and verdict with its annotator, without duplicating', async () => {
    const first = await importIntoDb(stringChunks(R1), { file: 'r1.jsonl' });
    expect(first.imported).toBe(10);
    const rows = (await db()).getAll('trajectories');
    const [t1, t2] = await rows;
    const labels = [
      makeAnnotation({
        trajectoryId: t1!.id,
        stepId: t1!.steps[0]!.id,
        label: 'over-search',
        annotator: 'ana',
      }),
      makeAnnotation({
        trajectoryId: t1!.id,
        stepId: t1!.steps[0]!.id,
        label: 'note',
        note: 'why <b>',
        annotator: 'bo',
      }),
      makeAnnotation({ trajectoryId: t1!.id, label: 'verdict:over-searched', annotator: 'ana' }),
      makeAnnotation({ trajectoryId: t2!.id, label: 'note', note: 'ok', annotator: 'ana' }),
    ];
    await putAnnotations(labels);
    const exported = await exportTrajectoriesText();

    // Into an empty database: everything comes back.
    await resetDb();
    const back = await importIntoDb(stringChunks(exported), { file: 'export.jsonl' });
    expect([back.imported, back.annotations, back.status]).toEqual([10, 4, 'done']);
    expect(byId(await listAnnotations())).toEqual(byId(labels));

    // Again, over what is there: nothing is duplicated.
    await importIntoDb(stringChunks(exported), { file: 'export.jsonl' });
    expect(await countTrajectories()).toBe(10);
    expect(byId(await listAnnotations())).toEqual(byId(labels));
  });
});
