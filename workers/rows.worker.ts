// Row worker: derives the table rows of part of an import's batch (app/runtime/rows), in the
// import worker's pool.
import * as Comlink from 'comlink';
import { createRowsWorkerApi } from '../app/runtime/rows/api';

Comlink.expose(createRowsWorkerApi());
