// SQL in the page (issue 37 item 3): the Trajectories table's SQL box over the demo set, run from
// the box and from a link, a result row opening its trajectory, an error at its position, a write
// refused, and a Parquet export that hyparquet reads back.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { parquetMetadata, parquetReadObjects, parquetSchema } from 'hyparquet';
import { DEMO_ROWS, R1_LOG, expect, importAndClose, openApp, test } from './fixtures';

async function runSql(page: Page, sql: string): Promise<void> {
  const editor = page.getByTestId('sql-editor');
  await editor.fill(sql);
  await editor.press('Control+Enter');
}

test('query the demo in SQL: box, link, open a row, error position, read-only, Parquet', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await openApp(page);
  await expect(page.getByTestId('row-count')).toHaveText(`${DEMO_ROWS} trajectories`);

  await page.getByTestId('sql-toggle').click();
  await runSql(page, 'SELECT id, question, f1 FROM trajectories ORDER BY id');
  // Loading DuckDB and the tables is the first query's wait.
  await expect(page.getByTestId('sql-count')).toContainText(`${DEMO_ROWS} rows`, { timeout: 60_000 });
  await expect(page.getByTestId('sql-status')).toContainText(`${DEMO_ROWS} trajectories`);
  expect(decodeURIComponent(new URL(page.url()).hash)).toContain('sql=SELECT+id,+question,+f1');
  // The searches table is loaded from the stored rows, joined back to its trajectories.
  await runSql(
    page,
    'SELECT count(*) AS n FROM searches s JOIN trajectories t ON t.id = s.trajectory_id WHERE s.k <= t.searches',
  );
  // The previous result stays shown until this one comes: wait for its column.
  await expect(page.getByTestId('sql-result').getByRole('columnheader')).toHaveText(['n']);
  const searches = Number(await page.getByTestId('sql-row').first().textContent());
  expect(searches).toBeGreaterThan(0);

  // A row with an id opens its trajectory.
  await runSql(page, "SELECT id, answer FROM trajectories WHERE id = 'demo-apex-plan'");
  await expect(page.getByTestId('sql-count')).toContainText('1 row');
  await page.getByTestId('sql-row').first().click();
  await expect(page).toHaveURL(/#\/t\/demo-apex-plan$/);
  await expect(page.getByTestId('answer')).toHaveText('Ambrel River');

  // A link with a query opens the box and runs it (a page loaded from scratch: no worker yet).
  await page.goto(`/#/?sort=-f1&sql=${encodeURIComponent('SELECT count(*) AS n FROM trajectories')}`);
  await expect(page.getByTestId('sql-editor')).toHaveValue('SELECT count(*) AS n FROM trajectories');
  await expect(page.getByTestId('sql-row').first()).toHaveText(String(DEMO_ROWS), { timeout: 60_000 });
  // The view's own parameter stays beside it.
  expect(page.url()).toContain('sort=-f1');

  // An error names its line and column, with a caret under the spot.
  await runSql(page, 'SELECT id\nFROM trajectories\nWHERE nope = 1');
  await expect(page.getByTestId('sql-error')).toHaveAttribute('data-kind', 'engine');
  await expect(page.getByTestId('sql-error-position')).toHaveText('(line 3, column 7)');
  expect(await page.getByTestId('sql-caret').textContent()).toBe('WHERE nope = 1\n      ^');

  // A write is refused by the read-only check, and nothing changed.
  await runSql(page, 'DELETE FROM trajectories');
  await expect(page.getByTestId('sql-error')).toHaveAttribute('data-kind', 'write');
  await expect(page.getByTestId('sql-error')).toContainText('read-only');
  await runSql(page, 'SELECT count(*) FROM trajectories');
  await expect(page.getByTestId('sql-row').first()).toHaveText(String(DEMO_ROWS));

  // Model text shows as text: a tag in a result is not markup.
  await runSql(page, "SELECT '<img src=x onerror=alert(1)>' AS html");
  await expect(page.getByTestId('sql-row').first()).toHaveText('<img src=x onerror=alert(1)>');
  await expect(page.getByTestId('sql-result').locator('img')).toHaveCount(0);

  // Parquet export: every row, each column in its type.
  await runSql(page, 'SELECT id, f1, searches, under_search FROM trajectories ORDER BY id');
  await expect(page.getByTestId('sql-count')).toContainText(`${DEMO_ROWS} rows`);
  const download = page.waitForEvent('download');
  await page.getByTestId('sql-export-parquet').click();
  const file = await (await download).path();
  const bytes = readFileSync(file);
  const buffer = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  const schema = parquetSchema(parquetMetadata(buffer)).children.map((c) => [c.element.name, c.element.type]);
  expect(schema).toEqual([
    ['id', 'BYTE_ARRAY'],
    ['f1', 'DOUBLE'],
    ['searches', 'INT32'],
    ['under_search', 'BOOLEAN'],
  ]);
  const rows = await parquetReadObjects({ file: buffer });
  expect(rows).toHaveLength(DEMO_ROWS);
  expect(rows.map((r) => r.id)).toContain('demo-apex-plan');

  // Kept current: an import's rows reach the SQL tables, and the result shown runs again by itself.
  await runSql(page, 'SELECT count(*) AS total FROM trajectories');
  await expect(page.getByTestId('sql-row').first()).toHaveText(String(DEMO_ROWS));
  await importAndClose(page, R1_LOG);
  await expect(page.getByTestId('sql-row').first()).toHaveText(String(DEMO_ROWS + 125), {
    timeout: 60_000,
  });
  expect(errors).toEqual([]);
});
