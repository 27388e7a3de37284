// Benchmark datasets → passages and questions in one shape (see types.ts and registry.ts).
export * from './types';
export { DATASET_LOADERS, datasetLoader, detectDataset, loadDataset, openDatasetStream } from './registry';
export type { DatasetLoadOptions, Detection } from './registry';
export { loadHotpotQA } from './hotpotqa';
export { loadTwoWiki } from './twowiki';
export { loadMusique } from './musique';
export { loadBamboogle } from './bamboogle';
export { loadFlashragCorpus, loadFlashragQuestions, splitContents } from './flashrag';
export { loadColumnMapped } from './column-mapped';
export { parseAnswers, suggestMapping } from './column-mapping';
export { CsvParser, parseDelimited } from './csv';
export type { CsvIssue, CsvRow } from './csv';
export { JsonRecordStream, readJsonRecords } from '../io/json-records';
export { planRefProblems, planRefs, resolveRefs, templateFromAnswers, withResolved } from './plan';
export { passageId } from './common';
export type { DatasetStream } from './stream';
