// Import worker: parses and stores trajectory files off the main thread (app/runtime/import).
import * as Comlink from 'comlink';
import { createImportWorkerApi } from '../app/runtime/import/api';

Comlink.expose(createImportWorkerApi());
