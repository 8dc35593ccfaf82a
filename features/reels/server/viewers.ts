import 'server-only';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { viewers } from '@/lib/db/schema';

export type { DbOrTx };

/**
 * Writes the anonymous viewer's row if it is not there yet. The cookie is
 * handed out without a write (lib/http/viewer.ts); the row appears when the
 * viewer first fetches the feed or does something that must be stored
 * (a like, a view, watch progress), which the foreign keys need.
 * @param viewerId the 20-character viewer id of the `sr_vid` cookie.
 * @returns true when this call created the row (the viewer is new).
 */
export async function ensureViewer(viewerId: string, db?: DbOrTx): Promise<boolean> {
  const d = db ?? (await getDb()).db;
  const rows = await d.insert(viewers).values({ id: viewerId }).onConflictDoNothing().returning({ id: viewers.id });
  return rows.length > 0;
}
