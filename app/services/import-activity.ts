// Whether an import is storing rows now (a file from the Import dialog, a training run's step files,
// a followed folder's new file): the Training page leaves the SQL engine idle meanwhile, since its
// tables would be rebuilt on every batch, competing for the cores with the import itself.

let running = 0;
const listeners = new Set<() => void>();

/** How many imports are running now (a run's import counts once, with its files inside it). */
export function importsRunning(): number {
  return running;
}

/** Whether any import is running: what a view subscribes to (subscribeImports says when it flips). */
export function importing(): boolean {
  return running > 0;
}

/**
 * Calls `listener` when imports start running or the last one ends, not on each nested file's
 * start and end: a run of 5,000 one-sample step files told the Training page 10,000 times, and
 * each time it rendered every step's plots again (a cost per file growing with the steps shown).
 * Returns the unsubscribe.
 */
export function subscribeImports(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const tell = () => {
  for (const l of [...listeners]) l();
};

/** Marks an import as running; the returned function (safe to call twice) marks it ended. */
export function importStarted(): () => void {
  if (running++ === 0) tell();
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    if (--running === 0) tell();
  };
}
