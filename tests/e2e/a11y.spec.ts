import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import { ACTIVE, openFeed, waitPlaying } from './player';

/**
 * Tap targets and contrast where a first visit meets them, checked by axe
 * (WCAG 2.2 `target-size` and `color-contrast`) on a 390x844 phone in light
 * and dark: the feed's expanded reel text over a playing video, the Rewards
 * tab before sign-in, and the login modal. Besides axe's 24 px floor, the
 * controls in these places are held to the 44x44 px target and 12 px text
 * minimum this product keeps (axe does not check those); a link inside a
 * sentence is exempt, as in WCAG 2.5.8.
 */

const RULES = ['target-size', 'color-contrast'];
/** The product's own floors: 44x44 CSS px targets, 12 px text. */
const MIN_TARGET_PX = 44;
const MIN_TEXT_PX = 12;

/** axe's violations of RULES inside `scope`, as readable lines (empty: none). */
async function violations(page: Page, scope: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).include(scope).withRules(RULES).analyze();
  return result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} — ${n.failureSummary ?? ''}`));
}

/** Controls in `scope` smaller than 44x44 px, and text smaller than 12 px, as readable lines. */
async function underSized(page: Page, scope: string): Promise<string[]> {
  return page.$$eval(`${scope}`, (roots, [minTarget, minText]) => {
    const out: string[] = [];
    const name = (el: Element) => `${el.tagName.toLowerCase()} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
    for (const root of roots) {
      for (const el of root.querySelectorAll('button, a[href], input[type="checkbox"], input[type="radio"], [role="button"], [role="tab"]')) {
        const r = el.getBoundingClientRect();
        if (r.width === 0 || r.height === 0) continue;
        // A link inside a sentence is exempt (WCAG 2.5.8 "inline"): its size is the line's.
        const inSentence = el.tagName === 'A' && getComputedStyle(el).display === 'inline'
          && [...(el.parentElement?.childNodes ?? [])].some((c) => c.nodeType === Node.TEXT_NODE && !!c.textContent?.trim());
        if (inSentence) continue;
        // A checkbox counts with its label: the label's box is what a finger hits.
        const label = el instanceof HTMLInputElement ? el.closest('label') : null;
        const hit = label ? label.getBoundingClientRect() : r;
        if (hit.width < minTarget || hit.height < minTarget) out.push(`target ${name(el)} ${Math.round(hit.width)}x${Math.round(hit.height)}`);
      }
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      for (let n = walker.nextNode(); n; n = walker.nextNode()) {
        if (!n.textContent?.trim()) continue;
        const el = n.parentElement!;
        if (el.getClientRects().length === 0) continue;
        const size = parseFloat(getComputedStyle(el).fontSize);
        if (size < minText) out.push(`text "${n.textContent.trim().slice(0, 40)}" ${size}px`);
      }
    }
    return out;
  }, [MIN_TARGET_PX, MIN_TEXT_PX] as const);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`targets and contrast (${colorScheme})`, () => {
    test.use({ colorScheme, viewport: { width: 390, height: 844 } });
    test.beforeEach(({ browserName }, testInfo) => {
      test.skip(browserName !== 'chromium' || testInfo.project.name !== 'phone', 'the phone in Chromium');
    });

    test('the feed\'s expanded reel text over a playing video', async ({ page }) => {
      await openFeed(page, '/reels');
      await waitPlaying(page, 0.5);
      const more = page.locator(`${ACTIVE} button[aria-expanded]`);
      test.skip(await more.count() === 0, 'the first reel has no long description');
      await more.click();
      const open = page.locator(`${ACTIVE} [data-testid="reel-description-open"]`);
      await expect(open).toBeVisible();
      expect(await violations(page, `${ACTIVE} [data-testid="reel-description-open"]`)).toEqual([]);
      expect(await violations(page, `${ACTIVE} [data-testid="reel-info"]`)).toEqual([]);
      expect(await underSized(page, `${ACTIVE} [data-testid="reel-info"]`)).toEqual([]);
    });

    test('the Rewards tab before sign-in', async ({ page }) => {
      await page.goto('/rewards');
      await expect(page.getByRole('heading', { name: en.rewards.visitor.howTitle })).toBeVisible();
      expect(await violations(page, 'main')).toEqual([]);
      expect(await underSized(page, 'main')).toEqual([]);
    });

    test('the login modal', async ({ page }) => {
      await page.goto('/profile');
      await page.locator('html[data-hydrated="true"]').waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: en.auth.signIn }).first().click();
      const modal = page.getByRole('dialog', { name: en.auth.title });
      await expect(modal).toBeVisible();
      expect(await violations(page, '[role="dialog"]')).toEqual([]);
      expect(await underSized(page, '[role="dialog"]')).toEqual([]);
    });
  });
}
