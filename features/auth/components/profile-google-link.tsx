'use client';

import { GoogleLogin, GoogleOAuthProvider } from '@react-oauth/google';
import { useInterfaceLang } from '@/lib/use-app-formatter';

export interface GoogleLinkButtonProps {
  /** Google's OAuth client id (GOOGLE_CLIENT_ID). */
  clientId: string;
  /** A link request is on its way: the button is inert meanwhile. */
  pending: boolean;
  /** Google answered with an ID token (undefined when it gave none). */
  onCredential: (credential: string | undefined) => void;
  /** Google's own sign-in failed or was closed. */
  onPopupError: () => void;
}

/**
 * Google's button for linking an account in the Profile tab. Its own
 * module, loaded lazily by the sign-in methods section, so Google's wrapper
 * and script stay out of the profile page's first load and are fetched only
 * for a user who has no Google account linked yet.
 */
export function GoogleLinkButton({ clientId, pending, onCredential, onPopupError }: GoogleLinkButtonProps) {
  const locale = useInterfaceLang();
  return (
    <GoogleOAuthProvider clientId={clientId} locale={locale === 'hi' ? 'hi' : 'en'}>
      <div inert={pending} aria-busy={pending || undefined} className={pending ? 'opacity-50' : ''}>
        <GoogleLogin
          onSuccess={(r) => onCredential(r.credential)}
          onError={onPopupError}
          text="continue_with"
          shape="pill"
          size="medium"
        />
      </div>
    </GoogleOAuthProvider>
  );
}
