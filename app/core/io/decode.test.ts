import { describe, expect, it } from 'vitest';
import { type DecodeIssue, decodeChunks } from './decode';

async function decode(parts: Uint8Array[]) {
  const issues: DecodeIssue[] = [];
  async function* src() {
    for (const p of parts) yield p;
  }
  let text = '';
  for await (const c of decodeChunks(src(), (i) => issues.push(i))) text += c;
  return { text, issues };
}

/** Cuts bytes into pieces of `size`, so BOMs and characters straddle chunks. */
function pieces(bytes: Uint8Array, size: number): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (let i = 0; i < bytes.length; i += size) out.push(bytes.slice(i, i + size));
  return out;
}

function utf16(text: string, bigEndian: boolean): Uint8Array {
  const out = new Uint8Array(2 + text.length * 2);
  out.set(bigEndian ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i + (bigEndian ? 0 : 1)] = c >> 8;
    out[2 + 2 * i + (bigEndian ? 1 : 0)] = c & 0xff;
  }
  return out;
}

const TEXT = '{"q":"Zürich — 東京"}\n{"q":"b"}\n';

describe('decodeChunks', () => {
  it('reads UTF-8 with and without a BOM, however the bytes are cut', async () => {
    const plain = new TextEncoder().encode(TEXT);
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...plain]);
    for (const size of [1, 2, 3, 7, 1 << 16]) {
      expect(await decode(pieces(plain, size))).toEqual({ text: TEXT, issues: [] });
      expect(await decode(pieces(bom, size))).toEqual({ text: TEXT, issues: [] });
    }
  });

  it('recognises UTF-16 LE and BE by their BOM', async () => {
    for (const be of [false, true])
      for (const size of [1, 3, 1 << 16])
        expect(await decode(pieces(utf16(TEXT, be), size))).toEqual({ text: TEXT, issues: [] });
  });

  it('reports invalid UTF-8 once, at its line, and keeps decoding', async () => {
    const head = new TextEncoder().encode('{"a":1}\r{"a":2}\n{"a":"');
    const bytes = new Uint8Array([...head, 0xff, 0xfe, ...new TextEncoder().encode('x"}\n{"a":4}\n')]);
    const r = await decode(pieces(bytes, 5));
    expect(r.text).toContain('{"a":4}');
    expect(r.text).toContain('\uFFFD');
    expect(r.issues).toHaveLength(1);
    expect(r.issues[0]?.line).toBe(3);
    expect(r.issues[0]?.message).toMatch(/invalid UTF-8/);
  });

  it('reports a multi-byte character cut off by the end of the file', async () => {
    const bytes = new TextEncoder().encode('{"a":"é');
    const r = await decode([bytes.slice(0, bytes.length - 1)]);
    expect(r.issues).toHaveLength(1);
  });

  it('passes strings through and yields nothing for no input', async () => {
    const issues: DecodeIssue[] = [];
    async function* src() {
      yield 'ab';
      yield 'c';
    }
    let text = '';
    for await (const c of decodeChunks(src(), (i) => issues.push(i))) text += c;
    expect(text).toBe('abc');
    expect(await decode([])).toEqual({ text: '', issues: [] });
  });
});
