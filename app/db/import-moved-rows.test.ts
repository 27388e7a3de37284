// A record whose id holds another record is stored as `<id>~2` (import-ids.ts): its row is the
// row of the record as stored, so the searches it lists (the SQL `searches` table) name its id.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { stringChunks } from '../core/importers/pipeline';
import { freshDbPerTest } from '../testing/fresh-db';
import { hopscopeExportLines } from '../testing/import-test-files';
import { importIntoDb } from './import-into-db';
import { listRows } from './store';

freshDbPerTest();

const LINE = hopscopeExportLines()[2];

describe('a record moved to <id>~2', () => {
  it("has a row whose searches name the id it is stored under, not the other record's", async () => {
    const base = JSON.parse(LINE!) as Record<string, unknown>;
    await importIntoDb(stringChunks(JSON.stringify({ ...base, id: 'r0', question: 'First?' })), {
      file: 'a.jsonl',
    });
    const rec = await importIntoDb(stringChunks(JSON.stringify({ ...base, id: 'r0', question: 'Second?' })), {
      file: 'b.jsonl',
    });
    expect(rec.imported).toBe(1);
    const rows = await listRows();
    expect(rows.map((r) => r.id).sort()).toEqual(['r0', 'r0~2']);
    expect(rows.every((r) => r.searches.length > 0)).toBe(true);
    for (const row of rows) for (const s of row.searches) expect(s.trajectoryId).toBe(row.id);
  });
});
