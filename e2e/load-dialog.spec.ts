// Loading a benchmark question set on the demo world's page: not linked to Veloria unless asked,
// and the dialog gets out of the way once a load has nothing to report.
import { resolve } from 'node:path';
import { expect, SHARED, test } from './fixtures';

test('a benchmark question set is not linked to the demo world by default; the dialog closes when done', async ({
  page,
}) => {
  await page.goto('/#/corpus');
  await expect(page.getByTestId('corpus-stats')).toContainText('55 questions', { timeout: 30_000 });
  await page.getByTestId('load-dataset').click();
  const dialog = page.getByRole('dialog', { name: 'Load a corpus or question set' });
  await page.getByTestId('dataset-file').setInputFiles(resolve(SHARED, 'data/bamboogle/dev_subset.json'));
  await expect(page.getByTestId('dataset-format')).toContainText('Bamboogle');
  const link = dialog.getByRole('checkbox', { name: /link questions to Veloria demo world/ });
  await expect(link).not.toBeChecked();
  await dialog.getByRole('button', { name: 'Load', exact: true }).click();
  await expect(dialog).toHaveCount(0, { timeout: 60_000 });
  await expect(page.getByRole('status')).toContainText(
    /Loaded dev_subset\.json \(bamboogle\): \d+ questions/,
  );
  // The demo world still has its own 55 questions only.
  await expect(page.getByTestId('corpus-stats')).toContainText('55 questions');
  await expect(page.getByTestId('corpus-select')).toContainText('Veloria demo world');
});
