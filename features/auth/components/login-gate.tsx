'use client';

import type { ReactNode } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useMe } from '../api/session';
import { isSignedIn, useRequireLogin } from '../store';
import { Button } from '@/components/ui/button';

/**
 * Opens the login modal; once signed in, runs `then` (default: fetch the
 * page's server parts again for the new principal, `router.refresh()`).
 */
export type SignIn = (then?: () => void) => void;

/** LoginGate's visitor view: a card (`title`, `body`, a sign-in button) or the page's own (`visitor`). */
type VisitorView =
  | { title: string; body: string; visitor?: never }
  | { visitor: (signIn: SignIn) => ReactNode; title?: never; body?: never };

/**
 * Shows `children` to a signed-in user; a visitor gets a card asking them
 * to sign in (SPEC.md section 4 "Calls needing login"), or the `visitor`
 * view the page gives, rendered with a `signIn` action. After sign-in the
 * page's server parts are fetched again (`router.refresh()`) for the new
 * principal, unless the action was given its own follow-up. Until the
 * caller is known, an empty, busy placeholder.
 * @param title the card's heading, e.g. "Sign in to see your rewards".
 * @param body one line on why.
 * @param visitor instead of the card: what a visitor sees (e.g. Rewards' how-it-works and deals).
 */
export function LoginGate({ children, ...view }: VisitorView & { children: ReactNode }) {
  const t = useTranslations('auth');
  const me = useMe();
  const requireLogin = useRequireLogin();
  const router = useRouter();
  const signIn: SignIn = (then) => requireLogin(then ?? (() => router.refresh()));

  if (me.isPending) {
    return (
      <div aria-busy="true" className="min-h-[50dvh]">
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  }
  if (isSignedIn(me.data)) return <>{children}</>;
  if (view.visitor) return <>{view.visitor(signIn)}</>;
  const { title, body } = view;
  return (
    <section className="mx-auto flex min-h-[calc(100dvh-var(--tabbar-h))] max-w-lg flex-col justify-center px-6 py-10">
      <div className="flex flex-col gap-4 rounded-2xl border border-neutral-200 p-6 shadow-sm dark:border-neutral-800">
        <h1 className="text-2xl font-bold">{title}</h1>
        <p className="text-neutral-700 dark:text-neutral-300">{body}</p>
        <Button
          type="button"
          onClick={() => signIn()}
          size="lg"
          className="self-start"
        >
          {t('signIn')}
        </Button>
      </div>
    </section>
  );
}
