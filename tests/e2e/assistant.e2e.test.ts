import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import en from '@/messages/en.json';
import suggested from '@/features/assistant/data/suggested/english.json';
import { usePhonePage } from './browser';

/**
 * The AI assistant in Chromium on a phone (issue "The AI assistant", Tests
 * and figures): a suggested question streams its answer in with follow-ups
 * (and related reels where the server has any: the e2e library holds only
 * generated clips), Hindi in gives Hindi out, a reload keeps the last 8
 * messages, reset clears them.
 */
const baseURL = inject('baseURL');
const LAST_ANSWER = '[data-testid="chat-message"][data-role="assistant"]';

interface Snapshot { listening: boolean; ended: string | null; text: string }

/** Records every state the last answer passes through (text so far, ended flag, listening animation). */
async function watchLastAnswer(page: Page): Promise<void> {
  await page.evaluate((sel) => {
    const w = window as unknown as { __snaps: Snapshot[]; __obs?: MutationObserver };
    w.__obs?.disconnect();
    w.__snaps = [];
    const record = () => {
      const all = document.querySelectorAll(sel);
      const last = all[all.length - 1];
      w.__snaps.push({
        listening: !!document.querySelector('[data-testid="chat-listening"]'),
        ended: last?.getAttribute('data-ended') ?? null,
        text: last?.querySelector('[data-testid="chat-answer"]')?.textContent ?? '',
      });
    };
    w.__obs = new MutationObserver(record);
    w.__obs.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  }, LAST_ANSWER);
}

async function snapshots(page: Page): Promise<Snapshot[]> {
  return page.evaluate(() => (window as unknown as { __snaps: Snapshot[] }).__snaps);
}

/** Waits until the conversation holds `count` messages and the last answer has ended. */
async function waitAnswered(page: Page, count: number): Promise<void> {
  await page.waitForFunction(([sel, n]) => {
    const msgs = document.querySelectorAll('[data-testid="chat-message"]');
    const answers = document.querySelectorAll(sel as string);
    return msgs.length === n && answers[answers.length - 1]?.getAttribute('data-ended') === 'true';
  }, [LAST_ANSWER, count] as const, { timeout: 30_000 });
}

async function openChat(page: Page, path = '/assistant'): Promise<void> {
  await page.goto(path);
  await page.waitForSelector('[data-testid="chat-screen"][data-hydrated="true"]');
  await page.waitForSelector('[data-testid="chat-status"][data-status="connected"]', { timeout: 30_000 });
}

async function texts(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).allInnerTexts();
}

