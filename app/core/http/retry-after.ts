// What hostile or busy servers send, read safely: Retry-After on 429/503, and response bodies cut
// off at a cap (a flooding server must not freeze the page or fill the disk).

/**
 * Milliseconds a Retry-After header asks to wait: delta-seconds or an HTTP date (RFC 9110
 * §10.2.3); null when absent or unreadable.
 */
export function retryAfterMs(header: string | null, now = Date.now()): number | null {
  if (header === null) return null;
  const v = header.trim();
  if (/^\d+$/.test(v)) return Number(v) * 1000;
  const at = Date.parse(v);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

export class BodyTooLargeError extends Error {
  override name = 'BodyTooLargeError';
  constructor(readonly maxBytes: number) {
    super(`the response is larger than ${maxBytes.toLocaleString('en')} bytes`);
  }
}

/** The body as text, read chunk by chunk; past `maxBytes` reading stops (the stream is cancelled). */
export async function readTextCapped(res: Response, maxBytes: number): Promise<string> {
  if (!res.body) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let total = 0;
  let out = '';
  for (;;) {
    const r = await reader.read();
    if (r.done) return out + decoder.decode();
    total += r.value.byteLength;
    if (total > maxBytes) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLargeError(maxBytes);
    }
    out += decoder.decode(r.value, { stream: true });
  }
}
