import { expect, test } from '@playwright/test';
import { collectCspProblems } from './console';
import { ACTIVE, waitPlaying, openFeed } from './player';
import { finishOnboarding, signInByApi } from './sign-in';

/**
 * A partner end to end (docs/decisions/013-partners.md): an admin (a number
 * of ADMIN_PHONES, scripts/e2e-server.ts) creates a partner on the admin
 * screen with one unskippable reel; a visitor opens the partner's link
 * /reels?partner=<id> and sees the partner layout (its name, its call to
 * action), cannot move past the first reel until it has played to its end,
 * then can; the CTA opens the partner's form, which is sent.
 */
/** This spec's own ADMIN_PHONES number (OTP limits are per phone). */
const ADMIN_PHONE = '9999900003';

test.describe('partners', () => {
  test('an admin creates a partner; its link shows the partner layout, an unskippable first reel and a CTA whose form is sent', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'a phone flow; one run is enough');
    test.setTimeout(180_000);
    const id = `e2e-${Date.now().toString(36)}`;

    // The admin creates the partner on the admin screen.
    const adminCtx = await browser.newContext({ ...testInfo.project.use });
    const admin = await adminCtx.newPage();
    await signInByApi(admin, ADMIN_PHONE);
    await admin.goto('/studio/partners');
    await finishOnboarding(admin);
    await admin.getByTestId('partner-new').click();
    const editor = admin.getByTestId('partner-editor');
    const field = (name: string) => editor.locator(`[name="${name}"]`);
    await field('id').fill(id);
    await field('name').fill('Sun Partners E2E');
    await field('cta_text').fill('Talk to Sun');
    await field('button_text').fill('Free quote');
    await field('heading').fill('Get your free quote');
    await field('thank_you').fill('Thanks! Sun Partners will call you.');
    await field('offer_text').fill('10% off rooftop solar');
    await editor.getByLabel('Unskippable reels at the start (0-10)').fill('1');
    const created = admin.waitForResponse((r) => new URL(r.url()).pathname === '/partner/api/v1/admin/partners' && r.request().method() === 'POST');
    await editor.getByTestId('partner-save').click();
    expect((await created).status()).toBe(201);
    await expect(admin.locator(`[data-testid="partner-row"][data-partner-id="${id}"]`)).toBeVisible();
    await adminCtx.close();

    // A visitor opens the partner's link.
    const ctx = await browser.newContext({ ...testInfo.project.use });
    const page = await ctx.newPage();
    const csp = collectCspProblems(page);
    await openFeed(page, `/reels?partner=${id}`);
    await expect(page.getByRole('heading', { name: 'Sun Partners E2E' })).toBeVisible();
    await expect(page.locator('[data-layout="partner"]')).toBeVisible();
    await expect(page.locator(`${ACTIVE} [data-testid="feed-cta"]`)).toHaveText('Free quote');
    await waitPlaying(page, 0.5);
    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    expect(firstId).toBeTruthy();

    // The first reel cannot be left: keys, the next button (swipes and the wheel: the component test).
    const hint = page.getByTestId('unskippable-hint');
    await expect(hint).toContainText('Watch to the end to continue');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('PageDown');
    // The arrows are the desktop's (hidden on a phone), and disabled here too.
    await expect(page.locator('button[aria-label="Next video"]')).toBeDisabled();
    await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', firstId!);
    await expect(hint).toHaveAttribute('data-nudged', 'true');

    // Play on to the end (jump close to it; the player still reports the real end).
    await page.$eval(`${ACTIVE} video`, (v) => {
      const video = v as HTMLVideoElement;
      video.currentTime = Math.max(0, video.duration - 1);
    });
    await expect(hint).toBeHidden({ timeout: 30_000 });
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(ACTIVE)).not.toHaveAttribute('data-content-id', firstId!);

    // The CTA opens the partner's form; it is sent.
    await page.locator(`${ACTIVE} [data-testid="feed-cta"]`).click();
    const sheet = page.getByRole('dialog', { name: 'Get your free quote' });
    await expect(sheet).toBeVisible();
    await sheet.getByLabel('Name').fill('Asha Verma');
    await sheet.getByLabel('Mobile number').fill('98123 45678');
    const sent = page.waitForResponse((r) => new URL(r.url()).pathname === `/partner/api/v1/form/${id}`);
    await sheet.getByTestId('partner-form-submit').click();
    expect((await sent).status()).toBe(201);
    await expect(sheet.getByTestId('partner-form-done')).toContainText('Thanks! Sun Partners will call you.');
    expect(csp).toEqual([]);
    await ctx.close();
  });
});
