// Runs a loader over a file: chunk by chunk (streaming, for a worker reading a File) or over a
// whole text. JSON loaders get records from JsonRecordStream; table loaders get CSV/TSV rows
// (string[] cells) from CsvParser.
import { CsvParser } from './csv';
import { JsonRecordStream } from '../io/json-records';
import type { DatasetLoader, LoadOptions, LoadResult } from './types';

export interface DatasetStream {
  write(chunk: string): void;
  /** Ends the input and returns what was loaded and every problem found. */
  end(): LoadResult;
}

export function openLoaderStream(
  loader: DatasetLoader,
  fileName: string,
  options?: LoadOptions,
): DatasetStream {
  const sink = loader.begin(fileName, options);
  if (loader.container === 'json') {
    const js = new JsonRecordStream({ record: (v, line) => sink.add(v, line), issue: (i) => sink.issue(i) });
    return {
      write: (c) => js.write(c),
      end: () => {
        js.end();
        return sink.finish();
      },
    };
  }
  const csv = new CsvParser(
    loader.delimiter ?? ',',
    (row) => sink.add(row.cells, row.line),
    (i) => sink.issue({ line: i.line, field: `column ${i.column}`, message: i.message }),
  );
  return {
    write: (c) => csv.write(c),
    end: () => {
      csv.end();
      return sink.finish();
    },
  };
}

/** Loads a whole text with one loader. */
export function loadWith(
  loader: DatasetLoader,
  text: string,
  fileName: string,
  options?: LoadOptions,
): LoadResult {
  const s = openLoaderStream(loader, fileName, options);
  s.write(text);
  return s.end();
}
