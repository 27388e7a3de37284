// Table worker: holds the table's rows and answers its queries off the main thread (app/runtime/table).
import * as Comlink from 'comlink';
import { createTableWorkerApi } from '../app/runtime/table/api';

Comlink.expose(createTableWorkerApi());
