import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/db/client';
import { events } from '@/lib/db/schema';
import { deriveEventsOnce, drainDerivation } from '@/features/events/server/derive';

/**
 * A derivation worker process for tests/integration/events-crash.test.ts,
 * on DATABASE_URL. Modes:
 * - `slow`: appends the events described by CRASH_PLAN (JSON: reels,
 *   viewers), then derives everything waiting in one batch and, with the
 *   batch's writes done but not committed, prints `claimed <n>` and waits to
 *   be killed;
 * - `drain`: derives until nothing is left, prints `drained` and exits.
 */
const mode = process.argv[2];
const { db } = await getDb();

if (mode === 'slow') {
  const plan = JSON.parse(process.env.CRASH_PLAN ?? '{}') as { reels: string[]; viewers: string[] };
  const rows: Array<typeof events.$inferInsert & { ingest_id: string }> = [];
  plan.viewers.forEach((v, i) => {
    const reel = plan.reels[i % plan.reels.length];
    const base = { viewer_id: v, content_id: reel };
    rows.push({ ...base, ingest_id: randomUUID(), event_type: 'VIDEO_VIEW', view_ok: true, payload: { content_id: reel, content_watched: 4 } });
    rows.push({ ...base, ingest_id: randomUUID(), event_type: 'VIDEO_VIEW', view_ok: true, payload: { content_id: reel, content_watched: 4 } });
    rows.push({ ...base, ingest_id: randomUUID(), event_type: 'VIDEO_PROGRESS', payload: { content_id: reel, content_watched: 10, content_length: 30 } });
    rows.push({ ...base, ingest_id: randomUUID(), event_type: 'VIDEO_COMPLETE', payload: { content_id: reel, content_watched: 30, content_length: 30 } });
    rows.push({ viewer_id: v, ingest_id: randomUUID(), event_type: 'PAGE_VISIT', campaign: 'awa', payload: {} });
  });
  for (let i = 0; i < rows.length; i += 500) await db.insert(events).values(rows.slice(i, i + 500));
  await deriveEventsOnce(db, {
    limit: 1_000_000,
    beforeCommit: async () => {
      // The batch's writes are done, not committed: the test kills this process now.
      process.stdout.write(`claimed ${rows.length}\n`);
      await new Promise(() => undefined);
    },
  });
} else if (mode === 'drain') {
  await drainDerivation(db, 60_000);
  process.stdout.write('drained\n');
  await (await getDb()).close();
  process.exit(0);
}
