// The report's trajectories, decoded chunk by chunk on first use and kept (core/report/payload.ts).
import { useEffect, useState } from 'react';
import { CHUNK_SIZE, decodeChunk } from '../core/report/payload';
import type { Trajectory } from '../core/schema/trajectory';

export class ReportSource {
  private readonly index: Map<string, number>;
  private readonly decoded = new Map<number, Promise<Trajectory[]>>();

  constructor(
    ids: readonly string[],
    private readonly chunks: readonly string[],
  ) {
    this.index = new Map(ids.map((id, i) => [id, i]));
  }

  has(id: string): boolean {
    return this.index.has(id);
  }

  /** The trajectory, or undefined when the report has none with this id. */
  async get(id: string): Promise<Trajectory | undefined> {
    const i = this.index.get(id);
    if (i === undefined) return undefined;
    const c = Math.floor(i / CHUNK_SIZE);
    const block = this.chunks[c];
    if (block === undefined) throw new Error(`this report lacks the data of trajectory ${i + 1}`);
    let list = this.decoded.get(c);
    if (!list) {
      list = decodeChunk(block, c);
      this.decoded.set(c, list);
    }
    return (await list)[i % CHUNK_SIZE];
  }
}

export type Loaded =
  { state: 'loading' } | { state: 'error'; error: string } | { state: 'ok'; t: Trajectory };

/** The trajectory `id` from the report, as it loads. */
export function useReportTrajectory(source: ReportSource, id: string | null): Loaded | null {
  const [out, setOut] = useState<{ id: string; v: Loaded } | null>(null);
  useEffect(() => {
    if (id === null) return;
    let live = true;
    source.get(id).then(
      (t) => live && setOut({ id, v: t ? { state: 'ok', t } : { state: 'error', error: 'missing' } }),
      (e: unknown) =>
        live && setOut({ id, v: { state: 'error', error: e instanceof Error ? e.message : String(e) } }),
    );
    return () => {
      live = false;
    };
  }, [source, id]);
  if (id === null) return null;
  return out?.id === id ? out.v : { state: 'loading' };
}
