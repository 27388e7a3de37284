/**
 * The one cancellation vocabulary for the whole app: every cancellable path (model generation,
 * retrieval, imports, indexing, workers) throws an AbortError, and every catch asks isAbort.
 * Errors that cross a worker boundary lose their class, so isAbort also accepts the name.
 */
export class AbortError extends Error {
  constructor(message = 'cancelled') {
    super(message);
    this.name = 'AbortError';
  }
}

/** True for an AbortError (also one rebuilt from a worker message), or when `signal` has aborted. */
export function isAbort(e: unknown, signal?: AbortSignal): boolean {
  if (signal?.aborted) return true;
  if (e instanceof AbortError) return true;
  const name = (e as { name?: unknown } | null)?.name;
  return name === 'AbortError';
}

/** Throws an AbortError when `signal` has aborted. */
export function throwIfAborted(signal?: AbortSignal): void {
  if (signal?.aborted) throw new AbortError();
}
