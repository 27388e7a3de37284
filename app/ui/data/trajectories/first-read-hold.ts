// The table worker's first read of every row, held while the Training page draws the last
// session's stored summaries after a reload (issue 37: "after a reload, 1M samples: Training page
// plotted ≤ 2 s"). That read is tens of seconds of a core at 1M rows, and its IndexedDB pages
// queued ahead of the page's own small reads; begun at the first render, it competed with the
// page's start on a 2-core machine. The page releases the hold once the stored plots are drawn, or
// at once when there are none to draw; a hold never lasts past MAX_HOLD_MS.
// docs/benchmarks.md, "The Training page after a reload".

/** The longest a hold delays the first read (a stored read or a draw that never ends). */
export const MAX_HOLD_MS = 5000;

let held: { until: Promise<void>; release: () => void } | null = null;

/** Holds the next first read of every row until releaseFirstRead() (or MAX_HOLD_MS); idempotent. */
export function holdFirstRead(): void {
  if (held) return;
  let open = () => {};
  const until = new Promise<void>((r) => (open = r));
  const timer = setTimeout(() => releaseFirstRead(), MAX_HOLD_MS);
  held = {
    until,
    release: () => {
      clearTimeout(timer);
      open();
    },
  };
}

/** Lets the first read begin (nothing to wait for, the plots drawn, or the page left). */
export function releaseFirstRead(): void {
  const h = held;
  held = null;
  h?.release();
}

/** Resolves once no hold is on the first read. */
export function firstReadHeld(): Promise<void> {
  return held?.until ?? Promise.resolve();
}
