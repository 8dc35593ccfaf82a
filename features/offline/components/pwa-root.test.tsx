import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen } from '@testing-library/react';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';
import { PwaRoot } from './pwa-root';

vi.mock('@/lib/pwa/idle', () => ({ afterLoadWhenIdle: () => () => undefined }));

const LANGS = [['en', en], ['hi', hi], ['he', he]] as const;
let onLine: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
});

afterEach(() => {
  vi.restoreAllMocks();
  document.documentElement.style.removeProperty('--offline-h');
});

/* jsdom lays nothing out: what is checked is that the banner is in the flow and says how tall it is. */
describe('PwaRoot offline banner', () => {
  it.each(LANGS)('pushes the page down instead of covering it, in %s', (locale, msgs) => {
    renderWithApp(<PwaRoot />, { locale });
    const banner = screen.getByTestId('offline-banner');
    expect(banner.textContent).toBe(msgs.offline.banner);
    const classes = banner.className.split(' ');
    expect(classes).toContain('sticky');
    expect(classes).not.toContain('fixed');
    // Full-height screens (the feed's stage, the assistant) subtract it.
    expect(document.documentElement.style.getPropertyValue('--offline-h')).toMatch(/^\d+px$/);
  });

  it('goes, and gives its room back, when the browser is online again', () => {
    renderWithApp(<PwaRoot />);
    expect(screen.queryByTestId('offline-banner')).not.toBeNull();
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    expect(document.documentElement.style.getPropertyValue('--offline-h')).toBe('');
  });
});
