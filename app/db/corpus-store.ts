// Corpora, question sets and built indexes in IndexedDB. Bulk data (passages, index bytes) is kept
// apart from the small records that lists read. Index records are validated on read: one whose
// sizes do not match its corpus, or that fails to decode, is dropped and rebuilt.
import type { Question } from '../core/corpus/types';
import { hash53 } from '../core/hash';
import type { Passage } from '../core/search/types';
import { type CorpusRecord, db, type IndexRecord, type QuestionSetRecord } from './db';

/** Content hash of a corpus: same passages in the same order → same id, on any machine. */
export function corpusId(passages: readonly Passage[]): string {
  let h = String(passages.length);
  // Chained hash over every passage; cheap enough for 100k passages.
  for (const p of passages) h = hash53(`${h}\u0000${p.id}\u0000${p.title}\u0000${p.text}`);
  return `c_${h}`;
}

/** Content hash of a question set (ids, questions and answers). */
export function questionSetId(questions: readonly Question[]): string {
  let h = String(questions.length);
  for (const q of questions)
    h = hash53(`${h}\u0000${q.id}\u0000${q.question}\u0000${q.answers.join('\u0001')}`);
  return `q_${h}`;
}

/** Stores a corpus; loading the same passages again keeps the first record (and its indexes). */
export async function putCorpus(
  name: string,
  source: string,
  passages: Passage[],
  format?: string,
): Promise<CorpusRecord> {
  const rec: CorpusRecord = {
    id: corpusId(passages),
    name,
    source,
    passages: passages.length,
    createdAt: new Date().toISOString(),
  };
  if (format) rec.format = format;
  const d = await db();
  const tx = d.transaction(['corpora', 'corpusPassages'], 'readwrite');
  const existing = await tx.objectStore('corpora').get(rec.id);
  if (existing) {
    await tx.done;
    return existing;
  }
  void tx.objectStore('corpora').put(rec);
  void tx.objectStore('corpusPassages').put({ id: rec.id, passages });
  await tx.done;
  return rec;
}

/** The ids of the corpora and question sets stored (keys only: no passage or question is read). */
export async function storedDatasetIds(): Promise<{ corpora: Set<string>; questionSets: Set<string> }> {
  const tx = (await db()).transaction(['corpora', 'questionSets']);
  const [corpora, questionSets] = await Promise.all([
    tx.objectStore('corpora').getAllKeys(),
    tx.objectStore('questionSets').getAllKeys(),
  ]);
  await tx.done;
  return { corpora: new Set(corpora.map(String)), questionSets: new Set(questionSets.map(String)) };
}

export async function getCorpus(id: string): Promise<CorpusRecord | undefined> {
  return (await db()).get('corpora', id);
}

export async function getPassages(id: string): Promise<Passage[] | undefined> {
  return (await (await db()).get('corpusPassages', id))?.passages;
}

export async function putQuestionSet(
  fields: Omit<QuestionSetRecord, 'id' | 'createdAt'>,
): Promise<QuestionSetRecord> {
  const rec: QuestionSetRecord = {
    ...fields,
    id: `${questionSetId(fields.questions)}${fields.corpusId ? `_${fields.corpusId}` : ''}`,
    createdAt: new Date().toISOString(),
  };
  const d = await db();
  const existing = await d.get('questionSets', rec.id);
  if (existing) return existing;
  await d.put('questionSets', rec);
  return rec;
}

export async function getQuestionSet(id: string): Promise<QuestionSetRecord | undefined> {
  return (await db()).get('questionSets', id);
}

export interface QuestionSetSummary {
  id: string;
  name: string;
  source: string;
  format?: string;
  corpusId?: string;
  questions: number;
  createdAt: string;
}

