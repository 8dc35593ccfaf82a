import { expect, test, type Page } from '@playwright/test';
import { openFeed } from './player';

/**
 * The event client end to end (SPEC.md section 7 "Event pushes",
 * docs/decisions/012): events made offline wait in the page's stored queue
 * (no request, no retry spent), and once the connection is back and the
 * page reloaded each arrives exactly once: every ingest id gets one 202
 * that is not a duplicate. A landing's attribution (UTM, campaign,
 * referral code) travels with the PAGE_VISIT it causes.
 */

const ACTIVE = '[data-testid="reel"][data-active="true"]';
const EVENTS = '/auth/api/v1/events';

interface Push { event_type: string; payload: { ingest_id: string; utm_data?: Record<string, string>; metadata?: Record<string, unknown> } }
interface Answer { push: Push; status: number; duplicate: boolean }

/** Records every answered event push of `page` (across reloads). */
function recordEvents(page: Page): Answer[] {
  const answers: Answer[] = [];
  page.on('response', async (res) => {
    if (new URL(res.url()).pathname !== EVENTS || res.request().method() !== 'POST') return;
    const push = res.request().postDataJSON() as Push;
    const body = (await res.json().catch(() => ({}))) as { duplicate?: boolean };
    answers.push({ push, status: res.status(), duplicate: body.duplicate === true });
  });
  return answers;
}

/** The events waiting in the page's stored queue (localStorage sr_events_q): ingest id and type. */
function stored(page: Page): Promise<{ id: string; type: string }[]> {
  return page.evaluate(() => Object.entries(JSON.parse(localStorage.getItem('sr_events_q') ?? '{}') as Record<string, { e: { event_type: string } }>)
    .map(([id, s]) => ({ id, type: s.e.event_type })));
}
const storedIds = async (page: Page) => (await stored(page)).map((s) => s.id);

test.describe('event pushes', () => {
  test('events made offline are kept, and after reconnecting and a reload each is stored exactly once', async ({ page, context }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one browser is enough for the queue');
    const answers = recordEvents(page);
    await openFeed(page, '/reels');
    await page.locator(ACTIVE).waitFor();
    // The sender loads after hydration; wait until the page is idle enough to have it.
    await page.waitForFunction(() => document.readyState === 'complete');

    await context.setOffline(true);
    expect(await page.evaluate(() => navigator.onLine)).toBe(false);
    const tried: string[] = [];
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === EVENTS && req.method() === 'POST') tried.push((req.postDataJSON() as Push).payload.ingest_id);
    });
    const firstId = await page.getAttribute(ACTIVE, 'data-content-id');
    await page.keyboard.press('ArrowDown');
    await expect(page.locator(ACTIVE)).not.toHaveAttribute('data-content-id', firstId!);
    await page.keyboard.press('ArrowUp');
    await expect(page.locator(ACTIVE)).toHaveAttribute('data-content-id', firstId!);

    // Both swipes are queued and stored; the page does not even try to send while offline, however long it waits.
    await expect.poll(async () => (await stored(page)).filter((s) => s.type === 'SWIPE').length).toBe(2);
    await page.waitForTimeout(3000);
    const offlineEvents = await page.evaluate(() => Object.values(JSON.parse(localStorage.getItem('sr_events_q') ?? '{}') as Record<string, { e: unknown }>).map((s) => s.e)) as Push[];
    const offlineIds = offlineEvents.map((e) => e.payload.ingest_id);
    expect(tried.filter((id) => offlineIds.includes(id))).toEqual([]);

    // Back online, the page reloads at once: the old page (on 'online' or while hidden) or the new one sends them.
    await context.setOffline(false);
    await page.reload();
    await page.locator(ACTIVE).waitFor();
    await expect.poll(async () => (await storedIds(page)).filter((id) => offlineIds.includes(id)), { timeout: 30_000 }).toEqual([]);
    for (const id of offlineIds) {
      const mine = answers.filter((a) => a.push.payload.ingest_id === id);
      // The page being left may send an event as a keepalive request whose answer arrives after the
      // navigation, so the browser never reports it here; what is reported never stores an event twice.
      expect(mine.filter((a) => a.status === 202 && !a.duplicate).length, `ingest id ${id}: ${JSON.stringify(mine.map((a) => [a.status, a.duplicate]))}`).toBeLessThanOrEqual(1);
      expect(mine.filter((a) => a.status !== 202)).toEqual([]);
    }
    // The server holds each (none was lost, whichever page sent it): sending any of them again is answered as a duplicate.
    for (const e of offlineEvents) {
      const again = await page.request.post(EVENTS, { data: e });
      expect(again.status()).toBe(202);
      expect(await again.json()).toEqual({ ok: true, duplicate: true });
    }
    const swipes = offlineEvents.filter((e) => e.event_type === 'SWIPE');
    expect(swipes).toHaveLength(2);
    expect(swipes[0].payload.metadata).toMatchObject({ path: '/reels', direction: expect.any(String) });
  });

  test('a campaign landing sends PAGE_VISIT with its UTM data, campaign code, referral code, A/B view and device id', async ({ page }, testInfo) => {
    test.skip(testInfo.project.name !== 'phone', 'one browser is enough');
    const answers = recordEvents(page);
    await openFeed(page, '/reels?utm_source=whatsapp&utm_medium=share&campaign=AWA&ref=E2EREF1');
    await expect.poll(() => answers.filter((a) => a.push.event_type === 'PAGE_VISIT' && a.status === 202).length, { timeout: 20_000 }).toBe(1);
    const visit = answers.find((a) => a.push.event_type === 'PAGE_VISIT')!.push;
    expect(visit.payload.utm_data).toEqual({ utm_source: 'whatsapp', utm_medium: 'share' });
    expect(visit.payload.metadata).toMatchObject({ campaign_key: 'awa', referrer_code: 'E2EREF1', path: '/reels' });
    expect(['A', 'B']).toContain(visit.payload.metadata?.view);
    expect(String(visit.payload.metadata?.device_id)).toMatch(/^[A-Za-z0-9]{20}$/);
    // The settings came with the page, no extra request.
    const config = await page.evaluate(() => JSON.parse(document.getElementById('sr-analytics-config')?.textContent ?? 'null'));
    expect(config).toMatchObject({ abViewAProbability: 0.5 });

    // A later landing with another campaign keeps the first touch; an unknown code is ignored.
    await openFeed(page, '/reels?campaign=zzz');
    await page.locator(ACTIVE).waitFor();
    expect(await page.evaluate(() => JSON.parse(localStorage.getItem('sr_attr') ?? '{}').campaign_key)).toBe('awa');
  });
});
