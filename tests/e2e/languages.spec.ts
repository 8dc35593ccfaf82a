import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import hi from '../../messages/hi.json' with { type: 'json' };
import he from '../../messages/he.json' with { type: 'json' };
import { ACTIVE, openFeed, waitPlaying } from './player';
import { newPhone, signInByApi } from './sign-in';

/**
 * The person's language end to end, on a 390x844 phone: a Hindi phone
 * (Accept-Language hi-IN, no language chosen yet) and a person who chose
 * Hinglish (NEXT_LOCALE=he). On the feed, the callback confirmation, the
 * Rewards tab and the Profile tab: `<html lang>` is `hi` / `hi-Latn`, the
 * interface strings are that language's (messages/*.json), and nothing on the
 * page is Hebrew (`he` is the wire code of Hinglish, and Hebrew to Intl) or
 * carries a direction mark. The feed is in the person's language where
 * reels in it exist; the e2e server's four clips are all English
 * (scripts/lib/test-server.ts imports them with `--lang en`), so there the
 * server falls back to every language and the language menu says so.
 * Names chosen by the data: an admin (this spec's own number of ADMIN_PHONES,
 * scripts/e2e-server.ts) makes a topic and a deal with Hindi and Hinglish
 * texts through the studio and staff APIs; the TLDR board and the Rewards
 * tab show them in the person's language, never the English ones.
 * Screenshots go to /work/shots/lang-<hi|he>-<screen>.png, outside the repository.
 */

/** ADMIN_PHONES of scripts/e2e-server.ts: this spec's own number (OTP limits are per phone). */
const ADMIN_PHONE = '9999900006';

type Messages = typeof en;
type ReelLang = 'en' | 'hi' | 'he';

interface LanguageCase {
  /** The interface language (messages file, NEXT_LOCALE value). */
  ui: 'hi' | 'he';
  /** What the person's phone or choice is, for the test's title. */
  who: string;
  htmlLang: string;
  /** The locale Intl formats dates with for this interface language (lib/i18n-locale.ts). */
  formatLocale: string;
  m: Messages;
  /** The browser context's locale (navigator.language and Accept-Language). */
  locale: string;
  /** The NEXT_LOCALE cookie, when the person chose a language. */
  cookie: string | null;
}

/** A topic and a deal in three languages, made for one case (names carry the case so the two runs differ). */
function namedData(ui: 'hi' | 'he') {
  const tag = `${ui}${Date.now().toString(36)}`;
  return {
    topic: { en: `Battery backup ${tag}`, hi: `बैटरी बैकअप ${tag}`, he: `Battery ka backup ${tag}` },
    deal: {
      url_id: `e2e-lang-${tag}`,
      en: { title: `Solar for your society ${tag}`, ribbon: 'New', description: 'Refer your housing society.', terms: 'One reward per society.' },
      hi: { title: `आपकी सोसाइटी के लिए सोलर ${tag}`, ribbon: 'नया', description: 'अपनी हाउसिंग सोसाइटी को रेफ़र करें।', terms: 'हर सोसाइटी पर एक इनाम।' },
      he: { title: `Aapki society ke liye solar ${tag}`, ribbon: 'Naya', description: 'Apni housing society ko refer karein.', terms: 'Har society par ek reward.' },
    },
  };
}

/** Makes `data`'s topic (studio API) and deal (staff API) as the admin signed in on `request`. */
async function makeNamedData(request: APIRequestContext, data: ReturnType<typeof namedData>): Promise<void> {
  const topic = await request.post('/uploader/api/v1/topic', {
    data: { name: data.topic.en, translations: { hi: { name: data.topic.hi }, he: { name: data.topic.he } } },
  });
  expect(topic.status(), await topic.text()).toBe(201);
  const { en: dealEn, hi: dealHi, he: dealHe, url_id } = data.deal;
  const deal = await request.post('/referral/api/v1/deals', {
    data: { url_id, ...dealEn, reward_inr: 3000, translations: { hi: dealHi, he: dealHe } },
  });
  expect(deal.status(), await deal.text()).toBe(201);
}

