// Server worker: requests to OpenAI-compatible model servers and remote retrievers, read and
// parsed here so a flooding server never stalls the page (app/runtime/server-worker-api.ts).
import * as Comlink from 'comlink';
import { createServerWorkerApi } from '../app/runtime/server-worker-api';

Comlink.expose(createServerWorkerApi());
