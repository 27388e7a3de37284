// An import is one entry in the labels' backup: the page names it there before the worker stores
// anything, and the worker stores its report under that same id, so the end replaces the start.
import { expect, importAndClose, openApp, R1_LOG, test } from './fixtures';

test('an import has one id: in its stored report and in the labels backup, start and end', async ({
  page,
}) => {
  await openApp(page);
  await importAndClose(page, R1_LOG);
  const file = 'r1searcher_bamboogle_qwen.jsonl';
  const journaled = await page.evaluate(
    (f) =>
      Object.keys(localStorage)
        .filter((k) => k.startsWith('hopscope.labels-backup.'))
        .sort()
        .flatMap((k) => (localStorage.getItem(k) ?? '').split('\n'))
        .filter((l) => l.trim())
        .map((l) => JSON.parse(l) as { op: string; r?: { id: string; file: string; imported: number } })
        .filter((e) => e.op === 'import' && e.r?.file === f)
        .map((e) => e.r!),
    file,
  );
  const stored = await page.evaluate(async (f) => {
    const open = indexedDB.open('hopscope');
    await new Promise((r) => (open.onsuccess = r));
    const get = open.result.transaction('imports').objectStore('imports').getAll();
    await new Promise((r) => (get.onsuccess = r));
    open.result.close();
    return (get.result as Array<{ id: string; file: string }>).filter((r) => r.file === f).map((r) => r.id);
  }, file);
  expect(stored).toHaveLength(1);
  // Written twice (at the start, with nothing imported, and at the end), under the one id.
  expect(journaled.map((r) => [r.id, r.imported])).toEqual([
    [stored[0], 0],
    [stored[0], 125],
  ]);
});
