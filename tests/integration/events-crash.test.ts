import { afterEach, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { contentItems, events, funnelSteps, reelDailyStats, viewerAttribution, viewers, views } from '@/lib/db/schema';
import { newVisitorId } from '@/lib/auth/visitor';
import { spawnTsx, type TsxChild } from '@/tests/fixtures/spawn';
import { Seed } from '@/tests/fixtures/seed';

/**
 * A derivation worker killed mid-batch loses no event and counts none twice
 * (docs/decisions/011): a child process appends 1,500 events and folds them
 * in one batch, is SIGKILLed after the batch's writes but before its commit,
 * and a restarted worker then derives every event exactly once. PostgreSQL
 * only (PGlite is one process's database).
 */
describe.runIf(process.env.TEST_DB === 'postgres')('event derivation killed mid-batch', () => {
  const seed = new Seed();
  const children: TsxChild[] = [];
  let viewerIds: string[] = [];
  afterEach(async () => {
    for (const c of children) c.crash();
    const { db } = await getDb();
    if (viewerIds.length) {
      await db.delete(events).where(inArray(events.viewer_id, viewerIds));
      await db.delete(viewerAttribution).where(inArray(viewerAttribution.viewer_id, viewerIds));
      await db.delete(funnelSteps).where(inArray(funnelSteps.viewer_id, viewerIds));
      await db.delete(viewers).where(inArray(viewers.id, viewerIds));
    }
    viewerIds = [];
    await seed.cleanup();
  });

  it('loses no event and counts every one once after a SIGKILL and a restart', async () => {
    const { db } = await getDb();
    const t = await seed.taxonomy();
    const reels = await seed.reels(t.options[0].id, 3);
    const reelIds = reels.map((r) => r.id);
    viewerIds = Array.from({ length: 300 }, () => newVisitorId());
    const plan = JSON.stringify({ reels: reelIds, viewers: viewerIds });
    const mine = () => db.select({ derived: events.derived, n: sql<number>`count(*)::int` }).from(events)
      .where(inArray(events.viewer_id, viewerIds)).groupBy(events.derived);

    const slow = spawnTsx('tests/integration/events-derive-child.ts', ['slow'], { CRASH_PLAN: plan, LOG_LEVEL: 'silent' });
    children.push(slow);
    const line = await slow.waitForLine((l) => l.startsWith('claimed '), 60_000);
    expect(Number(line.split(' ')[1])).toBe(1500);
    slow.crash();
    expect((await slow.exited).signal).toBe('SIGKILL');

    // The killed batch rolled back: every event is still there, underived, and nothing was counted.
    // (Its locks go with its connection; PostgreSQL may take a moment to notice.)
    for (let i = 0; i < 100 && (await mine()).some((r) => r.derived); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await mine()).toEqual([{ derived: false, n: 1500 }]);
    expect(await db.select().from(views).where(inArray(views.content_id, reelIds))).toHaveLength(0);

    const restarted = spawnTsx('tests/integration/events-derive-child.ts', ['drain'], { LOG_LEVEL: 'silent' });
    children.push(restarted);
    await restarted.waitForLine((l) => l === 'drained', 60_000);
    expect((await restarted.exited).code).toBe(0);

    expect(await mine()).toEqual([{ derived: true, n: 1500 }]);
    for (const id of reelIds) {
      const [reel] = await db.select({ n: contentItems.view_count }).from(contentItems).where(eq(contentItems.id, id));
      expect(reel.n).toBe(100);
      expect(await db.select().from(views).where(eq(views.content_id, id))).toHaveLength(100);
      const stats = await db.select().from(reelDailyStats).where(eq(reelDailyStats.content_id, id));
      expect(stats.reduce((s, r) => ({ v: s.v + r.views, c: s.c + r.completions, w: s.w + r.watch_seconds }), { v: 0, c: 0, w: 0 }))
        .toEqual({ v: 100, c: 100, w: 3000 });
    }
    const visits = await db.select().from(funnelSteps).where(and(inArray(funnelSteps.viewer_id, viewerIds), eq(funnelSteps.stage, 'visit')));
    expect(visits).toHaveLength(300);
    expect(new Set(visits.map((v) => v.campaign))).toEqual(new Set(['awa']));
    await db.delete(reelDailyStats).where(inArray(reelDailyStats.content_id, reelIds));
  }, 120_000);
});
