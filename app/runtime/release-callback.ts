// Workers receive the page's callbacks as Comlink proxies, each holding a MessagePort open until
// released. Every worker API releases the callbacks of a call when the call ends.
import * as Comlink from 'comlink';

/** Closes the port behind a callback proxied from the page (a plain function in Node tests). */
export function releaseCallback(callback: unknown): void {
  (callback as Partial<Comlink.Remote<unknown>> | undefined)?.[Comlink.releaseProxy]?.();
}
