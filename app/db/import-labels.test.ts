import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../core/importers/pipeline';
import { importIntoDb } from './import-into-db';
import { listAnnotations } from './store';
import { freshDbPerTest } from '../testing/fresh-db';
import { hopscopeExportLines } from '../testing/import-test-files';

const [FIRST] = hopscopeExportLines();

freshDbPerTest();

describe('labels an imported export carries', () => {
  it('are stored on the steps their record has; one naming another step is reported, not stored', async () => {
    const rec = JSON.parse(FIRST!) as { steps: Array<{ id: string }> };
    const label = (stepId: string) => ({ stepId, label: 'over-search', annotator: 'ana', createdAt: 'x' });
    const text = JSON.stringify({ ...rec, annotations: [label(rec.steps[0]!.id), label('s999')] });
    const r = await importIntoDb(stringChunks(`${text}\n`), { file: 'labelled.jsonl' });
    expect(r.imported).toBe(1);
    expect(r.annotations).toBe(1);
    expect(r.errors).toEqual([
      {
        file: 'labelled.jsonl',
        line: 1,
        field: 'annotations',
        severity: 'warning',
        message:
          'label "over-search" by "ana" names step "s999", which this record does not have; not imported',
      },
    ]);
    expect((await listAnnotations()).map((a) => a.stepId)).toEqual([rec.steps[0]!.id]);
  });
});
