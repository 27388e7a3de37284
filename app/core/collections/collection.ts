// Collections: every stored trajectory belongs to one named collection (an import, the live runs,
// a batch, a training run, the demo set), so a researcher's work stays apart and can be shown,
// exported and deleted on its own. Pure: the ids and names each kind of write gets, the
// assignment of records stored before collections existed, and the scope the table and the
// screens read (docs/storage.md).
import { hash53 } from '../hash';

export type CollectionKind = 'demo' | 'import' | 'live' | 'batch' | 'training' | 'forks' | 'other';

/** A collection as stored (IndexedDB `collections`); its trajectories name it by `id`. */
export interface Collection {
  id: string;
  name: string;
  kind: CollectionKind;
  createdAt: string;
}

/** What a write names: the collection, created with this name and kind when it is not stored. */
export type CollectionRef = Omit<Collection, 'createdAt'>;

export const DEMO_COLLECTION: CollectionRef = { id: 'demo', name: 'Demo', kind: 'demo' };
export const LIVE_COLLECTION: CollectionRef = { id: 'live', name: 'Live runs', kind: 'live' };
export const FORKS_COLLECTION: CollectionRef = { id: 'forks', name: 'Forks', kind: 'forks' };
export const UNSORTED_COLLECTION: CollectionRef = { id: 'unsorted', name: 'Unsorted', kind: 'other' };

/** Ids are URL-safe (the chooser's choice is in the link, comma-separated). */
function idOf(prefix: string, key: string): string {
  return `${prefix}-${hash53(key)}`;
}

/** A new collection for one import action, named after its file or folder. */
export function newImportCollection(name: string, at: string = new Date().toISOString()): CollectionRef {
  return { id: idOf('import', `${at}|${name}|${Math.random()}`), name, kind: 'import' };
}

/**
 * What one import action is called: its folder (a picked folder's files carry the path), its file,
 * or its first file and how many more.
 */
export function importActionName(files: readonly { name: string; webkitRelativePath?: string }[]): string {
  const folder = files[0]?.webkitRelativePath?.split('/')[0];
  if (folder && files[0]!.webkitRelativePath!.includes('/')) return folder;
  if (files.length <= 1) return files[0]?.name ?? 'Import';
  return `${files[0]!.name} and ${files.length - 1} more`;
}

/** A training run's collection: the same run imported again (or followed) stays in it. */
export function trainingCollection(run: string): CollectionRef {
  return {
    id: idOf('run', run),
    name: run ? `Training run ${run}` : 'Training run (unnamed)',
    kind: 'training',
  };
}

export function batchCollection(batchId: string, name: string): CollectionRef {
  return { id: idOf('batch', batchId), name: name || 'Batch', kind: 'batch' };
}

/** A file's collection, for records stored before collections existed (one per file). */
export function fileCollection(file: string): CollectionRef {
  return { id: idOf('file', file), name: file, kind: 'import' };
}

/** What a stored row says about where its trajectory came from (core/table/row fields). */
export interface StoredOrigin {
  file: string;
  live: boolean;
  /** The training run ('' when none); `trainStep` null when it is not a training rollout. */
  run: string;
  trainStep: number | null;
  /** The batch that ran it, when a batch record lists it. */
  batch?: { id: string; name: string };
}

/**
 * The collection a trajectory stored without one belongs to, derived from what is stored: its
 * batch, its training run, a fork or live run, else the file it was imported from. The demo set
 * is its own collection (its file names, from its manifest, are passed in).
 */
export function collectionOfStored(
  o: StoredOrigin,
  demoFiles: ReadonlySet<string> = new Set(),
): CollectionRef {
  if (o.batch) return batchCollection(o.batch.id, o.batch.name);
  if (o.trainStep !== null) return trainingCollection(o.run);
  // core/table/row names a fork's file 'forks' and a live run's 'live runs' when they have none.
  if (o.live) return o.file === 'forks' ? FORKS_COLLECTION : LIVE_COLLECTION;
  if (demoFiles.has(o.file)) return DEMO_COLLECTION;
  if (o.file) return fileCollection(o.file);
  return UNSORTED_COLLECTION;
}

/**
 * The collection a trajectory written without one goes to: a training sample to its run's, a
 * fork to the forks, a live run to the live runs, anything else to its file's.
 */
export function writtenCollection(t: {
  source: { kind?: string; file?: string };
  training?: { run: string };
  lineage?: unknown;
}): CollectionRef {
  if (t.training) return trainingCollection(t.training.run);
  if (t.lineage) return FORKS_COLLECTION;
  if (t.source.kind === 'live') return LIVE_COLLECTION;
  if (t.source.file) return fileCollection(t.source.file);
  return UNSORTED_COLLECTION;
}

/**
 * The collections the table and the screens show: the chosen ones, or, with no choice made
 * (null), every collection except training runs (their samples are many and of another kind).
 * A collection not known (stored since the list was read) counts as not a training run.
 */
export function scopeTest(
  chosen: readonly string[] | null,
  collections: readonly Pick<Collection, 'id' | 'kind'>[],
): (collection: string) => boolean {
  if (chosen !== null) {
    const set = new Set(chosen);
    return (c) => set.has(c);
  }
  const training = new Set(collections.filter((c) => c.kind === 'training').map((c) => c.id));
  return (c) => !training.has(c);
}

/**
 * The table's scope: scopeTest, and with no choice made, a training run the table is filtered to
 * (`run`, a Training plot's point opening one run's step) counts as chosen too.
 */
export function tableScopeTest(
  chosen: readonly string[] | null,
  run: string | null,
  collections: readonly Pick<Collection, 'id' | 'kind'>[],
): (collection: string) => boolean {
  const test = scopeTest(chosen, collections);
  if (chosen !== null || run === null) return test;
  const runs = trainingCollection(run).id;
  return (c) => c === runs || test(c);
}

/** The rows of `rows` in scope (the same array when every row is). */
export function inScope<R extends { collection: string }>(
  rows: readonly R[],
  chosen: readonly string[] | null,
  collections: readonly Pick<Collection, 'id' | 'kind'>[],
  run: string | null = null,
): readonly R[] {
  const test = tableScopeTest(chosen, run, collections);
  return rows.every((r) => test(r.collection)) ? rows : rows.filter((r) => test(r.collection));
}

/** Natural order for names with numbers (step files 1, 2, 10, not 1, 10, 2). */
export const naturalOrder = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' }).compare;
