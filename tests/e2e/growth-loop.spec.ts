import { expect, test, type Browser, type BrowserContext, type TestInfo } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import hi from '../../messages/hi.json' with { type: 'json' };
import { newPhone, signInByApi, signInWithModal } from './sign-in';

/**
 * The growth loop as its people meet it on a 390x844 phone: a user who never
 * set a name invites a friend on WhatsApp in English and in Hindi (the wa.me
 * text read back: "Your friend…" / "आपके दोस्त…", the link last); the friend
 * opens the link, is told who invited them and what they get, and signs in;
 * a made-up code is a 404 page with a way on; a visitor's Rewards shows how
 * the program works and the deals before any sign-in.
 */

type Messages = typeof en;
/** ADMIN_PHONES of scripts/e2e-server.ts: this spec's own number (OTP limits are per phone). */
const ADMIN_PHONE = '9999900007';

const fill = (template: string, args: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, k: string) => args[k] ?? `{${k}}`);

async function phoneContext(browser: Browser, testInfo: TestInfo, lang: 'en' | 'hi'): Promise<BrowserContext> {
  const ctx = await browser.newContext({ ...testInfo.project.use, viewport: { width: 390, height: 844 }, locale: lang === 'hi' ? 'hi-IN' : 'en-IN' });
  await ctx.addCookies([{ name: 'NEXT_LOCALE', value: lang, url: testInfo.project.use.baseURL! }]);
  await ctx.route('https://wa.me/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>WhatsApp</p>' }));
  return ctx;
}

test.describe('the growth loop', () => {
  test('a nameless user invites in English and Hindi; the friend sees who invited them and signs in', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone flow; one run is enough');
    test.setTimeout(240_000);
    const contexts: BrowserContext[] = [];
    try {
      // Staff makes a deal to share.
      const adminCtx = await browser.newContext({ ...testInfo.project.use });
      contexts.push(adminCtx);
      const admin = await adminCtx.newPage();
      await signInByApi(admin, ADMIN_PHONE);
      const title = `Growth loop deal ${Date.now().toString(36)}`;
      const made = await admin.request.post('/referral/api/v1/deals', {
        data: { url_id: `e2e-growth-${Date.now().toString(36)}`, title, ribbon: 'New', description: 'Refer a neighbour.', terms: 'One reward per home.', reward_inr: 5000 },
      });
      expect(made.status(), await made.text()).toBe(201);
      const dealId = ((await made.json()) as { deal: { id: string } }).deal.id;

      for (const [lang, m] of [['en', en], ['hi', hi]] as const) {
        const msgs = m as Messages;
        const ctx = await phoneContext(browser, testInfo, lang);
        contexts.push(ctx);
        const page = await ctx.newPage();
        // A first sign-in through the API: no name is ever set.
        await signInByApi(page, newPhone());
        await page.goto(`/rewards/invite?deal=${dealId}`);
        const onboarding = page.getByRole('dialog', { name: msgs.onboarding.title });
        if (await onboarding.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
          await onboarding.getByRole('button', { name: msgs.onboarding.getStarted, exact: true }).click();
        }
        const friend = newPhone();
        const add = page.getByRole('form', { name: msgs.referrals.invite.addForm });
        await add.getByLabel(msgs.referrals.invite.name, { exact: true }).fill('Bina');
        await add.getByLabel(msgs.referrals.invite.phone, { exact: true }).fill(friend);
        await add.getByRole('button', { name: msgs.referrals.invite.add, exact: true }).click();
        const contact = page.getByRole('listitem', { name: 'Bina' });
        const popup = ctx.waitForEvent('page');
        await contact.getByRole('button', { name: fill(msgs.referrals.invite.inviteAria, { name: 'Bina' }) }).click();
        const wa = new URL((await popup).url());
        expect(wa.host).toBe('wa.me');
        const text = wa.searchParams.get('text') ?? '';
        // Never a blank where the name goes; the friend-facing fallback opens the text, the link closes it.
        expect(text.startsWith(msgs.referrals.landing.friend), text).toBe(true);
        expect(text).toMatch(/https?:\/\/\S+\/r\/[0-9A-Z]{8}\?deal=\S+$/);
        expect(text).toContain(title);
        const shareUrl = /https?:\/\/\S+\/r\/[0-9A-Z]{8}\?deal=\S+$/.exec(text)![0];

        // The friend opens the link: who invited them, what they get, one action; the fine print folded away.
        const friendCtx = await phoneContext(browser, testInfo, lang);
        contexts.push(friendCtx);
        const b = await friendCtx.newPage();
        await b.goto(shareUrl);
        await b.waitForURL(/\/invite\/[0-9A-Z]{8}\?deal=/);
        const heading = fill(msgs.referrals.landing.title, { name: msgs.referrals.landing.friend });
        await expect(b.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(b.getByText(msgs.referrals.landing.youGet, { exact: true })).toBeVisible();
        await expect(b.getByText(fill(msgs.referrals.landing.offer, { deal: title }))).toBeVisible();
        await expect(b.getByText('One reward per home.')).toBeHidden();
        await b.getByRole('button', { name: msgs.referrals.landing.signIn, exact: true }).click();
        // The login modal speaks the friend's language; once signed in the landing leads on to Rewards.
        await signInWithModal(b, friend, msgs.auth);
        await expect(b.getByRole('link', { name: msgs.referrals.landing.openRewards, exact: true })).toBeVisible();
      }
    } finally {
      for (const c of contexts) await c.close();
    }
  });

  test('a made-up invite code is a 404 page with a way on', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one run is enough');
    const res = await page.goto('/invite/ZZZZZZZZ');
    expect(res?.status()).toBe(404);
    await expect(page.getByRole('heading', { name: en.referrals.landing.notFoundTitle })).toBeVisible();
    await expect(page.getByText(en.referrals.landing.title.replace('{name} ', ''))).toHaveCount(0);
    await expect(page.getByRole('link', { name: en.referrals.landing.notFoundFeed })).toHaveAttribute('href', '/reels');
    await expect(page.getByRole('link', { name: en.referrals.landing.notFoundAssistant })).toHaveAttribute('href', '/assistant');
  });

  test('a visitor\'s Rewards shows how it works and the deals before the sign-in', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one run is enough');
    await page.goto('/rewards');
    await expect(page.getByRole('heading', { name: en.rewards.visitor.howTitle })).toBeVisible();
    await expect(page.getByText(en.rewards.visitor.step1)).toBeVisible();
    // At least one deal with what it earns, and its own sign-in action.
    await expect(page.getByText(/^Earn ₹[\d,]+$/).first()).toBeVisible();
    await expect(page.getByRole('button', { name: en.rewards.visitor.signInToRefer }).first()).toBeVisible();
    await expect(page.getByRole('button', { name: en.rewards.visitor.signIn, exact: true })).toBeVisible();
  });
});