const CASES: LanguageCase[] = [
  { ui: 'hi', who: 'a Hindi phone (Accept-Language hi-IN, no cookie)', htmlLang: 'hi', formatLocale: 'hi-IN', m: hi as unknown as Messages, locale: 'hi-IN', cookie: null },
  { ui: 'he', who: 'a person who chose Hinglish (NEXT_LOCALE=he)', htmlLang: 'hi-Latn', formatLocale: 'en-IN', m: he as unknown as Messages, locale: 'en-IN', cookie: 'he' },
];

const SHOTS = '/work/shots';
const HEBREW = /[\u0590-\u05FF]/g;
/** LRM, RLM, ALM, the bidi embeddings and overrides, and the isolates. */
const DIRECTION_MARKS = /[\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/g;
/** The BCP 47 tag of a reel language (features/reels/components/reel-info.tsx langTag). */
const langTag = (l: ReelLang) => (l === 'he' ? 'hi-Latn' : l);

/** The value of a message, by its dotted path (e.g. `reels.feedLabel`). */
function msg(m: Messages, key: string): string {
  const v = key.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], m);
  if (typeof v !== 'string') throw new Error(`no message ${key}`);
  return v;
}

/** A message with its `{name}`-style arguments filled in (plain messages only, no plural or select). */
function fill(template: string, args: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, k: string) => args[k] ?? `{${k}}`);
}

/**
 * Everything a person or a screen reader gets from the page: its title, the
 * body's rendered text, the <option> texts and the attributes read aloud or
 * shown (aria-label, title, placeholder, alt, value of inputs).
 */
function pageText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const parts = [document.title, document.body.innerText];
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (el.closest('script, style, template, noscript')) continue;
      for (const a of ['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt']) {
        const v = el.getAttribute(a);
        if (v) parts.push(v);
      }
      if (el instanceof HTMLOptionElement) parts.push(el.text);
      if (el instanceof HTMLInputElement && el.type !== 'hidden' && el.value) parts.push(el.value);
    }
    return parts.join('\n');
  });
}

/** The characters of `re` in `text`, each with a little of its context, for a readable failure. */
function offending(text: string, re: RegExp): string[] {
  return [...text.matchAll(re)].map((hit) => {
    const at = hit.index ?? 0;
    return `U+${hit[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')} in "${text.slice(Math.max(0, at - 20), at + 20)}"`;
  });
}

/** `s` as whole words: not inside a longer word ("All" is not in "Allow"). */
function asWords(s: string): RegExp {
  return new RegExp(`(?<![\\p{L}\\p{N}])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u');
}

/**
 * The page is in this interface language: `<html lang>`, the given
 * messages shown, their English versions not shown (where they differ
 * and are not part of the translation), no Hebrew letter, no direction mark.
 */
async function expectLanguage(page: Page, c: LanguageCase, keys: string[]): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', c.htmlLang);
  const text = await pageText(page);
  expect(offending(text, HEBREW), 'Hebrew letters on the page').toEqual([]);
  expect(offending(text, DIRECTION_MARKS), 'direction marks on the page').toEqual([]);
  for (const key of keys) {
    const want = msg(c.m, key);
    expect(text, `${key} in ${c.ui}`).toContain(want);
    const english = msg(en, key);
    if (english !== want && !want.includes(english)) expect(text, `${key} in English`).not.toMatch(asWords(english));
  }
}

async function shot(page: Page, c: LanguageCase, screen: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/lang-${c.ui}-${screen}.png` });
}

interface FeedPage { feeds: { id: string; lang: ReelLang }[]; total_length: number; feed_lang: ReelLang | 'all' }
interface Reel { id: string; lang: ReelLang; topic_name: string; category_name: string; option_name: string }

/** A GET from inside the page: the browser's own Accept-Language and cookies go with it, as with the app's requests. */
async function getJson<T>(page: Page, path: string): Promise<T> {
  const res = await page.evaluate(async (p) => {
    const r = await fetch(p, { credentials: 'same-origin' });
    return { status: r.status, text: await r.text() };
  }, path);
  expect(res.status, `${path}: ${res.text}`).toBe(200);
  return JSON.parse(res.text) as T;
}

