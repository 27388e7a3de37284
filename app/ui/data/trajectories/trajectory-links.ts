// Short links for long trajectory ids (core/link-id.ts), resolved through the store.
import { useQuery } from '@tanstack/react-query';
import { isShortLink } from '../../../core/link-id';
import { resolveTrajectoryLink } from '../../../services/trajectory-links';

/** The stored ids a link's id parts name; undefined while a short key is being resolved. */
export function useLinkedIds(parts: readonly string[]): string[] | undefined {
  const short = parts.some(isShortLink);
  const q = useQuery({
    queryKey: ['trajectory-link', ...parts],
    queryFn: () => Promise.all(parts.map(resolveTrajectoryLink)),
    enabled: short,
  });
  return short ? q.data : [...parts];
}
