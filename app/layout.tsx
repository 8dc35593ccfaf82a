import type { Metadata, Viewport } from 'next';
import type { ReactNode } from 'react';
import { cookies } from 'next/headers';
import { NextIntlClientProvider } from 'next-intl';
import { getTranslations } from 'next-intl/server';
import { getInterfaceLang } from '@/lib/interface-lang-server';
import { InlineScript } from '@/components/ui/inline-script';
import { Toaster } from '@/components/ui/toaster';
import { LoginRoot } from '@/features/auth/components/login-root';
import { OnboardingRoot } from '@/features/auth/components/onboarding-root';
import { PwaRoot } from '@/features/offline/components/pwa-root';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { env } from '@/lib/env';
import { htmlLang } from '@/lib/i18n-locale';
import { THEME_INIT_SCRIPT } from '@/stores/theme-store';
import { Analytics } from './_components/analytics';
import { NotificationRoot } from './_components/notification-root';
import { CustomerLinkRoot } from './_components/customer-link-root';
import { TabBar } from './_components/tab-bar';
import { siteOrigin } from './_lib/site';
import { documentLangOf } from './_lib/document-lang';
import { requestNonce } from './_lib/nonce';
import { Providers } from './providers';
import { dataSaverOfRequest } from '@/lib/data-saver-server';
import './globals.css';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('app');
  const name = t('name');
  return {
    metadataBase: await siteOrigin(),
    title: { default: `${name} · ${t('tagline')}`, template: `%s · ${name}` },
    description: t('description'),
    applicationName: name,
    appleWebApp: { capable: true, title: name, statusBarStyle: 'black-translucent' },
    formatDetection: { telephone: false },
    openGraph: { siteName: name, type: 'website', description: t('description') },
  };
}

export const viewport: Viewport = {
  width: 'device-width',
  initialScale: 1,
  viewportFit: 'cover',
  themeColor: [
    { media: '(prefers-color-scheme: light)', color: '#ffffff' },
    { media: '(prefers-color-scheme: dark)', color: '#000000' },
  ],
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getInterfaceLang();
  // The page's main content: a reel's own page is in the reel's language (docs/decisions/029).
  const docLang = await documentLangOf(locale);
  const t = await getTranslations('app');
  const tErr = await getTranslations('errors');
  const nonce = await requestNonce();
  // Only whether one came: NotificationRoot asks the server who it is, and only then.
  const hasSession = (await cookies()).has(SESSION_COOKIE);
  const dataSaver = await dataSaverOfRequest();
  return (
    <html lang={htmlLang(docLang)}>
      {/* The theme class is set by the inline script before first paint; React keeps it. */}
      {/* The interface around a reel of another language is marked as the interface's (the reel's text carries its own lang). */}
      <body lang={docLang === locale ? undefined : htmlLang(locale)} className="min-h-dvh font-sans antialiased" suppressHydrationWarning>
        <InlineScript html={THEME_INIT_SCRIPT} nonce={nonce} />
        <a href="#main" className="sr-only z-50 rounded bg-amber-500 px-3 py-2 text-black focus:not-sr-only focus:fixed focus:left-2 focus:top-2">
          {t('skipToContent')}
        </a>
        <NextIntlClientProvider>
          <Providers dataSaver={dataSaver}>
            <Analytics />
            {/* First in the flow: its offline banner pushes the page down instead of covering it. */}
            <PwaRoot />
            <main id="main" className="min-h-[calc(100dvh-var(--offline-h,0px))] pb-[var(--tabbar-h)] lg:pl-[var(--rail-w)]">
              {children}
            </main>
            <TabBar />
            <Toaster dismissLabel={tErr('dismiss')} />
            <LoginRoot googleClientId={env().GOOGLE_CLIENT_ID ?? null} />
            <CustomerLinkRoot />
            <OnboardingRoot hasSession={hasSession} />
            <NotificationRoot hasSession={hasSession} />
          </Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
