// The page's side of the SQL worker: started on first use (the SQL box opened, or a link with a
// query), and joined to the table worker by a MessageChannel so rows go worker to worker.
import * as Comlink from 'comlink';
import { tableWorker } from '../table/client';
import type { SqlWorkerApi } from './api';

let remote: Comlink.Remote<SqlWorkerApi> | null = null;

export function sqlWorker(): Comlink.Remote<SqlWorkerApi> {
  if (remote) return remote;
  remote = Comlink.wrap<SqlWorkerApi>(
    new Worker(new URL('../../../workers/sql.worker.ts', import.meta.url), {
      type: 'module',
      name: 'hopscope-sql',
    }),
  );
  const { port1, port2 } = new MessageChannel();
  void tableWorker().connectSql(Comlink.transfer(port1, [port1]));
  void remote.connect(Comlink.transfer(port2, [port2]));
  // And the other way: the table worker asks it the table's questions once its tables are current.
  const answers = new MessageChannel();
  void remote.serveTable(Comlink.transfer(answers.port1, [answers.port1]));
  void tableWorker().useSql(Comlink.transfer(answers.port2, [answers.port2]));
  return remote;
}
