// Resolves a link's id part to a stored trajectory id: itself when stored, else the long id whose
// short key it is (app/core/link-id.ts).
import { isShortLink, linksTo } from '../core/link-id';
import { storedTrajectoryIds } from '../db/store';

/** The stored id a link names, or the part unchanged when none matches (the page says so). */
export async function resolveTrajectoryLink(part: string): Promise<string> {
  if (!isShortLink(part)) return part;
  const ids = await storedTrajectoryIds();
  if (ids.has(part)) return part;
  for (const id of ids) if (linksTo(part, id)) return id;
  return part;
}
