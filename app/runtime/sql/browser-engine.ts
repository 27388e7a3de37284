// DuckDB-WASM in the browser: its async API, the engine running in DuckDB's own worker started
// from the SQL worker. The .wasm and worker files are the app's own assets (`?url`: served by the
// dev server and emitted by the build, under the page's COOP/COEP headers), never a CDN: offline
// there is no network. The exception-handling build when the browser has WebAssembly exceptions,
// else the MVP build.
import * as duckdb from '@duckdb/duckdb-wasm';
import ehWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-eh.worker.js?url';
import mvpWorker from '@duckdb/duckdb-wasm/dist/duckdb-browser-mvp.worker.js?url';
import ehWasm from '@duckdb/duckdb-wasm/dist/duckdb-eh.wasm?url';
import mvpWasm from '@duckdb/duckdb-wasm/dist/duckdb-mvp.wasm?url';
import type { SqlConnection } from './connection';

const BUNDLES: duckdb.DuckDBBundles = {
  mvp: { mainModule: mvpWasm, mainWorker: mvpWorker },
  eh: { mainModule: ehWasm, mainWorker: ehWorker },
};

/**
 * `path`: a database file (`opfs://name`) instead of memory; the page keeps its tables in memory
 * and rebuilds them (docs/reference/sql.md), the benchmark opens a file to measure the other way.
 */
export async function openBrowserEngine(path?: string): Promise<SqlConnection> {
  const bundle = await duckdb.selectBundle(BUNDLES);
  const worker = new Worker(bundle.mainWorker as string, { name: 'hopscope-duckdb' });
  const db = new duckdb.AsyncDuckDB(new duckdb.VoidLogger(), worker);
  await db.instantiate(bundle.mainModule, bundle.pthreadWorker);
  // 64-bit counts and sums as doubles, as the CLI opens it: every result cell fits JSON.
  await db.open({
    query: { castBigIntToDouble: true, castDecimalToDouble: true },
    ...(path ? { path, accessMode: duckdb.DuckDBAccessMode.READ_WRITE } : {}),
  });
  const conn = await db.connect();
  return {
    bundle: bundle.mainModule === ehWasm ? 'eh' : 'mvp',
    run: (sql) => conn.query(sql),
    prepare: (sql) => conn.prepare(sql),
    insertIpc: (name, bytes) => conn.insertArrowFromIPCStream(bytes, { name, create: false }),
    close: async () => {
      await conn.close();
      await db.terminate();
    },
  };
}
