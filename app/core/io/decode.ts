// Bytes to text for every import: the byte-order mark picks UTF-8, UTF-16 LE or UTF-16 BE (and is
// dropped); without one the file is UTF-8. Invalid UTF-8 does not stop the import: it is decoded
// as U+FFFD and reported once, at the line where it first occurs. Strings pass through unchanged
// (in-memory imports and tests).

export interface DecodeIssue {
  line: number;
  message: string;
  severity?: 'error' | 'warning';
}

type Encoding = 'utf-8' | 'utf-16le' | 'utf-16be';

function sniffEncoding(b: Uint8Array): Encoding {
  if (b[0] === 0xff && b[1] === 0xfe) return 'utf-16le';
  if (b[0] === 0xfe && b[1] === 0xff) return 'utf-16be';
  return 'utf-8';
}

/** Line breaks in `s` (LF, CRLF or a lone CR each count once). */
function countLines(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c === 10 || (c === 13 && s.charCodeAt(i + 1) !== 10)) n++;
  }
  return n;
}

export async function* decodeChunks(
  chunks: AsyncIterable<Uint8Array | string>,
  onIssue: (issue: DecodeIssue) => void,
): AsyncGenerator<string> {
  let decoder: TextDecoder | null = null;
  let lenient = false;
  let lines = 0;
  let lead: Uint8Array | null = null;
  const decode = (bytes: Uint8Array, stream: boolean): string => {
    decoder ??= new TextDecoder(sniffEncoding(bytes), { fatal: true });
    if (!lenient) {
      try {
        return decoder.decode(bytes, { stream });
      } catch {
        // From here on bad bytes become U+FFFD; the line is where the first one sits.
        lenient = true;
        decoder = new TextDecoder(decoder.encoding, { fatal: false, ignoreBOM: lines > 0 });
        const text = decoder.decode(bytes, { stream });
        const at = text.indexOf('\uFFFD');
        onIssue({
          line: lines + 1 + countLines(at < 0 ? text : text.slice(0, at)),
          message: `invalid ${decoder.encoding.toUpperCase()} bytes from this line on were replaced by \uFFFD`,
        });
        return text;
      }
    }
    return decoder.decode(bytes, { stream });
  };
  for await (const chunk of chunks) {
    if (typeof chunk === 'string') {
      if (chunk) yield chunk;
      continue;
    }
    let bytes = chunk;
    if (!decoder) {
      // The byte-order mark needs the first 3 bytes, however the stream is cut.
      if (lead) {
        const joined = new Uint8Array(lead.length + bytes.length);
        joined.set(lead);
        joined.set(bytes, lead.length);
        bytes = joined;
        lead = null;
      }
      if (bytes.length < 3) {
        lead = bytes;
        continue;
      }
    }
    const text = decode(bytes, true);
    lines += countLines(text);
    if (text) yield text;
  }
  const tail = (lead ? decode(lead, true) : '') + (decoder ? decode(new Uint8Array(0), false) : '');
  if (tail) yield tail;
}

/** A ReadableStream of bytes (a File, a fetch body) as an async iterable, for decodeChunks. */
export async function* streamBytes(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}
