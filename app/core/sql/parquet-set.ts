// The files of one index: `index --out run.parquet` writes the trajectories to run.parquet and the
// other tables beside it (run.searches.parquet, run.labels.parquet). One naming rule, for the CLI
// that writes and reads them and for the page that opens them picked together.
import type { TableName } from './schema';

const COMPANION = /\.(searches|labels)\.parquet$/i;

/** Where each table of the index `out` (a `.parquet` path or name) lies. */
export function parquetPaths(out: string): Record<TableName, string> {
  const stem = out.replace(/\.parquet$/i, '');
  return { trajectories: out, searches: `${stem}.searches.parquet`, labels: `${stem}.labels.parquet` };
}

export const isParquetName = (name: string): boolean => /\.parquet$/i.test(name);

/** One index among picked files: its trajectories file and the companions picked with it. */
export interface ParquetSet {
  trajectories: string;
  searches: string | null;
  labels: string | null;
}

/**
 * Groups picked `.parquet` names into indexes. A companion picked without its trajectories file is
 * refused by name (its rows would belong to no trajectory).
 */
export function parquetSets(names: readonly string[]): ParquetSet[] {
  const picked = new Set(names);
  const mains = names.filter((n) => !COMPANION.test(n));
  const claimed = new Set<string>();
  const sets = mains.map((main) => {
    const p = parquetPaths(main);
    const has = (n: string) => (picked.has(n) ? (claimed.add(n), n) : null);
    return { trajectories: main, searches: has(p.searches), labels: has(p.labels) };
  });
  const orphans = names.filter((n) => COMPANION.test(n) && !claimed.has(n));
  if (orphans.length > 0)
    throw new Error(
      orphans
        .map(
          (o) =>
            `${o}: pick it together with ${o.replace(COMPANION, '.parquet')}, the trajectories it belongs to`,
        )
        .join('; '),
    );
  return sets;
}

/** What the picked set lacks, in words (empty when every companion was picked). */
export function missingCompanions(set: ParquetSet): string[] {
  const p = parquetPaths(set.trajectories);
  const out: string[] = [];
  if (set.searches === null) out.push(`${p.searches} not picked: these rows have no searches`);
  if (set.labels === null) out.push(`${p.labels} not picked: no labels were opened with them`);
  return out;
}
