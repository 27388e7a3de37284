// Whether an import is storing rows now (a file from the Import dialog, a training run's step files,
// a followed folder's new file): the Training page leaves the SQL engine idle meanwhile, since its
// tables would be rebuilt on every batch, competing for the cores with the import itself.

let running = 0;
const listeners = new Set<() => void>();

/** How many imports are running now (a run's import counts once, with its files inside it). */
export function importsRunning(): number {
  return running;
}

/** Calls `listener` whenever an import starts or ends; returns the unsubscribe. */
export function subscribeImports(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Marks an import as running; the returned function (safe to call twice) marks it ended. */
export function importStarted(): () => void {
  running++;
  for (const l of [...listeners]) l();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    running--;
    for (const l of [...listeners]) l();
  };
}