describe('/assistant on a phone', () => {
  let page: Page;
  usePhonePage(baseURL, (p) => { page = p; });

  it('a tapped suggested question gets an answer that streams in, with follow-up questions', async () => {
    await openChat(page);
    const card = page.locator('[data-testid="chat-suggestion"]').first();
    await card.waitFor();
    const question = (await card.innerText()).trim();
    await watchLastAnswer(page);
    await card.click();
    await waitAnswered(page, 2);

    const user = await texts(page, '[data-testid="chat-message"][data-role="user"]');
    expect(question.endsWith(user[0].trim())).toBe(true);
    const answer = (await page.locator('[data-testid="chat-answer"]').last().innerText()).trim();
    expect(answer.length).toBeGreaterThan(20);

    const snaps = await snapshots(page);
    // The listening animation showed before the first chunk, and the text grew before the answer ended.
    expect(snaps.some((s) => s.listening)).toBe(true);
    const partial = snaps.filter((s) => s.ended === 'false' && s.text.length > 0);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0].text.length).toBeLessThan(answer.length);

    const followUps = await texts(page, '[data-testid="chat-followup"]');
    expect(followUps.length).toBeGreaterThanOrEqual(1);
    expect(followUps.length).toBeLessThanOrEqual(3);

    // Related reels: only where the server has reels on the answer's topic.
    const reels = page.locator('[data-testid="chat-related-reel"]');
    const n = await reels.count();
    expect(n).toBeLessThanOrEqual(3);
    for (let i = 0; i < n; i++) expect(await reels.nth(i).getAttribute('href')).toMatch(/^\/content\/[0-9a-f-]{36}$/);
  });

  it('a question in Hindi gets an answer in Hindi (Devanagari)', async () => {
    await page.click('[data-testid="chat-language-hindi"]');
    await page.fill('[data-testid="chat-input"]', 'बिजली कटने पर सोलर चलेगा?');
    expect(await page.innerText('[data-testid="chat-counter"]')).toContain('25/500');
    await page.click('[data-testid="chat-send"]');
    await waitAnswered(page, 4);
    const answer = await page.locator('[data-testid="chat-answer"]').last().innerText();
    const devanagari = answer.match(/[\u0900-\u097F]/g)?.length ?? 0;
    const latin = answer.match(/[A-Za-z]/g)?.length ?? 0;
    expect(devanagari).toBeGreaterThan(20);
    expect(devanagari).toBeGreaterThan(latin * 2);
  });

  it('a reload keeps the last 8 messages', async () => {
    for (let turn = 0; turn < 3; turn++) {
      await page.locator('[data-testid="chat-followup"]').first().click();
      await waitAnswered(page, 6 + turn * 2);
    }
    const before = await texts(page, '[data-testid="chat-message"]');
    expect(before).toHaveLength(10);
    await page.reload();
    await page.waitForSelector('[data-testid="chat-screen"][data-hydrated="true"]');
    await page.waitForSelector('[data-testid="chat-message"]');
    const after = await texts(page, '[data-testid="chat-message"]');
    expect(after).toEqual(before.slice(2));
    // The picked language survives too.
    expect(await page.getAttribute('[data-testid="chat-language-hindi"]', 'aria-pressed')).toBe('true');
  });

  it('reset clears the conversation, also after a reload', async () => {
    await page.click('[data-testid="chat-reset"]');
    expect(await page.locator('[data-testid="chat-message"]').count()).toBe(0);
    await page.waitForSelector('[data-testid="chat-suggestion"]');
    await page.reload();
    await page.waitForSelector('[data-testid="chat-screen"][data-hydrated="true"]');
    await page.waitForSelector('[data-testid="chat-suggestion"]');
    expect(await page.locator('[data-testid="chat-message"]').count()).toBe(0);
  });

  it('"Call me" opens the callback form with the last question as its context', async () => {
    await page.click('[data-testid="chat-language-english"]');
    await page.fill('[data-testid="chat-input"]', 'What is net metering?');
    await page.click('[data-testid="chat-send"]');
    await waitAnswered(page, 2);
    const href = await page.getAttribute('[data-testid="chat-call-me"]', 'href');
    expect(new URL(href!, baseURL).pathname).toBe('/callback');
    expect(new URL(href!, baseURL).searchParams.get('context')).toBe('What is net metering?');
  });

  it('the category picker lists that category\'s questions, and a picked one is answered', async () => {
    await page.click('[data-testid="chat-reset"]');
    await page.click('[data-testid="chat-category"][data-category="System Cost"]');
    const listed = page.locator('[data-testid="chat-short-question"]');
    await listed.first().waitFor();
    const shown = (await listed.allInnerTexts()).map((q) => q.trim());
    const expected = suggested.short.filter((s) => s.category === 'System Cost').map((s) => s.q);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(shown.map((q) => q.replace(/^\S+\s+/, ''))).toEqual(expected);
    await listed.first().click();
    await waitAnswered(page, 2);
    const answer = (await page.locator('[data-testid="chat-answer"]').last().innerText()).trim();
    expect(answer.length).toBeGreaterThan(20);
    expect(answer).not.toBe(en.assistant.noMatchReply);
  });
});

describe('/chat/external/[slug]', () => {
  it("may be framed only by 'self' unless CHAT_EMBED_ORIGINS says more", async () => {
    const res = await fetch(new URL('/chat/external/general', baseURL));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-security-policy')).toBe("frame-ancestors 'self'");
    const other = await fetch(new URL('/assistant', baseURL));
    expect(other.headers.get('content-security-policy')).toBeNull();
  });
});
