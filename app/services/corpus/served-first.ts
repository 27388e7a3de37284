// The app's own files (the demo set) are stored before a user's import that starts while they
// load: both may hold the same ids, and the one stored second is moved to `<id>~2`. A user's file
// that overtook the demo would take the demo's ids (links to `demo-qagent` would open it) and push
// the demo's records aside with no report the user sees.
let served: Promise<void> = Promise.resolve();

/** Runs `load` (the app's own files); imports that start meanwhile wait for it (see afterServed). */
export function loadServedFirst<T>(load: () => Promise<T>): Promise<T> {
  const run = load();
  const settled = run.then(
    () => undefined,
    () => undefined,
  );
  served = Promise.all([served, settled]).then(() => undefined);
  return run;
}

/**
 * Resolves once every served load started so far has ended (failed ones too), or after `maxMs`:
 * a demo that never finishes loading must not hold a user's import for ever.
 */
export function afterServed(maxMs = 30_000): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const cap = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, maxMs);
  });
  return Promise.race([served, cap]).finally(() => clearTimeout(timer));
}
