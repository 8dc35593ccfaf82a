import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { createTranslator } from 'next-intl';
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
 * jsdom draws no CSS, so the sizes are read from the Tailwind classes that
 * set them: min-h-11 / min-w-11 are 44 px (WCAG 2.5.5 target size), text-xs
 * 12 px. The e2e axe check measures them in a browser.
 */
describe('ReelInfo tap targets', () => {
  it.each(LANGS)('makes each chip a link at least 44 px tall around a 12 px pill, in %s', (locale, msgs) => {
    const item = feedItem({ description: LONG });
    renderWithApp(<ReelInfo item={item} />, { locale });
    const t = createTranslator({ locale, messages: msgs, namespace: 'reels' });

    const chips = [
      screen.getByRole('link', { name: t('topicChip', { name: item.topic_name }) }),
      screen.getByRole('link', { name: t('categoryChip', { name: item.category_name }) }),
      screen.getByRole('link', { name: t('optionChip', { name: item.option_name }) }),
    ];
    for (const chip of chips) {
      expect(chip.className.split(' ')).toEqual(expect.arrayContaining(['min-h-11', 'inline-flex', 'items-center']));
      // The visible pill keeps its 12 px text.
      expect((chip.firstElementChild as HTMLElement).className.split(' ')).toContain('text-xs');
    }
  });

  it.each(LANGS)('gives "more" a 44x44 px target that still opens and closes the text, in %s', async (locale, msgs) => {
    const { user } = renderWithApp(<ReelInfo item={feedItem({ description: LONG })} />, { locale });

    const more = screen.getByRole('button', { name: msgs.reels.more });
    expect(more.className.split(' ')).toEqual(expect.arrayContaining(['min-h-11', 'min-w-11']));
    await user.click(more);
    expect(screen.getByRole('button', { name: msgs.reels.less }).getAttribute('aria-expanded')).toBe('true');
    screen.getByText(LONG);
  });
});
