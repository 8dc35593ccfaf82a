import { afterEach, describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithApp } from '@/tests/fixtures/render';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { DATA_SAVER_COOKIE } from '@/lib/data-saver';
import { DataSaverProvider, useDataSaver } from '@/lib/data-saver-context';
import { DataSaverSwitch } from './data-saver-switch';

const MESSAGES = { en, hi, he } as const;

/** What the rest of the page reads from the provider (the feed header's badge, the player). */
function Reader() {
  return <output data-testid="saver-state">{useDataSaver().on ? 'on' : 'off'}</output>;
}

function page(initial: { choice: 'on' | 'off' | null; browserAsks: boolean }) {
  return (
    <DataSaverProvider initial={initial}>
      <DataSaverSwitch />
      <Reader />
    </DataSaverProvider>
  );
}

/** The text of the elements an element's aria-describedby names. */
const description = (el: HTMLElement) => (el.getAttribute('aria-describedby') ?? '').split(' ')
  .map((id) => document.getElementById(id)?.textContent ?? '').join(' ').trim();

const cookie = () => document.cookie.split('; ').find((c) => c.startsWith(`${DATA_SAVER_COOKIE}=`)) ?? null;

afterEach(() => {
  document.cookie = `${DATA_SAVER_COOKIE}=; Path=/; Max-Age=0`;
});

describe('the data saver switch in Profile settings', () => {
  it.each(['en', 'hi', 'he'] as const)('speaks %s, turns on and off, and keeps the choice on the device', async (locale) => {
    const m = MESSAGES[locale].profile;
    const { user } = renderWithApp(page({ choice: null, browserAsks: false }), { locale });
    const toggle = screen.getByRole('switch', { name: m.dataSaver }) as HTMLInputElement;
    expect(toggle.checked).toBe(false);
    expect(description(toggle)).toBe(m.dataSaverHint);
    expect(cookie()).toBeNull();

    await user.click(toggle);
    expect(toggle.checked).toBe(true);
    expect(screen.getByTestId('saver-state').textContent).toBe('on');
    expect(cookie()).toBe(`${DATA_SAVER_COOKIE}=on`);

    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(screen.getByTestId('saver-state').textContent).toBe('off');
    expect(cookie()).toBe(`${DATA_SAVER_COOKIE}=off`);
  });

  it.each(['en', 'hi', 'he'] as const)('in %s, says it is on because the browser asked, until the person chooses', async (locale) => {
    const m = MESSAGES[locale].profile;
    const { user } = renderWithApp(page({ choice: null, browserAsks: true }), { locale });
    const toggle = screen.getByRole('switch', { name: m.dataSaver }) as HTMLInputElement;
    expect(toggle.checked).toBe(true);
    expect(description(toggle)).toBe(`${m.dataSaverHint} ${m.dataSaverBrowser}`);
    // Turned off by the person: their choice wins over the browser's hint, and the line goes.
    await user.click(toggle);
    expect(toggle.checked).toBe(false);
    expect(screen.getByTestId('saver-state').textContent).toBe('off');
    expect(description(toggle)).toBe(m.dataSaverHint);
  });

  it('starts from the choice the server read from the cookie, over the browser\'s hint', () => {
    renderWithApp(page({ choice: 'off', browserAsks: true }));
    expect((screen.getByRole('switch', { name: en.profile.dataSaver }) as HTMLInputElement).checked).toBe(false);
  });
});
