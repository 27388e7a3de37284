// A parameter sweep against a scripted OpenAI-compatible server: When-to-Search's top-k preset,
// narrowed to two values over two demo questions, runs as a batch; the line plots have a point
// per value and a legend; the figures download as SVG and PNG, the grid table as CSV.
import { readFile } from 'node:fs/promises';
import { chatStream, startFakeOpenAiServer } from '../app/testing/fake-openai-server';
import { chooseServer, expect, test } from './fixtures';

const words = (s: string) => s.match(/\S+\s*|\s+/g) ?? [];

test('a sweep plots accuracy and RC per value and exports SVG, PNG and CSV', async ({ page }) => {
  test.setTimeout(180_000);
  // Search first; once the page has appended documents ("Doc 1(Title: …"), answer.
  const server = await startFakeOpenAiServer((req) => {
    if (req.path.endsWith('/models')) return { json: { data: [{ id: 'fake-wts' }] } };
    // With top-k 3 the second demo question (the Ambrel Bridge) is answered right, with top-k 1
    // only the first (the highest mountain): EM 0.5 at top-k 1, 1 at top-k 3.
    const answer =
      /Doc 3\(Title:/.test(req.rawBody) && /Question: In which year was the Ambrel Bridge/.test(req.rawBody)
        ? '1868'
        : 'Mount Ceradon';
    const reply = /Doc 1\(Title:/.test(req.rawBody)
      ? `<reflect>That is enough.</reflect>\n<answer> ${answer} </answer>`
      : '<think>I should look this up.</think>\n<search> founder of the institute </search>';
    return { stream: chatStream(words(reply), { finishReason: 'stop' }) };
  });
  try {
    await page.goto('/#/run');
    await expect(page.getByTestId('question-select').locator('option').first()).toBeAttached({
      timeout: 30_000,
    });
    await chooseServer(page, server.url, 'fake-wts');

    await page.getByTestId('batch-tab').click();
    await page.getByTestId('mode-sweep').click();
    await page.getByTestId('sweep-preset').selectOption('wts-topk');
    await expect(page.getByTestId('sweep-strategy')).toHaveValue('when-to-search');
    const values = page.getByTestId('sweep-values');
    await expect(values).toHaveValue('1, 3, 5, 10');
    await values.fill('1, x');
    await expect(page.getByTestId('sweep-error')).toHaveText('topK: “x” is not a number');
    await expect(page.getByTestId('sweep-start')).toBeDisabled();
    await values.fill('1, 3');
    await expect(page.getByTestId('sweep-error')).toHaveCount(0);
    await page.getByTestId('sweep-n').fill('2');
    await expect(page.getByTestId('sweep-start')).toContainText('4 runs');
    await page.getByTestId('sweep-start').click();

    const item = page.getByTestId('batch-item').first();
    await expect(item.getByTestId('batch-status')).toHaveText('done', { timeout: 120_000 });
    await expect(item).toContainText('4/4');
    await expect(item).toContainText('sweep of when-to-search: topK');

    // The sweep really changed top-k: some runs read three documents, some only one.
    const withDocs = server.requests.filter((r) => /Doc 1\(Title:/.test(r.rawBody));
    expect(withDocs.length).toBe(4);
    expect(withDocs.filter((r) => /Doc 3\(Title:/.test(r.rawBody)).length).toBe(2);

    const acc = page.getByTestId('sweep-accuracy-plot');
    const series = acc.getByTestId('series');
    await expect(series).toHaveCount(2);
    await expect(series.nth(0)).toHaveAttribute('data-label', 'EM');
    await expect(series.nth(1)).toHaveAttribute('data-label', 'acc');
    for (const i of [0, 1]) await expect(series.nth(i).getByTestId('plot-point')).toHaveCount(2);
    await expect(acc.getByTestId('legend-item')).toHaveText(['EM', 'acc']);
    const rc = page.getByTestId('sweep-rc-plot');
    await expect(rc.getByTestId('plot-point')).toHaveCount(2);
    await expect(rc.getByTestId('legend-item')).toHaveText(['mean RC']);
    const rows = page.getByTestId('sweep-table').locator('tbody tr');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator('td').nth(2)).toHaveText('50.0');
    await expect(rows.nth(1).locator('td').nth(2)).toHaveText('100.0');
    await page.getByTestId('sweep-results').screenshot({ path: '/tmp/sweeps-plot.png' });

    // SVG: a standalone document with the two lines, their points and the legend.
    const [svgDl] = await Promise.all([page.waitForEvent('download'), acc.getByTestId('export-svg').click()]);
    expect(svgDl.suggestedFilename()).toMatch(/-accuracy-vs-topK\.svg$/);
    const svgText = await readFile((await svgDl.path())!, 'utf8');
    const parsed = await page.evaluate((text) => {
      const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: doc.querySelector('parsererror')?.textContent ?? null,
        root: doc.documentElement.namespaceURI,
        lines: doc.querySelectorAll('path.series-line').length,
        points: doc.querySelectorAll('[data-testid=plot-point]').length,
        legend: [...doc.querySelectorAll('.legend-label')].map((t) => t.textContent),
        styled: doc.querySelector('path.series-line')?.getAttribute('style') ?? '',
      };
    }, svgText);
    expect(parsed).toMatchObject({ error: null, root: 'http://www.w3.org/2000/svg', lines: 2, points: 4 });
    expect(parsed.legend).toEqual(['EM', 'acc']);
    expect(parsed.styled).toContain('stroke-width');

    // PNG: the signature, drawn at twice the chart's size.
    const [pngDl] = await Promise.all([page.waitForEvent('download'), acc.getByTestId('export-png').click()]);
    const png = await readFile((await pngDl.path())!);
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const svgWidth = await acc.locator('svg').evaluate((s) => (s as SVGSVGElement).width.baseVal.value);
    expect(png.readUInt32BE(16)).toBe(svgWidth * 2);

    // CSV: a header and one row per grid point.
    const [csvDl] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('export-csv').click(),
    ]);
    const csv = (await readFile((await csvDl.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(csv[0]).toBe('topK,runs,em,f1,acc,mean_rc,mean_queries,mean_ms');
    expect(csv.slice(1).map((l) => l.split(',').slice(0, 3))).toEqual([
      ['1', '2', '0.5'],
      ['3', '2', '1'],
    ]);

    // Stored: after a reload the sweep and its plot come back from IndexedDB.
    await page.reload();
    await page.getByTestId('batch-tab').click();
    await expect(page.getByTestId('sweep-accuracy-plot').getByTestId('plot-point')).toHaveCount(4);
  } finally {
    await server.close();
  }
});
