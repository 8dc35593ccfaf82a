import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Me, SignedIn } from '../schemas';
import { useLoginStore, useRequireLogin } from '../store';
import { LoginRoot } from './login-root';

vi.mock('@react-oauth/google', () => import('@/tests/fixtures/google-button'));

const VISITOR: Me = {
  userId: null, isUserVisitor: true, visitorId: 'V1234567890123456789',
  name: '', username: null, bio: '', pic: null, email: null, emailVerified: false, gender: null, dob: null,
  phone: null, phId: null, hasGoogle: false, onboardingStatus: null, isAmb: false,
  followers: 0, following: 0, posts: 0, metadata: {}, permissions: { roles: [], canCreateContent: false },
};
const USER: Me = {
  ...VISITOR, userId: '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f', isUserVisitor: false,
  phone: '+91 ******5678', phId: '+91 ******5678', onboardingStatus: 'INITIAL_ONBOARDING',
};

const GOOD_CODE = '123456';
const EXPIRED_CODE = '111111';

type Json = Record<string, unknown>;

/** The accounts API as MSW answers it; returns what each endpoint received. */
function serveAuth(opts: { resendAfterS?: number; initiate?: () => Response; google?: () => Response } = {}) {
  const seen = { initiate: [] as Json[], resend: [] as string[], verify: [] as Json[], google: [] as Json[], events: [] as Json[] };
  let signedIn = false;
  const signIn = () => {
    signedIn = true;
    return HttpResponse.json<SignedIn>({ user: USER, is_new_user: false });
  };
  server.use(
    http.get('/auth/api/v1/me', () => HttpResponse.json(signedIn ? USER : VISITOR)),
    http.post('/auth/api/v1/otp/initiate', async ({ request }) => {
      seen.initiate.push((await request.json()) as Json);
      return opts.initiate?.() ?? HttpResponse.json({ request_id: 'req-1', expires_in_s: 300, resend_after_s: opts.resendAfterS ?? 60 });
    }),
    http.post('/auth/api/v2/otp/initiate/:id', ({ params }) => {
      seen.resend.push(String(params.id));
      return HttpResponse.json({ request_id: String(params.id), expires_in_s: 300, resend_after_s: 60 });
    }),
    http.post('/auth/api/v2/otp/verify', async ({ request }) => {
      const body = (await request.json()) as Json;
      seen.verify.push(body);
      if (body.otp === GOOD_CODE) return signIn();
      if (body.otp === EXPIRED_CODE) return apiError(410, 'otp_expired', 'This code has expired.');
      return apiError(401, 'otp_invalid', 'Wrong code.');
    }),
    http.post('/auth/api/v2/oauth/login', async ({ request }) => {
      seen.google.push((await request.json()) as Json);
      return opts.google?.() ?? signIn();
    }),
    http.post('/auth/api/v1/events', async ({ request }) => {
      seen.events.push((await request.json()) as Json);
      return new HttpResponse(null, { status: 202 });
    }),
  );
  return seen;
}

/** A button whose call needs login, as a reel's like button uses it; plus a query standing for the page's likes. */
function App({ action, googleClientId = null, likesFetched }: { action: () => void; googleClientId?: string | null; likesFetched?: { count: number } }) {
  const requireLogin = useRequireLogin();
  useQuery({
    queryKey: ['reels', 'likes'],
    queryFn: () => {
      if (likesFetched) likesFetched.count++;
      return likesFetched?.count ?? 0;
    },
  });
  return (
    <>
      <button type="button" onClick={() => requireLogin(action)}>Like</button>
      <LoginRoot googleClientId={googleClientId} />
    </>
  );
}

type User = ReturnType<typeof renderWithApp>['user'];

async function openModal(user: User) {
  // The identity is known before the tap, as on a page that has been open a moment.
  await waitFor(() => screen.getByRole('button', { name: 'Like' }));
  await user.click(screen.getByRole('button', { name: 'Like' }));
  return screen.findByRole('dialog', { name: 'Sign in' });
}

async function confirmBoth(user: User) {
  await user.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
  await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
}

