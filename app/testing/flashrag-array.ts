// A large FlashRAG `intermediate_data.json` (issue 37's 115 MB array of 20,000 records) built from
// a real one: FlashRAG writes a JSON array with `json.dump(..., indent=4)`, so each element is the
// text between `    {` and `    }` lines. The source's elements are repeated in order, as text, so
// every byte of the shape is FlashRAG's (its `1.0` scores, its spacing); each copy after the first
// gets its own id and question (` (copy c)` appended), so every record is a question of its own.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

/** The elements of a FlashRAG array as FlashRAG wrote them, each `    {` to `    }`. */
export function flashragElements(arrayText: string): string[] {
  const body = arrayText.trim();
  if (!body.startsWith('[\n    {') || !body.endsWith('    }\n]'))
    throw new Error('not a FlashRAG array written with indent 4 ([ then elements at four spaces)');
  const parts = body.slice(2, -2).split('\n    },\n');
  return parts.map((p, i) => (i < parts.length - 1 ? `${p}\n    }` : p));
}

const ID_LINE = /^( {8}"id": ")((?:[^"\\]|\\.)*)(",?)$/m;
const QUESTION_LINE = /^( {8}"question": ")((?:[^"\\]|\\.)*)(",?)$/m;

/** Copy `c` of an element: copy 0 is the element itself; later copies mark its id and question. */
export function flashragCopy(element: string, c: number): string {
  if (c === 0) return element;
  if (!ID_LINE.test(element) || !QUESTION_LINE.test(element))
    throw new Error('a FlashRAG element without a top-level "id" and "question" line');
  return element
    .replace(ID_LINE, (_, a: string, v: string, z: string) => `${a}${v}-c${c}${z}`)
    .replace(QUESTION_LINE, (_, a: string, v: string, z: string) => `${a}${v} (copy ${c})${z}`);
}

/** The array's text in pieces: `n` elements, the source's repeated in order, then `]`. */
export function* flashragArrayChunks(source: readonly string[], n: number): Generator<string> {
  if (source.length === 0) throw new Error('no elements to repeat');
  yield '[\n';
  for (let i = 0; i < n; i++) {
    const c = Math.floor(i / source.length);
    yield `${flashragCopy(source[i % source.length] as string, c)}${i < n - 1 ? ',\n' : '\n'}`;
  }
  yield ']';
}

/** Writes `n` elements made from the FlashRAG array `sourceText` to `path`; returns its bytes. */
export async function writeFlashragArray(sourceText: string, n: number, path: string): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (const chunk of flashragArrayChunks(flashragElements(sourceText), n)) {
    bytes += Buffer.byteLength(chunk);
    if (!out.write(chunk)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
