import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../../core/importers/pipeline';
import { importIntoDb } from '../../db/import-into-db';
import { listAnnotations } from '../../db/store';
import { importAnnotationsText } from './annotations-import';
import { freshDbPerTest } from '../../testing/fresh-db';

const LABELS = readFileSync(
  join(
    __dirname,
    '../../../../shared/repro/hardening-3/12-annotations-for-missing-trajectories-stored.jsonl',
  ),
  'utf8',
);
const DEMO = readFileSync(join(__dirname, '../../../public/demo/veloria-hopscope.jsonl'), 'utf8');

freshDbPerTest();

describe('importing annotations', () => {
  it('stores only labels whose trajectory and step are stored; reports the others by line and field', async () => {
    await importIntoDb(stringChunks(DEMO), { file: 'veloria-hopscope.jsonl' });
    const r = await importAnnotationsText(LABELS);
    expect(r.annotations.map((a) => [a.trajectoryId, a.stepId])).toEqual([['demo-apex-plan', 's1']]);
    expect(r.errors).toEqual([
      {
        line: 1,
        field: 'trajectoryId',
        message: 'no stored trajectory has id "no-such-trajectory" (import its log first); not imported',
      },
      { line: 2, field: 'stepId', message: 'trajectory "demo-apex-plan" has no step "s999"; not imported' },
    ]);
    expect((await listAnnotations()).map((a) => a.stepId)).toEqual(['s1']);
  });

  it('keeps reporting bad JSON and schema errors with their own line', async () => {
    const r = await importAnnotationsText(`\n{oops\n{"trajectoryId":"t"}\n`);
    expect(r.errors.map((e) => e.line)).toEqual([2, 3]);
    expect(r.errors[0]?.message).toMatch(/invalid JSON/);
    expect(await listAnnotations()).toEqual([]);
  });
});
