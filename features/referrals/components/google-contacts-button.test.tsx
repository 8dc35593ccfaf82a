import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactNode } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { InviteScreen } from './invite-screen';
import { GOOGLE_CONTACTS_SCOPE, GoogleContactsButton } from './google-contacts-button';
import { DEAL_ID, contact, deal } from './test-data';

vi.mock('next/navigation', () => ({ useRouter: () => ({ push: vi.fn(), refresh: vi.fn() }) }));

/** What Google's token client does when asked: hand a token, or the user closes the popup, or it cannot open. */
const google = vi.hoisted(() => ({
  answer: 'token' as 'token' | 'closed' | 'blocked',
  providers: [] as string[],
  scopes: [] as string[],
}));

vi.mock('@react-oauth/google', () => ({
  GoogleOAuthProvider: ({ clientId, children }: { clientId: string; children: ReactNode }) => {
    google.providers.push(clientId);
    return <>{children}</>;
  },
  useGoogleOAuth: () => ({ clientId: 'x', scriptLoadedSuccessfully: true }),
  useGoogleLogin: (o: {
    scope: string;
    onSuccess: (r: { access_token: string }) => void;
    onNonOAuthError?: (e: { type: string }) => void;
  }) => () => {
    google.scopes.push(o.scope);
    if (google.answer === 'token') o.onSuccess({ access_token: 'ya29.test-token' });
    else o.onNonOAuthError?.({ type: google.answer === 'closed' ? 'popup_closed' : 'popup_failed_to_open' });
  },
}));

afterEach(() => {
  google.answer = 'token';
  google.providers.length = 0;
  google.scopes.length = 0;
});

const BUTTON = 'Import from Google contacts';

describe('GoogleContactsButton', () => {
  it('asks Google only on click, posts the access token and shows the counts', async () => {
    const bodies: unknown[] = [];
    server.use(http.post('/referral/api/v1/google-contact/resync', async ({ request }) => {
      bodies.push(await request.json());
      return HttpResponse.json({ added: 3, existing: 1, invalid: [{ index: 4, code: 'invalid_phone' }] });
    }));
    const { user } = renderWithApp(<GoogleContactsButton clientId="client-1.apps.googleusercontent.com" />);
    expect(google.providers).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: BUTTON }));
    expect((await screen.findByText('3 added, 1 already there, 1 not valid.')).getAttribute('role')).toBe('status');
    expect(bodies).toEqual([{ access_token: 'ya29.test-token' }]);
    expect(google.providers[0]).toBe('client-1.apps.googleusercontent.com');
    expect(google.scopes).toEqual([GOOGLE_CONTACTS_SCOPE]);
    expect(screen.queryByRole('alert')).toBeNull();

    // a second click asks Google again
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(google.scopes).toHaveLength(2);
  });

  it.each([
    [422, 'google_token_invalid'],
    [502, 'google_contacts_unavailable'],
  ])('a %i %s is shown by its code', async (status, code) => {
    server.use(http.post('/referral/api/v1/google-contact/resync', () => apiError(status, code, 'server words')));
    const { user } = renderWithApp(<GoogleContactsButton clientId="client-1" />, { locale: 'hi' });
    await user.click(screen.getByRole('button', { name: 'Google संपर्कों से जोड़ें' }));
    const hi = (await import('@/messages/hi.json')).default.errors as Record<string, string>;
    expect((await screen.findByRole('alert')).textContent).toBe(hi[code]);
    expect(screen.queryByText(/जोड़े गए/)).toBeNull();
  });

  it('a closed popup shows nothing and sends nothing; a popup that cannot open says so', async () => {
    const resync = vi.fn(() => HttpResponse.json({ added: 0, existing: 0, invalid: [] }));
    server.use(http.post('/referral/api/v1/google-contact/resync', resync));
    google.answer = 'closed';
    const { user } = renderWithApp(<GoogleContactsButton clientId="client-1" />);
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await waitFor(() => expect(google.scopes).toHaveLength(1));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/added,/)).toBeNull();

    google.answer = 'blocked';
    await user.click(screen.getByRole('button', { name: BUTTON }));
    expect((await screen.findByRole('alert')).textContent).toBe('Google could not be opened. Please try again.');
    expect(resync).not.toHaveBeenCalled();
  });
});

describe('InviteScreen and Google', () => {
  function serve() {
    server.use(
      http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal() })),
      http.get('/referral/api/v1/contact_list/1/50', () => HttpResponse.json({ items: [contact()], total: 1, page: 1, page_size: 50 })),
    );
  }

  it('no Google button without a client id', async () => {
    serve();
    renderWithApp(<InviteScreen dealId={DEAL_ID} googleClientId={null} />);
    await screen.findByText('Rooftop solar');
    expect(screen.queryByRole('button', { name: BUTTON })).toBeNull();
  });

  it('with a client id the import refreshes the contact list', async () => {
    serve();
    let lists = 0;
    server.use(
      http.get('/referral/api/v1/contact_list/1/50', () => {
        lists += 1;
        const items = lists > 1 ? [contact(), contact({ id: 'c9', name: 'Gita' })] : [contact()];
        return HttpResponse.json({ items, total: items.length, page: 1, page_size: 50 });
      }),
      http.post('/referral/api/v1/google-contact/resync', () => HttpResponse.json({ added: 1, existing: 0, invalid: [] })),
    );
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} googleClientId="client-1" />);
    await screen.findByRole('listitem', { name: 'Meena' });
    await user.click(screen.getByRole('button', { name: BUTTON }));
    await screen.findByRole('listitem', { name: 'Gita' });
    screen.getByText('1 added, 0 already there, 0 not valid.');
  });
});
