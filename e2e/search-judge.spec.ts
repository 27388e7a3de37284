// The model judge of over/under-search against a scripted OpenAI-compatible server on loopback:
// one trajectory from its Diagnose tab (labels with quotes, then read back from the cache), a
// batch over the table's filtered rows paused mid-way and resumed (what the cache holds is not
// asked again), and Calibrate with the judge as one more annotator measured against a person.
import { chatModel, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import {
  chooseServer,
  expect,
  importAndClose,
  jsonlFile,
  openApp,
  openFirstMatch,
  r1SearcherRecord,
  test,
} from './fixtures';

const FILE = 'films.jsonl';
const RECORDS = [
  r1SearcherRecord('Which moviemaker directed Jaws?', 'Steven Spielberg', [
    ['Jaws director', 'Jaws (film)', 'Jaws is a 1975 film directed by Steven Spielberg.'],
    ['Jaws film director name', 'Jaws (film)', 'Jaws was directed by Steven Spielberg.'],
  ]),
  r1SearcherRecord('Which moviemaker directed Alien?', 'Ridley Scott', [
    ['Alien director', 'Alien (film)', 'Alien is a 1979 film directed by Ridley Scott.'],
  ]),
  r1SearcherRecord('Which moviemaker directed Psycho?', 'Alfred Hitchcock', [
    ['Psycho 1960 film', 'Psycho (1960 film)', 'Psycho is a 1960 film.'],
    ['Psycho director', 'Psycho (1960 film)', 'Psycho was directed by Alfred Hitchcock.'],
  ]),
  r1SearcherRecord('When did Titanic premiere?', '1997', [
    ['Titanic premiere', 'Titanic', 'Titanic premiered in 1997.'],
  ]),
];
// A person's labels of Jaws (record 0) and Psycho (record 2), in the shared format.
const LABELS = [
  {
    id: `${FILE}#0`,
    searches: 2,
    first_sufficient_search: 1,
    search_labels: ['necessary', 'redundant'],
    under_search: false,
  },
  {
    id: `${FILE}#2`,
    searches: 2,
    first_sufficient_search: 2,
    search_labels: ['necessary', 'necessary'],
    under_search: false,
  },
];

/** The scripted judge: the last search redundant, every label quoting its query; Alien gets prose. */
function judgeReply(user: string): string {
  if (user.includes('directed Alien?')) return 'Both searches were fine, I think.';
  const queries = [...user.matchAll(/\[Search \d+\] query: (.*)/g)].map((m) => m[1] ?? '');
  const n = queries.length;
  return JSON.stringify({
    searches: n,
    first_sufficient_search: n - 1,
    search_labels: queries.map((_, i) => (i === n - 1 ? 'redundant' : 'necessary')),
    under_search: false,
    evidence: {
      search_labels: queries,
      first_sufficient_search: queries[0],
      under_search: 'So the answer is clear.',
    },
  });
}

test('model judge: one trajectory, a paused and resumed batch over filtered rows, and its agreement in Calibrate', async ({
  page,
}) => {
  let slow = false;
  const server = await startFakeOpenAiServer(chatModel(judgeReply, { eventGapMs: () => (slow ? 700 : 0) }));
  const answered = () => server.requests.filter((r) => r.method === 'POST' && !r.closedEarly);
  try {
    await openApp(page);
    await page.goto('/#/run');
    await chooseServer(page, server.url, 'fake-judge', { blur: true });

    await page.goto('/#/');
    await importAndClose(page, jsonlFile(FILE, RECORDS), '4 of 4 records imported');

    // One trajectory, from its Diagnose tab.
    await openFirstMatch(page, 'directed Jaws');
    await page.keyboard.press('d');
    const panel = page.getByTestId('search-judge-panel');
    await expect(panel.getByTestId('search-judge-model')).toHaveText('fake-judge');
    await expect(panel.getByTestId('search-judge-status')).toContainText('not judged');
    expect(answered()).toHaveLength(0);
    await panel.getByTestId('search-judge-run').click();
    const labels = panel.getByTestId('search-judge-labels').locator('li[data-label]');
    await expect(labels).toHaveCount(2, { timeout: 30_000 });
    await expect(labels.nth(0)).toHaveAttribute('data-label', 'necessary');
    await expect(labels.nth(1)).toHaveAttribute('data-label', 'redundant');
    await expect(labels.nth(1)).toContainText('“Jaws film director name”');
    await expect(panel.getByTestId('search-judge-status')).toHaveText('judged now');
    await expect(panel.getByTestId('judge-quote').and(page.locator('[data-rejected="true"]'))).toHaveCount(0);
    expect(answered()).toHaveLength(1);
    await panel.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/search-judge-diagnose.png' });

    await page.reload();
    await page.getByRole('tab', { name: 'Diagnose (d)' }).click();
    await expect(page.getByTestId('search-judge-status')).toHaveText('from the cache');
    await expect(page.getByTestId('search-judge-labels').locator('li[data-label]')).toHaveCount(2);
    expect(answered()).toHaveLength(1);

    // A batch over the filtered rows (Jaws, Alien, Psycho), paused while asking the third.
    await page.keyboard.press('Escape');
    await page.keyboard.press('/');
    await page.keyboard.type('moviemaker');
    await page.keyboard.press('Enter');
    const bar = page.getByTestId('search-judge-batch');
    await expect(bar.getByTestId('search-judge-batch-run')).toHaveText('Judge searches of the 3 filtered');
    slow = true;
    await bar.getByTestId('search-judge-batch-run').click();
    const progress = bar.getByTestId('search-judge-batch-progress');
    await expect(progress).toContainText('judging 2/3', { timeout: 30_000 });
    await bar.getByTestId('search-judge-batch-pause').click();
    await expect(progress).toContainText('paused at 2/3 (1 asked, 1 from the cache, 1 malformed reply)');
    expect(answered()).toHaveLength(2);
    slow = false;
    await bar.getByTestId('search-judge-batch-resume').click();
    await expect(progress).toContainText('judged 3/3 (2 asked, 1 from the cache, 1 malformed reply)', {
      timeout: 30_000,
    });
    // The paused call was never answered; resuming asked Psycho, and Alien again (its reply gave
    // no labels), not Jaws.
    expect(answered()).toHaveLength(4);
    await bar.locator('summary').click();
    await expect(bar.getByTestId('search-judge-batch-malformed')).toContainText(
      'Which moviemaker directed Alien?: the reply holds no JSON object',
    );
    await page.screenshot({ path: '/tmp/search-judge-batch.png' });

    // Calibrate: a person's labels, and the judge as one more annotator measured against them.
    await page.getByTestId('nav-calibrate').click();
    await page.getByLabel('Annotator for imported labels').fill('ana');
    await page.getByTestId('labels-file').setInputFiles(jsonlFile('ana.jsonl', LABELS));
    await expect(page.getByTestId('labels-report')).toContainText('Imported 2 of 2 labels');
    const judgeCard = page.getByTestId('calibration-judge');
    await expect(judgeCard).toHaveCount(1);
    await expect(judgeCard).toHaveAttribute('data-person', 'ana');
    const judgeName = `model judge fake-judge@${new URL(server.url).host}`;
    await expect(judgeCard).toHaveAttribute('data-judge', new RegExp(`^${judgeName} \\(r[0-9a-z]+\\)$`));
    // Searches: judge N R N R, ana N R N N: 3 of 4 agree, kappa (0.75 - 0.5) / 0.5.
    await expect(judgeCard.getByTestId('judge-kappa')).toContainText("3 of 4 agree, Cohen's κ 0.500");
    const over = judgeCard.locator('table.scores tbody tr').nth(0);
    await expect(over.getByTestId('precision')).toHaveText('0.500');
    await expect(over.getByTestId('recall')).toHaveText('1.000');
    await expect(over.getByTestId('f1')).toHaveText('0.667');
    await expect(
      page.getByTestId('calibration-annotator').filter({ hasText: 'model, not a person' }),
    ).toHaveCount(1);
    await judgeCard.locator('summary').click();
    await expect(judgeCard.getByTestId('disagreements')).toContainText(
      'search 2: judge redundant, ana necessary',
    );
    await page.screenshot({ path: '/tmp/search-judge-calibrate.png', fullPage: true });

    // An edited rubric is a new version; the old version's labels stay, as their own annotator.
    const rubric = page.getByTestId('search-judge-rubric');
    const version = (await rubric.getByTestId('search-judge-rubric-version').textContent()) ?? '';
    await rubric.locator('summary').click();
    await rubric.getByTestId('search-judge-rubric-text').press('End');
    await rubric.getByTestId('search-judge-rubric-text').pressSequentially(' Be strict.');
    await rubric.getByTestId('search-judge-rubric-save').click();
    await expect(rubric.getByTestId('search-judge-rubric-version')).not.toHaveText(version);
    await expect(rubric).toContainText('edited');
    await expect(judgeCard).toHaveAttribute('data-judge', `${judgeName} (${version})`);
  } finally {
    await server.close();
  }
});
