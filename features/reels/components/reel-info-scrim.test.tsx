import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { feedItem } from '@/tests/fixtures/feed';
import { renderWithApp } from '@/tests/fixtures/render';
import { ReelInfo } from './reel-info';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), back: vi.fn(), refresh: vi.fn() }) }));

const LONG = 'The subsidy reaches your bank account after the net meter is installed and the DISCOM has inspected the system.';
const LANGS = [['en', en], ['hi', hi], ['he', he]] as const;

/*
 * jsdom paints nothing: the backing is read from its Tailwind classes.
 * bg-black/75 under white text: on a pure white frame the backing is
 * #404040, 10.4:1 against white (WCAG AA asks 4.5:1); any darker frame
 * only raises it. The e2e axe check measures it in a browser.
 */
describe('ReelInfo expanded text', () => {
  it.each(LANGS)('opens on its own dark, opaque-enough backing, in %s', async (locale, msgs) => {
    const { user } = renderWithApp(<ReelInfo item={feedItem({ description: LONG })} />, { locale });
    await user.click(screen.getByRole('button', { name: msgs.reels.more }));
    const open = screen.getByTestId('reel-description-open');
    const classes = open.className.split(' ');
    const backing = classes.find((c) => /^bg-black\/\d+$/.test(c));
    expect(backing).toBeDefined();
    expect(Number(backing?.split('/')[1])).toBeGreaterThanOrEqual(60);
    // Its own layer: nothing painted under the footer shows through the text.
    expect(classes).toEqual(expect.arrayContaining(['relative', 'isolate']));
    expect(open.textContent).toContain(LONG);
  });

  it('has no backing of its own while closed', () => {
    renderWithApp(<ReelInfo item={feedItem({ description: LONG })} />);
    expect(screen.queryByTestId('reel-description-open')).toBeNull();
  });
});
