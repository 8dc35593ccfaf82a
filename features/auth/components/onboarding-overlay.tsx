'use client';

import { useRef, useState, type ComponentType } from 'react';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { CompassIcon, GiftIcon, SparkleChatIcon, VideosIcon } from '@/components/ui/icons';
import { LanguageSwitch } from '@/components/ui/language-switch';
import { track } from '@/lib/analytics/event-client';
import { LOCALES, type Locale } from '@/lib/constants';
import { useUpdateMe } from '../api/profile';
import { Button } from '@/components/ui/button';
import { Dialog, DialogDescription, DialogTitle } from '@/components/ui/dialog';

const OFFERS: Array<{ key: 'reels' | 'tldr' | 'assistant' | 'rewards'; Icon: ComponentType<{ size?: number }> }> = [
  { key: 'reels', Icon: VideosIcon },
  { key: 'tldr', Icon: CompassIcon },
  { key: 'assistant', Icon: SparkleChatIcon },
  { key: 'rewards', Icon: GiftIcon },
];

/**
 * The onboarding overlay (SPEC.md section 4 "Onboarding overlay";
 * INITIAL_ONBOARDING -> ONBOARDING_COMPLETED): shown once, after the first
 * sign-in. It offers the interface language and says what the app offers
 * (short videos, topic summaries, the assistant, rewards). "Get started"
 * records ONBOARDING_COMPLETED; the answer becomes `['auth','me']`, which
 * unmounts the overlay (see OnboardingRoot). A modal on the shared Dialog:
 * focus starts on "Get started" and stays inside, the page behind is inert;
 * neither Escape nor a press outside closes it (the one way on is "Get
 * started").
 */
export function OnboardingOverlay() {
  const t = useTranslations('onboarding');
  const tLang = useTranslations('languages');
  const locale = useInterfaceLang();
  const update = useUpdateMe();
  const [failed, setFailed] = useState(false);
  const start = useRef<HTMLButtonElement>(null);
  const names = Object.fromEntries(LOCALES.map((l) => [l, tLang(l)])) as Record<Locale, string>;

  // Escape asks the Dialog to close: onboarding ends only by "Get started", so it stays.
  const stay = () => {};

  const complete = () => {
    setFailed(false);
    // The welcome screen's "Get started" (SPEC.md section 3 interaction WELCOME_ALPHA).
    track('WELCOME_ALPHA', { metadata: { locale } });
    update.mutate({ onboardingStatus: 'ONBOARDING_COMPLETED' }, { onError: () => setFailed(true) });
  };

  return (
    <Dialog
      onClose={stay}
      dismissOnOutsidePress={false}
      initialFocus={start}
      overlayClassName="fixed inset-0 z-[55] flex items-end justify-center bg-black/60 sm:items-center"
      className="flex max-h-dvh w-full max-w-md flex-col gap-5 overflow-y-auto rounded-t-2xl bg-white p-6 pb-[max(1.5rem,env(safe-area-inset-bottom))] text-neutral-900 shadow-xl sm:rounded-2xl dark:bg-neutral-900 dark:text-neutral-100"
    >
      <div className="flex flex-col gap-2">
        <DialogTitle className="text-2xl font-bold">{t('title')}</DialogTitle>
        <DialogDescription className="text-neutral-700 dark:text-neutral-300">{t('intro')}</DialogDescription>
      </div>
      <LanguageSwitch current={locale} legend={t('language')} names={names} />
      <section aria-labelledby="onboarding-offers-h" className="flex flex-col gap-3">
        <h3 id="onboarding-offers-h" className="font-semibold">{t('offersTitle')}</h3>
        <ul className="flex flex-col gap-3">
          {OFFERS.map(({ key, Icon }) => (
            <li key={key} className="flex gap-3">
              <span aria-hidden="true" className="flex size-10 shrink-0 items-center justify-center rounded-full bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
                <Icon size={20} />
              </span>
              <span className="flex flex-col">
                <span className="font-medium">{t(`${key}Title`)}</span>
                <span className="text-sm text-neutral-600 dark:text-neutral-400">{t(`${key}Body`)}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>
      {failed ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{t('failed')}</p> : null}
      <Button
        ref={start}
        type="button"
        disabled={update.isPending}
        onClick={complete}
        size="lg"
      >
        {update.isPending ? t('starting') : t('getStarted')}
      </Button>
    </Dialog>
  );
}
