// The lock every DuckDB engine of Hopscope takes once its tables are loaded (the CLI's and the
// page's SQL worker alike): from then on no statement reads or writes a file, reaches the network,
// loads an extension (none is fetched behind the user's back) or undoes these settings. The
// read-only check (read-only.ts) and prepared statements (read-only-query.ts) come on top.
export const ENGINE_LOCK: readonly string[] = [
  'SET autoinstall_known_extensions=false',
  'SET autoload_known_extensions=false',
  'SET enable_external_access=false',
  'SET lock_configuration=true',
];

/** Runs the lock's statements in order through an engine's `run` (sync or async). */
export async function lockEngine(run: (sql: string) => unknown): Promise<void> {
  for (const statement of ENGINE_LOCK) await run(statement);
}
