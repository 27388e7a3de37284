// The SQL worker's API as the browser runs it: DuckDB-WASM's browser build, labels from IndexedDB.
import { listAnnotations } from '../../db/store';
import { createSqlWorkerApi } from './api';
import { openBrowserEngine } from './browser-engine';

export function createBrowserSqlApi() {
  return createSqlWorkerApi({ open: openBrowserEngine, labels: listAnnotations });
}
