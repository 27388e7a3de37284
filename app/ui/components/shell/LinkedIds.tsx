import type { ReactNode } from 'react';
import { useLinkedIds } from '../../data/trajectories/trajectory-links';

/** Renders `children` with the stored ids a link names (a long id's link carries a short key). */
export function LinkedIds({
  ids,
  children,
}: {
  ids: readonly string[];
  children: (ids: string[]) => ReactNode;
}) {
  const resolved = useLinkedIds(ids);
  if (!resolved) return <p className="muted">Opening the link…</p>;
  return <>{children(resolved)}</>;
}
