import { afterAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { qaEntries, suggestedQuestions } from '@/lib/db/schema';
import { loadKnowledge, resetKnowledgeCache, syncKnowledge } from '@/features/assistant/server/knowledge';
import { retrieve } from '@/features/assistant/server/retrieve';
import { listSuggestions, searchSuggestions } from '@/features/assistant/server/suggestions';
import { makeDataDir, removeDataDirs } from '../fixtures/data-dir';

const entry = (id: string, question: string, answer = 'A vetted answer of two plain sentences. As of 2026, check pmsuryaghar.gov.in.') => ({
  id, category: 'Subsidy', question, alternates: [], answer, related_topics: ['subsidy-and-money'], sources: [1],
});
const suggestions = (n: number, short: Array<{ q: string; category: string }> = []) => ({
  long: Array.from({ length: n }, (_, i) => ({ icon: '💰', q: `Subsidy question ${i}?`, color: 'Green' })),
  short: short.map((s) => ({ icon: '⚡', color: 'Blue', ...s })),
});

// The knowledge tables are global: leave them as start-up would (the repository's files).
afterAll(async () => {
  await syncKnowledge();
  resetKnowledgeCache();
  removeDataDirs();
});

describe('syncKnowledge and loadKnowledge', () => {
  it('loads the files into the database and reads them back as the index', async () => {
    const dir = makeDataDir({
      'bank/english/a.json': [entry('cfa-amount', 'How much subsidy do I get?'), entry('apply-steps', 'How do I apply for the scheme?')],
      'bank/hinglish/a.json': [entry('cfa-amount', 'Kitni subsidy milti hai?')],
      'suggested/english.json': suggestions(3, [{ q: 'Cost per kW?', category: 'System Cost' }, { q: 'Net metering?', category: 'Electric Connection' }]),
    });
    expect(await syncKnowledge({ dataDir: dir })).toEqual({ entries: 3, suggestions: 5 });
    const k = await loadKnowledge();
    expect(k.entries).toHaveLength(3);
    expect(k.byId.get('cfa-amount')?.hinglish?.question).toBe('Kitni subsidy milti hai?');
    expect((await listSuggestions('english', 'long')).map((s) => s.q)).toEqual(['Subsidy question 0?', 'Subsidy question 1?', 'Subsidy question 2?']);
    // The short questions' categories round-trip through suggested_questions.
    expect(await listSuggestions('english', 'short')).toEqual([
      { icon: '⚡', q: 'Cost per kW?', color: 'Blue', category: 'System Cost' },
      { icon: '⚡', q: 'Net metering?', color: 'Blue', category: 'Electric Connection' },
    ]);
    expect((await listSuggestions('english', 'long')).every((s) => s.category === undefined)).toBe(true);
    expect((await retrieve('kitni sabsidi milegi', 'hinglish')).match?.entry.question).toBe('Kitni subsidy milti hai?');
    expect((await searchSuggestions('subs')).length).toBe(3);
  });

  it('updates changed rows and removes rows no longer in the files', async () => {
    const dir = makeDataDir({
      'bank/english/a.json': [entry('cfa-amount', 'How much central subsidy do I get?')],
      'suggested/english.json': suggestions(1, [{ q: 'Cost per kW?', category: 'Subsidy' }]),
    });
    await syncKnowledge({ dataDir: dir });
    const { db } = await getDb();
    const rows = await db.select().from(qaEntries);
    expect(rows.map((r) => `${r.language}:${r.entry_id}:${r.question}`)).toEqual(['english:cfa-amount:How much central subsidy do I get?']);
    const srows = await db.select().from(suggestedQuestions).where(eq(suggestedQuestions.language, 'english')).orderBy(suggestedQuestions.form);
    expect(srows.map((r) => `${r.form}:${r.q}:${r.category}`)).toEqual(['long:Subsidy question 0?:null', 'short:Cost per kW?:Subsidy']);
    // The cache was dropped by the sync: the index shows the new rows.
    expect((await loadKnowledge()).entries).toHaveLength(1);
  });

  it('writes nothing when a file is invalid', async () => {
    const dir = makeDataDir({ 'bank/english/a.json': [{ ...entry('x-one', 'What is this question?'), category: 'Nope' }] });
    await expect(syncKnowledge({ dataDir: dir })).rejects.toThrow(/a\.json entry 0 \(id "x-one"\)/);
    const { db } = await getDb();
    expect(await db.select().from(qaEntries)).toHaveLength(1);
  });

  it('leaves out a short question whose row has no category (edited by hand)', async () => {
    const dir = makeDataDir({
      'suggested/english.json': suggestions(0, [{ q: 'Cost per kW?', category: 'System Cost' }, { q: 'Net metering?', category: 'Electric Connection' }]),
    });
    await syncKnowledge({ dataDir: dir });
    const { db } = await getDb();
    await db.update(suggestedQuestions).set({ category: null }).where(eq(suggestedQuestions.q, 'Net metering?'));
    resetKnowledgeCache();
    expect((await listSuggestions('english', 'short')).map((s) => s.q)).toEqual(['Cost per kW?']);
  });
});
