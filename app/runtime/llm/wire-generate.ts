// generate() across a worker boundary, shared by the in-browser model's client and the server
// worker's: the AbortSignal becomes a cancel message for a job id, onToken a proxied callback.
// Pieces travel on the callback's own port, so the call resolves only once every piece arrived.
import * as Comlink from 'comlink';
import { isAbort } from '../../core/abort';
import { AbortError, type GenerateOptions, type GenerateResult } from '../../core/llm/types';
import type { WireGenerateOptions, WireGenerateResult } from './api';

let nextJob = 0;

/** A job id unique in this page (cancel messages name it). */
export function newJobId(prefix = 'g'): string {
  return `${prefix}${++nextJob}`;
}

export async function generateOverWire(
  options: GenerateOptions,
  start: (
    jobId: string,
    wire: WireGenerateOptions,
    onToken?: (piece: string) => void,
  ) => Promise<WireGenerateResult>,
  cancel: (jobId: string) => void,
): Promise<GenerateResult> {
  const { signal, onToken, ...wire } = options;
  if (signal?.aborted) throw new AbortError();
  const jobId = newJobId();
  let received = 0;
  let allIn: (() => void) | null = null;
  let expected = Infinity;
  const callback = onToken
    ? Comlink.proxy((piece: string) => {
        onToken(piece);
        if (++received >= expected) allIn?.();
      })
    : undefined;
  const onAbort = () => cancel(jobId);
  signal?.addEventListener('abort', onAbort, { once: true });
  try {
    const { pieces, ...result } = await start(jobId, wire, callback);
    if (onToken && received < pieces) {
      expected = pieces;
      await new Promise<void>((resolve) => (allIn = resolve));
    }
    return result;
  } catch (e) {
    throw isAbort(e) ? new AbortError((e as Error).message) : e;
  } finally {
    signal?.removeEventListener('abort', onAbort);
  }
}
