import { describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';
import { TabBar } from './tab-bar';

vi.mock('next/navigation', () => ({ usePathname: () => '/reels', useRouter: () => ({ push: vi.fn() }) }));

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
});
