import http from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import suggested from '../../features/assistant/data/suggested/english.json' with { type: 'json' };
import { collectCspProblems } from './console';

/**
 * The AI assistant in Chromium: a suggested question streams its answer in
 * with follow-ups (and related reels where the server has any: the e2e
 * library holds only generated clips), Hindi in gives Hindi out, a reload
 * keeps the last 8 messages, reset clears them.
 */
const MESSAGE = '[data-testid="chat-message"]';
const ANSWER = '[data-testid="chat-message"][data-role="assistant"]';

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
  }, ANSWER);
}

async function snapshots(page: Page): Promise<Snapshot[]> {
  return page.evaluate(() => (window as unknown as { __snaps: Snapshot[] }).__snaps);
}

/** Waits until the conversation holds `count` messages and the last answer has ended. */
async function waitAnswered(page: Page, count: number): Promise<void> {
  await page.waitForFunction(([sel, n]) => {
    const msgs = document.querySelectorAll('[data-testid="chat-message"]');
    const answers = document.querySelectorAll(sel);
    return msgs.length === n && answers[answers.length - 1]?.getAttribute('data-ended') === 'true';
  }, [ANSWER, count] as const, { timeout: 30_000 });
}

async function openChat(page: Page, path = '/assistant'): Promise<void> {
  await page.goto(path);
  await page.locator('[data-testid="chat-screen"][data-hydrated="true"]').waitFor();
  await page.locator('[data-testid="chat-status"][data-status="connected"]').waitFor({ timeout: 30_000 });
}

async function ask(page: Page, question: string, messagesAfter: number): Promise<void> {
  await page.fill('[data-testid="chat-input"]', question);
  await page.click('[data-testid="chat-send"]');
  await waitAnswered(page, messagesAfter);
}

const lastAnswer = async (page: Page) => (await page.locator('[data-testid="chat-answer"]').last().innerText()).trim();