async function openContext(browser: Browser, testInfo: TestInfo, baseURL: string, c: LanguageCase) {
  const ctx = await browser.newContext({ ...testInfo.project.use, baseURL, viewport: { width: 390, height: 844 }, locale: c.locale });
  if (c.cookie) await ctx.addCookies([{ name: 'NEXT_LOCALE', value: c.cookie, url: baseURL }]);
  return ctx;
}

test.describe('the person\'s language, end to end', () => {
  for (const c of CASES) {
    test(`${c.who}: feed, callback, rewards and profile in ${c.ui === 'hi' ? 'Hindi' : 'Hinglish'}`, async ({ browser, baseURL }, testInfo) => {
      test.skip(testInfo.project.name !== 'phone', 'a phone flow at 390x844; one run is enough');
      test.setTimeout(180_000);
      const ctx = await openContext(browser, testInfo, baseURL!, c);
      const page = await ctx.newPage();
      const { m } = c;
      const named = namedData(c.ui);
      const adminCtx = await browser.newContext({ ...testInfo.project.use, baseURL });
      try {
        const admin = await adminCtx.newPage();
        await signInByApi(admin, ADMIN_PHONE);
        await makeNamedData(admin.request, named);
      } finally {
        await adminCtx.close();
      }
      try {
        /* The feed: its language, the header, the reel's chips. */
        await openFeed(page, '/reels');
        await waitPlaying(page, 0.5);
        const own = await getJson<FeedPage>(page, `/feeds-server/api/v1/feeds?lang=${c.ui}`);
        const chosen = await getJson<FeedPage>(page, '/feeds-server/api/v1/feeds');
        const activeId = await page.getAttribute(ACTIVE, 'data-content-id');
        const first = await getJson<Reel>(page, `/feeds-server/api/v1/${activeId}`);
        if (own.total_length > 0) {
          // Reels in the person's language exist: the feed is in it, first reel included.
          expect(chosen.feed_lang).toBe(c.ui);
          expect(chosen.feeds.map((f) => f.lang)).toEqual(chosen.feeds.map(() => c.ui));
          expect(first.lang).toBe(c.ui);
        } else {
          // None in it (the e2e clips are English): not an empty feed but every language, and the menu shows "All".
          expect(own.feeds).toEqual([]);
          expect(chosen.feed_lang).toBe('all');
          expect(chosen.total_length).toBeGreaterThan(0);
        }
        const menu = page.getByLabel(m.reels.languageFilter, { exact: true });
        await expect(menu).toHaveValue(chosen.feed_lang);
        await expect(menu.locator('option:checked')).toHaveText(chosen.feed_lang === 'all' ? m.reels.langAll : m.languages[chosen.feed_lang]);
        // The reel's own text is marked with its language; the chips' names are the reel's, their labels the interface's.
        await expect(page.locator(`${ACTIVE} p[lang]`).first()).toHaveAttribute('lang', langTag(first.lang));
        const reel = page.locator(ACTIVE);
        await expect(reel.getByRole('link', { name: fill(m.reels.topicChip, { name: first.topic_name }), exact: true })).toHaveText(first.topic_name);
        await expect(reel.getByRole('link', { name: fill(m.reels.categoryChip, { name: first.category_name }), exact: true })).toHaveText(first.category_name);
        await expect(reel.getByRole('link', { name: fill(m.reels.optionChip, { name: first.option_name }), exact: true })).toHaveText(first.option_name);
        await expect(page.getByRole('heading', { name: m.reels.feedLabel, exact: true })).toBeVisible();
        await expect(page.getByRole('link', { name: m.reels.tldrLinkLabel, exact: true })).toBeVisible();
        await expectLanguage(page, c, ['reels.feedLabel', 'reels.tldrLink', 'reels.languageFilter', 'reels.langAll', 'tabs.explore', 'tabs.rewards', 'tabs.profile']);
        await shot(page, c, 'feed');

        /* The TLDR board: a topic's name in the person's language. */
        await page.goto('/tldr');
        const card = page.getByTestId('tldr-card').filter({ hasText: named.topic[c.ui] });
        await expect(card).toHaveCount(1);
        await expect(page.getByText(named.topic.en)).toHaveCount(0);
        await expectLanguage(page, c, ['tldr.title']);

        /* A callback booked for tomorrow, and its confirmation. */
        await page.goto('/explore');
        await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: m.explore.schedule.cta, exact: true }).click();
        const sheet = page.getByRole('dialog', { name: m.leads.callback.title });
        await sheet.waitFor();
        const phone = newPhone();
        await sheet.getByLabel(m.leads.fields.name, { exact: true }).fill('Asha Verma');
        await sheet.getByLabel(m.leads.fields.phone, { exact: true }).fill(phone);
        const slotsLoaded = page.waitForResponse((r) => r.url().includes('/api/v1/leads/slots?day=tomorrow') && r.ok());
        await sheet.getByText(m.leads.fields.tomorrow, { exact: true }).click();
        await slotsLoaded;
        const firstSlot = sheet.locator('label:has(input[name="slot"])').first();
        const slot = new Date((await firstSlot.locator('input').getAttribute('value'))!);
        await firstSlot.click();
        const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/leads/callback') && r.status() === 201);
        await sheet.getByRole('button', { name: m.leads.callback.submit, exact: true }).click();
        await saved;
        const done = sheet.getByTestId('callback-done');
        await expect(done.getByText(m.leads.callback.doneTitle, { exact: true })).toBeVisible();
        // The day in the interface language's script: "शनिवार, 28 नवंबर" in Hindi, "Saturday, 28 November" in Hinglish.
        const day = new Intl.DateTimeFormat(c.formatLocale, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'Asia/Kolkata' }).format(slot);
        await expect(done).toContainText(`+91${phone}`);
        await expect(done).toContainText(day);
        await expectLanguage(page, c, ['leads.callback.title', 'leads.callback.doneTitle', 'leads.callback.another']);
        await shot(page, c, 'callback');

        /* Rewards, signed in (a first sign-in: the welcome overlay first, in the same language). */
        await signInByApi(page, newPhone());
        await page.goto('/rewards');
        const welcome = page.getByRole('dialog', { name: m.onboarding.title });
        await welcome.waitFor();
        await expectLanguage(page, c, ['onboarding.title', 'onboarding.getStarted']);
        await welcome.getByRole('button', { name: m.onboarding.getStarted, exact: true }).click();
        await expect(welcome).toBeHidden();
        await expect(page.getByRole('heading', { level: 1, name: m.rewards.title, exact: true })).toBeVisible();
        await expect(page.getByRole('heading', { name: m.rewards.summary.title, exact: true })).toBeVisible();
        // Rupees as Indians write them, never "‏0 ‏₹".
        await expect(page.getByTestId('earned')).toHaveText('₹0');
        await expect(page.getByRole('heading', { name: m.rewards.deals.title, exact: true })).toBeVisible();
        await expect(page.getByText(m.rewards.cards.none, { exact: true })).toBeVisible();
        // The staff's deal in the person's language: its title, never the English one.
        await expect(page.getByText(named.deal[c.ui].title, { exact: true }).first()).toBeVisible();
        await expect(page.getByText(named.deal.en.title)).toHaveCount(0);
        await expectLanguage(page, c, ['rewards.title', 'rewards.summary.title', 'rewards.summary.earned', 'rewards.summary.pending',
          'rewards.summary.shareTitle', 'rewards.deals.title', 'rewards.cards.title', 'rewards.cards.none']);
        await shot(page, c, 'rewards');

        /* Profile: the person's own screen, the language they have checked. */
        await page.goto('/profile');
        await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
        await expect(page.getByRole('heading', { level: 1, name: m.profile.title, exact: true })).toBeVisible();
        await expect(page.getByRole('radio', { name: m.languages[c.ui], exact: true })).toBeChecked();
        await expect(page.getByText(m.profile.languageHint, { exact: true })).toBeVisible();
        await expectLanguage(page, c, ['profile.title', 'profile.settings', 'profile.language', 'profile.languageHint', 'profile.edit']);
        await shot(page, c, 'profile');
      } finally {
        await ctx.close();
      }
    });
  }
});
