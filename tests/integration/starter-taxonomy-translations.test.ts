import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { categories, options, topics, users } from '@/lib/db/schema';
import { ensureTaxonomy } from '@/features/starter-library/server/make-library';
import { OPTIONS } from '@/features/starter-library/data/library';
import { TEAM_USER, TOPICS } from '@/features/starter-library/data/taxonomy';

/**
 * The starter library's seed (ensureTaxonomy) writes Hindi and Hinglish
 * names into `translations`, and a re-seed of an older database fills in
 * what is missing without new rows and without overwriting an edit.
 */
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'starter-l10n-'));
afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

describe('ensureTaxonomy', () => {
  it('seeds three-language names and a re-seed fills missing ones without duplicating rows', async () => {
    const { db } = await getDb();
    const slugs = TOPICS.map((t) => t.slug);
    const topicsBefore = await db.select().from(topics).where(inArray(topics.slug, slugs));
    const catsBefore = topicsBefore.length
      ? await db.select().from(categories).where(inArray(categories.topic_id, topicsBefore.map((t) => t.id))) : [];
    const optsBefore = catsBefore.length
      ? await db.select().from(options).where(inArray(options.category_id, catsBefore.map((c) => c.id))) : [];
    const [teamBefore] = await db.select({ id: users.id }).from(users).where(eq(users.username, TEAM_USER.username));
    const counts = async (ids: string[]) => {
      const cats = await db.select().from(categories).where(inArray(categories.topic_id, ids));
      const opts = cats.length ? await db.select().from(options).where(inArray(options.category_id, cats.map((c) => c.id))) : [];
      return { cats, opts };
    };
    try {
      const ids = await ensureTaxonomy(db, tmp);
      const topicIds = [...ids.topics.values()];
      const first = await counts(topicIds);
      const subsidy = ids.topics.get('subsidy-and-money')!;
      const [row] = await db.select().from(topics).where(eq(topics.id, subsidy));
      expect(row.name).toBe('Subsidy and money');
      expect(row.translations).toMatchObject({ hi: { name: 'सब्सिडी और पैसा' }, he: { name: 'Subsidy aur paisa' } });
      const o = first.opts.find((x) => x.id === ids.options.get('subsidy-3kw'))!;
      expect(o.translations).toEqual(OPTIONS.find((x) => x.key === 'subsidy-3kw')!.translations);

      // An older database: translations missing, one Hindi category name set by an operator.
      await db.update(topics).set({ translations: {} }).where(inArray(topics.id, topicIds));
      await db.update(options).set({ translations: {} }).where(eq(options.id, o.id));
      const cat = first.cats.find((c) => c.name === 'Subsidy')!;
      await db.update(categories).set({ translations: { hi: { name: 'केंद्र सब्सिडी' } } }).where(eq(categories.id, cat.id));

      await ensureTaxonomy(db, tmp);
      const second = await counts(topicIds);
      expect(second.cats).toHaveLength(first.cats.length);
      expect(second.opts).toHaveLength(first.opts.length);
      expect((await db.select().from(topics).where(inArray(topics.slug, slugs)))).toHaveLength(TOPICS.length);
      const [again] = await db.select().from(topics).where(eq(topics.id, subsidy));
      expect(again.translations.hi?.description).toMatch(/[\u0900-\u097F]/);
      expect(second.opts.find((x) => x.id === o.id)!.translations.he?.name).toBe('3 kW par kitni subsidy?');
      expect(second.cats.find((c) => c.id === cat.id)!.translations).toEqual({ hi: { name: 'केंद्र सब्सिडी' }, he: { name: 'Subsidy' } });
    } finally {
      const had = new Set(topicsBefore.map((t) => t.id));
      const now = await db.select({ id: topics.id }).from(topics).where(inArray(topics.slug, slugs));
      const made = now.map((t) => t.id).filter((id) => !had.has(id));
      if (made.length) await db.delete(topics).where(inArray(topics.id, made));
      for (const t of topicsBefore) await db.update(topics).set({ translations: t.translations }).where(eq(topics.id, t.id));
      for (const c of catsBefore) await db.update(categories).set({ translations: c.translations }).where(eq(categories.id, c.id));
      for (const x of optsBefore) await db.update(options).set({ translations: x.translations }).where(eq(options.id, x.id));
      if (!teamBefore) await db.delete(users).where(eq(users.username, TEAM_USER.username));
    }
  });
});
