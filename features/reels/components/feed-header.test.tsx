import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import { FeedHeader } from './feed-header';
import { DataSaverProvider } from '@/lib/data-saver-context';
import hi from '@/messages/hi.json';

const push = vi.fn();
vi.mock('next/navigation', () => ({
  useRouter: () => ({ push, back: vi.fn(), refresh: vi.fn() }),
  usePathname: () => '/reels',
}));

afterEach(() => push.mockReset());

describe('FeedHeader language menu', () => {
  it('shows the language the server chose, and "All" is a choice that goes in the URL', async () => {
    const r = renderWithApp(<FeedHeader urlFilter={{}} feedLang="he" filterLabel={null} />);
    const menu = screen.getByRole('combobox', { name: 'Video language' }) as HTMLSelectElement;
    expect(menu.value).toBe('he');
    expect([...menu.options].map((o) => o.value)).toEqual(['all', 'en', 'hi', 'he']);
    await r.user.selectOptions(menu, 'all');
    expect(push).toHaveBeenCalledWith('/reels?lang=all');
    await r.user.selectOptions(menu, 'hi');
    expect(push).toHaveBeenLastCalledWith('/reels?lang=hi');
  });

  it('keeps the page\'s other filters when the language changes', async () => {
    const r = renderWithApp(<FeedHeader urlFilter={{ category_id: 'c1', lang: 'all' }} filterLabel={null} />);
    const menu = screen.getByRole('combobox', { name: 'Video language' }) as HTMLSelectElement;
    expect(menu.value).toBe('all');
    await r.user.selectOptions(menu, 'en');
    expect(push).toHaveBeenCalledWith('/reels?category_id=c1&lang=en');
  });
});

describe('FeedHeader data saver mark', () => {
  it('says the data saver is on, in the person\'s language, and leads to the setting', () => {
    renderWithApp(
      <DataSaverProvider initial={{ choice: 'on', browserAsks: false }}>
        <FeedHeader urlFilter={{}} feedLang="he" filterLabel={null} />
      </DataSaverProvider>,
      { locale: 'hi' },
    );
    const mark = screen.getByRole('link', { name: hi.reels.dataSaverOn });
    expect(mark.getAttribute('href')).toBe('/profile#data-saver');
  });

  it('is not there while the data saver is off', () => {
    renderWithApp(
      <DataSaverProvider initial={{ choice: 'off', browserAsks: true }}>
        <FeedHeader urlFilter={{}} feedLang="he" filterLabel={null} />
      </DataSaverProvider>,
    );
    expect(screen.queryByTestId('data-saver-badge')).toBeNull();
  });
});
