// An indexed row's page lists its searches from the row itself (held once, core/table/indexed-row),
// each query as text; without the searches file it says they were not read.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { indexedRows } from '../../../core/sql/indexed-rows';
import { SqlTables } from '../../../core/sql/columns';
import { hotpotTrajectories } from '../../../testing/hotpot-log';
import { IndexedRowView } from './IndexedTrajectory';

describe('the page of a row opened from a Parquet index', () => {
  it('lists the searches the row holds, or says the searches file was not opened', async () => {
    const tables = new SqlTables();
    for (const t of await hotpotTrajectories()) tables.addTrajectory(t);
    const row = indexedRows(tables.batches.trajectories, tables.batches.searches, 'run.parquet').find(
      (r) => r.searches.length > 1,
    )!;
    const html = renderToStaticMarkup(createElement(IndexedRowView, { row }));
    const listed = [...html.matchAll(/<tr><td>(\d+)<\/td>/g)].map((m) => Number(m[1]));
    expect(listed).toEqual(row.searches.map((s) => s.k));
    const [unread] = indexedRows(tables.batches.trajectories, null, 'run.parquet').filter(
      (r) => r.id === row.id,
    );
    const without = renderToStaticMarkup(createElement(IndexedRowView, { row: unread! }));
    expect(without).not.toContain('indexed-searches');
    expect(without).toContain('searches file was not opened');
  });
});
