import { expect, test, type BrowserContext } from '@playwright/test';
import { finishOnboarding, signInFromProfile } from './sign-in';

/**
 * The staff insights dashboard end to end (docs/api/insights.md): a visitor
 * arrives from an `awa` campaign link, watches a reel to its end and shares
 * it, through the public event endpoint as the app's event client sends
 * them; the server's derivation worker folds them; the admin of
 * ADMIN_PHONES opens the dashboard from the staff screen and sees the reel,
 * the charts and the campaign's funnel. A visitor opening the page is asked
 * to sign in.
 */
/** ADMIN_PHONES of scripts/e2e-server.ts: this test's own number (OTP limits are per phone). */
const ADMIN_PHONE = '9999900004';
/**
 * A watch ticket counts a view once it is VIEW_THRESHOLD_S (3 s) old, its
 * issue second rounded up (features/reels/server/watch-ticket.ts): up to 4 s
 * after the feed answered, plus a margin.
 */
const TICKET_AGE_MS = 4500;

interface FeedItem { id: string; description: string; watch_ticket: string; duration: number }

test.describe('staff insights', () => {
  test('events of a campaign visitor show on the admin\'s dashboard: reels, daily chart, funnel by campaign and partner', async ({ browser }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one run is enough; the page is phone first');
    test.setTimeout(180_000);
    const contexts: BrowserContext[] = [];
    const open = async () => {
      const ctx = await browser.newContext({ ...testInfo.project.use });
      contexts.push(ctx);
      return { ctx, page: await ctx.newPage() };
    };
    try {
      // A visitor: the page is behind sign-in.
      const visitor = await open();
      await visitor.page.goto('/staff/insights');
      await expect(visitor.page.getByRole('heading', { name: 'Sign in to see the insights' })).toBeVisible();

      // The visitor's events, as the event client sends them.
      const feed = await visitor.page.request.get('/feeds-server/api/v1/feeds?lang=en');
      expect(feed.status()).toBe(200);
      // The feed's last reel: the specs that run before this one watch the first reels on their own
      // (they play before hydration, so a short visit already counts a view), never the last.
      const last = ((await feed.json()) as { feeds: FeedItem[] }).feeds.at(-1);
      expect(last).toBeTruthy();
      const reel = last!;
      const push = async (event_type: string, payload: Record<string, unknown>) => {
        const res = await visitor.page.request.post('/auth/api/v1/events', {
          data: { event_type, version: '1.0.0', payload: { ...payload, metadata: { campaign_key: 'awa', path: '/reels' } } },
        });
        expect(res.status(), event_type).toBe(202);
      };
      await push('PAGE_VISIT', { utm_data: { utm_source: 'whatsapp', utm_campaign: 'awa' } });
      await visitor.page.waitForTimeout(TICKET_AGE_MS);
      await push('VIDEO_VIEW', { content_id: reel.id, content_watched: 4, watch_ticket: reel.watch_ticket });
      await push('VIDEO_COMPLETE', { content_id: reel.id, content_watched: reel.duration, content_length: reel.duration });
      await push('SHARE', { content_id: reel.id });

      // The admin signs in and waits for the derivation worker to count them.
      const admin = await open();
      await signInFromProfile(admin.page, ADMIN_PHONE, false);
      await finishOnboarding(admin.page);
      await expect.poll(async () => {
        const res = await admin.page.request.get('/staff/api/v1/insights/funnel?by=campaign');
        if (res.status() !== 200) return `status ${res.status()}`;
        const body = (await res.json()) as { groups: Array<{ value: string | null; counts: Record<string, number> }> };
        const awa = body.groups.find((g) => g.value === 'awa');
        return awa ? awa.counts.visit >= 1 && awa.counts.share >= 1 : 'no awa group yet';
      }, { timeout: 30_000 }).toBe(true);

      // From the staff screen to the dashboard.
      const page = admin.page;
      await page.goto('/staff');
      await page.getByRole('link', { name: 'Insights: views and funnel' }).click();
      await expect(page).toHaveURL(/\/staff\/insights$/);
      await expect(page.getByRole('heading', { name: 'Insights', level: 1 })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Last 30 days' })).toHaveAttribute('aria-pressed', 'true');

      const reels = page.getByRole('region', { name: 'Reels by views' });
      // The e2e clips share one description and topic; the reel watched to its end is the one completed in full.
      const row = reels.getByRole('row').filter({ hasText: reel.description }).filter({ hasText: '100%' });
      await expect(row.first()).toContainText('E2E Basics');

      const daily = page.getByRole('region', { name: 'Views and completions per day' });
      const chart = daily.getByRole('img', { name: /^Chart of views and completions per day/ });
      await expect(chart).toBeVisible();
      await expect(chart.locator('svg.recharts-surface').first()).toBeVisible();
      await expect(chart.locator('.recharts-line')).toHaveCount(2);

      const byCampaign = page.getByRole('region', { name: 'Funnel by campaign' });
      await expect(byCampaign.getByRole('img', { name: /^Bar chart of visitors at each funnel stage/ }).locator('.recharts-bar-rectangle').first()).toBeVisible();
      const awa = byCampaign.getByRole('row').filter({ has: page.getByRole('rowheader', { name: 'awa', exact: true }) });
      await expect(awa).toHaveCount(1);
      await expect(awa.getByRole('cell').nth(1)).not.toHaveText(/^0/);
      const byPartner = page.getByRole('region', { name: 'Funnel by partner' });
      await expect(byPartner.getByRole('rowheader', { name: '(none)' })).toBeVisible();

      // A shorter period and one language ask again and still show the reel.
      await page.getByRole('button', { name: 'Last 7 days' }).click();
      await expect(page.getByRole('button', { name: 'Last 7 days' })).toHaveAttribute('aria-pressed', 'true');
      await page.getByLabel('Reel language').selectOption('en');
      await expect(row.first()).toContainText('English');
      // The page fits a phone: nothing wider than the screen but the tables' own scroll boxes.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    } finally {
      for (const c of contexts) await c.close();
    }
  });
});
