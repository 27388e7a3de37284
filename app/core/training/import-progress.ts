// A run's import progress as the Training page shows it: the share of the run's bytes read and the
// time left, estimated from the rate so far (bytes read ÷ time spent), the one place both are
// derived.

export interface RunImportProgress {
  /** Bytes of the run's step files read so far (whole files done plus the current one's part). */
  done: number;
  /** Bytes of every step file of the run. */
  total: number;
  /** Milliseconds since the import started. */
  elapsedMs: number;
}

/** Shortest time and share read before the rate is trusted for an estimate. */
const SETTLE_MS = 3000;
const SETTLE_SHARE = 0.01;

/** The share read, 0 to 1 (1 for an empty run). */
export function shareRead(p: RunImportProgress): number {
  return p.total > 0 ? Math.min(1, Math.max(0, p.done / p.total)) : 1;
}

/**
 * Milliseconds left at the rate so far; null while too little is read to say (the first seconds,
 * the first 1 %: the worker starts and the first file's ids are read).
 */
export function timeLeftMs(p: RunImportProgress): number | null {
  const share = shareRead(p);
  if (p.elapsedMs < SETTLE_MS || share < SETTLE_SHARE) return null;
  return (p.elapsedMs * (1 - share)) / share;
}

/** "about 40 s left", "about 3 min left", "about 1 h 5 min left"; '' with no estimate. */
export function timeLeftText(ms: number | null): string {
  if (ms === null) return '';
  const s = Math.round(ms / 1000);
  if (s < 60) return `about ${Math.max(1, Math.ceil(s / 5) * 5)} s left`;
  const min = Math.round(s / 60);
  if (min < 60) return `about ${min} min left`;
  return `about ${Math.floor(min / 60)} h ${min % 60} min left`;
}
