// Browser side of `npm run bench -- row-memory`: stores N table rows in the app's IndexedDB, written
// straight into its `rows` store (1,000 a transaction, as an import's batches), made from template
// rows the driver derived with the app's own toRow. Row k is template k mod T; each pass over the
// templates after the first is a later step of the run (its own ids, step, file and line), so the
// repeats are what a longer run repeats. Raw IndexedDB and no app module, so the page builds the
// same against any checkout (the bench's --baseline). The driver calls window.storeRowMemoryRows.
type Row = Record<string, unknown> & {
  id: string;
  file: string;
  trainStep: number | null;
  searchText: string;
  searches: Array<Record<string, unknown>>;
};

declare global {
  interface Window {
    storeRowMemoryRows(templates: Row[], n: number, steps: number): Promise<{ store_s: number }>;
  }
}

function replica(templates: readonly Row[], i: number, steps: number): Row {
  const t = templates[i % templates.length]!;
  const pass = Math.floor(i / templates.length);
  if (pass === 0) return t;
  const id = `${t.id}~${pass}`;
  const step = (t.trainStep ?? 0) + pass * steps;
  const file = `run/${step}.jsonl`;
  return {
    ...t,
    id,
    trainStep: step,
    file,
    searchText: t.searchText.replace(t.file, file),
    searches: t.searches.map((s) => ({ ...s, trajectoryId: id })),
  };
}

const done = (tx: IDBTransaction) =>
  new Promise<void>((ok, fail) => {
    tx.oncomplete = () => ok();
    tx.onerror = () => fail(tx.error);
    tx.onabort = () => fail(tx.error);
  });

window.storeRowMemoryRows = async (templates, n, steps) => {
  const db = await new Promise<IDBDatabase>((ok, fail) => {
    const open = indexedDB.open('hopscope');
    open.onsuccess = () => ok(open.result);
    open.onerror = () => fail(open.error);
  });
  const t0 = performance.now();
  for (let from = 0; from < n; from += 1000) {
    const tx = db.transaction('rows', 'readwrite');
    const store = tx.objectStore('rows');
    for (let i = from; i < Math.min(n, from + 1000); i++) store.put(replica(templates, i, steps));
    await done(tx);
  }
  db.close();
  return { store_s: (performance.now() - t0) / 1000 };
};

export {};
