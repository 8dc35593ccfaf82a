import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { USER } from '@/tests/fixtures/profile-api';
import { authKeys, useMe } from '../api/session';
import type { Me, SignedIn } from '../schemas';
import { useLoginStore } from '../store';
import { LoginRoot } from './login-root';
import { ProfileSignInMethods } from './profile-sign-in-methods';

vi.mock('@react-oauth/google', () => import('@/tests/fixtures/google-button'));

const MASKED = '+91 ******4321';
const NO_PHONE: Me = { ...USER, phone: null, phId: null, email: null, hasGoogle: false };
const GOOGLE_ONLY: Me = { ...NO_PHONE, hasGoogle: true, email: 'asha@example.com', emailVerified: true };

type Json = Record<string, unknown>;

/**
 * The accounts API as MSW answers it: a stateful `/auth/api/v1/me`, the
 * Google link, and the OTP calls, where a verified code adds the number to
 * the signed-in user as the server does. Returns what each endpoint received.
 */
function serveAccount(initial: Me, opts: { link?: () => Response; verify?: () => Response } = {}) {
  let me = initial;
  const seen = { link: [] as Json[], initiate: [] as Json[], verify: [] as Json[], events: [] as Json[], meGets: 0 };
  server.use(
    http.get('/auth/api/v1/me', () => {
      seen.meGets++;
      return HttpResponse.json(me);
    }),
    http.post('/auth/api/v1/user/google', async ({ request }) => {
      seen.link.push((await request.json()) as Json);
      const refused = opts.link?.();
      if (refused) return refused;
      me = { ...me, hasGoogle: true, email: 'asha@example.com', emailVerified: true };
      return HttpResponse.json(me);
    }),
    http.post('/auth/api/v1/otp/initiate', async ({ request }) => {
      seen.initiate.push((await request.json()) as Json);
      return HttpResponse.json({ request_id: 'req-1', expires_in_s: 300, resend_after_s: 60 });
    }),
    http.post('/auth/api/v2/otp/verify', async ({ request }) => {
      seen.verify.push((await request.json()) as Json);
      const refused = opts.verify?.();
      if (refused) return refused;
      me = { ...me, phone: MASKED, phId: MASKED };
      return HttpResponse.json<SignedIn>({ user: me, is_new_user: false });
    }),
    http.post('/auth/api/v1/events', async ({ request }) => {
      seen.events.push((await request.json()) as Json);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  return seen;
}

/** The section as the profile screen mounts it (from `['auth','me']`), with the app's one login modal. */
function Harness({ googleClientId = null }: { googleClientId?: string | null }) {
  const me = useMe();
  return (
    <>
      {me.data ? <ProfileSignInMethods me={me.data} googleClientId={googleClientId} /> : null}
      <LoginRoot googleClientId={googleClientId} />
    </>
  );
}

const section = () => screen.findByRole('region', { name: 'Sign-in methods' });

afterEach(() => {
  useLoginStore.setState({ open: false, pendingAction: null, purpose: 'sign-in' });
});

describe('ProfileSignInMethods: mobile number', () => {
  it('shows the masked number and no way to add another', async () => {
    serveAccount({ ...USER, phone: MASKED, phId: MASKED });
    renderWithApp(<Harness />);
    const methods = await section();
    within(methods).getByText(MASKED);
    within(methods).getByText('Mobile number');
    expect(within(methods).queryByRole('button', { name: 'Add mobile number' })).toBeNull();
  });

  it('offers "Add mobile number" to a user without one', async () => {
    serveAccount(GOOGLE_ONLY);
    renderWithApp(<Harness />);
    const methods = await section();
    within(methods).getByRole('button', { name: 'Add mobile number' });
    expect(within(methods).queryByText(/\*{6}/)).toBeNull();
  });

  it('opens the login modal to add the number: its own title, no Google, the code as for sign-in, then "Mobile number added"', async () => {
    const seen = serveAccount(GOOGLE_ONLY);
    const { user, queryClient } = renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />);
    await user.click(within(await section()).getByRole('button', { name: 'Add mobile number' }));

    const dialog = await screen.findByRole('dialog', { name: 'Add your mobile number' });
    expect(useLoginStore.getState().purpose).toBe('link-phone');
    within(dialog).getByText(/check the number is yours/);
    expect(within(dialog).queryByRole('button', { name: 'Pick Google account' })).toBeNull();
    expect(within(dialog).queryByText('or')).toBeNull();

    await user.type(within(dialog).getByLabelText('Mobile number'), '98765 54321');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    expect(seen.initiate).toEqual([{ phone: '+919876554321' }]);

    const otp = await screen.findByRole('dialog', { name: 'Enter the code' });
    const gets = seen.meGets;
    await user.type(within(otp).getByLabelText('6-digit code'), '123456');

    await screen.findByText('Mobile number added');
    expect(screen.queryByText('Signed in')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.verify).toEqual([{ request_id: 'req-1', otp: '123456', over_18: true, accept_terms: true }]);
    const methods = await section();
    within(methods).getByText(MASKED);
    expect(within(methods).queryByRole('button', { name: 'Add mobile number' })).toBeNull();
    expect(queryClient.getQueryData<Me>(authKeys.me)?.phone).toBe(MASKED);
    // `['auth','me']` is asked for again after the number was added.
    await waitFor(() => expect(seen.meGets).toBeGreaterThan(gets));
    expect(useLoginStore.getState().purpose).toBe('sign-in');
  });

  it('says so when the number belongs to another account, and keeps the modal open', async () => {
    serveAccount(GOOGLE_ONLY, { verify: () => apiError(409, 'phone_in_use', 'This mobile number belongs to another account.') });
    const { user } = renderWithApp(<Harness />);
    await user.click(within(await section()).getByRole('button', { name: 'Add mobile number' }));
    const dialog = await screen.findByRole('dialog', { name: 'Add your mobile number' });
    await user.type(within(dialog).getByLabelText('Mobile number'), '9876554321');
    await user.click(within(dialog).getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send code' }));
    await user.type(within(await screen.findByRole('dialog', { name: 'Enter the code' })).getByLabelText('6-digit code'), '123456');

    await screen.findByText('This mobile number belongs to another account.');
    screen.getByRole('dialog', { name: 'Enter the code' });
    expect(screen.queryByText('Mobile number added')).toBeNull();
    // The page behind the open modal is hidden from assistive technology (aria-hidden): found by test id, its button with `hidden`.
    within(screen.getByTestId('sign-in-methods')).getByRole('button', { name: 'Add mobile number', hidden: true });
  });
});

describe('ProfileSignInMethods: Google', () => {
  it('shows "Linked" with the account\'s email, and no Google button even with a client id', async () => {
    serveAccount({ ...GOOGLE_ONLY, phone: MASKED, phId: MASKED });
    renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />);
    const methods = await section();
    within(methods).getByText('Linked');
    within(methods).getByText('asha@example.com');
    expect(within(methods).queryByRole('button', { name: 'Pick Google account' })).toBeNull();
  });

  it('has no Google button without a client id', async () => {
    serveAccount({ ...USER, phone: MASKED, phId: MASKED });
    renderWithApp(<Harness />);
    const methods = await section();
    within(methods).getByText(MASKED);
    expect(within(methods).queryByText('Google')).toBeNull();
    expect(within(methods).queryByText('Linked')).toBeNull();
    expect(within(methods).queryByRole('button', { name: 'Pick Google account' })).toBeNull();
  });

  it('links the Google account of the ID token and shows it linked', async () => {
    const seen = serveAccount({ ...USER, phone: MASKED, phId: MASKED });
    const { user, queryClient } = renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />);
    const methods = await section();
    expect(within(methods).queryByText('Linked')).toBeNull();

    await user.click(await within(methods).findByRole('button', { name: 'Pick Google account' }));

    await within(methods).findByText('Linked');
    within(methods).getByText('asha@example.com');
    expect(within(methods).queryByRole('button', { name: 'Pick Google account' })).toBeNull();
    await screen.findByText('Google account linked');
    expect(seen.link).toEqual([{ credential: 'google-id-token' }]);
    expect(queryClient.getQueryData<Me>(authKeys.me)?.hasGoogle).toBe(true);
    expect(seen.events).toEqual([]);
  });

  it('says a Google account of another user is in use, keeps the button and records the failure', async () => {
    const seen = serveAccount({ ...USER, phone: MASKED, phId: MASKED }, {
      link: () => apiError(409, 'google_in_use', 'This Google account belongs to another account.'),
    });
    const { user, queryClient } = renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />);
    const methods = await section();
    await user.click(await within(methods).findByRole('button', { name: 'Pick Google account' }));

    expect((await within(methods).findByRole('alert')).textContent).toBe('This Google account belongs to another user.');
    expect(within(methods).queryByText('Linked')).toBeNull();
    within(methods).getByRole('button', { name: 'Pick Google account' });
    expect(queryClient.getQueryData<Me>(authKeys.me)?.hasGoogle).toBe(false);
    // The event queue sends its first event after its 1 s spacing (SPEC.md section 7).
    await waitFor(() => expect(seen.events).toHaveLength(1), { timeout: 3000 });
    expect(seen.events[0]).toMatchObject({
      event_type: 'GOOGLE_AUTH_FAILED',
      payload: { error_message: 'google_in_use', metadata: { link: true, status: 409 } },
    });
  });

  it('says so when Google\'s own sign-in does not finish', async () => {
    const seen = serveAccount({ ...USER, phone: MASKED, phId: MASKED });
    const { user } = renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />);
    const methods = await section();
    await user.click(await within(methods).findByRole('button', { name: 'Google popup closed' }));
    expect((await within(methods).findByRole('alert')).textContent).toBe('Google did not finish. Please try again.');
    expect(seen.link).toEqual([]);
  });

  it('speaks Hinglish', async () => {
    serveAccount(NO_PHONE);
    renderWithApp(<Harness googleClientId="client-id.apps.googleusercontent.com" />, { locale: 'he' });
    const methods = await screen.findByRole('region', { name: 'Sign-in ke tareeke' });
    within(methods).getByRole('button', { name: 'Mobile number jodein' });
    await within(methods).findByRole('button', { name: 'Pick Google account' });
  });
});
