// What detection looks at: the first complete records of a text sample (JSON array or JSONL),
// the keys named in the sample (for records too big to fit in it), and the first line.
import { extension, isObj, type Json } from './common';
import { JsonRecordStream } from '../io/json-records';

export interface Sniff {
  /** Complete object records found in the sample (at most MAX_RECORDS). */
  records: Json[];
  /** Every `"key":` named in the sample. */
  keys: Set<string>;
  /** Every string value of a `"type":` key in the sample. */
  types: Set<string>;
  /** Whether the sample starts like JSON (`[` or `{`). */
  json: boolean;
  ext: string;
  fileName: string;
  firstLine: string;
}

const MAX_RECORDS = 20;
const MAX_SAMPLE = 1 << 20;
let last: { sample: string; fileName: string; sniff: Sniff } | null = null;

export function sniff(sample: string, fileName: string): Sniff {
  if (last && last.sample === sample && last.fileName === fileName) return last.sniff;
  const s = sample.length > MAX_SAMPLE ? sample.slice(0, MAX_SAMPLE) : sample;
  const trimmed = s.replace(/^\uFEFF/, '').trimStart();
  const json = trimmed.startsWith('[') || trimmed.startsWith('{');
  const records: Json[] = [];
  if (json) {
    const stream = new JsonRecordStream({
      record: (v) => {
        if (isObj(v) && records.length < MAX_RECORDS) records.push(v);
      },
      issue: () => {},
    });
    stream.write(s);
    stream.end();
  }
  const keys = new Set<string>();
  const types = new Set<string>();
  if (json) {
    for (const m of s.matchAll(/"([A-Za-z_][\w ]{0,40})"\s*:/g)) keys.add(m[1] as string);
    for (const m of s.matchAll(/"type"\s*:\s*"([^"\\]{1,40})"/g)) types.add(m[1] as string);
  }
  const result: Sniff = {
    records,
    keys,
    types,
    json,
    ext: extension(fileName),
    fileName: fileName.toLowerCase(),
    firstLine: (trimmed.split(/\r?\n|\r/, 1)[0] ?? '').slice(0, 10_000),
  };
  last = { sample, fileName, sniff: result };
  return result;
}

/** Share of sample records that satisfy `pred` (0 when there are none). */
export function share(s: Sniff, pred: (r: Json) => boolean): number {
  if (!s.records.length) return 0;
  return s.records.filter(pred).length / s.records.length;
}

/** Whether the sample names all `keys` (for records larger than the sample). */
export function namesAll(s: Sniff, keys: readonly string[]): boolean {
  return keys.every((k) => s.keys.has(k));
}

/** A record too big for the sample that looks like HotpotQA / 2WikiMultiHopQA (context + question/_id). */
export function contextShaped(s: Sniff): boolean {
  return (
    !s.records.length &&
    s.keys.has('context') &&
    (s.keys.has('question') || s.keys.has('_id')) &&
    !s.keys.has('paragraphs')
  );
}

const TWOWIKI_KEYS = ['evidences', 'entity_ids', 'answer_id', 'evidences_id'];
const TWOWIKI_TYPES = new Set(['compositional', 'inference', 'bridge_comparison']);

/** Signs of 2WikiMultiHopQA rather than HotpotQA (same context layout). */
export function twoWikiSigns(s: Sniff): boolean {
  return (
    TWOWIKI_KEYS.some((k) => s.keys.has(k)) ||
    [...s.types].some((t) => TWOWIKI_TYPES.has(t)) ||
    s.records.some((r) => Array.isArray(r.evidences))
  );
}