async function reachOtpStep(user: User) {
  await openModal(user);
  await user.type(screen.getByLabelText('Mobile number'), '98123 45678');
  await confirmBoth(user);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  return screen.findByRole('dialog', { name: 'Enter the code' });
}

afterEach(() => {
  useLoginStore.setState({ open: false, pendingAction: null });
});

describe('LoginModal: phone step', () => {
  it('is a labelled modal dialog that starts on the mobile number', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    const dialog = await openModal(user);

    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const phone = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(document.activeElement).toBe(phone));
    expect(phone.getAttribute('inputmode')).toBe('numeric');
    expect(phone.getAttribute('autocomplete')).toBe('tel-national');
    screen.getByText('+91');
  });

  it('says "Please enter valid Mobile Number" and sends nothing for a wrong number', async () => {
    const seen = serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await openModal(user);

    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await confirmBoth(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByText('Please enter valid Mobile Number');
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(seen.initiate).toEqual([]);
  });

  it('requires both confirmations before sending the code', async () => {
    const seen = serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await openModal(user);

    await user.type(screen.getByLabelText('Mobile number'), '9812345678');
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByText('Please confirm you are over 18');
    screen.getByText('Please accept the terms of use and the privacy policy');

    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await waitFor(() => expect(screen.queryByText('Please confirm you are over 18')).toBeNull());
    screen.getByText('Please accept the terms of use and the privacy policy');
    expect(seen.initiate).toEqual([]);
  });

  it('shows the server\'s reason when no code can be sent and records OTP_INITIATE_FAILED', async () => {
    const seen = serveAuth({ initiate: () => apiError(429, 'otp_send_limit', 'Too many codes.') });
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await openModal(user);

    await user.type(screen.getByLabelText('Mobile number'), '+91 98123 45678');
    await confirmBoth(user);
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await screen.findByText('Too many codes were sent to this number. Please try again later.');
    screen.getByRole('dialog', { name: 'Sign in' });
    // The event queue sends its first event after its 1 s spacing (SPEC.md section 7).
    await waitFor(() => expect(seen.events).toHaveLength(1), { timeout: 3000 });
    expect(seen.events[0]).toMatchObject({
      event_type: 'OTP_INITIATE_FAILED',
      version: '1.0.0',
      payload: { error_message: 'otp_send_limit', metadata: { status: 429 } },
    });
    expect(JSON.stringify(seen.events[0])).not.toContain('12345678');
  });
});

