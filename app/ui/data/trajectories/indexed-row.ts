// The row of a trajectory opened from a Parquet index (no body stored): what its page shows in
// place of the steps (components/trajectory/IndexedTrajectory). Under the rows key, so opening
// the index again or importing the log refreshes it.
import { useQuery } from '@tanstack/react-query';
import { getIndexedRow } from '../../../db/indexed-rows';
import { keys } from '../queries';

export function useIndexedRow(id: string) {
  return useQuery({
    queryKey: [...keys.rows, 'indexed', id],
    queryFn: () => getIndexedRow(id),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
