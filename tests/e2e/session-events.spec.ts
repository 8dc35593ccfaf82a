import { expect, test } from '@playwright/test';

/**
 * The tab's session pings in a real browser (features/events/api/session-events.ts,
 * POST /auth/api/v1/session_event): a start once the page is visible, and the
 * end sent by navigator.sendBeacon as the tab closes, which only a real
 * browser can show: the beacon leaves while the page is torn down, with the
 * visitor's cookie, a JSON body and the page's Origin, and the server must
 * take it (the Origin check, the visitor, the body's schema). Playwright
 * cannot read a beacon's Blob body or its answer once the page is gone, so
 * the page logs each JSON Blob it makes, and the test then sends the end's
 * ingest id again from the same visitor: the server answers `duplicate`
 * only if it stored the beacon.
 */
const PATH = '/auth/api/v1/session_event';

interface Ping { type: 'start' | 'heartbeat' | 'end'; session_id: string; ingest_id: string }

test('a tab sends its session start, and its end by beacon as it closes; the server stores both', async ({ context, baseURL }, testInfo) => {
  test.skip(testInfo.project.name !== 'phone', 'one browser is enough for the pings');
  const page = await context.newPage();
  // Each JSON Blob the page makes (the beacon's body), as a console line: readable after the page is gone.
  await page.addInitScript(() => {
    const NativeBlob = window.Blob;
    window.Blob = function Blob(parts?: BlobPart[], options?: BlobPropertyBag) {
      if (options?.type === 'application/json') console.log(`json-blob ${parts?.map(String).join('')}`);
      return new NativeBlob(parts, options);
    } as unknown as typeof window.Blob;
  });
  const blobs: Ping[] = [];
  page.on('console', (m) => {
    if (m.text().startsWith('json-blob ')) blobs.push(JSON.parse(m.text().slice('json-blob '.length)) as Ping);
  });

  const started = page.waitForResponse((r) => new URL(r.url()).pathname === PATH && r.request().postDataJSON()?.type === 'start');
  await page.goto('/explore');
  const startAnswer = await started;
  expect(startAnswer.status()).toBe(202);
  const start = startAnswer.request().postDataJSON() as Ping;
  expect(start.session_id).toMatch(/^[A-Za-z0-9_-]{10}$/);

  // The person closes the tab: pagehide sends the end by beacon.
  await page.close({ runBeforeUnload: true });
  await expect.poll(() => blobs.map((b) => b.type)).toContain('end');
  const end = blobs.find((b) => b.type === 'end');
  expect(end?.session_id).toBe(start.session_id);
  expect(end?.ingest_id).not.toBe(start.ingest_id);

  // The same end again from the same visitor, once: the server answers duplicate only if the beacon was stored.
  // (Sending it is the only way to ask, and a send stores it, so it is asked once, after the beacon had
  // ample time: it left as the tab closed, over loopback.)
  await new Promise((r) => setTimeout(r, 2000));
  const again = await context.request.post(PATH, { data: end, headers: { origin: new URL(baseURL!).origin } });
  expect(again.status()).toBe(202);
  expect(await again.json()).toEqual({ ok: true, duplicate: true });
});