test.describe('/assistant', () => {
  test('a tapped suggested question gets an answer that streams in, with follow-up questions', async ({ page }) => {
    const cspProblems = collectCspProblems(page);
    await openChat(page);
    const card = page.locator('[data-testid="chat-suggestion"]').first();
    await card.waitFor();
    const question = (await card.innerText()).trim();
    await watchLastAnswer(page);
    await card.click();
    await waitAnswered(page, 2);

    const user = await page.locator(`${MESSAGE}[data-role="user"]`).allInnerTexts();
    expect(question.endsWith(user[0].trim())).toBe(true);
    const answer = await lastAnswer(page);
    expect(answer.length).toBeGreaterThan(20);

    const snaps = await snapshots(page);
    // The listening animation showed before the first chunk, and the text grew before the answer ended.
    expect(snaps.some((s) => s.listening)).toBe(true);
    const partial = snaps.filter((s) => s.ended === 'false' && s.text.length > 0);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial[0].text.length).toBeLessThan(answer.length);

    const followUps = await page.locator('[data-testid="chat-followup"]').allInnerTexts();
    expect(followUps.length).toBeGreaterThanOrEqual(1);
    expect(followUps.length).toBeLessThanOrEqual(3);

    // Related reels: only where the server has reels on the answer's topic.
    const reels = page.locator('[data-testid="chat-related-reel"]');
    const n = await reels.count();
    expect(n).toBeLessThanOrEqual(3);
    for (let i = 0; i < n; i++) expect(await reels.nth(i).getAttribute('href')).toMatch(/^\/content\/[0-9a-f-]{36}$/);
    // The socket and the streamed answer got through the Content-Security-Policy.
    expect(cspProblems).toEqual([]);
  });

  test('a question in Hindi gets an answer in Hindi (Devanagari)', async ({ page }) => {
    await openChat(page);
    await page.click('[data-testid="chat-language-hindi"]');
    await page.fill('[data-testid="chat-input"]', 'बिजली कटने पर सोलर चलेगा?');
    await expect(page.locator('[data-testid="chat-counter"]')).toContainText('25/500');
    await page.click('[data-testid="chat-send"]');
    await waitAnswered(page, 2);
    const answer = await lastAnswer(page);
    const devanagari = answer.match(/[\u0900-\u097F]/g)?.length ?? 0;
    const latin = answer.match(/[A-Za-z]/g)?.length ?? 0;
    expect(devanagari).toBeGreaterThan(20);
    expect(devanagari).toBeGreaterThan(latin * 2);
  });

  test('a reload keeps the last 8 messages and the picked language', async ({ page }) => {
    await openChat(page);
    await page.click('[data-testid="chat-language-hindi"]');
    await ask(page, 'बिजली कटने पर सोलर चलेगा?', 2);
    for (let turn = 1; turn <= 4; turn++) {
      await page.locator('[data-testid="chat-followup"]').first().click();
      await waitAnswered(page, 2 + turn * 2);
    }
    const before = await page.locator(MESSAGE).allInnerTexts();
    expect(before).toHaveLength(10);
    await page.reload();
    await page.locator('[data-testid="chat-screen"][data-hydrated="true"]').waitFor();
    await page.locator(MESSAGE).first().waitFor();
    expect(await page.locator(MESSAGE).allInnerTexts()).toEqual(before.slice(2));
    await expect(page.locator('[data-testid="chat-language-hindi"]')).toHaveAttribute('aria-pressed', 'true');
  });

  test('reset clears the conversation, also after a reload', async ({ page }) => {
    await openChat(page);
    await ask(page, 'What is net metering?', 2);
    await page.click('[data-testid="chat-reset"]');
    await expect(page.locator(MESSAGE)).toHaveCount(0);
    await page.locator('[data-testid="chat-suggestion"]').first().waitFor();
    await page.reload();
    await page.locator('[data-testid="chat-screen"][data-hydrated="true"]').waitFor();
    await page.locator('[data-testid="chat-suggestion"]').first().waitFor();
    await expect(page.locator(MESSAGE)).toHaveCount(0);
  });

  test('"Call me" opens the callback form with the last question as its context', async ({ page, baseURL }) => {
    await openChat(page);
    await page.click('[data-testid="chat-language-english"]');
    await ask(page, 'What is net metering?', 2);
    const href = await page.getAttribute('[data-testid="chat-call-me"]', 'href');
    const url = new URL(href!, baseURL);
    expect(url.pathname).toBe('/callback');
    expect(url.searchParams.get('context')).toBe('What is net metering?');
  });

  test('the category picker lists exactly that category\'s questions, and a picked one is answered', async ({ page }) => {
    await openChat(page);
    await page.click('[data-testid="chat-category"][data-category="System Cost"]');
    const listed = page.locator('[data-testid="chat-short-question"]');
    await listed.first().waitFor();
    const shown = (await listed.allInnerTexts()).map((q) => q.trim());
    const expected = suggested.short.filter((s) => s.category === 'System Cost').map((s) => s.q);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    expect(shown.map((q) => q.replace(/^\S+\s+/, ''))).toEqual(expected);
    await listed.first().click();
    await waitAnswered(page, 2);
    const answer = await lastAnswer(page);
    expect(answer.length).toBeGreaterThan(20);
    expect(answer).not.toBe(en.assistant.noMatchReply);
  });
});

test.describe('/chat/external framed by a partner site', () => {
  test('answers inside a cross-site iframe, where the browser keeps no cookie of ours', async ({ page, baseURL }) => {
    // The partner: a page on http://localhost:<E2E_PARTNER_PORT>, another site than the app's
    // 127.0.0.1 and one of CHAT_EMBED_ORIGINS (playwright.config.ts), served by this test.
    const html = `<!doctype html><title>Partner</title><iframe id="chat" src="${baseURL}/chat/external/general" style="width:400px;height:700px"></iframe>`;
    const partner = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end(html);
    });
    await new Promise<void>((resolve) => partner.listen(Number(process.env.E2E_PARTNER_PORT), '127.0.0.1', resolve));
    test.info().setTimeout(90_000);
    try {
      await page.goto(`http://localhost:${process.env.E2E_PARTNER_PORT}/solar`);
      await askInFrame(page);
    } finally {
      await new Promise((resolve) => partner.close(resolve));
    }
  });
});

/** Asks the framed chat one suggested question and waits for its answer. */
async function askInFrame(page: Page): Promise<void> {
  const frame = page.frameLocator('#chat');
  await frame.locator('[data-testid="chat-status"][data-status="connected"]').waitFor({ timeout: 30_000 });
  await frame.locator('[data-testid="chat-input"]').fill(suggested.long[0].q);
  await frame.locator('[data-testid="chat-send"]').click();
  const answer = frame.locator('[data-testid="chat-message"][data-role="assistant"][data-ended="true"] [data-testid="chat-answer"]');
  await expect(answer).toHaveText(/\S{3,}/, { timeout: 30_000 });
  await expect(frame.locator('[data-testid="chat-message"][data-role="assistant"] [role="alert"]')).toHaveCount(0);
}
