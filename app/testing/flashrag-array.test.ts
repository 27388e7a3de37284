import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flashragArrayChunks, flashragCopy, flashragElements, writeFlashragArray } from './flashrag-array';

const REAL = '../shared/data/trajectories/searchr1_flashrag_bamboogle_instruct_seed1_intermediate_data.json';
const text = readFileSync(REAL, 'utf8');
const records = JSON.parse(text) as Array<{ id: string; question: string; output: unknown }>;

describe('flashrag-array', () => {
  it('splits the real FlashRAG array into its elements, each the record it was', () => {
    const elements = flashragElements(text);
    expect(elements).toHaveLength(125);
    expect(elements.map((e) => JSON.parse(e) as unknown)).toEqual(records);
  });

  it('writes the real file byte for byte when asked for its own length', () => {
    expect([...flashragArrayChunks(flashragElements(text), 125)].join('')).toBe(text.trimEnd());
  });

  it('repeats the records in order, each copy its own id and question, the rest unchanged', () => {
    const made = JSON.parse([...flashragArrayChunks(flashragElements(text), 300)].join('')) as typeof records;
    expect(made).toHaveLength(300);
    expect(new Set(made.map((r) => r.id)).size).toBe(300);
    expect(new Set(made.map((r) => r.question)).size).toBe(300);
    const r = records[7]!;
    expect(made[2 * 125 + 7]).toEqual({ ...r, id: `${r.id}-c2`, question: `${r.question} (copy 2)` });
  });

  it('marks a question holding escaped quotes without breaking its string', () => {
    const el = '    {\n        "id": "q\\"1",\n        "question": "Say \\"hi\\"?",\n        "x": 1\n    }';
    expect(JSON.parse(flashragCopy(el, 3))).toEqual({ id: 'q"1-c3', question: 'Say "hi"? (copy 3)', x: 1 });
  });

  it('refuses a file FlashRAG did not write (not indented by four)', () => {
    expect(() => flashragElements(JSON.stringify(records.slice(0, 2)))).toThrow(/indent 4/);
  });

  it('streams the file to disk and counts its bytes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'flashrag-array-'));
    try {
      const path = join(dir, 'big.json');
      const bytes = await writeFlashragArray(text, 260, path);
      const written = readFileSync(path);
      expect(written.length).toBe(bytes);
      expect((JSON.parse(written.toString('utf8')) as unknown[]).length).toBe(260);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
