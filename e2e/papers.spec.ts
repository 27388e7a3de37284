import { PAPERS } from '../app/core/agents/papers';
import { apex } from '../app/core/agents/apex/apex';
import { exsearch } from '../app/core/agents/exsearch/exsearch';
import { qagent } from '../app/core/agents/qagent';
import { expect, openApp, test } from './fixtures';

test('the Papers page lists each paper with the defaults the code uses', async ({ page }) => {
  await openApp(page);
  await page.getByTestId('nav-papers').click();
  await expect(page).toHaveURL(/#\/papers$/);
  for (const p of PAPERS) {
    const section = page.getByTestId(`paper-${p.id}`);
    await expect(section.getByRole('heading', { level: 2 })).toHaveText(p.title);
    for (const s of p.strategies) await expect(section.getByTestId(`defaults-${s.id}`)).toBeVisible();
  }
  // Values shown are the strategy's own defaults, read from the code here too.
  const qa = page.getByTestId(`defaults-${qagent.id}`);
  await expect(qa.locator('tr[data-param="maxLoops"] td')).toHaveText(String(qagent.defaults.maxLoops));
  await expect(qa.locator('tr[data-param="enforceQueryLimit"] td')).toHaveText(
    String(qagent.defaults.enforceQueryLimit),
  );
  const ex = page.getByTestId(`defaults-${exsearch.id}`);
  await expect(ex.locator('tr[data-param="topK"] td')).toHaveText(String(exsearch.defaults.topK));
  await expect(page.getByTestId('paper-exsearch')).toContainText('parameter rank = true');
  // APEX's departures from the paper, each with its reason.
  const apexDepartures = page.getByTestId('departures-apex');
  await expect(apexDepartures).toContainText('v2 §2.4.2 moves the decision after');
  await expect(apexDepartures).toContainText(`planStepLimit = ${apex.defaults.planStepLimit}`);
  // The other papers' departures too: ExSearch states no decoding, so greedy is Hopscope's choice.
  await expect(page.getByTestId('departures-exsearch')).toContainText(
    'Not stated (§4, appendix D.5); the public code samples at temperature 0.8',
  );
  await expect(page.getByTestId('departures-when-to-search')).toContainText('max_response_length 16384');
  await expect(page.getByTestId('departures-qagent')).toContainText('Algorithm 1 stops after B actions');
  await page.screenshot({ path: '/tmp/papers-page.png', fullPage: false });

  // Keys: 3 jumps to the third paper, j / k step.
  await page.keyboard.press('3');
  await expect(page).toHaveURL(new RegExp(`#/papers/${PAPERS[2]!.id}$`));
  await page.keyboard.press('j');
  await expect(page).toHaveURL(new RegExp(`#/papers/${PAPERS[3]!.id}$`));
  await page.keyboard.press('k');
  await expect(page).toHaveURL(new RegExp(`#/papers/${PAPERS[2]!.id}$`));
  await expect(page.getByTestId(`paper-${PAPERS[2]!.id}`)).toHaveClass(/selected/);
});

test('a paper link opens that paper, selected and in view', async ({ page }) => {
  await openApp(page);
  await page.goto('/#/papers/when-to-search');
  const section = page.getByTestId('paper-when-to-search');
  await expect(section).toHaveClass(/selected/);
  await expect(section).toBeInViewport();
  await page.screenshot({ path: '/tmp/papers-route.png' });
});
