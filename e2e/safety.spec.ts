// Model and document text is untrusted: it must render as text, never run, and a 1 MB
// single-line record must not freeze the page.
import { expect, importAndClose, openApp, test } from './fixtures';

const XSS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '<a href="javascript:window.__xss=\'link\'">click me</a>',
  '[click](javascript:window.__xss="md")',
  '<svg onload="window.__xss=\'svg\'"></svg>',
].join(' ');

function r1Record(question: string, docText: string): string {
  return JSON.stringify({
    question,
    answer: 'Paris',
    pred_ans: `<b onmouseover="window.__xss='answer'">Paris</b>`,
    gen_text_store:
      `I should look this up. ${XSS} <|begin_of_query|> capital ${XSS} <|end_of_query|>` +
      `<|begin_of_documents|>(1)Title: ${XSS} Text: ${docText}\n(2)Title: Paris Text: Paris is the capital.` +
      `<|end_of_documents|> So the answer is <answer>Paris</answer>`,
  });
}

test('hostile and huge records render as text; nothing executes; the page stays responsive', async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await openApp(page);
  const huge = `${'lorem ipsum dolor sit amet '.repeat(40_000)}END`; // ≈1.1 MB, one line
  const text = [
    r1Record(`Hostile payload city? ${XSS}`, `Doc body ${XSS}`),
    r1Record('Enormous record town?', huge),
  ].join('\n');
  expect(text.length).toBeGreaterThan(1_000_000);
  await importAndClose(
    page,
    { name: 'hostile.jsonl', mimeType: 'application/json', buffer: Buffer.from(text) },
    '2 of 2 records imported',
    30_000,
  );

  for (const q of ['Hostile payload city?', 'Enormous record town?']) {
    await page.keyboard.press('/');
    await page.keyboard.press('Control+A');
    await page.keyboard.type(q);
    await page.getByTestId('trajectory-row').first().click();
    await expect(page.getByTestId('timeline')).toBeVisible();
    // Walk every step with the keyboard and open the full transcript, the worst case for rendering.
    const started = Date.now();
    for (let i = 0; i < 6; i++) await page.keyboard.press('j');
    await page.keyboard.press('t');
    await expect(page.getByTestId('transcript')).toBeVisible();
    expect(Date.now() - started, 'keyboard navigation stays responsive').toBeLessThan(10_000);
    // The payload is visible as literal text...
    if (q === 'Hostile payload city?') await expect(page.getByTestId('question')).toContainText('<script>');
    // ...and nothing of it became markup or ran.
    const injected = await page.evaluate(() => ({
      xss: (window as unknown as { __xss?: string }).__xss ?? null,
      img: document.querySelectorAll('img[src="x"]').length,
      svg: document.querySelectorAll('svg[onload]').length,
      js: [...document.querySelectorAll('a[href]')].filter((a) =>
        a.getAttribute('href')?.trim().toLowerCase().startsWith('javascript:'),
      ).length,
      scripts: [...document.scripts].filter((s) => s.textContent?.includes('__xss')).length,
    }));
    expect(injected).toEqual({ xss: null, img: 0, svg: 0, js: 0, scripts: 0 });
    // A trivial round-trip to the page's main thread answers quickly.
    const t0 = Date.now();
    await page.evaluate(() => 1);
    expect(Date.now() - t0).toBeLessThan(2_000);
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
  }
  expect(dialogs).toEqual([]);
});
