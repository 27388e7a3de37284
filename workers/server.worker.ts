// Server worker: requests to model servers and remote retrievers, off the main thread (app/runtime/server).
import * as Comlink from 'comlink';
import { createServerWorkerApi } from '../app/runtime/server/api';

Comlink.expose(createServerWorkerApi());
