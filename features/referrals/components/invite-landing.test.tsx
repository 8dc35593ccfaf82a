import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Locale } from '@/lib/constants';
import { InviteLanding } from './invite-landing';
import { deal } from './test-data';

const asha = () => HttpResponse.json({ user_id: 'u1', name: 'Asha', pic: null, level: 'bronze' });

/** What the friend reads in each language: the heading with and without a name, the benefits, the action, "Terms". */
const WORDS: Record<Locale, { named: string; nameless: string; benefits: string[]; signIn: string; terms: string; offer: string }> = {
  en: {
    named: 'Asha has invited you to get rooftop solar',
    nameless: 'Your friend has invited you to get rooftop solar',
    benefits: [
      'Help with the government subsidy: ₹78,000 or more for a 3 kW home (PM Surya Ghar)',
      'A call back from a solar advisor, at a time you pick',
      'A site survey of your roof, to plan the right system',
    ],
    signIn: 'Sign in to accept', terms: 'Terms', offer: 'Offer: Rooftop solar',
  },
  hi: {
    named: 'Asha ने आपको रूफ़टॉप सोलर के लिए न्योता दिया है',
    nameless: 'आपके दोस्त ने आपको रूफ़टॉप सोलर के लिए न्योता दिया है',
    benefits: [
      'सरकारी सब्सिडी में मदद: 3 kW के घर पर ₹78,000 या उससे ज़्यादा (पीएम सूर्य घर)',
      'सोलर सलाहकार का कॉल, आपके चुने हुए समय पर',
      'आपकी छत का साइट सर्वे, ताकि सही सिस्टम तय हो सके',
    ],
    signIn: 'स्वीकार करने के लिए साइन इन करें', terms: 'शर्तें', offer: 'ऑफ़र: Rooftop solar',
  },
  he: {
    named: 'Asha ne aapko rooftop solar ke liye invite kiya hai',
    nameless: 'Aapke dost ne aapko rooftop solar ke liye invite kiya hai',
    benefits: [
      'Sarkari subsidy mein madad: 3 kW ke ghar par ₹78,000 ya usse zyada (PM Surya Ghar)',
      'Solar advisor ka call, aapke chune hue time par',
      'Aapki chhat ka site survey, taaki sahi system tay ho sake',
    ],
    signIn: 'Accept karne ke liye sign in karein', terms: 'Terms', offer: 'Offer: Rooftop solar',
  },
};

describe('InviteLanding', () => {
  beforeEach(() => {
    server.use(
      http.get('/referral/api/v1/user_data/code/:code', () => apiError(404, 'not_found', 'Not found')),
      http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal() })),
    );
  });

  for (const locale of ['en', 'hi', 'he'] as const) {
    const w = WORDS[locale];

    it(`${locale}: addresses the friend by the referrer's name, says what they get, one action, the fine print folded`, async () => {
      server.use(http.get('/referral/api/v1/user_data/code/ABC123', asha));
      const onSignIn = vi.fn();
      const { user } = renderWithApp(<InviteLanding code="ABC123" urlId={null} signedIn={false} onSignIn={onSignIn} />, { locale });
      expect(await screen.findByRole('heading', { level: 1, name: w.named })).toBeTruthy();
      expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(w.benefits);
      expect((await screen.findByTestId('landing-offer')).textContent).toBe(w.offer);
      // One action: the sign-in button, and no other button or link on the page.
      expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([w.signIn]);
      expect(screen.queryAllByRole('link')).toEqual([]);
      await user.click(screen.getByRole('button', { name: w.signIn }));
      expect(onSignIn).toHaveBeenCalledTimes(1);
      // The referrer's pitch, the terms and the code are inside a closed "Terms" disclosure.
      const details = screen.getByText(w.terms, { selector: 'summary' }).closest('details')!;
      expect(details.open).toBe(false);
      expect(within(details).getByText('Save on power bills.')).toBeTruthy();
      expect(within(details).getByText('Reward after installation.')).toBeTruthy();
      expect(within(details).getByText(/ABC123/)).toBeTruthy();
    });

    it(`${locale}: without the referrer's name (none set, or the card unread) it says "your friend"`, async () => {
      server.use(http.get('/referral/api/v1/user_data/code/NONAME12', () => HttpResponse.json({ user_id: 'u2', name: '', pic: null, level: 'bronze' })));
      renderWithApp(<InviteLanding code="NONAME12" urlId={null} signedIn={false} onSignIn={() => undefined} />, { locale });
      await screen.findByTestId('landing-offer');
      expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(w.nameless);
      renderWithApp(<InviteLanding code="GONE1234" urlId={null} signedIn={false} onSignIn={() => undefined} />, { locale });
      expect((await screen.findAllByRole('heading', { level: 1 })).map((h) => h.textContent)).toEqual([w.nameless, w.nameless]);
    });
  }

  it('cuts a very long name with an ellipsis', async () => {
    server.use(http.get('/referral/api/v1/user_data/code/LONG1234', () => HttpResponse.json({
      user_id: 'u3', name: 'Venkatasatyanarayanamurthysubrahmanyam', pic: null, level: 'bronze',
    })));
    renderWithApp(<InviteLanding code="LONG1234" urlId={null} signedIn={false} onSignIn={() => undefined} />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Venkatasatyanarayanamurthysub… has invited you to get rooftop solar' })).toBeTruthy();
  });

  it('shows the deal by its url id', async () => {
    server.use(http.get('/referral/api/v1/deals', ({ request }) => {
      expect(new URL(request.url).searchParams.get('url_id')).toBe('rooftop');
      return HttpResponse.json({ deal: deal({ title: 'Solar AMC' }) });
    }));
    renderWithApp(<InviteLanding code="ABC123" urlId="rooftop" signedIn={false} onSignIn={() => undefined} />);
    expect((await screen.findByTestId('landing-offer')).textContent).toBe('Offer: Solar AMC');
  });

  it('a signed-in user is sent to the requests received', async () => {
    renderWithApp(<InviteLanding code="ABC123" urlId={null} signedIn onSignIn={() => undefined} />);
    await screen.findByTestId('landing-offer');
    expect(screen.getByRole('link', { name: 'Open Rewards' }).getAttribute('href')).toBe('/rewards#received');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('an unknown deal is a translated 404, and sign-in is still offered', async () => {
    server.use(http.get('/referral/api/v1/deals', () => apiError(404, 'not_found', 'Not found')));
    renderWithApp(<InviteLanding code="ABC123" urlId="gone" signedIn={false} onSignIn={() => undefined} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This was not found.');
    screen.getByRole('button', { name: 'Sign in to accept' });
  });
});
