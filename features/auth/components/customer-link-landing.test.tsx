import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { CUSTOMER_LINK_COOKIE } from '../customer-link';
import type { Me, SignedIn } from '../schemas';
import { useLoginStore } from '../store';
import { CustomerLinkLanding, takeCustomerLinkPhone } from './customer-link-landing';
import { LoginModal } from './login-modal';
import { LoginRoot } from './login-root';

vi.mock('@react-oauth/google', () => import('@/tests/fixtures/google-button'));

/**
 * A registered customer's link (docs/ops/native-customer-link.md): the page
 * finds the verified number the server left in a short-lived cookie, opens
 * the login modal with it filled in, and after the sign-in shows the
 * customers' deals.
 */

const USER = {
  userId: '5f0c2a9e-7b1d-4c3e-8f6a-2d4b6c8e0a1f', isUserVisitor: false, visitorId: 'V1234567890123456789',
  name: '', username: null, bio: '', pic: null, email: null, emailVerified: false, gender: null, dob: null,
  phone: '+91 ******5678', phId: '+91 ******5678', hasGoogle: false, onboardingStatus: 'INITIAL_ONBOARDING', isAmb: false,
  followers: 0, following: 0, posts: 0, metadata: {}, permissions: { roles: [], canCreateContent: false },
} satisfies Me;

function setPrefillCookie(value: string) {
  document.cookie = `${CUSTOMER_LINK_COOKIE}=${value}; Path=/`;
}
/** A prefill cookie with a value is still there (happy-dom keeps a deleted cookie as an empty one). */
const prefillCookieLeft = () => new RegExp(`(^|; )${CUSTOMER_LINK_COOKIE}=[^;]`).test(document.cookie);

function serveSignIn() {
  const seen = { initiate: [] as unknown[], verify: [] as unknown[] };
  server.use(
    http.get('/auth/api/v1/me', () => HttpResponse.json(USER)),
    http.post('/auth/api/v1/otp/initiate', async ({ request }) => {
      seen.initiate.push(await request.json());
      return HttpResponse.json({ request_id: 'req-1', expires_in_s: 300, resend_after_s: 60 });
    }),
    http.post('/auth/api/v2/otp/verify', async ({ request }) => {
      seen.verify.push(await request.json());
      return HttpResponse.json<SignedIn>({ user: USER, is_new_user: false });
    }),
  );
  return seen;
}

afterEach(() => {
  document.cookie = `${CUSTOMER_LINK_COOKIE}=; Path=/; Max-Age=0`;
  useLoginStore.setState({ open: false, pendingAction: null, purpose: 'sign-in', prefillPhone: null });
});

describe('CustomerLinkLanding', () => {
  it('opens the login modal with the verified number filled in, focus on the confirmations, and the cookie gone', async () => {
    setPrefillCookie(encodeURIComponent('+919812345678'));
    renderWithApp(<><CustomerLinkLanding onSignedIn={vi.fn()} /><LoginRoot googleClientId={null} /></>);
    const dialog = await screen.findByRole('dialog', { name: 'Sign in' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('98123 45678');
    expect(dialog.textContent).toContain('We have filled in your registered mobile number.');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('checkbox', { name: 'I am over 18 years old' })));
    // Read once: a reload does not open it again.
    expect(prefillCookieLeft()).toBe(false);
  });

  it('signs in with that number and then shows the customers\' deals, once', async () => {
    const seen = serveSignIn();
    setPrefillCookie(encodeURIComponent('+919812345678'));
    const onSignedIn = vi.fn();
    const { user } = renderWithApp(<><CustomerLinkLanding onSignedIn={onSignedIn} /><LoginRoot googleClientId={null} /></>);
    await screen.findByRole('dialog', { name: 'Sign in' });
    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('dialog', { name: 'Enter the code' });
    expect(seen.initiate).toEqual([{ phone: '+919812345678' }]);
    await user.type(screen.getByLabelText('6-digit code'), '123456');
    await waitFor(() => expect(onSignedIn).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // A later sign-in does not go to the deals again.
    expect(useLoginStore.getState().pendingAction).toBeNull();
    expect(useLoginStore.getState().prefillPhone).toBeNull();
  });

  it('the number can still be changed before the code is sent', async () => {
    const seen = serveSignIn();
    setPrefillCookie(encodeURIComponent('+919812345678'));
    const { user } = renderWithApp(<><CustomerLinkLanding onSignedIn={vi.fn()} /><LoginRoot googleClientId={null} /></>);
    await screen.findByRole('dialog', { name: 'Sign in' });
    const phone = screen.getByLabelText('Mobile number');
    await user.clear(phone);
    await user.type(phone, '91234 56789');
    await user.click(screen.getByRole('checkbox', { name: 'I am over 18 years old' }));
    await user.click(screen.getByRole('checkbox', { name: 'I accept the terms of use and the privacy policy' }));
    await user.click(screen.getByRole('button', { name: 'Send code' }));
    await screen.findByRole('dialog', { name: 'Enter the code' });
    expect(seen.initiate).toEqual([{ phone: '+919123456789' }]);
  });

  it('opens nothing without the cookie, or with one that is not a mobile number (dropping it)', async () => {
    renderWithApp(<><CustomerLinkLanding onSignedIn={vi.fn()} /><LoginRoot googleClientId={null} /></>);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('dialog')).toBeNull();
    for (const bad of ['%2B911123456789', '9812345678', '%E0%A4', '<script>']) {
      setPrefillCookie(bad);
      expect(takeCustomerLinkPhone()).toBeNull();
      expect(prefillCookieLeft()).toBe(false);
    }
  });
});

describe('LoginModal with a number filled in', () => {
  it('says so in the interface language (Hinglish) and keeps the +91 prefix', async () => {
    renderWithApp(<LoginModal prefillPhone="+917012345678" googleClientId={null} onClose={vi.fn()} onSignedIn={vi.fn()} />, { locale: 'he' });
    const dialog = await screen.findByRole('dialog', { name: 'Sign in karein' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('70123 45678');
    expect(dialog.textContent).toContain('Humne aapka registered mobile number bhar diya hai.');
    screen.getByText('+91');
  });

  it('ignores a value that is not an Indian mobile in E.164, and a number to add (link-phone) is never filled', async () => {
    const first = renderWithApp(<LoginModal prefillPhone="+15551234567" googleClientId={null} onClose={vi.fn()} onSignedIn={vi.fn()} />);
    await screen.findByRole('dialog', { name: 'Sign in' });
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('');
    expect(screen.queryByText(/registered mobile number/)).toBeNull();
    first.unmount();
    renderWithApp(<LoginModal purpose="link-phone" prefillPhone="+919812345678" googleClientId={null} onClose={vi.fn()} onSignedIn={vi.fn()} />);
    await screen.findByRole('dialog');
    expect((screen.getByLabelText('Mobile number') as HTMLInputElement).value).toBe('');
  });
});
