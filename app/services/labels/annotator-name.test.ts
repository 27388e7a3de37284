import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeAnnotation } from '../../core/annotations/annotation';
import { getMeta, putAnnotations, setMeta } from '../../db/store';
import { durableAnnotator, newerCopy, restoredAnnotator, saveAnnotatorName } from './annotator-name';
import { freshDbPerTest, reopenDb } from '../../testing/fresh-db';

freshDbPerTest();

const label = (annotator: string, createdAt: string) =>
  makeAnnotation({ trajectoryId: 't', label: 'note', note: 'x', annotator, createdAt });

describe('the annotator name', () => {
  it('set before any label, comes back from the database alone (localStorage lost it)', async () => {
    await saveAnnotatorName('ada', 1000);
    await reopenDb(); // a new page: a fresh connection to the same database
    expect(await restoredAnnotator(null)).toEqual({ copy: { name: 'ada', setAt: 1000 }, from: 'durable' });
  });

  it('a rename the browser was killed after: the durable copy is newer than the flushed local one', async () => {
    // issue 41 (annotator-rename-kill.mjs): "alice" reached localStorage's disk, "bob" only IndexedDB.
    await saveAnnotatorName('alice', 1000);
    await saveAnnotatorName('bob', 2000);
    await reopenDb();
    expect(await restoredAnnotator({ name: 'alice', setAt: 1000 })).toEqual({
      copy: { name: 'bob', setAt: 2000 },
      from: 'durable',
    });
  });

  it('names saved before the times were kept: the durable copy wins the tie', async () => {
    await setMeta('annotator', 'bob'); // what the previous version wrote: the name alone
    expect(await durableAnnotator()).toEqual({ name: 'bob', setAt: 0 });
    expect((await restoredAnnotator({ name: 'alice', setAt: 0 }))?.copy.name).toBe('bob');
  });

  it('a local copy newer than the durable one (its write failed) wins and is made durable', async () => {
    await saveAnnotatorName('alice', 1000);
    expect(await restoredAnnotator({ name: 'carol', setAt: 3000 })).toEqual({
      copy: { name: 'carol', setAt: 3000 },
      from: 'local',
    });
    expect(await durableAnnotator()).toEqual({ name: 'carol', setAt: 3000 });
    // A local copy the database has not seen at all is written too.
    await setMeta('annotator', undefined);
    await restoredAnnotator({ name: 'dan', setAt: 0 });
    expect(await getMeta('annotator')).toBe('dan');
  });

  it('the name set last wins over older labels by another name; labels only when no copy is left', async () => {
    await putAnnotations([label('bo', '2026-01-01T00:00:00Z'), label('cy', '2026-02-01T00:00:00Z')]);
    expect(await restoredAnnotator(null)).toEqual({ copy: { name: 'cy', setAt: 0 }, from: 'labels' });
    await saveAnnotatorName('ada', 5);
    expect((await restoredAnnotator(null))?.copy.name).toBe('ada');
    expect((await restoredAnnotator({ name: 'eve', setAt: 1 }))?.copy.name).toBe('ada');
  });

  it('picks the newer copy, the durable one on a tie', () => {
    const a = { name: 'a', setAt: 2 };
    const b = { name: 'b', setAt: 2 };
    expect(newerCopy(a, b)).toBe(b);
    expect(newerCopy({ name: 'a', setAt: 3 }, b)?.name).toBe('a');
    expect(newerCopy(null, b)).toBe(b);
    expect(newerCopy(a, null)).toBe(a);
    expect(newerCopy(null, null)).toBeNull();
  });
});