describe('LoginModal: code step', () => {
  it('sends the number in E.164 and asks for the 6-digit code with a resend countdown', async () => {
    const seen = serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await reachOtpStep(user);

    expect(seen.initiate).toEqual([{ phone: '+919812345678' }]);
    screen.getByText('We sent a 6-digit code to +91 98123 45678.');
    const code = screen.getByLabelText('6-digit code');
    expect(code.getAttribute('autocomplete')).toBe('one-time-code');
    expect(code.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(code));
    const resend = screen.getByRole('button', { name: /^Resend code in (60|59) s$/ }) as HTMLButtonElement;
    expect(resend.disabled).toBe(true);
  });

  it('keeps "Resend code" disabled until the countdown ends, then sends a new code for the same request', async () => {
    const seen = serveAuth({ resendAfterS: 1 });
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await reachOtpStep(user);

    expect((screen.getByRole('button', { name: 'Resend code in 1 s' }) as HTMLButtonElement).disabled).toBe(true);
    const resend = await screen.findByRole('button', { name: 'Resend code' }, { timeout: 3000 }) as HTMLButtonElement;
    expect(resend.disabled).toBe(false);
    expect(seen.resend).toEqual([]);

    await user.click(resend);
    await screen.findByText('A new code is on its way.');
    expect(seen.resend).toEqual(['req-1']);
    expect((screen.getByRole('button', { name: /^Resend code in (60|59) s$/ }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says the code is wrong, clears it and records OTP_VALIDATE_FAILED', async () => {
    const seen = serveAuth();
    const action = vi.fn();
    const { user } = renderWithApp(<App action={action} />);
    await reachOtpStep(user);

    await user.type(screen.getByLabelText('6-digit code'), '000000');

    await screen.findByText('That code is wrong. Please check it and try again.');
    expect(seen.verify).toEqual([{ request_id: 'req-1', otp: '000000', over_18: true, accept_terms: true }]);
    expect((screen.getByLabelText('6-digit code') as HTMLInputElement).value).toBe('');
    // The event queue sends its first event after its 1 s spacing (SPEC.md section 7).
    await waitFor(() => expect(seen.events).toHaveLength(1), { timeout: 3000 });
    expect(seen.events[0]).toMatchObject({ event_type: 'OTP_VALIDATE_FAILED', payload: { error_message: 'otp_invalid', metadata: { status: 401 } } });
    expect(JSON.stringify(seen.events[0])).not.toContain('000000');
    expect(action).not.toHaveBeenCalled();
  });

  it('says an expired code has expired', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await reachOtpStep(user);

    await user.type(screen.getByLabelText('6-digit code'), EXPIRED_CODE);

    await screen.findByText('This code has expired. Please ask for a new one.');
  });

  it('goes back to the number with "Change number", keeping what was typed', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await reachOtpStep(user);

    await user.click(screen.getByRole('button', { name: 'Change number' }));

    await screen.findByRole('dialog', { name: 'Sign in' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('98123 45678');
    expect((screen.getByRole('checkbox', { name: 'I am over 18 years old' }) as HTMLInputElement).checked).toBe(true);
  });

  it('signs in from a pasted code: toast, closed, the waiting call run once and every query reloaded', async () => {
    const seen = serveAuth();
    const action = vi.fn();
    const likesFetched = { count: 0 };
    const { user, queryClient } = renderWithApp(<App action={action} likesFetched={likesFetched} />);
    await waitFor(() => expect(likesFetched.count).toBe(1));
    await reachOtpStep(user);
    expect(action).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('6-digit code'));
    await user.paste('123 456');

    await screen.findByText('Signed in');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.verify).toEqual([{ request_id: 'req-1', otp: GOOD_CODE, over_18: true, accept_terms: true }]);
    expect(action).toHaveBeenCalledTimes(1);
    expect(queryClient.getQueryData(['auth', 'me'])).toEqual(USER);
    await waitFor(() => expect(likesFetched.count).toBe(2));
    expect(seen.events).toEqual([]);

    // A later sign-in (e.g. from the profile) does not run the old call again.
    act(() => useLoginStore.getState().openLogin());
    await reachOtpStepFromOpenModal(user);
    await user.type(screen.getByLabelText('6-digit code'), GOOD_CODE);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).toHaveBeenCalledTimes(1);

    // Signed in, a gated call runs straight away.
    await user.click(screen.getByRole('button', { name: 'Like' }));
    expect(action).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('fills the code from an SMS with the WebOTP API, and stops listening when closed', async () => {
    serveAuth();
    const signals: AbortSignal[] = [];
    let deliver: (code: string) => void = () => undefined;
    const get = vi.fn((opts: { signal: AbortSignal }) => {
      signals.push(opts.signal);
      return new Promise((resolve, reject) => {
        deliver = (code) => resolve({ type: 'otp', code });
        opts.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    });
    Object.defineProperty(window, 'OTPCredential', { value: class {}, configurable: true });
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true });
    try {
      const action = vi.fn();
      const { user } = renderWithApp(<App action={action} />);
      await reachOtpStep(user);
      await waitFor(() => expect(get).toHaveBeenCalledTimes(1));
      expect(get.mock.calls[0][0]).toMatchObject({ otp: { transport: ['sms'] } });

      await act(async () => deliver(GOOD_CODE));
      await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
      expect(action).toHaveBeenCalledTimes(1);
      expect(signals[0].aborted).toBe(true);
    } finally {
      Reflect.deleteProperty(window, 'OTPCredential');
      Reflect.deleteProperty(navigator, 'credentials');
    }
  });
});

/** From a freshly opened modal's phone step to the code step. */
async function reachOtpStepFromOpenModal(user: User) {
  await screen.findByRole('dialog', { name: 'Sign in' });
  await user.type(screen.getByLabelText('Mobile number'), '9812345678');
  await confirmBoth(user);
  await user.click(screen.getByRole('button', { name: 'Send code' }));
  await screen.findByRole('dialog', { name: 'Enter the code' });
}

describe('LoginModal: closing', () => {
  it('closes on Escape, gives focus back and drops the waiting call', async () => {
    serveAuth();
    const action = vi.fn();
    const { user } = renderWithApp(<App action={action} />);
    await openModal(user);

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Like' }));
    expect(useLoginStore.getState().pendingAction).toBeNull();

    act(() => useLoginStore.getState().openLogin());
    await reachOtpStepFromOpenModal(user);
    await user.type(screen.getByLabelText('6-digit code'), GOOD_CODE);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(action).not.toHaveBeenCalled();
  });

  it('closes with the close button', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    await openModal(user);

    await user.click(screen.getByRole('button', { name: 'Close' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Tab inside the dialog', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} />);
    const dialog = await openModal(user);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Mobile number')));

    for (let i = 0; i < 8; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }
    await user.tab({ shift: true });
    expect(dialog.contains(document.activeElement)).toBe(true);
  });
});

describe('LoginModal: Google', () => {
  it('has no Google button without a client id', async () => {
    serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} googleClientId={null} />);
    await openModal(user);

    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Pick Google account' })).toBeNull();
  });

  it('asks for both confirmations first, then signs in with the Google ID token', async () => {
    const seen = serveAuth();
    const action = vi.fn();
    const { user } = renderWithApp(<App action={action} googleClientId="client-id.apps.googleusercontent.com" />);
    await openModal(user);

    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    await screen.findByText('Please confirm you are over 18');
    screen.getByText('Please accept the terms of use and the privacy policy');
    expect(seen.google).toEqual([]);

    await confirmBoth(user);
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Pick Google account' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(seen.google).toEqual([{ credential: 'google-id-token', over_18: true, accept_terms: true }]);
    expect(action).toHaveBeenCalledTimes(1);
    await screen.findByText('Signed in');
  });

  it('shows the server\'s reason for a refused Google token and records GOOGLE_AUTH_FAILED', async () => {
    const seen = serveAuth({ google: () => apiError(401, 'invalid_google_token', 'Invalid Google token.') });
    const action = vi.fn();
    const { user } = renderWithApp(<App action={action} googleClientId="client-id.apps.googleusercontent.com" />);
    await openModal(user);
    await confirmBoth(user);

    await user.click(screen.getByRole('button', { name: 'Pick Google account' }));

    await screen.findByText('Google sign-in could not be checked. Please try again.');
    // The event queue sends its first event after its 1 s spacing (SPEC.md section 7).
    await waitFor(() => expect(seen.events).toHaveLength(1), { timeout: 3000 });
    expect(seen.events[0]).toMatchObject({ event_type: 'GOOGLE_AUTH_FAILED', payload: { error_message: 'invalid_google_token' } });
    expect(JSON.stringify(seen.events[0])).not.toContain('google-id-token');
    expect(action).not.toHaveBeenCalled();
  });

  it('records GOOGLE_AUTH_FAILED when Google\'s own sign-in fails', async () => {
    const seen = serveAuth();
    const { user } = renderWithApp(<App action={vi.fn()} googleClientId="client-id.apps.googleusercontent.com" />);
    await openModal(user);
    await confirmBoth(user);

    await user.click(screen.getByRole('button', { name: 'Google popup closed' }));

    await screen.findByText('Google sign-in did not finish. Please try again.');
    // The event queue sends its first event after its 1 s spacing (SPEC.md section 7).
    await waitFor(() => expect(seen.events).toHaveLength(1), { timeout: 3000 });
    expect(seen.events[0]).toMatchObject({ event_type: 'GOOGLE_AUTH_FAILED', payload: { error_message: 'google_popup_failed' } });
    expect(seen.google).toEqual([]);
  });
});
