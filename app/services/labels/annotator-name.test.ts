import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../../core/annotations/annotation';
import { db, resetDbConnection } from '../../db/db';
import { putAnnotations } from '../../db/store';
import { lastAnnotator, saveAnnotatorName } from './annotator-name';
import { freshDbPerTest } from '../../testing/fresh-db';

freshDbPerTest();

describe('the annotator name', () => {
  it('set before any label, comes back from the database alone (localStorage lost it)', async () => {
    await saveAnnotatorName('ada');
    // A new page: a fresh connection to the same database.
    (await db()).close();
    resetDbConnection();
    expect(await lastAnnotator()).toBe('ada');
  });

  it('the name set last wins over older labels by another name', async () => {
    await putAnnotations([
      makeAnnotation({
        trajectoryId: 't',
        label: 'note',
        note: 'x',
        annotator: 'bo',
        createdAt: '2026-01-01T00:00:00Z',
      }),
    ]);
    expect(await lastAnnotator()).toBe('bo');
    await saveAnnotatorName('ada');
    expect(await lastAnnotator()).toBe('ada');
  });
});
