import 'fake-indexeddb/auto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { linkId } from '../core/link-id';
import { stringChunks } from '../core/importers/pipeline';
import { importIntoDb } from '../db/import-into-db';
import { getTrajectory, storedTrajectoryIds } from '../db/store';
import { resolveTrajectoryLink } from './trajectory-links';
import { freshDbPerTest } from '../testing/fresh-db';

const LONG = readFileSync(
  join(__dirname, '../../../shared/repro/hardening-3/13-100k-char-id-cannot-be-opened.jsonl'),
  'utf8',
);

freshDbPerTest();

describe('a link to a stored trajectory', () => {
  it('with a 100,000-character id resolves from its short key to the record', async () => {
    await importIntoDb(stringChunks(LONG), { file: 'long.jsonl' });
    const ids = [...(await storedTrajectoryIds())];
    const long = ids.find((id) => id.length >= 100_000);
    expect(long).toBeDefined();
    const key = linkId(long!);
    expect(key.length).toBeLessThan(40);
    const resolved = await resolveTrajectoryLink(key);
    expect(resolved).toBe(long);
    expect((await getTrajectory(resolved))?.id).toBe(long);
  });

  it('an ordinary id, or a key no stored id has, comes back unchanged', async () => {
    expect(await resolveTrajectoryLink('t_abc')).toBe('t_abc');
    expect(await resolveTrajectoryLink('~link-zzz')).toBe('~link-zzz');
  });
});
