// Annotating with the keyboard: labels persist in IndexedDB across reloads and export as JSONL.
import { expect, exportedAnnotations, openApp, test } from './fixtures';

test('labels steps with single keys, keeps them across reload, exports them', async ({ page }) => {
  await openApp(page, '#/t/demo-qagent');
  await expect(page.getByTestId('timeline')).toBeVisible();

  // A label key before the name is set asks for the name instead of labelling anonymously.
  await page.keyboard.press('2');
  await expect(page.locator('#annotator-name')).toBeFocused();
  await page.keyboard.type('ada');
  await page.keyboard.press('Enter');

  await page.keyboard.press('j'); // step 2 (search)
  await page.keyboard.press('1'); // necessary-search
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j');
  await page.keyboard.press('j'); // step 6 (second search)
  await page.keyboard.press('2'); // over-search
  await expect(page.getByTestId('save-state')).toHaveText(/saved/i);
  await page.keyboard.press('o'); // verdict: over-searched

  const labelled = page.getByTestId('step').filter({ has: page.getByTestId('step-label') });
  await expect(labelled).toHaveCount(2);

  await page.reload();
  await expect(page.getByTestId('timeline')).toBeVisible();
  await expect(labelled).toHaveCount(2);
  await expect(labelled.nth(0).getByTestId('step-label')).toHaveText(/necessary/i);
  await expect(labelled.nth(1).getByTestId('step-label')).toHaveText(/over/i);

  const rows = await exportedAnnotations<{
    stepId?: string;
    label: string;
    annotator: string;
    trajectoryId: string;
  }>(page);
  const labels = rows.filter((r) => r.stepId).map((r) => r.label);
  expect(labels.sort()).toEqual(['necessary-search', 'over-search']);
  expect(rows.every((r) => r.annotator === 'ada' && r.trajectoryId === 'demo-qagent')).toBe(true);
  expect(rows.filter((r) => !r.stepId).map((r) => r.label)).toEqual(['verdict:over-searched']);
});
