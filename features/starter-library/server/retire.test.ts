import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { openDb, type DbHandle } from '@/lib/db/client';
import { categories, contentItems, options, topics } from '@/lib/db/schema';
import { SOURCE_KEY_PREFIX } from '../data/taxonomy';
import { REPLACED_REASON, retireReplacedReels } from './make-library';

// A fresh in-memory PGlite with the real migrations (the unit project has no shared database).
let handle: DbHandle;
let optionId: string;
beforeAll(async () => {
  handle = await openDb({ dataDir: 'memory://' });
  const { db } = handle;
  const [t] = await db.insert(topics).values({ slug: 't', name: 'T' }).returning({ id: topics.id });
  const [c] = await db.insert(categories).values({ topic_id: t!.id, name: 'C' }).returning({ id: categories.id });
  const [o] = await db.insert(options).values({ category_id: c!.id, name: 'O' }).returning({ id: options.id });
  optionId = o!.id;
}, 60_000);
afterAll(async () => handle?.close());

async function reel(sourceKey: string, status: string): Promise<string> {
  const [row] = await handle.db.insert(contentItems).values({ option_id: optionId, source_key: sourceKey, status }).returning({ id: contentItems.id });
  return row!.id;
}

async function reviewOf(id: string) {
  const [row] = await handle.db.select({ s: contentItems.review_status, r: contentItems.review_reason }).from(contentItems).where(eq(contentItems.id, id));
  return row;
}

describe('retireReplacedReels', () => {
  it('takes an older generation out of the feed only once its replacement is ready', async () => {
    expect(SOURCE_KEY_PREFIX).toBe('starter:v2:');
    const oldEn = await reel('starter:v1:subsidy-3kw:en', 'ready');
    const oldHi = await reel('starter:v1:subsidy-3kw:hi', 'ready');
    const newEn = await reel('starter:v2:subsidy-3kw:en', 'processing');
    const upload = await reel('upload:abc', 'ready');

    expect(await retireReplacedReels(handle.db)).toEqual([]);
    expect((await reviewOf(oldEn))?.s).toBe('Approved');

    await handle.db.update(contentItems).set({ status: 'ready' }).where(eq(contentItems.id, newEn));
    expect(await retireReplacedReels(handle.db)).toEqual([oldEn]);
    expect(await reviewOf(oldEn)).toEqual({ s: 'Rejected', r: REPLACED_REASON });
    // No replacement for Hindi yet, the new reel itself and other content stay.
    for (const id of [oldHi, newEn, upload]) expect((await reviewOf(id))?.s).toBe('Approved');
    expect(await retireReplacedReels(handle.db)).toEqual([]);
  });
});
