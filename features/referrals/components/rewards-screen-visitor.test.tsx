import { describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { RewardsVisitorScreen } from './rewards-screen-visitor';
import { DEAL_ID, deal } from './test-data';

const UTL_ID = '55555555-5555-4555-8555-555555555555';

function serve() {
  server.use(http.get('/referral/api/v1/all_deals', () => HttpResponse.json({
    deals: [deal({ reward_inr: 50000 }), deal({ id: UTL_ID, title: 'UTL AMC', reward_inr: 3000, customers_only: true, ribbon: null })],
  })));
}

describe('RewardsVisitorScreen', () => {
  it.each([
    ['en', 'How it works', ['Invite a friend on WhatsApp', 'Your friend gets free help going solar', 'once their order is placed'], 'Earn ₹50,000', 'Earn ₹3,000', 'Sign in'],
    ['hi', 'यह कैसे काम करता है', ['WhatsApp पर बुलाएँ', 'मुफ़्त मदद मिलती है', 'ऑर्डर होते ही'], '₹50,000 कमाएँ', '₹3,000 कमाएँ', 'साइन इन करें'],
    ['he', 'Yeh kaise kaam karta hai', ['WhatsApp par invite karo', 'free madad milti hai', 'order place hote hi'], '₹50,000 kamao', '₹3,000 kamao', 'Sign in karo'],
  ] as const)('shows how the program works, the deals with what each earns, then sign-in (%s)', async (locale, how, steps, earn1, earn2, signIn) => {
    serve();
    renderWithApp(<RewardsVisitorScreen onSignIn={vi.fn()} />, { locale });
    const howSection = screen.getByRole('region', { name: how });
    const items = within(howSection).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    steps.forEach((s, i) => expect(items[i].textContent).toContain(s));
    const earned = (await screen.findAllByTestId('deal-earn')).map((e) => e.textContent);
    expect(earned).toEqual([earn1, earn2]);
    // the sign-in action comes after the deals
    const button = screen.getByRole('button', { name: signIn });
    expect(screen.getAllByTestId('deal-earn')[1].compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('link', { name: /refer/i })).toBeNull();
  });

  it('a deal\'s "Sign in to refer" and the sign-in button hand the deal (or none) to onSignIn', async () => {
    serve();
    const onSignIn = vi.fn();
    const { user } = renderWithApp(<RewardsVisitorScreen onSignIn={onSignIn} />);
    await user.click(await screen.findByRole('button', { name: 'Sign in to refer friends to Rooftop solar' }));
    expect(onSignIn).toHaveBeenLastCalledWith(DEAL_ID);
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(onSignIn).toHaveBeenLastCalledWith(null);
  });
});
