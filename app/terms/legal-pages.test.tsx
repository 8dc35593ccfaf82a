import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { createTranslator } from 'next-intl';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { renderWithApp } from '@/tests/fixtures/render';

/** The interface language the mocked server translator answers in. */
const lang = vi.hoisted(() => ({ current: 'en' as 'en' | 'hi' | 'he' }));
const MESSAGES = { en, hi, he };

// The pages are server components: their translations come from the real messages of `lang.current`.
vi.mock('next-intl/server', () => ({
  getTranslations: async (namespace?: string) =>
    createTranslator({ locale: lang.current, messages: MESSAGES[lang.current], namespace: namespace as never }),
}));

const { default: TermsPage } = await import('./page');
const { default: PrivacyPage } = await import('../privacy/page');

const LANGS = [['en', en], ['hi', hi], ['he', he]] as const;

describe('/terms', () => {
  it.each(LANGS)('reads in %s: the age rule, that figures are general information, the reward rule, and a link to /privacy', async (locale, msgs) => {
    lang.current = locale;
    renderWithApp(await TermsPage(), { locale });

    screen.getByRole('heading', { level: 1, name: msgs.legal.terms.title });
    for (const part of ['age', 'info', 'rewards', 'fair', 'data'] as const) {
      screen.getByRole('heading', { level: 2, name: msgs.legal.terms[part].title });
      screen.getByText(msgs.legal.terms[part].body);
    }
    const privacy = screen.getByRole('link', { name: msgs.legal.seePrivacy.replace(/.*<privacy>(.*)<\/privacy>.*/, '$1') });
    expect(privacy.getAttribute('href')).toBe('/privacy');
    expect(screen.getByRole('link', { name: msgs.legal.back }).getAttribute('href')).toBe('/reels');
  });
});

describe('/privacy', () => {
  it.each(LANGS)('says in %s what is collected, why, for how long and how to delete it', async (locale, msgs) => {
    lang.current = locale;
    renderWithApp(await PrivacyPage(), { locale });

    screen.getByRole('heading', { level: 1, name: msgs.legal.privacy.title });
    for (const section of ['collect', 'why', 'keep', 'delete'] as const) {
      const heading = screen.getByRole('heading', { level: 2, name: msgs.legal.privacy[section].title });
      expect(within(heading.closest('section')!).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    }
    expect(screen.getByRole('link', { name: msgs.legal.seeTerms.replace(/.*<terms>(.*)<\/terms>.*/, '$1') }).getAttribute('href')).toBe('/terms');
    expect(document.body.textContent).not.toMatch(/\{[a-zA-Z]+\}/);
  });

  it.each(LANGS)('names, in %s, the Profile screen\'s buttons with the words that screen shows', async (locale, msgs) => {
    lang.current = locale;
    renderWithApp(await PrivacyPage(), { locale });

    const howToDelete = within(screen.getByRole('heading', { level: 2, name: msgs.legal.privacy.delete.title }).closest('section')!);
    const steps = howToDelete.getAllByRole('listitem').map((li) => li.textContent);
    expect(steps[0]).toContain(`"${msgs.account.title}"`);
    expect(steps[0]).toContain(`"${msgs.account.delete}"`);
    expect(steps[0]).toContain(msgs.profile.title);
    expect(steps[1]).toContain(`"${msgs.account.download}"`);
  });

  it('states the retention the code applies: 30-day sessions, uninvited contacts gone after 90 days, payout records kept 8 years', async () => {
    lang.current = 'en';
    renderWithApp(await PrivacyPage());

    const keep = within(screen.getByRole('heading', { level: 2, name: 'How long we keep it' }).closest('section')!);
    keep.getByText(/up to 30 days/);
    keep.getByText(/deleted after 90 days/);
    keep.getByText(/8 years/);
  });
});
