// A batch's rows derived in parts at once (a pool of row workers, one part each), joined back in
// the batch's order: the derivation (metrics, the diagnosis; core/table/row) is most of an
// import's cost per record, and one thread did it for every record in turn.
import type { DerivedRows } from '../../db/trajectory-write';

/** Derives the rows of some records (one worker of the pool). */
export type DeriveRows<T> = (list: T[]) => Promise<DerivedRows>;

/**
 * The rows of `list` in its order, its parts derived at once by `derivers` (as many parts as
 * derivers, each at least `minPart` records). All or nothing: a part that fails fails the whole
 * (the batch is not stored, and the import reports why). Parts derived under different question
 * sets (one changed meanwhile) get a key no write matches, so the write derives them again.
 */
export async function deriveInParts<T>(
  list: readonly T[],
  derivers: readonly DeriveRows<T>[],
  minPart = 50,
): Promise<DerivedRows> {
  const parts = Math.max(1, Math.min(derivers.length, Math.floor(list.length / minPart)));
  const size = Math.ceil(list.length / parts);
  const done = await Promise.all(
    Array.from({ length: parts }, (_, i) =>
      (derivers[i] as DeriveRows<T>)(list.slice(i * size, (i + 1) * size)),
    ),
  );
  const keys = new Set(done.map((d) => d.key));
  return { key: keys.size === 1 ? (done[0]?.key ?? '') : '', rows: done.flatMap((d) => d.rows) };
}
