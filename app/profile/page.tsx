import type { Metadata } from 'next';
import { headers } from 'next/headers';
import { dehydrate, HydrationBoundary, QueryClient } from '@tanstack/react-query';
import { getTranslations } from 'next-intl/server';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { ThemeSwitch } from '@/components/ui/theme-switch';
import { DataSaverSwitch } from '@/features/reels/components/data-saver-switch';
import { authKeys } from '@/features/auth/api/session';
import { ProfileScreen } from '@/features/auth/components/profile-screen';
import { NotificationList } from '@/features/notifications/components/notification-list';
import { RewardsSummary } from '@/features/referrals/components/rewards-summary';
import { userViewOf } from '@/features/auth/server/user-view';
import { resolveCredentials } from '@/lib/auth/resolve';
import { LOCALES, type Locale } from '@/lib/constants';
import { getDb } from '@/lib/db/client';
import { env } from '@/lib/env';
import { mediaSigningReady } from '@/lib/storage/signing';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('meta');
  return { title: t('profile') };
}

/**
 * The Profile tab (SPEC.md section 2): settings (language, theme, data saver) for
 * everyone; for a signed-in user their profile, sign-in methods, videos
 * watched, rewards summary and logout
 * (features/auth/components/profile-screen.tsx). The caller's user view is
 * read here and handed to the client as `['auth','me']`, so the first paint
 * already shows the right screen; GOOGLE_CLIENT_ID is read here too, for
 * the Google button that links an account.
 */
export default async function ProfilePage() {
  const t = await getTranslations('profile');
  const tLang = await getTranslations('languages');
  const locale = await getInterfaceLang();
  const names = Object.fromEntries(LOCALES.map((l) => [l, tLang(l)])) as Record<Locale, string>;

  const qc = new QueryClient();
  // Visitor cookies are signed with a key derived from the signing secret.
  await mediaSigningReady();
  const { principal } = await resolveCredentials({ cookieHeader: (await headers()).get('cookie') ?? undefined });
  if (principal) qc.setQueryData(authKeys.me, await userViewOf((await getDb()).db, principal));

  const settings = (
    <section aria-labelledby="settings-h" className="flex flex-col gap-6">
      <h2 id="settings-h" className="text-lg font-semibold text-neutral-500 dark:text-neutral-400">{t('settings')}</h2>
      <div className="flex flex-col gap-1">
        <LanguageSwitch current={locale} legend={t('language')} names={names} />
        <p className="text-sm text-neutral-600 dark:text-neutral-400">{t('languageHint')}</p>
      </div>
      <ThemeSwitch legend={t('theme')} labels={{ light: t('light'), dark: t('dark') }} />
      <DataSaverSwitch />
    </section>
  );
  return (
    <HydrationBoundary state={dehydrate(qc)}>
      <ProfileScreen settings={settings} rewards={<RewardsSummary />} notifications={<NotificationList />} googleClientId={env().GOOGLE_CLIENT_ID ?? null} />
    </HydrationBoundary>
  );
}
