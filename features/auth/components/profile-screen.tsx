'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useLogout, useMe } from '../api/session';
import type { Me } from '../schemas';
import { isSignedIn, useRequireLogin } from '../store';
import { ProfileAccount } from './profile-account';
import { ProfilePicture } from './profile-picture';
import { ProfileSignInMethods } from './profile-sign-in-methods';
import { WatchedList } from './watched-list';
import { Button } from '@/components/ui/button';

/** The edit form (react-hook-form, zod, the schemas) loads when "Edit profile" is first tapped. */
const ProfileEditForm = lazy(() => import('./profile-edit-form').then((m) => ({ default: m.ProfileEditForm })));

export interface ProfileScreenProps {
  /** The settings section (language and theme), rendered by the page. */
  settings: ReactNode;
  /**
   * The notifications entry of SPEC.md section 2 "Profile", built by the
   * notifications feature and handed in by the page; nothing is shown
   * without it.
   */
  notifications?: ReactNode;
  /**
   * The rewards summary of SPEC.md section 2 "Profile", built by the
   * referrals feature and handed in by the page; nothing is shown without it.
   */
  rewards?: ReactNode;
  /**
   * GOOGLE_CLIENT_ID read on the server by the page: with it a user without
   * a linked Google account gets Google's button in the sign-in methods;
   * null or absent, no Google button.
   */
  googleClientId?: string | null;
}

const card = 'rounded-2xl border border-neutral-200 bg-white p-5 dark:border-neutral-800 dark:bg-neutral-900';

/**
 * The Profile tab (SPEC.md section 2: settings, theme, language, videos
 * watched, rewards summary, notifications, logout). A visitor sees the
 * settings and a "Sign in" button; a signed-in user their picture, name,
 * username, bio, the edit form, the sign-in methods (masked phone, Google;
 * the missing one can be linked), videos watched, the rewards summary,
 * notifications, their data (download, delete the account) and logout. Who is signed in comes from
 * `['auth','me']`, so signing in or out here switches the screen at once.
 */
export function ProfileScreen({ settings, notifications, rewards, googleClientId = null }: ProfileScreenProps) {
  const t = useTranslations('profile');
  const me = useMe();
  const requireLogin = useRequireLogin();

  let body: ReactNode;
  if (me.isPending) {
    body = (
      <div aria-busy="true" className={`${card} h-48 animate-pulse`}>
        <span className="sr-only">{t('loading')}</span>
      </div>
    );
  } else if (me.isError) {
    body = (
      <p role="alert" className={`${card} text-red-700 dark:text-red-300`}>
        {t('loadFailed')}{' '}
        <button type="button" className="font-semibold underline" onClick={() => void me.refetch()}>{t('retry')}</button>
      </p>
    );
  } else if (!isSignedIn(me.data)) {
    body = (
      <section aria-labelledby="profile-sign-in-h" className={`${card} flex flex-col gap-3`}>
        <h2 id="profile-sign-in-h" className="text-xl font-semibold">{t('signInTitle')}</h2>
        <p className="text-neutral-700 dark:text-neutral-300">{t('signInBody')}</p>
        <Button
          type="button"
          onClick={() => requireLogin(() => undefined)}
          size="lg"
          className="self-start"
        >
          {t('signIn')}
        </Button>
      </section>
    );
  } else {
    body = <SignedInProfile me={me.data} notifications={notifications} rewards={rewards} googleClientId={googleClientId} />;
  }

  return (
    <div className="mx-auto flex max-w-lg flex-col gap-8 px-6 pb-10 pt-[max(2rem,env(safe-area-inset-top))] text-neutral-900 dark:text-neutral-100">
      <h1 className="text-3xl font-bold">{t('title')}</h1>
      {body}
      {settings}
      {isSignedIn(me.data) ? <LogoutButton /> : null}
    </div>
  );
}

function SignedInProfile({ me, notifications, rewards, googleClientId }: {
  me: Me; notifications?: ReactNode; rewards?: ReactNode; googleClientId: string | null;
}) {
  const t = useTranslations('profile');
  const [editing, setEditing] = useState(false);
  return (
    <>
      <section aria-label={t('title')} className={`${card} flex flex-col gap-4`}>
        <div className="flex flex-col items-center gap-3 text-center">
          <ProfilePicture me={me} />
          <div className="flex flex-col gap-1">
            <h2 className="text-2xl font-bold" data-testid="profile-name">
              {me.name || <span className="text-neutral-500 dark:text-neutral-400">{t('noName')}</span>}
            </h2>
            {me.username ? <p className="text-neutral-600 dark:text-neutral-400">@{me.username}</p> : null}
          </div>
          {me.bio ? <p className="whitespace-pre-line text-neutral-800 dark:text-neutral-200">{me.bio}</p> : null}
          <p className="flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-neutral-600 dark:text-neutral-400">
            <span>{t('followers', { count: me.followers })}</span>
            <span>{t('following', { count: me.following })}</span>
            <span>{t('posts', { count: me.posts })}</span>
          </p>
        </div>
        {/* The masked mobile number is shown with the sign-in methods below. */}
        {me.email ? (
          <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-neutral-600 dark:text-neutral-400">{t('emailLabel')}</dt>
            <dd className="break-all font-medium">
              {me.email}
              {me.emailVerified ? null : <span className="ml-2 text-xs font-normal text-neutral-500 dark:text-neutral-400">({t('emailUnverified')})</span>}
            </dd>
          </dl>
        ) : null}
        {editing ? (
          <Suspense fallback={<p aria-busy="true" className="text-sm text-neutral-600 dark:text-neutral-400">{t('loading')}</p>}>
            <ProfileEditForm me={me} onDone={() => setEditing(false)} />
          </Suspense>
        ) : (
          <Button
            type="button"
            onClick={() => setEditing(true)}
            variant="secondary"
            className="self-center"
          >
            {t('edit')}
          </Button>
        )}
      </section>
      <ProfileSignInMethods me={me} googleClientId={googleClientId} />
      <WatchedList />
      {rewards}
      {me.permissions.canCreateContent && <StudioEntry />}
      {/* The notifications feature's list brings its own heading and the #notifications anchor. */}
      {notifications}
      <ProfileAccount />
    </>
  );
}

/** The way into the studio (app/studio) for a user holding a studio role. */
function StudioEntry() {
  const t = useTranslations('studio');
  return (
    <section className={`${card} flex flex-col gap-1`}>
      <Link prefetch={false} href="/studio" className="self-start text-lg font-semibold text-amber-700 underline dark:text-amber-400">{t('open')}</Link>
      <p className="text-neutral-700 dark:text-neutral-300">{t('openHint')}</p>
    </section>
  );
}

/** Logout: ends the session; every query starts over, so the screen turns into the visitor's. */
function LogoutButton() {
  const t = useTranslations('profile');
  const logout = useLogout();
  return (
    <div className="flex flex-col gap-2">
      <Button
        type="button"
        disabled={logout.isPending}
        onClick={() => logout.mutate()}
        variant="danger-outline"
        size="lg"
        className="self-start"
      >
        {logout.isPending ? t('loggingOut') : t('logout')}
      </Button>
      {logout.isError ? <p role="alert" className="text-sm text-red-600 dark:text-red-400">{t('logoutFailed')}</p> : null}
    </div>
  );
}
