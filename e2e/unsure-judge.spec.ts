// "Judge the unsure" against a scripted OpenAI-compatible server on loopback: the table's
// confidence column and filter, the model judge over the filtered rows' unsure verdicts only,
// paused, resumed after a reload (what the cache holds is not asked again), and the rows where
// the judge and the rules disagree; then Calibrate's agreement by confidence. No judge accuracy is measured here: the judge is scripted.
import { chatModel, lastMessage, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import {
  chooseServer,
  expect,
  importAndClose,
  jsonlFile,
  openApp,
  r1SearcherRecord,
  rowCount,
  test,
} from './fixtures';

/** The row count with `n` rows kept (the demo set is in the table too). */
const shown = (n: number) => new RegExp(`^${n} of \\d+ trajectories$`);

// As `diagnose --json` reads them: the passages give the gold beside the film without the asked
// relation's wording (not "directed by", not "film by"), so each searching record's sufficiency
// point is unsure (the answer linked to the question's entity only), and the agent answers another
// name, so its under-search verdict rests on that point and is unsure too (a correct answer a
// passage states would settle it); so is Jaws' second search, which rests on that point. A search
// before the gold was seen is surely necessary, and Vertigo's second search (the same words again)
// is surely redundant. Casablanca has no search, so all its verdicts are sure.
// The rules call Jaws' and Vertigo's second searches redundant.
const RECORDS = [
  r1SearcherRecord(
    'Which moviemaker directed Jaws?',
    'Steven Spielberg',
    [
      ['Jaws director', 'Jaws (film)', 'Jaws is a 1975 Steven Spielberg film.'],
      ['Jaws film director name', 'Jaws (film)', 'Jaws, a Steven Spielberg film.'],
    ],
    'George Lucas',
  ),
  r1SearcherRecord(
    'Which moviemaker directed Alien?',
    'Ridley Scott',
    [['Alien director', 'Alien (film)', 'Alien is a 1979 Ridley Scott film.']],
    'James Cameron',
  ),
  r1SearcherRecord(
    'Which moviemaker directed Psycho?',
    'Alfred Hitchcock',
    [
      ['Psycho 1960 film', 'Psycho (1960 film)', 'Psycho is a 1960 film.'],
      ['Psycho director', 'Psycho (1960 film)', 'Psycho is an Alfred Hitchcock film.'],
    ],
    'Gus Van Sant',
  ),
  r1SearcherRecord('When did Titanic premiere?', '1997', [
    ['Titanic premiere', 'Titanic', 'Titanic premiered in 1997.'],
  ]),
  r1SearcherRecord(
    'Which moviemaker directed Vertigo?',
    'Alfred Hitchcock',
    [
      ['Vertigo director', 'Vertigo (film)', 'Vertigo is an Alfred Hitchcock film.'],
      ['Vertigo director', 'Vertigo (film)', 'Vertigo is an Alfred Hitchcock film.'],
    ],
    'Brian De Palma',
  ),
  r1SearcherRecord('Which moviemaker directed Casablanca?', 'Michael Curtiz', []),
];

/** The scripted judge: every search necessary, but Vertigo's repeated one; never under-search. */
function judgeReply(user: string): string {
  const queries = [...user.matchAll(/\[Search \d+\] query: (.*)/g)].map((m) => m[1] ?? '');
  const n = queries.length;
  const vertigo = user.includes('directed Vertigo?');
  return JSON.stringify({
    searches: n,
    first_sufficient_search: n,
    search_labels: queries.map((_, i) => (vertigo && i === n - 1 ? 'redundant' : 'necessary')),
    under_search: false,
    evidence: {
      search_labels: queries,
      first_sufficient_search: queries[n - 1],
      under_search: 'So the answer is clear.',
    },
  });
}

test('judge the unsure: filter, run on the unsure verdicts only, pause, resume after a reload, see the disagreements', async ({
  page,
}) => {
  test.setTimeout(180_000);
  let slow = false;
  const server = await startFakeOpenAiServer(chatModel(judgeReply, { eventGapMs: () => (slow ? 700 : 0) }));
  const answered = () => server.requests.filter((r) => r.method === 'POST' && !r.closedEarly);
  const asked = (film: string) =>
    answered().filter((r) => lastMessage(r).includes(`directed ${film}?`)).length;
  try {
    await openApp(page);
    await page.goto('/#/run');
    await chooseServer(page, server.url, 'fake-judge', { blur: true });
    await page.goto('/#/');
    await importAndClose(page, jsonlFile('films.jsonl', RECORDS), '6 of 6 records imported');

    // The confidence column, its reasons as the tooltip, and the filter.
    await page.keyboard.press('/');
    await page.keyboard.type('moviemaker');
    await page.keyboard.press('Enter');
    expect(await rowCount(page)).toMatch(shown(5));
    const row = (film: string) => page.getByTestId('trajectory-row').filter({ hasText: `directed ${film}?` });
    const sure = (film: string) => row(film).getByTestId('row-sure');
    await expect(sure('Casablanca')).toHaveText('sure');
    await expect(sure('Jaws')).toHaveText('2 unsure');
    await expect(sure('Vertigo')).toHaveText('1 unsure');
    await expect(row('Jaws').locator('[data-col="sure"]')).toHaveAttribute(
      'title',
      /^under-search: .+\nsearch 2: /,
    );
    await page.getByLabel('Verdict confidence').selectOption('sure');
    expect(await rowCount(page)).toMatch(shown(1));
    await page.getByLabel('Verdict confidence').selectOption('unsure');
    expect(await rowCount(page)).toMatch(shown(4));
    await page.getByLabel('Verdict confidence').selectOption('');
    expect(await rowCount(page)).toMatch(shown(5));

    // The judge over the 4 filtered rows with an unsure verdict (not Casablanca, not Titanic),
    // paused while it asks the third.
    const bar = page.getByTestId('unsure-judge');
    const run = bar.getByTestId('unsure-judge-run');
    await expect(run).toHaveText('Judge the unsure (4)');
    expect(answered()).toHaveLength(0);
    slow = true;
    await run.click();
    const progress = bar.getByTestId('unsure-judge-progress');
    await expect(progress).toContainText('judging 2/4', { timeout: 60_000 });
    await bar.getByTestId('unsure-judge-pause').click();
    await expect(progress).toHaveText('paused at 2/4');
    expect(answered()).toHaveLength(2);
    expect([asked('Jaws'), asked('Alien'), asked('Psycho'), asked('Vertigo')]).toEqual([1, 1, 0, 0]);
    await expect(run).toHaveText('Resume the unsure (2 of 4 left)');
    await expect(bar.getByTestId('unsure-judge-summary')).toHaveText('judge differs on 1 of 2 show');
    await page.screenshot({ path: '/tmp/unsure-judge-paused.png' });

    // A reload keeps the filter (in the link) and what was asked (the cache): Resume asks the rest.
    slow = false;
    await page.reload();
    expect(await rowCount(page)).toMatch(shown(5));
    await expect(run).toHaveText('Resume the unsure (2 of 4 left)');
    await run.click();
    await expect(run).toHaveText('Unsure judged (4)', { timeout: 60_000 });
    expect(answered()).toHaveLength(4);
    expect([asked('Jaws'), asked('Alien'), asked('Psycho'), asked('Vertigo')]).toEqual([1, 1, 1, 1]);
    expect(asked('Casablanca') + answered().filter((r) => lastMessage(r).includes('Titanic')).length).toBe(0);

    // Where the judge and the rules disagree: Jaws' unsure second search (rules redundant, judge
    // necessary). Vertigo's repeated search is sure, so the judge's "redundant" there is not compared.
    const judged = (film: string) => row(film).getByTestId('row-judge-unsure');
    await expect(judged('Jaws')).toHaveAttribute('data-mark', 'disagrees');
    await expect(row('Jaws').locator('[data-col="judgeUnsure"]')).toHaveAttribute(
      'title',
      /search 2: rules redundant, judge necessary/,
    );
    for (const film of ['Alien', 'Psycho', 'Vertigo'])
      await expect(judged(film)).toHaveAttribute('data-mark', 'agrees');
    await expect(judged('Casablanca')).toHaveCount(0);
    await expect(bar.getByTestId('unsure-judge-summary')).toHaveText('judge differs on 1 of 4 show');
    await bar.getByTestId('unsure-judge-show').click();
    expect(await rowCount(page)).toMatch(shown(1));
    await expect(page.getByTestId('trajectory-row')).toContainText('directed Jaws?');
    await expect(page.getByLabel('Judge on unsure verdicts')).toHaveValue('disagrees');
    await page.screenshot({ path: '/tmp/unsure-judge-disagrees.png' });
    await page.getByLabel('Judge on unsure verdicts').selectOption('agrees');
    expect(await rowCount(page)).toMatch(shown(3));

    // Calibrate: a person's labels of Jaws, scored by confidence (search 1 sure, search 2 unsure).
    await page.getByTestId('nav-calibrate').click();
    await page.getByLabel('Annotator for imported labels').fill('ana');
    await page.getByTestId('labels-file').setInputFiles(
      jsonlFile('ana.jsonl', [
        {
          id: 'films.jsonl#0',
          searches: 2,
          first_sufficient_search: 1,
          search_labels: ['necessary', 'redundant'],
          under_search: false,
        },
      ]),
    );
    await expect(page.getByTestId('labels-report')).toContainText('Imported 1 of 1 labels');
    const scores = page
      .locator('[data-testid="calibration-annotator"][data-annotator="ana"]')
      .getByTestId('confidence-scores');
    await expect(scores.locator('tr[data-level="sure"] td').first()).toHaveText('– / – / – (0/0/0/1)');
    await expect(scores.locator('tr[data-level="unsure"] td').first()).toHaveText(
      '1.000 / 1.000 / 1.000 (1/0/0/0)',
    );
    await expect(scores.locator('tr[data-level="all"] td').first()).toHaveText(
      '1.000 / 1.000 / 1.000 (1/0/0/1)',
    );
    await expect(scores.getByTestId('confidence-coverage')).toHaveText(
      'Sure: 1 of 2 searches (0.500), 0 of 1 under-search verdicts (0.000), 0 of 1 sufficiency points (0.000) on these trajectories.',
    );
    await scores.scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/unsure-judge-calibrate.png' });
  } finally {
    await server.close();
  }
});
