import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LanguageSwitch } from './language-switch';

const router = vi.hoisted(() => ({ replace: vi.fn(), refresh: vi.fn() }));
vi.mock('next/navigation', () => ({ useRouter: () => router }));

const NAMES = { en: 'English', hi: 'हिन्दी', he: 'Hinglish' } as const;

describe('LanguageSwitch', () => {
  beforeEach(() => {
    router.replace.mockReset();
    router.refresh.mockReset();
    document.cookie = 'NEXT_LOCALE=; path=/; max-age=0';
  });
  afterEach(() => window.history.replaceState(null, '', '/'));

  it('saves the choice in the cookie and re-renders the page where it is', async () => {
    window.history.replaceState(null, '', '/topic/t1?lang=hi');
    render(<LanguageSwitch current="en" legend="Language" names={NAMES} />);
    await userEvent.click(screen.getByText('हिन्दी'));
    expect(document.cookie).toContain('NEXT_LOCALE=hi');
    expect(router.refresh).toHaveBeenCalledOnce();
    expect(router.replace).not.toHaveBeenCalled();
  });

  it("leaves a URL that names a language (?hl=) for the bare URL, so the URL cannot set the old language back", async () => {
    window.history.replaceState(null, '', '/topic/t1?hl=hi&lang=hi#top');
    render(<LanguageSwitch current="hi" legend="Language" names={NAMES} />);
    await userEvent.click(screen.getByText('English'));
    expect(document.cookie).toContain('NEXT_LOCALE=en');
    expect(router.replace).toHaveBeenCalledWith('/topic/t1?lang=hi#top');
    expect(router.refresh).not.toHaveBeenCalled();
  });
});