export async function listCorpora(): Promise<CorpusRecord[]> {
  const all = await (await db()).getAll('corpora');
  return all.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

export async function listQuestionSets(): Promise<QuestionSetSummary[]> {
  const d = await db();
  const out: QuestionSetSummary[] = [];
  let cur = await d.transaction('questionSets').store.openCursor();
  while (cur) {
    const { questions, ...rest } = cur.value;
    out.push({ ...rest, questions: questions.length });
    cur = await cur.continue();
  }
  return out.sort((a, b) => a.createdAt.localeCompare(b.createdAt));
}

/** Every question of every stored set (for joining gold onto imported trajectories). */
export async function allQuestionSets(): Promise<QuestionSetRecord[]> {
  return (await db()).getAll('questionSets');
}

/** Deletes a corpus, its passages, its indexes and the question sets that refer to it. */
export async function deleteCorpus(id: string): Promise<void> {
  const d = await db();
  const keys = await d.getAllKeysFromIndex('indexes', 'corpusId', id);
  const sets = await d.getAllKeysFromIndex('questionSets', 'corpusId', id);
  const tx = d.transaction(
    ['corpora', 'corpusPassages', 'indexes', 'indexData', 'questionSets'],
    'readwrite',
  );
  void tx.objectStore('corpora').delete(id);
  void tx.objectStore('corpusPassages').delete(id);
  for (const k of keys) {
    void tx.objectStore('indexes').delete(k);
    void tx.objectStore('indexData').delete(k);
    void tx.objectStore('indexData').delete(chunkRange(k));
  }
  for (const k of sets) void tx.objectStore('questionSets').delete(k);
  await tx.done;
}

export function indexKey(corpus: string, kind: IndexRecord['kind'], settings: string): string {
  return `${corpus}|${kind}|${settings}`;
}

/** Stores an index's record and bytes together. */
export async function putIndex(
  rec: Omit<IndexRecord, 'key' | 'createdAt' | 'bytes'> & { data: ArrayBuffer },
): Promise<void> {
  const { data, ...meta } = rec;
  const key = indexKey(rec.corpusId, rec.kind, rec.settings);
  const tx = (await db()).transaction(['indexes', 'indexData'], 'readwrite');
  void tx
    .objectStore('indexes')
    .put({ ...meta, key, bytes: data.byteLength, createdAt: new Date().toISOString() });
  void tx.objectStore('indexData').put({ key, data });
  await tx.done;
}

/** The `indexData` keys of a partial dense build's chunks: `<key>#<from, zero-padded>`. */
function chunkRange(key: string): IDBKeyRange {
  return IDBKeyRange.bound(`${key}#`, `${key}#\uffff`);
}

async function deleteIndexKeys(keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  const tx = (await db()).transaction(['indexes', 'indexData'], 'readwrite');
  for (const k of keys) {
    void tx.objectStore('indexes').delete(k);
    void tx.objectStore('indexData').delete(k);
    void tx.objectStore('indexData').delete(chunkRange(k));
  }
  await tx.done;
}

/**
 * Stores one chunk of a dense build as soon as it is embedded (vectors of passages
 * [from, from + n)), so pausing, a reload or a crash loses at most the chunk in flight. Chunks
 * arrive in passage order; the record counts the passages embedded so far.
 */
export async function putDenseChunk(
  corpus: string,
  settings: string,
  from: number,
  vectors: Float32Array,
  dims: number,
  total: number,
): Promise<void> {
  const key = indexKey(corpus, 'dense-partial', settings);
  const tx = (await db()).transaction(['indexes', 'indexData'], 'readwrite');
  const recs = tx.objectStore('indexes');
  const rec = await recs.get(key);
  const n = vectors.length / dims;
  const data = vectors.slice().buffer;
  void tx.objectStore('indexData').put({ key: `${key}#${String(from).padStart(12, '0')}`, data });
  void recs.put({
    key,
    corpusId: corpus,
    kind: 'dense-partial',
    settings,
    count: Math.max(rec?.count ?? 0, from + n),
    total,
    dims,
    bytes: (rec?.bytes ?? 0) + data.byteLength,
    createdAt: rec?.createdAt ?? new Date().toISOString(),
  });
  await tx.done;
}

/**
 * The vectors a paused or interrupted dense build stored: the passages embedded from the first,
 * in order, copied into a fresh n × dims buffer. A partial build of another width or corpus
 * size cannot be resumed and is dropped.
 */
export async function readDenseChunks(
  corpus: string,
  settings: string,
  dims: number,
  total: number,
): Promise<{ done: number; vectors: Float32Array }> {
  const vectors = new Float32Array(total * dims);
  const key = indexKey(corpus, 'dense-partial', settings);
  const d = await db();
  const rec = await d.get('indexes', key);
  if (!rec) return { done: 0, vectors };
  if (rec.dims !== dims || rec.total !== total) {
    await deleteIndexKeys([key]);
    return { done: 0, vectors };
  }
  let done = 0;
  // Keys sort by their zero-padded start, so chunks come back in passage order.
  for (const chunk of await d.getAll('indexData', chunkRange(key))) {
    const from = Number(chunk.key.slice(key.length + 1));
    const v = new Float32Array(chunk.data);
    if (from > done || from * dims + v.length > vectors.length) break;
    vectors.set(v, from * dims);
    done = Math.max(done, from + v.length / dims);
  }
  return { done, vectors };
}

/** Forgets a partial dense build (finished, rebuilt from scratch, or discarded). */
export async function deleteDenseChunks(corpus: string, settings: string): Promise<void> {
  await deleteIndexKeys([indexKey(corpus, 'dense-partial', settings)]);
}

/** A corpus's stored indexes (records only, no bytes). */
export async function listIndexes(corpus: string): Promise<IndexRecord[]> {
  return (await db()).getAllFromIndex('indexes', 'corpusId', corpus);
}

/**
 * Drops a corpus's indexes of one kind whose settings are not `keep`: BM25 indexes built by an
 * older analysis can never be used again. (Dense indexes of other models stay: switching back
 * to a model reuses its vectors.)
 */
export async function dropStaleIndexes(
  corpus: string,
  kind: IndexRecord['kind'],
  keep: string,
): Promise<number> {
  const keys = await (await db()).getAllKeysFromIndex('indexes', 'corpusId', corpus);
  const prefix = `${corpus}|${kind}|`;
  const stale = keys.filter((k) => k.startsWith(prefix) && k !== indexKey(corpus, kind, keep));
  await deleteIndexKeys(stale);
  return stale.length;
}

export type CachedIndex =
  | { status: 'hit'; record: IndexRecord; data: ArrayBuffer }
  | { status: 'miss' }
  | { status: 'corrupt'; why: string };

/**
 * Reads a cached index and checks it against what the caller expects; a corrupt one is deleted
 * so the caller rebuilds it.
 */
export async function getIndex(
  corpus: string,
  kind: IndexRecord['kind'],
  settings: string,
  expect: { count: number; dims?: number },
): Promise<CachedIndex> {
  const d = await db();
  const key = indexKey(corpus, kind, settings);
  const rec = await d.get('indexes', key);
  if (!rec) return { status: 'miss' };
  const data = (await d.get('indexData', key))?.data;
  let why = '';
  if (rec.count !== expect.count) why = `holds ${rec.count} passages, the corpus has ${expect.count}`;
  else if (!(data instanceof ArrayBuffer)) why = 'has no data';
  else if (data.byteLength !== rec.bytes) why = `has ${data.byteLength} bytes, its record says ${rec.bytes}`;
  else if (kind === 'dense') {
    const dims = rec.dims ?? 0;
    if (expect.dims !== undefined && dims !== expect.dims)
      why = `has ${dims}-dim vectors, the model gives ${expect.dims}`;
    else if (dims <= 0) why = 'has no vector width';
    else if (data.byteLength !== rec.count * dims * 4)
      why = `has ${data.byteLength} bytes, expected ${rec.count * dims * 4}`;
  }
  if (why || !data) {
    await deleteIndexKeys([key]);
    return { status: 'corrupt', why: `cached ${kind} index ${why}` };
  }
  return { status: 'hit', record: rec, data };
}
