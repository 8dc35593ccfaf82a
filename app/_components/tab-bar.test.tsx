import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';
import { TabBar } from './tab-bar';

const nav = vi.hoisted(() => ({ pathname: '/reels' }));
vi.mock('next/navigation', () => ({ usePathname: () => nav.pathname, useRouter: () => ({ push: vi.fn() }) }));

describe('TabBar', () => {
  it.each([['en', en], ['hi', hi], ['he', he]] as const)('labels the five tabs in %s at 12 px (text-xs), never the old 10.9 px', (locale, msgs) => {
    renderWithApp(<TabBar />, { locale });

    for (const key of ['explore', 'rewards', 'assistant', 'videos', 'profile'] as const) {
      const tab = screen.getByTestId(`tab-${key}`);
      expect(tab.textContent).toContain(msgs.tabs[key]);
      const classes = tab.className.split(' ');
      expect(classes).toContain('text-xs');
      expect(classes.some((c) => /^text-\[0\.\d+rem\]$/.test(c))).toBe(false);
    }
    expect(screen.getByTestId('tab-videos').getAttribute('aria-current')).toBe('page');
  });

  it('marks Explore as the current tab on the search screen, and nothing else', () => {
    nav.pathname = '/search';
    try {
      renderWithApp(<TabBar />, { locale: 'en' });
      const current = screen.getAllByRole('link').filter((l) => l.getAttribute('aria-current') === 'page');
      expect(current.map((l) => l.getAttribute('data-testid'))).toEqual(['tab-explore']);
    } finally {
      nav.pathname = '/reels';
    }
  });
});
