// Loads a corpus / question-set file (any dataset format) chunk by chunk and stores what it holds
// in IndexedDB. All-or-report: every good record is kept, every bad one is reported with file,
// line, field and reason. Runs in the search worker (and in Node tests). No DOM.
import { withSupportTitles } from '../../core/corpus/gold-join';
import {
  detectDataset,
  type DatasetLoadOptions,
  DETECT_SAMPLE_CHARS,
  openDatasetStream,
} from '../../core/corpus/registry';
import type { LoadIssue } from '../../core/corpus/types';
import { getPassages, putCorpus, putQuestionSet } from '../../db/corpus-store';

import { AbortError } from '../../core/abort';
import { decodeChunks } from '../../core/io/decode';

export interface DatasetImportOptions extends DatasetLoadOptions {
  /** A stored corpus the questions' supporting-passage ids may refer to (linked when they all exist there). */
  attachTo?: string;
  signal?: AbortSignal;
  onProgress?: (p: { chars: number }) => void;
}

export interface DatasetImportReport {
  file: string;
  format: string | null;
  corpusId?: string;
  corpusName?: string;
  passages: number;
  questionSetId?: string;
  questions: number;
  /** The corpus the questions were linked to, when their supports refer to one. */
  linkedCorpusId?: string;
  errors: Array<LoadIssue & { file: string }>;
  warnings: Array<LoadIssue & { file: string }>;
}

export async function importDataset(
  chunks: AsyncIterable<string | Uint8Array>,
  file: string,
  options: DatasetImportOptions = {},
): Promise<DatasetImportReport> {
  const { attachTo, signal, onProgress, ...loadOptions } = options;
  // Bytes are decoded as trajectory logs are (BOM, UTF-16, invalid UTF-8 reported as a warning).
  const decodeIssues: Array<LoadIssue & { file: string }> = [];
  const text = decodeChunks(chunks, (i) => decodeIssues.push({ ...i, file, severity: 'warning' }));
  const it = text[Symbol.asyncIterator]();
  // Detection reads the start of the file; those chunks are then written like the rest.
  const head: string[] = [];
  let headChars = 0;
  let ended = false;
  while (headChars < DETECT_SAMPLE_CHARS) {
    const r = await it.next();
    if (r.done) {
      ended = true;
      break;
    }
    head.push(r.value);
    headChars += r.value.length;
  }
  const sample = head.join('');
  const report: DatasetImportReport = {
    file,
    format: null,
    passages: 0,
    questions: 0,
    errors: [],
    warnings: decodeIssues,
  };
  if (sample.trim() === '') {
    report.errors.push({ file, line: 1, message: 'the file is empty' });
    return report;
  }
  const stream = openDatasetStream(sample, file, loadOptions);
  if (stream.format === null) {
    const guess = detectDataset(sample, file);
    report.errors.push({
      file,
      message: guess ? stream.error : `${stream.error}; pick a format or map the columns`,
    });
    return report;
  }
  report.format = stream.format;
  let chars = 0;
  const write = (c: string) => {
    stream.write(c);
    chars += c.length;
    onProgress?.({ chars });
  };
  write(sample);
  while (!ended) {
    if (signal?.aborted) throw new AbortError('loading cancelled');
    const r = await it.next();
    if (r.done) break;
    write(r.value);
  }
  if (signal?.aborted) throw new AbortError('loading cancelled');
  const result = stream.end();
  for (const e of result.errors) {
    const issue = { ...e, file };
    if (e.severity === 'warning') report.warnings.push(issue);
    else report.errors.push(issue);
  }
  let corpusId: string | undefined;
  if (result.corpus && result.corpus.passages.length > 0) {
    const rec = await putCorpus(result.corpus.name, file, result.corpus.passages, stream.format);
    corpusId = rec.id;
    report.corpusId = rec.id;
    report.corpusName = rec.name;
    report.passages = rec.passages;
  }
  if (result.questions && result.questions.questions.length > 0) {
    const questions = result.questions.questions;
    let link = corpusId;
    if (!link && attachTo) {
      // Link only when every supporting-passage id the questions name is in that corpus.
      const target = await getPassages(attachTo);
      const wanted = new Set(questions.flatMap((q) => q.supports ?? []));
      if (target && wanted.size > 0) {
        const have = new Set(target.map((p) => p.id));
        if ([...wanted].every((id) => have.has(id))) link = attachTo;
      }
    }
    if (link) {
      const corpus = link === corpusId ? result.corpus?.passages : await getPassages(link);
      withSupportTitles(questions, corpus ?? []);
    }
    const rec = await putQuestionSet({
      name: result.questions.name,
      source: file,
      format: stream.format,
      ...(link ? { corpusId: link } : {}),
      questions,
    });
    report.questionSetId = rec.id;
    report.questions = questions.length;
    if (link) report.linkedCorpusId = link;
  }
  if (report.passages === 0 && report.questions === 0 && report.errors.length === 0)
    report.errors.push({ file, message: 'no passages or questions were found in the file' });
  return report;
}
