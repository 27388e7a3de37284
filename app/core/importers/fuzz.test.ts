// Fuzz suite for every trajectory format and the corpus / question-set loaders: generated files
// that mix good records with every class of bad input (invalid and truncated JSON, prose, NUL,
// bare values, wrong types in every field, `__proto__` / `constructor` keys, invalid UTF-8, BOM,
// UTF-16, CR / CRLF / LF, binary and empty files), and the shapes that used to lose records
// (broken first lines, double-encoded lines, NUL-only lines, RS-separated JSON text sequences,
// an array element cut off mid-object, arrays one after another), run through the CLI's reader. Seeded
// (app/core/random.ts), so a failure names a case that can be re-run. Invariants: no crash, no
// hang, every good record kept (by its line), every bad one imported or reported on its line.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { labelsFor, scorableLabels } from '../../cli/diagnose';
import { runImport } from '../../cli/read-log';
import { readJsonRecords } from '../io/json-records';
import { openDatasetStream } from '../corpus/registry';
import { mulberry32 } from '../random';
import type { Trajectory } from '../schema/trajectory';
import { importAll, stringChunks } from './pipeline';

const TMP = mkdtempSync(join(tmpdir(), 'hopscope-fuzz-'));
afterAll(() => (process.env.FUZZ_KEEP ? undefined : rmSync(TMP, { recursive: true, force: true })));
const SHARED = join(__dirname, '../../../../shared/repro/hardening');
const FIXTURES = join(__dirname, '../../testing/importer-fixtures');

type Rng = () => number;
const pick = <T>(rng: Rng, xs: readonly T[]): T => xs[Math.floor(rng() * xs.length)] as T;

/** Lines of `text` that import on their own as `format` (the good seeds). */
async function goodLines(text: string, format: string): Promise<string[]> {
  const out: string[] = [];
  for (const line of text.split('\n').filter((l) => l.trim())) {
    const r = await importAll(stringChunks(line), { file: 'seed', format });
    if (r.imported >= 1 && r.errors.length === 0) out.push(line);
  }
  return out;
}

const flashragSeed = (i: number) =>
  JSON.stringify({
    id: `q${i}`,
    question: `Who founded city ${i}?`,
    golden_answers: [`Founder ${i}`],
    output: { pred: `Founder ${i}` },
  });

/** A good record with one field set to a value of the wrong type (it may import or be reported). */
function wrongType(rng: Rng, line: string): string {
  const v = JSON.parse(line) as Record<string, unknown>;
  const keys = Object.keys(v);
  const k = pick(rng, keys);
  v[k] = pick(rng, [null, 42, 'text', [], {}, true, [1, 'x'], { nested: { deep: [null] } }]);
  return JSON.stringify(v);
}

// Each bad item: its text (one line) and whether it must be reported ('report') or may import.
type Bad = { text: string; must: 'report' | 'either' };
const JSONL_BAD: Array<(rng: Rng, good: string) => Bad> = [
  () => ({ text: '# exported by run.py', must: 'report' }),
  (rng, g) => ({ text: g.slice(0, Math.max(1, Math.floor(rng() * g.length))), must: 'report' }),
  () => ({ text: '"a bare string"', must: 'report' }),
  () => ({ text: pick(mulberry32(1), ['42', 'null', 'true']), must: 'report' }),
  () => ({ text: '{"a": NaN}', must: 'report' }),
  () => ({ text: '{"a": 1,}', must: 'report' }),
  (rng, g) => ({ text: wrongType(rng, g), must: 'either' }),
  () => ({
    text: '{"__proto__": {"polluted": true}, "constructor": {"prototype": {"x": 1}}}',
    must: 'either',
  }),
  (_rng, g) => ({ text: `{"__proto__": {"schema": 1}, ${g.slice(1)}`, must: 'either' }),
  () => ({ text: '\u0000\u0001\u0002\u00ff binary', must: 'report' }),
];
// In an array a bad element must not open a bracket it never closes (that would swallow the rest).
const ARRAY_BAD: Array<(rng: Rng, good: string) => Bad> = [
  () => ({ text: 'NaN', must: 'report' }),
  () => ({ text: '"a bare string"', must: 'report' }),
  () => ({ text: '{"a": NaN}', must: 'report' }),
  () => ({ text: '{"a": 1,}', must: 'report' }),
  (rng, g) => ({ text: wrongType(rng, g), must: 'either' }),
  () => ({ text: '{"constructor": {"prototype": {"x": 1}}}', must: 'either' }),
];

