// SQL worker: DuckDB over the stored rows and labels, one read-only query at a time (app/runtime/sql).
import * as Comlink from 'comlink';
import { createBrowserSqlApi } from '../app/runtime/sql/browser-api';

Comlink.expose(createBrowserSqlApi());
