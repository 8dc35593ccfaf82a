import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Contact } from '../api/referrals';
import { InviteScreen } from './invite-screen';
import { DEAL_ID, contact, deal, request } from './test-data';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn() }) }));

const WA = 'https://wa.me/919811111111?text=Meena%20invites%20you';

afterEach(() => {
  push.mockReset();
  vi.restoreAllMocks();
});

function serve(contacts: Contact[]) {
  server.use(
    http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal({ reward_inr: 50000 }) })),
    http.get('/referral/api/v1/contact_list/1/50', () => HttpResponse.json({ items: contacts, total: contacts.length, page: 1, page_size: 50 })),
  );
}

describe('InviteScreen: a contact already sent an invite', () => {
  it.each([
    ['en', 'Remind Sunil on WhatsApp', 'Remind on WhatsApp', 'Invite Meena on WhatsApp'],
    ['hi', 'Sunil को WhatsApp पर याद दिलाएँ', 'WhatsApp पर याद दिलाएँ', 'Meena को WhatsApp पर बुलाएँ'],
    ['he', 'Sunil ko WhatsApp par yaad dilao', 'WhatsApp par yaad dilao', 'Meena ko WhatsApp par bulao'],
  ] as const)('is offered "Remind on WhatsApp"; a new one "Invite" (%s)', async (locale, remindName, remindText, inviteName) => {
    serve([contact(), contact({ id: 'c2', name: 'Sunil', label: 'sent' })]);
    renderWithApp(<InviteScreen dealId={DEAL_ID} />, { locale });
    const remind = await screen.findByRole('button', { name: remindName });
    expect(remind.textContent).toBe(remindText);
    screen.getByRole('button', { name: inviteName });
  });

  it('reminding opens the same wa.me link again and stays on the page with it, with no error', async () => {
    serve([contact({ name: 'Sunil', label: 'sent' })]);
    server.use(http.post('/referral/api/v1/referrer/send_request', () =>
      HttpResponse.json({ request: request({ side: 'sender', status: 'SENT' }), invite: { share_url: 'x', wa_url: WA, text: 'Meena invites you' } }, { status: 200 })));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Remind Sunil on WhatsApp' }));
    const status = (await screen.findByText('Your invite is open in WhatsApp again.')).closest('p')!;
    expect(status.getAttribute('role')).toBe('status');
    expect(within(status).getByRole('link', { name: 'Open WhatsApp again' }).getAttribute('href')).toBe(WA);
    expect(open).toHaveBeenCalledWith(WA, '_blank', 'noopener,noreferrer');
    expect(push).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('the deal shows what it earns on the invite page', async () => {
    serve([]);
    renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    const section = await screen.findByRole('region', { name: 'The deal you are sharing' });
    expect(within(section).getByTestId('deal-earn').textContent).toBe('Earn ₹50,000');
  });
});

describe('InviteScreen: adding a contact with a bad number', () => {
  it.each([
    ['en', 'Mobile number', 'Add contact'],
    ['hi', 'मोबाइल नंबर', 'संपर्क जोड़ें'],
    ['he', 'Mobile number', 'Contact add karo'],
  ] as const)('tells the error at the number field, which it describes (%s)', async (locale, phoneLabel, addLabel) => {
    serve([]);
    server.use(http.post('/referral/api/v4/contact', () => apiError(422, 'invalid_phone', 'Please enter valid Mobile Number')));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />, { locale });
    const form = await screen.findByRole('form');
    await user.type(within(form).getAllByRole('textbox')[0], 'Meena');
    const phone = within(form).getByRole('textbox', { name: phoneLabel });
    await user.type(phone, '12');
    await user.click(within(form).getByRole('button', { name: addLabel }));
    const alert = await within(form).findByRole('alert');
    const messages = (await import(`@/messages/${locale}.json`)).default.errors as Record<string, string>;
    expect(alert.textContent).toBe(messages.invalid_phone);
    expect(phone.getAttribute('aria-describedby')).toBe(alert.id);
    expect(phone.getAttribute('aria-invalid')).toBe('true');
    // right after its input
    expect(phone.nextElementSibling).toBe(alert);
  });
});
