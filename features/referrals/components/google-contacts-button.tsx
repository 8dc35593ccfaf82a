'use client';

import { useEffect, useRef, useState } from 'react';
import { GoogleOAuthProvider, useGoogleLogin, useGoogleOAuth } from '@react-oauth/google';
import { useTranslations } from 'next-intl';
import { useInterfaceLang } from '@/lib/use-app-formatter';
import { useGoogleResync } from '../api/referrals';
import { ui } from './shared';
import { useErrorText } from '@/lib/use-error-text';

/** Read-only access to the user's contacts: what the People API read on the server needs. */
export const GOOGLE_CONTACTS_SCOPE = 'https://www.googleapis.com/auth/contacts.readonly';

/**
 * "Import from Google contacts" on the invite page: on the first click
 * Google Identity Services is loaded (not before), its token client asks the
 * user for read access to their contacts in Google's popup, and the access
 * token goes to POST google-contact/resync (docs/api/referrals.md), which
 * reads the contacts through the People API and adds them. The answer is
 * shown as counts; refusals by their code (422 `google_token_invalid`, 502
 * `google_contacts_unavailable`). A popup the user closes, or a consent they
 * decline, shows nothing.
 * @param clientId GOOGLE_CLIENT_ID read on the server (the page renders no button without it).
 * @param describedBy id of the notice saying why contacts are asked for and what is kept (aria-describedby).
 */
export function GoogleContactsButton({ clientId, describedBy }: { clientId: string; describedBy?: string }) {
  const t = useTranslations('referrals.invite');
  const errorText = useErrorText();
  const locale = useInterfaceLang();
  const resync = useGoogleResync();
  // Clicks so far: each one asks Google once for a token.
  const [asks, setAsks] = useState(0);
  const [googleFailed, setGoogleFailed] = useState(false);

  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        className={`${ui.secondary} self-start`}
        disabled={resync.isPending}
        aria-describedby={describedBy}
        onClick={() => {
          setGoogleFailed(false);
          resync.reset();
          setAsks((n) => n + 1);
        }}
      >
        {resync.isPending ? t('googleImporting') : t('googleImport')}
      </button>
      {asks > 0 ? (
        <GoogleOAuthProvider clientId={clientId} locale={locale === 'hi' ? 'hi' : 'en'} onScriptLoadError={() => setGoogleFailed(true)}>
          <TokenRequest asks={asks} onToken={(token) => resync.mutate(token)} onFailed={() => setGoogleFailed(true)} />
        </GoogleOAuthProvider>
      ) : null}
      {resync.data ? (
        <p role="status" className="text-sm">
          {t('imported', { added: resync.data.added, existing: resync.data.existing, invalid: resync.data.invalid.length })}
        </p>
      ) : null}
      {googleFailed ? <p role="alert" className={ui.error}>{t('googleFailed')}</p> : null}
      {resync.isError ? <p role="alert" className={ui.error}>{errorText(resync.error)}</p> : null}
    </div>
  );
}

/**
 * Asks Google's token client for an access token once per click (`asks`
 * grows by one per click), as soon as Google's script has loaded.
 */
function TokenRequest({ asks, onToken, onFailed }: { asks: number; onToken: (token: string) => void; onFailed: () => void }) {
  const { scriptLoadedSuccessfully } = useGoogleOAuth();
  const login = useGoogleLogin({
    flow: 'implicit',
    scope: GOOGLE_CONTACTS_SCOPE,
    onSuccess: (r) => {
      if (r.access_token) onToken(r.access_token);
      else onFailed();
    },
    // The user declined consent: their choice, nothing to report.
    onError: (e) => {
      if (e.error !== 'access_denied') onFailed();
    },
    // A closed popup is the user's choice too; a popup that could not open is not.
    onNonOAuthError: (e) => {
      if (e.type !== 'popup_closed') onFailed();
    },
  });
  const asked = useRef(0);
  useEffect(() => {
    if (!scriptLoadedSuccessfully || asked.current === asks) return;
    asked.current = asks;
    login();
  }, [asks, scriptLoadedSuccessfully, login]);
  return null;
}
