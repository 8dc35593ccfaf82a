import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { LOCALES, type Locale } from '@/lib/constants';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('profile') };
}

/**
 * The Profile tab (SPEC.md section 2): the settings that work today,
 * language and theme; the rest is announced, not faked.
 */
export default async function ProfilePage() {
  const t = await getTranslations('profile');
  const tLang = await getTranslations('languages');
  const tSoon = await getTranslations('comingSoon');
  const locale = (await getLocale()) as Locale;
  const names = Object.fromEntries(LOCALES.map((l) => [l, tLang(l)])) as Record<Locale, string>;
  return (
    <div className="mx-auto flex max-w-lg flex-col gap-8 px-6 pb-10 pt-[max(2rem,env(safe-area-inset-top))]">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      <section aria-labelledby="settings-h" className="flex flex-col gap-6">
        <h2 id="settings-h" className="text-lg font-semibold text-neutral-500 dark:text-neutral-400">{t('settings')}</h2>
        <div className="flex flex-col gap-1">
          <LanguageSwitch current={locale} legend={t('language')} names={names} />
          <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('languageHint')}</p>
        </div>
        <ThemeSwitch legend={t('theme')} labels={{ light: t('light'), dark: t('dark') }} />
      </section>
      <p className="rounded-xl bg-amber-50 p-4 text-amber-900 dark:bg-amber-900/30 dark:text-amber-100">
        <span className="mr-2 rounded-full bg-amber-200 px-2 py-0.5 text-xs font-semibold uppercase dark:bg-amber-800">{tSoon('badge')}</span>
        {t('later')}
      </p>
    </div>
  );
}