interface Case {
  bytes: Uint8Array;
  good: number[];
  bad: Array<{ line: number; must: Bad['must'] }>;
  /** Lines where invalid UTF-8 was put inside a good record (a warning, the record kept). */
  mojibake: number[];
  /** Lines that hold no record but must be warned about (NUL-only lines). */
  warn?: number[];
}

function encode(text: string, rng: Rng): Uint8Array {
  const kind = pick(rng, ['utf8', 'utf8', 'bom', 'utf16le', 'utf16be']);
  if (kind === 'utf8') return new TextEncoder().encode(text);
  if (kind === 'bom') return new TextEncoder().encode(`\uFEFF${text}`);
  const out = new Uint8Array(2 + text.length * 2);
  const be = kind === 'utf16be';
  out.set(be ? [0xfe, 0xff] : [0xff, 0xfe]);
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    out[2 + 2 * i + (be ? 0 : 1)] = c >> 8;
    out[2 + 2 * i + (be ? 1 : 0)] = c & 0xff;
  }
  return out;
}

function makeCase(rng: Rng, seeds: readonly string[], array: boolean): Case {
  const items: Array<{ text: string; kind: 'good' | Bad['must'] | 'mojibake' }> = [];
  const nGood = 1 + Math.floor(rng() * 6);
  for (let i = 0; i < nGood; i++) items.push({ text: pick(rng, seeds), kind: 'good' });
  const nBad = Math.floor(rng() * 4);
  for (let i = 0; i < nBad; i++) {
    const b = pick(rng, array ? ARRAY_BAD : JSONL_BAD)(rng, pick(rng, seeds));
    items.splice(Math.floor(rng() * (items.length + 1)), 0, { text: b.text, kind: b.must });
  }
  // Distinct good records, so a repeated seed is not a same-content duplicate of another line.
  let n = 0;
  for (const it of items)
    if (it.kind === 'good') it.text = it.text.replace(/^\{/, `{"fuzz_serial": ${n++}, `);
  const mojibakeAt = !array && rng() < 0.3 ? items.findIndex((i) => i.kind === 'good') : -1;
  const eol = pick(rng, ['\n', '\r\n', '\r']);
  const first = array ? 2 : 1;
  const c: Case = { bytes: new Uint8Array(), good: [], bad: [], mojibake: [] };
  items.forEach((it, i) => {
    if (it.kind === 'good') c.good.push(first + i);
    else c.bad.push({ line: first + i, must: it.kind as Bad['must'] });
  });
  let text = array
    ? `[${eol}${items.map((i) => i.text).join(`,${eol}`)}${rng() < 0.5 ? ',' : ''}${eol}]${eol}`
    : items.map((i) => i.text).join(eol) + (rng() < 0.5 ? eol : '');
  // A truncated tail: the last record is cut (it becomes a bad one).
  if (!array && rng() < 0.2 && items.length > 1) {
    const last = items[items.length - 1] as { text: string };
    text = text.replace(/[\r\n]+$/, '');
    text = text.slice(0, text.length - Math.ceil(last.text.length / 2));
    const line = first + items.length - 1;
    c.good = c.good.filter((l) => l !== line);
    c.bad = c.bad.filter((b) => b.line !== line);
    c.bad.push({ line, must: 'report' });
  }
  if (mojibakeAt >= 0) {
    const bytes = new TextEncoder().encode(text);
    // Invalid bytes inside the first good record's first string value.
    const lines = text.split(eol);
    const offset = new TextEncoder().encode(
      lines.slice(0, mojibakeAt).join(eol) + (mojibakeAt ? eol : ''),
    ).length;
    // The first string value (`: "` or `:"`) of that record.
    let quote = offset;
    while (
      quote < bytes.length &&
      !(bytes[quote] === 58 && (bytes[quote + 1] === 34 || bytes[quote + 2] === 34))
    )
      quote++;
    quote = bytes.indexOf(34, quote);
    c.bytes = new Uint8Array([...bytes.slice(0, quote + 1), 0xff, 0xc3, ...bytes.slice(quote + 1)]);
    c.mojibake.push(first + mojibakeAt);
    return c;
  }
  c.bytes = encode(text, rng);
  return c;
}

// Shapes that used to lose records, each mixed with the bad records above.
type Shape = 'broken-first' | 'double-encoded' | 'nul-lines' | 'json-seq' | 'cut-element' | 'arrays';
const SHAPES: readonly Shape[] = [
  'broken-first',
  'double-encoded',
  'nul-lines',
  'json-seq',
  'cut-element',
  'arrays',
];
type Item = { text: string; kind: 'good' | Bad['must'] | 'warn' };

/** Good records (distinct) with bad ones of `bads` spread among them. */
function mixed(rng: Rng, seeds: readonly string[], bads: typeof JSONL_BAD, nGood: number): Item[] {
  const items: Item[] = [];
  for (let i = 0; i < nGood; i++) items.push({ text: pick(rng, seeds), kind: 'good' });
  const nBad = Math.floor(rng() * 3);
  for (let i = 0; i < nBad; i++) {
    const b = pick(rng, bads)(rng, pick(rng, seeds));
    items.splice(Math.floor(rng() * (items.length + 1)), 0, { text: b.text, kind: b.must });
  }
  let n = 0;
  for (const it of items)
    if (it.kind === 'good') it.text = it.text.replace(/^\{/, `{"fuzz_serial": ${n++}, `);
  return items;
}

/** Pretty-prints a one-line record at indent 2 inside an array (as `json.dump(indent=2)`). */
const pretty = (text: string) => JSON.stringify(JSON.parse(text), null, 2).replace(/\n/g, '\n  ');

function shapeCase(rng: Rng, seeds: readonly string[], shape: Shape): Case {
  const eol = pick(rng, ['\n', '\r\n', '\r']);
  const c: Case = { bytes: new Uint8Array(), good: [], bad: [], mojibake: [], warn: [] };
  // Each block: its lines and what it is; line numbers follow from the blocks' order.
  const blocks: Array<{ lines: string[]; kind: Item['kind'] | 'frame' }> = [];
  if (shape === 'cut-element' || shape === 'arrays') {
    const arrays = shape === 'arrays' ? 2 + Math.floor(rng() * 2) : 1;
    for (let a = 0; a < arrays; a++) {
      const items = mixed(
        rng,
        seeds,
        ARRAY_BAD,
        shape === 'cut-element' ? 3 + Math.floor(rng() * 3) : 1 + Math.floor(rng() * 3),
      );
      const prettyItems = shape === 'cut-element' || rng() < 0.5;
      // The writer crashed inside one element, then a run appended records: reading goes on at
      // the next record's `{` (what lies between is part of the cut element's report).
      const cuts = items.flatMap((_, k) => (items[k + 1]?.kind === 'good' ? [k] : []));
      const cut = shape === 'cut-element' ? pick(rng, cuts) : -1;
      blocks.push({ lines: ['['], kind: 'frame' });
      items.forEach((it, i) => {
        let text = prettyItems ? `  ${it.kind === 'good' ? pretty(it.text) : it.text}` : it.text;
        let kind = it.kind;
        if (i === cut) {
          text = text.slice(0, 3 + Math.floor(rng() * (text.length - 4)));
          kind = 'report';
        }
        const sep = i < items.length - 1 ? ',' : '';
        blocks.push({ lines: `${text}${sep}`.split('\n'), kind });
      });
      blocks.push({ lines: [']'], kind: 'frame' });
    }
  } else {
    const items = mixed(rng, seeds, JSONL_BAD, 2 + Math.floor(rng() * 4));
    if (shape === 'broken-first') {
      const n = 1 + Math.floor(rng() * 4);
      for (let i = 0; i < n; i++) {
        const g = pick(rng, seeds);
        const text = pick(rng, [
          '{x',
          '{"question": "cut',
          g.slice(0, 1 + Math.floor(rng() * (g.length - 2))),
          '{',
        ]);
        items.unshift({ text, kind: 'report' });
      }
    }
    if (shape === 'nul-lines')
      for (let i = 1 + Math.floor(rng() * 3); i > 0; i--)
        items.splice(Math.floor(rng() * (items.length + 1)), 0, {
          text: '\0'.repeat(1 + Math.floor(rng() * 4)),
          kind: 'warn',
        });
    for (const it of items) {
      if (shape === 'double-encoded' && it.kind === 'good' && rng() < 0.7) it.text = JSON.stringify(it.text);
      if (shape === 'json-seq') it.text = `\x1e${it.text}`;
      blocks.push({ lines: [it.text], kind: it.kind });
    }
  }
  let line = 1;
  for (const b of blocks) {
    if (b.kind === 'good') c.good.push(line);
    else if (b.kind === 'warn') c.warn?.push(line);
    else if (b.kind !== 'frame') c.bad.push({ line, must: b.kind });
    line += b.lines.length;
  }
  c.bytes = encode(blocks.map((b) => b.lines.join(eol)).join(eol) + eol, rng);
  return c;
}

async function runCase(name: string, c: Case, format?: string) {
  const path = join(TMP, name);
  writeFileSync(path, c.bytes);
  const trajectories: Trajectory[] = [];
  const summary = await runImport(path, format, (t) => void trajectories.push(t));
  return { summary, trajectories };
}

function check(c: Case, r: Awaited<ReturnType<typeof runCase>>, label: string) {
  const imported = new Set(r.trajectories.map((t) => t.source.line));
  const reported = new Set(r.summary.errors.filter((e) => e.severity !== 'warning').map((e) => e.line));
  for (const line of c.good)
    expect(
      imported.has(line),
      `${label}: good record on line ${line} kept; ${JSON.stringify(r.summary.errors).slice(0, 800)}`,
    ).toBe(true);
  for (const b of c.bad) {
    if (b.must === 'report') expect(reported.has(b.line), `${label}: bad line ${b.line} reported`).toBe(true);
    else
      expect(imported.has(b.line) || reported.has(b.line), `${label}: line ${b.line} accounted for`).toBe(
        true,
      );
  }
  const warned = new Set(r.summary.errors.filter((e) => e.severity === 'warning').map((e) => e.line));
  for (const line of c.warn ?? []) expect(warned.has(line), `${label}: line ${line} warned about`).toBe(true);
  for (const line of c.mojibake) {
    expect(imported.has(line), `${label}: record with invalid UTF-8 on line ${line} kept`).toBe(true);
    expect(r.summary.errors.some((e) => e.line === line && /invalid UTF-8/.test(e.message))).toBe(true);
  }
  expect(r.summary.imported, `${label}: the counts add up`).toBe(r.trajectories.length);
  // One report names all duplicates of an id: it stands for as many records.
  const lost = r.summary.errors
    .filter((e) => e.severity !== 'warning')
    .reduce(
      (n, e) =>
        n +
        Number(
          (
            /^([\d,]+) duplicates? of id|format of ([\d,]+) records|^([\d,]+) records? \(lines? /
              .exec(e.message)
              ?.slice(1)
              .find(Boolean) ?? '1'
          ).replace(/,/g, ''),
        ),
      0,
    );
  expect(r.summary.records, `${label}: records = imported + reported`).toBe(r.summary.imported + lost);
  for (const t of r.trajectories)
    expect(t.question.trim() !== '' || t.steps.length > 0, `${label}: no empty trajectory`).toBe(true);
  expect(({} as Record<string, unknown>).polluted, 'no prototype pollution').toBeUndefined();
}

const SOURCES: Array<{ format: string; text: () => string | Promise<string> }> = [
  { format: 'search-r1', text: () => readFileSync(join(SHARED, '08-r1_10.jsonl'), 'utf8') },
  { format: 'flashrag', text: () => Array.from({ length: 8 }, (_, i) => flashragSeed(i)).join('\n') },
  { format: 'apex', text: () => readFileSync(join(FIXTURES, 'apex.jsonl'), 'utf8') },
  { format: 'exsearch', text: () => readFileSync(join(FIXTURES, 'exsearch.jsonl'), 'utf8') },
  { format: 'qagent', text: () => readFileSync(join(FIXTURES, 'qagent.jsonl'), 'utf8') },
];

describe('fuzz: every trajectory format, through the CLI reader', () => {
  for (const src of SOURCES)
    it(`${src.format}: generated JSONL and JSON-array files keep every good record and report every bad one`, async () => {
      const seeds = await goodLines(await src.text(), src.format);
      expect(seeds.length, 'seed records').toBeGreaterThan(0);
      const rng = mulberry32(0x5eed + src.format.length);
      for (let i = 0; i < 30; i++) {
        const array = i % 3 === 2;
        const c = makeCase(rng, seeds, array);
        const label = `${src.format} case ${i} (${array ? 'array' : 'jsonl'})`;
        // With the format named and auto-detected: both must keep and report the same lines.
        check(c, await runCase(`${src.format}-${i}.jsonl`, c, src.format), `${label}, --format`);
        if (c.good.length >= 2)
          check(c, await runCase(`${src.format}-${i}-auto.jsonl`, c), `${label}, detected`);
      }
    }, 60_000);

  for (const src of SOURCES)
    it(`${src.format}: the shapes that used to lose records keep every good record and report every bad one`, async () => {
      const seeds = await goodLines(await src.text(), src.format);
      const rng = mulberry32(0x5ea2 + src.format.length);
      for (let i = 0; i < 24; i++) {
        const shape = SHAPES[i % SHAPES.length] as Shape;
        const c = shapeCase(rng, seeds, shape);
        const label = `${src.format} shape case ${i} (${shape})`;
        check(c, await runCase(`${src.format}-shape-${i}.json`, c, src.format), `${label}, --format`);
        if (c.good.length >= 2)
          check(c, await runCase(`${src.format}-shape-${i}-auto.json`, c), `${label}, detected`);
      }
    }, 60_000);

  it('binary, empty and whitespace-only files end with a report, never a crash', async () => {
    const rng = mulberry32(7);
    const files: Array<[string, Uint8Array]> = [
      ['empty', new Uint8Array()],
      ['blank', new TextEncoder().encode(' \r\n\n\t')],
      ['nul', new Uint8Array(64)],
      ['bom-only', new Uint8Array([0xef, 0xbb, 0xbf])],
      ['utf16-bom-only', new Uint8Array([0xff, 0xfe])],
      // A file that is one bare JSON value is reported, never a trajectory with no question.
      ['bare-string', new TextEncoder().encode('"<search>x</search>"')],
      ['bare-number', new TextEncoder().encode('42\n')],
      ['bare-null', new TextEncoder().encode('null')],
    ];
    for (let i = 0; i < 10; i++)
      files.push([
        `random-${i}`,
        Uint8Array.from({ length: 1 + Math.floor(rng() * 4000) }, () => Math.floor(rng() * 256)),
      ]);
    for (const [name, bytes] of files) {
      writeFileSync(join(TMP, name), bytes);
      const s = await runImport(join(TMP, name), undefined, () => {});
      expect(s.imported, name).toBe(0);
      expect(s.errors.length, `${name} has a report`).toBeGreaterThan(0);
    }
  });
});

// Noise: records that parse but that no format claims (a logger's heartbeats, config dumps, empty
// objects, arrays), with lines that do not parse, in runs of any length before and between the
// good records. Detection holds the last MAX_HELD_UNDETECTED records and lets older ones go in
// one report line, so the good ones import however long the noise before them (issue 41).
const NOISE: Array<(rng: Rng) => string> = [
  () => '{}',
  () => '[]',
  (rng) => JSON.stringify({ event: 'heartbeat', t: Math.floor(rng() * 1e6) }),
  (rng) => JSON.stringify({ config: { lr: rng(), seed: Math.floor(rng() * 100) } }),
  () => '[1, 2, 3]',
  () => '{"foo": 1,',
  () => '42',
];
const NOISE_RUNS = [0, 1, 4, 5, 999, 1000, 1001, 1500, 2600];

function noiseCase(
  rng: Rng,
  seeds: readonly string[],
  before: number,
  between: number,
  goodFirst = false,
): Case {
  const items: Item[] = [];
  const noise = (n: number) => {
    for (let k = 0; k < n; k++) items.push({ text: pick(rng, NOISE)(rng), kind: 'either' });
  };
  const good = (g: number) =>
    items.push({ text: pick(rng, seeds).replace(/^\{/, `{"fuzz_serial": ${g}, `), kind: 'good' });
  // One good record before the noise must not be let go with it (hardening-3's 150,000 lines).
  if (goodFirst) good(99);
  // An object first: a file that starts with prose is a transcript (record-container.ts).
  if (before > 0) items.push({ text: '{}', kind: 'either' });
  noise(before - 1);
  const nGood = 2 + Math.floor(rng() * 5);
  for (let g = 0; g < nGood; g++) {
    good(g);
    if (g < nGood - 1) noise(Math.floor(rng() * (between + 1)));
  }
  const c: Case = { bytes: new Uint8Array(), good: [], bad: [], mojibake: [] };
  items.forEach((it, i) => {
    if (it.kind === 'good') c.good.push(i + 1);
    else c.bad.push({ line: i + 1, must: 'either' });
  });
  c.bytes = new TextEncoder().encode(`${items.map((i) => i.text).join('\n')}\n`);
  return c;
}

/**
 * Every noise line is imported, reported on its line, or inside the one line for those let go;
 * returns whether a line is one of those.
 */
function checkNoise(c: Case, r: Awaited<ReturnType<typeof runCase>>, label: string) {
  const letGo = r.summary.errors.filter((e) =>
    / came before the first records a format recognises/.test(e.message),
  );
  expect(letGo.length, `${label}: at most one line for the records let go`).toBeLessThanOrEqual(1);
  const range = /\(lines? (\d+)(?:–(\d+))?\)/.exec(letGo[0]?.message ?? '');
  const [from, to] = [Number(range?.[1] ?? 0), Number(range?.[2] ?? range?.[1] ?? -1)];
  const imported = new Set(r.trajectories.map((t) => t.source.line));
  const reported = new Set(r.summary.errors.map((e) => e.line));
  for (const line of c.good)
    expect(imported.has(line), `${label}: good record on line ${line} kept`).toBe(true);
  for (const b of c.bad)
    expect(
      imported.has(b.line) || reported.has(b.line) || (b.line >= from && b.line <= to),
      `${label}: noise line ${b.line} accounted for`,
    ).toBe(true);
  return (line: number) => line >= from && line <= to;
}

describe('fuzz: noise before and between the good records', () => {
  for (const src of SOURCES)
    it(`${src.format}: every good record imports, detected, whatever noise comes first`, async () => {
      const seeds = await goodLines(await src.text(), src.format);
      const rng = mulberry32(0x4015e + src.format.length);
      for (const [i, before] of NOISE_RUNS.entries()) {
        // Noise between the good ones too: up to 3 lines after each (majority-vote formats see
        // more noise than records in a window of five).
        const c = noiseCase(rng, seeds, before, i % 2 ? 3 : 1, i % 3 === 0);
        const label = `${src.format} noise case ${i} (${before} lines first)`;
        const r = await runCase(`${src.format}-noise-${i}.jsonl`, c);
        expect(r.summary.format, label).toBe(src.format);
        const letGo = checkNoise(c, r, label);
        check({ ...c, bad: c.bad.filter((b) => !letGo(b.line)) }, r, label);
      }
    }, 120_000);

  it('prose before the records: few lines are reported each; a long preamble makes a transcript that says where JSON starts', async () => {
    const rng = mulberry32(4141);
    const seeds = Array.from({ length: 8 }, (_, i) => flashragSeed(i));
    const containers: string[] = [];
    for (const n of [1, 10, 49, 51, 60, 300]) {
      const prose = Array.from(
        { length: n },
        (_, k) => `[INFO] ${k} ${pick(rng, ['loading', 'step done', 'warmup'])}`,
      );
      const good = Array.from({ length: 3 + Math.floor(rng() * 4) }, (_, k) => seeds[k] as string);
      const path = join(TMP, `prose-${n}.jsonl`);
      writeFileSync(path, `${[...prose, ...good].join('\n')}\n`);
      const s = await runImport(path, undefined, () => {});
      containers.push(s.container ?? '');
      if (s.container === 'jsonl') {
        expect(s.imported, `${n} prose lines`).toBe(good.length);
        expect(s.errors.filter((e) => e.severity !== 'warning').map((e) => e.line)).toEqual(
          prose.map((_, k) => k + 1),
        );
      } else
        expect(
          s.errors.filter((e) => e.severity === 'warning').map((e) => e.message),
          `${n} prose lines`,
        ).toContainEqual(
          expect.stringMatching(
            new RegExp(`^${good.length} lines are JSON objects \\(the first at line ${n + 1}\\)`),
          ),
        );
    }
    // Both sides of the container choice are checked: a few prose lines, a long preamble.
    expect([containers[0], containers[containers.length - 1]]).toEqual(['jsonl', 'text']);
  });

  it('a file of noise alone: one report line counts every record, none is left unread', async () => {
    const rng = mulberry32(41);
    for (const n of [3, 1000, 1001, 3000]) {
      const c = noiseCase(rng, ['{}'], n, 0);
      c.bytes = new TextEncoder().encode(
        `${Array.from({ length: n }, (_, k) => (k === 0 ? '{}' : JSON.stringify({ k }))).join('\n')}\n`,
      );
      const r = await runCase(`noise-only-${n}.jsonl`, c);
      expect(r.summary.imported).toBe(0);
      expect(r.summary.records).toBe(n);
      expect(r.summary.errors.map((e) => e.message)).toEqual([
        expect.stringMatching(
          new RegExp(
            `^could not recognise the format of ${n.toLocaleString('en-US')} records \\(lines 1–${n}\\)`,
          ),
        ),
      ]);
    }
  });
});

// Numbers JSON cannot hold (issue 41): Python's bare NaN / Infinity and numerals that overflow a
// double, spelled every way, nested anywhere, in every layout, beside finite numbers at the edges.
const NON_FINITE = ['NaN', 'Infinity', '-Infinity', '1e999', '-1e999', '1E+400', '-2.5e308', '1e0309'];
const EDGE_FINITE: Array<[string, number]> = [
  ['1e308', 1e308],
  ['1.7976931348623157e308', Number.MAX_VALUE],
  ['1e-999', 0],
  ['5e-324', 5e-324],
  ['-0', -0],
  ['123e100', 123e100],
];

describe('fuzz: non-finite numbers, one rule in every layout', () => {
  it('every non-finite number is null, every finite one kept, one warning a file', () => {
    const rng = mulberry32(0x1e999);
    for (let i = 0; i < 60; i++) {
      const layout = pick(rng, ['jsonl', 'array', 'values'] as const);
      let nonFinite = 0;
      const records: Array<{ text: string; value: unknown }> = [];
      for (let r = 0; r < 1 + Math.floor(rng() * 5); r++) {
        // A record of a few fields, a number at some depth in each.
        const fields: string[] = [];
        const value: Record<string, unknown> = {};
        for (let f = 0; f < 1 + Math.floor(rng() * 4); f++) {
          const bad = rng() < 0.4;
          const [text, v] = bad
            ? [pick(rng, NON_FINITE), null]
            : rng() < 0.5
              ? pick(rng, EDGE_FINITE)
              : [String(Math.floor(rng() * 1000)), 0];
          const parsed = bad ? null : (v as number) || Number(text);
          if (bad) nonFinite++;
          const depth = Math.floor(rng() * 3);
          fields.push(`"f${f}": ${'{"x": ['.repeat(depth)}${text}${']}'.repeat(depth)}`);
          let nested: unknown = parsed;
          for (let d = 0; d < depth; d++) nested = { x: [nested] };
          value[`f${f}`] = nested;
        }
        // A string that spells one is text, never a number.
        fields.push(`"note": "${pick(rng, NON_FINITE)}"`);
        value.note = (fields[fields.length - 1] as string).slice(9, -1);
        records.push({ text: `{${fields.join(', ')}}`, value });
      }
      const text =
        layout === 'jsonl'
          ? `${records.map((r) => r.text).join('\n')}\n`
          : layout === 'array'
            ? `[\n${records.map((r) => r.text).join(',\n')}\n]\n`
            : `${records.map((r) => r.text.replace('{', '{\n')).join('\n')}\n`;
      const got = readJsonRecords(text);
      const label = `case ${i} (${layout}): ${text.slice(0, 300)}`;
      expect(
        got.records.map((r) => r.value),
        label,
      ).toEqual(records.map((r) => r.value));
      const warnings = got.issues.filter((x) => /read as null; said once for the file/.test(x.message));
      expect(warnings.length, label).toBe(nonFinite > 0 ? 1 : 0);
      expect(
        got.issues.filter((x) => x.severity !== 'warning'),
        label,
      ).toEqual([]);
    }
  });
});

// A step file whose samples name other steps (issue 41): every sample imports under its own
// field's step; each pair of steps (field, file name) that disagree is one warning naming both.
describe('fuzz: step fields that contradict the file name', () => {
  const STEP_KEYS = ['step', 'global_step', 'global_steps', 'training_step'];
  const NAMES: Array<[string, number]> = [
    ['run/12.jsonl', 12],
    ['run/step_12.jsonl', 12],
    ['run/global_step_12/val.jsonl', 12],
    ['run/rollout_step12_gpu3.jsonl', 12],
  ];
  it('every sample imported under its field, one warning per (field step, name step) that differ', async () => {
    const rng = mulberry32(0x57e9);
    for (let i = 0; i < 24; i++) {
      const [name, fromName] = pick(rng, NAMES);
      const steps = Array.from({ length: 2 + Math.floor(rng() * 8) }, () =>
        rng() < 0.5 ? fromName : pick(rng, [0, 9, 11, 13, 120]),
      );
      const lines = steps.map((st, k) => {
        const key = pick(rng, STEP_KEYS);
        const v = rng() < 0.3 ? `"${st}"` : String(st);
        return `{"input": "user\\nQuestion: Who wrote play ${k}?\\nassistant\\n", "output": "<answer>Someone</answer>", "${key}": ${v}, "score": 1}`;
      });
      const r = await importAll(stringChunks(`${lines.join('\n')}\n`), { file: name, format: 'verl' });
      const label = `case ${i}: ${name} ${JSON.stringify(steps)}`;
      expect(r.imported, label).toBe(steps.length);
      expect(
        r.trajectories.map((t) => t.training?.step),
        label,
      ).toEqual(steps);
      const differ = [...new Set(steps.filter((st) => st !== fromName))];
      const warnings = r.errors.filter((e) => e.severity === 'warning');
      expect(warnings.length, label).toBe(differ.length);
      for (const st of differ) {
        const at = steps.flatMap((x, k) => (x === st ? [k + 1] : []));
        const w = warnings.find((e) => e.message.startsWith(`the sample says step ${st} `));
        expect(w, label).toBeDefined();
        expect(w?.line, label).toBe(at[0]);
        expect(w?.message, label).toContain(
          `its file name ${name} says step ${fromName}; read as step ${st}`,
        );
        if (at.length > 1)
          expect(w?.message, label).toContain(
            `(${at.length} records, the first at line ${at[0]}, the last at line ${at[at.length - 1]})`,
          );
      }
    }
  });
});

// Labels for files, records and searches the log does not have (issue 41): every label is
// scored or left out, exactly once, and every one left out is named with its place and why.
describe('fuzz: diagnose labels the log cannot score', () => {
  const label = (id: string, searches: number) => ({
    id,
    searches,
    first_sufficient_search: null,
    search_labels: Array.from({ length: searches }, () => 'necessary' as const),
    under_search: false,
  });
  it('kept + ignored = every label, each once, each ignored with a reason', () => {
    const rng = mulberry32(0x1abe1);
    for (let i = 0; i < 80; i++) {
      const records = Array.from({ length: 1 + Math.floor(rng() * 6) }, (_, k) =>
        rng() < 0.2
          ? { record: k, error: 'bad JSON' }
          : {
              record: k,
              searches: Math.floor(rng() * 3),
              first_sufficient_search: null,
              over_search: [],
              under_search: false,
              flags: [],
            },
      );
      const files = pick(rng, [
        ['log.jsonl'],
        ['log.jsonl', 'other.jsonl'],
        ['other.jsonl'],
        ['a.jsonl', 'b.jsonl'],
      ]);
      const labels = Array.from({ length: Math.floor(rng() * 8) }, () =>
        label(`${pick(rng, files)}#${Math.floor(rng() * 9)}`, Math.floor(rng() * 3)),
      );
      const matched = labelsFor('dir/log.jsonl', labels);
      const usable = scorableLabels(records, matched.labels);
      const c = `case ${i}: ${JSON.stringify(labels.map((l) => [l.id, l.searches]))}`;
      const ignoredAt = [
        ...matched.ignored.map((x) => x.index),
        ...usable.ignored.map((x) => matched.kept[x.index] as number),
      ].sort((a, b) => a - b);
      expect(new Set(ignoredAt).size, c).toBe(ignoredAt.length);
      expect(usable.labels.length + ignoredAt.length, c).toBe(labels.length);
      for (const x of [...matched.ignored, ...usable.ignored]) expect(x.message.length, c).toBeGreaterThan(0);
      for (const x of matched.ignored) expect(labels[x.index]?.id, c).toBe(x.id);
      // A label kept for scoring names a record that imported with its search count.
      for (const l of usable.labels) {
        const n = Number(l.id.split('#')[1]);
        const rec = records.find((r) => r.record === n);
        expect(rec && 'searches' in rec && rec.searches === l.searches, c).toBe(true);
      }
    }
  });
});

describe('fuzz: corpus and question-set loaders, through the same reader', () => {
  it('flashrag question JSONL with bad lines keeps every good question', () => {
    const rng = mulberry32(99);
    for (let i = 0; i < 30; i++) {
      const lines: string[] = [];
      const good: number[] = [];
      const bad: number[] = [];
      const n = 3 + Math.floor(rng() * 5);
      for (let k = 0; k < n; k++) {
        if (rng() < 0.3) {
          lines.push(
            pick(rng, ['# comment', '{"id": "x", "question": ', '"bare"', '{"a": NaN}', '\u0000\u0001']),
          );
          bad.push(lines.length);
        }
        lines.push(JSON.stringify({ id: `q${k}`, question: `Question ${k}?`, golden_answers: [`A${k}`] }));
        good.push(lines.length);
      }
      const eol = pick(rng, ['\n', '\r\n', '\r']);
      const text = lines.join(eol);
      const stream = openDatasetStream(text, 'nq.jsonl', { format: 'flashrag-questions' });
      if (stream.format === null) throw new Error(stream.error);
      for (let p = 0; p < text.length; p += 37) stream.write(text.slice(p, p + 37));
      const result = stream.end();
      expect(
        result.questions?.questions.map((q) => q.id),
        `case ${i}`,
      ).toEqual(good.map((_, k) => `q${k}`));
      const lost = new Set(result.errors.filter((e) => e.severity !== 'warning').map((e) => e.line));
      for (const line of bad) expect(lost.has(line), `case ${i}: bad line ${line} reported`).toBe(true);
    }
  });
});
