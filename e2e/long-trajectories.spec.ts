// Trajectories of hostile length open without freezing: 100,000 steps, and one retrieval with
// 50,000 documents. Only what is on screen is in the DOM (the timeline is virtualized, documents
// come a page at a time), a deep link to the last step scrolls it into view, and the longest
// main-thread task while opening each is measured, reported and loosely bounded (LONGEST_MS: the
// page took 0.9-1.8 s on 100,000 steps before the trajectory worker); exact timings belong to
// `npm run bench -- shapes`, not to a test on a shared machine. Presenter mode
// replays the 100,000 steps to the end and back (keeping every frame crashed the tab).
import { writeFileSync } from 'node:fs';
import { manyStepsRecord, wideDocsRecord } from '../bench/shapes-data';
import { clearLongTasks, expect, importAndClose, longTasks, openApp, test, watchLongTasks } from './fixtures';

const STEPS = 100_000;
const DOCS = 50_000;
// A freeze bound, not a speed target (tasks of under 50 ms measured alone): the page deriving
// 100,000 steps itself took 0.9-1.8 s, but a shared CI machine stretches every task (290 ms at a
// modest load, 884 ms at load ≈ 28), so a tighter bound fails on load, not on code.
const LONGEST_MS = 1_000;

test('a 100,000-step trajectory and a 50,000-document retrieval open with only what is on screen in the DOM', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const many = manyStepsRecord('long-steps', STEPS);
  const wide = wideDocsRecord('wide-docs', DOCS);
  const path = info.outputPath('long.jsonl');
  writeFileSync(path, `${JSON.stringify(many)}\n${JSON.stringify(wide)}\n`);

  await openApp(page);
  await importAndClose(page, path, '2 of 2 records imported', 120_000);
  await watchLongTasks(page);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const domNodes = () => page.evaluate(() => document.getElementsByTagName('*').length);

  // 100,000 steps: a few dozen step cards exist, and the last step is reachable by its link.
  await clearLongTasks(page);
  await page.evaluate(() => (location.hash = '#/t/long-steps'));
  await expect(page.getByTestId('step').first()).toBeVisible({ timeout: 60_000 });
  const cards = await page.getByTestId('step').count();
  expect(cards).toBeGreaterThan(3);
  expect(cards).toBeLessThan(200);
  const nodesSteps = await domNodes();
  const longSteps = await longTasks(page);
  await page.evaluate(() => (location.hash = '#/t/long-steps/100000'));
  await expect(page.locator('[data-testid=step][data-index="99999"]')).toBeInViewport({ timeout: 30_000 });
  await page.keyboard.press('k');
  await expect(page.locator('[data-testid=step][data-index="99998"]')).toHaveClass(/selected/);
  // Scrolled away from the selected step, the view stays where it was scrolled to (the timeline
  // follows a step it scrolled to only while that step settles).
  await page.getByTestId('timeline').hover();
  await page.mouse.wheel(0, -30_000);
  await page.waitForTimeout(800);
  await expect(page.locator('[data-testid=step][data-index="99998"]')).toHaveCount(0);
  const onScreen = await page.evaluate(() =>
    Array.from(document.querySelectorAll<HTMLElement>('[data-testid=step]'))
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.bottom > 0 && r.top < innerHeight;
      })
      .map((el) => Number(el.dataset.index)),
  );
  expect(onScreen.length).toBeGreaterThan(2);
  expect(Math.max(...onScreen)).toBeLessThan(99_800);
  await page.screenshot({ path: '/tmp/long-steps.png' });

  // 50,000 documents in one step: a page of them in the timeline, more on request.
  await clearLongTasks(page);
  await page.evaluate(() => (location.hash = '#/t/wide-docs/2'));
  await expect(page.getByTestId('more-docs').first()).toContainText('49,980 more documents', {
    timeout: 60_000,
  });
  const nodesDocs = await domNodes();
  const longDocs = await longTasks(page);
  await page.getByTestId('more-docs').first().click();
  await expect(page.getByTestId('more-docs').first()).toContainText('49,960 more documents');
  await page.screenshot({ path: '/tmp/wide-docs.png' });

  for (const [what, long, nodes] of [
    ['100,000 steps', longSteps, nodesSteps],
    ['50,000 documents', longDocs, nodesDocs],
  ] as const) {
    console.log(
      `${what}: ${nodes} DOM nodes, ${long.length} long tasks, longest ${Math.round(Math.max(0, ...long))} ms`,
    );
    expect(nodes, `DOM nodes with ${what}`).toBeLessThan(20_000);
    // The page reads and derives in the trajectory worker and receives the record in chunks:
    // none over 50 ms alone (`npm run bench -- shapes`; 0.9-1.8 s and 0.3 s when the page did it
    // itself).
    expect(Math.max(0, ...long), `longest task opening ${what} (ms)`).toBeLessThan(LONGEST_MS);
  }

  // Presenter mode on 100,000 steps: each frame is made when shown (keeping every frame crashed
  // the tab), from the stored steps and an index made in slices (folding the events kept ~70 MB
  // alive and its collection made 50-110 ms tasks); End shows the last step, and stepping back
  // works. None over 50 ms measured here alone; 100-120 ms with the unit tests running beside it
  // (the two cores shared); the same structural bound as opening.
  await clearLongTasks(page);
  await page.evaluate(() => (location.hash = '#/present/long-steps'));
  const presenter = page.getByTestId('presenter');
  await expect(presenter).toContainText('Step 0 of 100000', { timeout: 60_000 });
  await page.keyboard.press('End');
  await expect(presenter).toContainText('Step 100000 of 100000', { timeout: 30_000 });
  await expect(presenter).toHaveAttribute('data-done', 'true');
  for (let i = 0; i < 10 && !(await presenter.textContent())?.includes('Step 99999 of'); i++)
    await page.keyboard.press('ArrowLeft');
  await expect(presenter).toContainText('Step 99999 of 100000');
  await page.waitForTimeout(500);
  const longPresent = await longTasks(page);
  console.log(`presenting 100,000 steps: long tasks ${JSON.stringify(longPresent.map(Math.round))} ms`);
  expect(Math.max(0, ...longPresent), 'longest task presenting 100,000 steps (ms)').toBeLessThan(LONGEST_MS);
  await page.keyboard.press('Home');
  await expect(presenter).toContainText('Step 0 of 100000', { timeout: 30_000 });
  await page.keyboard.press('ArrowRight');
  await expect(presenter).toContainText('Step 1 of 100000', { timeout: 30_000 });
  expect(await domNodes(), 'DOM nodes presenting 100,000 steps').toBeLessThan(20_000);
  expect(errors).toEqual([]);
});
