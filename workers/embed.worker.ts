// Embedding worker: holds the feature-extraction model off the main thread (app/runtime/embed).
import * as Comlink from 'comlink';
import { createEmbedWorkerApi } from '../app/runtime/embed/api';

Comlink.expose(createEmbedWorkerApi());
