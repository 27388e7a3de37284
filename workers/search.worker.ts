// Search worker: corpora, their indexes and their cache, off the main thread (app/runtime/search).
import * as Comlink from 'comlink';
import { createSearchWorkerApi } from '../app/runtime/search/api';

Comlink.expose(createSearchWorkerApi());
