import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Contact } from '../api/referrals';
import { InviteScreen } from './invite-screen';
import { ThanksScreen } from './thanks-screen';
import { DEAL_ID, contact, deal, request } from './test-data';

const push = vi.fn();
vi.mock('next/navigation', () => ({ useRouter: () => ({ push, refresh: vi.fn() }) }));

const WA = 'https://wa.me/919811111111?text=Join%20me';

afterEach(() => {
  push.mockReset();
  vi.restoreAllMocks();
  delete (navigator as unknown as Record<string, unknown>).contacts;
  delete (window as unknown as Record<string, unknown>).ContactsManager;
});

function serve(contacts: Contact[] = [contact()]) {
  server.use(
    http.get('/referral/api/v1/one_deal', ({ request: req }) => {
      expect(new URL(req.url).searchParams.get('deal_id')).toBe(DEAL_ID);
      return HttpResponse.json({ deal: deal() });
    }),
    http.get('/referral/api/v1/contact_list/1/50', () => HttpResponse.json({ items: contacts, total: contacts.length, page: 1, page_size: 50 })),
  );
}

describe('InviteScreen', () => {
  it('shows the contacts with the one label there is ("Sent"), and nothing on the others', async () => {
    serve([contact(), contact({ id: 'c2', name: 'Sunil', label: 'sent' }), contact({ id: 'c3', name: 'Kiran' })]);
    renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await screen.findByText('Rooftop solar');
    within(await screen.findByRole('listitem', { name: 'Sunil' })).getByText('Sent');
    const kiran = screen.getByRole('listitem', { name: 'Kiran' });
    expect(within(kiran).queryByText('Sent')).toBeNull();
    expect(kiran.textContent).not.toMatch(/regist/i);
  });

  it.each([
    ['en', 'Why we ask for numbers', 'deleted after 30 days'],
    ['hi', 'हम नंबर क्यों माँगते हैं', '30 दिन बाद मिटा'],
    ['he', 'Hum numbers kyun maangte hain', '30 din baad delete'],
  ] as const)('says where contacts are added why numbers are asked for and what is kept (%s)', async (locale, title, kept) => {
    serve([]);
    Object.defineProperty(navigator, 'contacts', { value: { select: vi.fn() }, configurable: true });
    (window as unknown as Record<string, unknown>).ContactsManager = function ContactsManager() {};
    renderWithApp(<InviteScreen dealId={DEAL_ID} googleClientId="client-1" retentionDays={30} />, { locale });
    const form = await screen.findByRole('form');
    const notice = document.getElementById(form.getAttribute('aria-describedby')!)!;
    expect(notice.textContent).toContain(title);
    expect(notice.textContent).toContain(kept);
    // Every way of adding contacts points at the notice: the form, the picker, the file import and Google.
    const buttons = screen.getAllByRole('button').filter((b) => b.getAttribute('aria-describedby') === notice.id);
    expect(buttons).toHaveLength(3);
  });

  it('deletes all contacts only after the confirmation, with {confirm: true}', async () => {
    let listed = [contact(), contact({ id: 'c2', name: 'Sunil' })];
    server.use(
      http.get('/referral/api/v1/one_deal', () => HttpResponse.json({ deal: deal() })),
      http.get('/referral/api/v1/contact_list/1/50', () => HttpResponse.json({ items: listed, total: listed.length, page: 1, page_size: 50 })),
    );
    const bodies: unknown[] = [];
    server.use(http.delete('/referral/api/v1/contact', async ({ request: req }) => {
      bodies.push(await req.json());
      listed = [];
      return HttpResponse.json({ deleted: 2 });
    }));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Delete all contacts' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete all your contacts?' });
    expect(dialog.textContent).toContain('This deletes all 2 contacts you added here');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete all your contacts?' })).toBeNull());
    expect(bodies).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Delete all contacts' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete all your contacts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    expect((await screen.findByText('All your contacts were deleted.')).getAttribute('role')).toBe('status');
    expect(bodies).toEqual([{ confirm: true }]);
    await screen.findByText('No contacts yet. Add one above.');
    expect(screen.queryByRole('button', { name: 'Delete all contacts' })).toBeNull();
  });

  it('shows a refused delete-all in the dialog, by its code', async () => {
    serve();
    server.use(http.delete('/referral/api/v1/contact', () => apiError(429, 'rate_limited', 'Too many requests.')));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Delete all contacts' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete all your contacts?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete all' }));
    const en = (await import('@/messages/en.json')).default.errors as Record<string, string>;
    expect((await within(dialog).findByRole('alert')).textContent).toBe(en.rate_limited);
  });

  it('invite sends send_request (fresh key, the UI language), then opens wa_url and goes to the thanks page', async () => {
    serve();
    const bodies: Record<string, string>[] = [];
    server.use(http.post('/referral/api/v1/referrer/send_request', async ({ request: req }) => {
      bodies.push((await req.json()) as Record<string, string>);
      return HttpResponse.json({ request: request({ side: 'sender' }), invite: { share_url: 'http://localhost:3000/r/ABC123?deal=rooftop', wa_url: WA, text: 'Join me' } }, { status: 201 });
    }));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />, { locale: 'hi' });
    await user.click(await screen.findByRole('button', { name: 'Meena को WhatsApp पर बुलाएँ' }));
    await waitFor(() => expect(push).toHaveBeenCalledTimes(1));
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toMatchObject({ deal_id: DEAL_ID, phone: '+919811111111', name: 'Meena', lang: 'hi' });
    expect(bodies[0].idempotency_key).toMatch(/^[0-9a-f-]{36}$/);
    expect(open).toHaveBeenCalledWith(WA, '_blank', 'noopener,noreferrer');
    expect(push).toHaveBeenCalledWith(`/rewards/thanks?deal=${DEAL_ID}&wa=${encodeURIComponent(WA)}`);

    // a second invite is a new request: a fresh key
    await user.click(screen.getByRole('button', { name: 'Meena को WhatsApp पर बुलाएँ' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1].idempotency_key).not.toBe(bodies[0].idempotency_key);
  });

  it.each([
    [429, 'referral_velocity', 'You have sent many invites this hour. Please try later.'],
    [403, 'customers_only', 'This access is for UTL customers only. Redirecting you to other Deals meant for you.'],
    [422, 'self_referral', 'You cannot refer yourself.'],
  ])('a %i %s refusal is shown (errors.<code>, else the server message) and nothing opens', async (status, code, message) => {
    serve();
    server.use(http.post('/referral/api/v1/referrer/send_request', () => apiError(status, code, message)));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Invite Meena on WhatsApp' }));
    const alert = await screen.findByRole('alert');
    const en = (await import('@/messages/en.json')).default.errors as Record<string, string>;
    expect(alert.textContent).toBe(en[code] ?? message);
    expect(open).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('a number someone else already invited is said plainly, not as an error, and nothing opens', async () => {
    serve();
    server.use(http.post('/referral/api/v1/referrer/send_request', () => apiError(409, 'already_referred', 'This number was already referred for this deal.')));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Invite Meena on WhatsApp' }));
    const status = await screen.findByText('Meena already has an invite for this deal from someone else, so there is nothing to send.');
    expect(status.getAttribute('role')).toBe('status');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(open).not.toHaveBeenCalled();
    expect(push).not.toHaveBeenCalled();
  });

  it('a wa_url that is not WhatsApp is not opened', async () => {
    serve();
    server.use(http.post('/referral/api/v1/referrer/send_request', () =>
      HttpResponse.json({ request: request(), invite: { share_url: 'x', wa_url: 'javascript:alert(1)', text: 'x' } }, { status: 201 })));
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Invite Meena on WhatsApp' }));
    await waitFor(() => expect(push).toHaveBeenCalledWith(`/rewards/thanks?deal=${DEAL_ID}`));
    expect(open).not.toHaveBeenCalled();
  });

  it('adds a contact by hand; a bad phone is shown by its code', async () => {
    serve([]);
    const bodies: unknown[] = [];
    server.use(http.post('/referral/api/v4/contact', async ({ request: req }) => {
      bodies.push(await req.json());
      if (bodies.length === 1) return apiError(422, 'invalid_phone', 'Please enter valid Mobile Number');
      return HttpResponse.json({ contact: contact() }, { status: 201 });
    }));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    const form = await screen.findByRole('form', { name: 'Add a contact' });
    await user.type(within(form).getByRole('textbox', { name: 'Name' }), 'Meena');
    await user.type(within(form).getByRole('textbox', { name: 'Mobile number' }), '12');
    await user.click(within(form).getByRole('button', { name: 'Add contact' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please enter valid Mobile Number');
    await user.clear(within(form).getByRole('textbox', { name: 'Mobile number' }));
    await user.type(within(form).getByRole('textbox', { name: 'Mobile number' }), '9811111111');
    await user.click(within(form).getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual({ name: 'Meena', phone: '9811111111' });
  });

  it('picks from the phone with the Contact Picker API and posts local-contact', async () => {
    serve([]);
    const select = vi.fn().mockResolvedValue([{ name: ['Asha'], tel: ['+91 98111 22222', '011 2222'] }, { name: [], tel: [] }]);
    Object.defineProperty(navigator, 'contacts', { value: { select }, configurable: true });
    (window as unknown as Record<string, unknown>).ContactsManager = function ContactsManager() {};
    let body: unknown = null;
    server.use(http.post('/referral/api/v1/local-contact', async ({ request: req }) => {
      body = await req.json();
      return HttpResponse.json({ added: 1, existing: 0, invalid: [] });
    }));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Pick from phone contacts' }));
    await screen.findByText('1 added, 0 already there, 0 not valid.');
    expect(select).toHaveBeenCalledWith(['name', 'tel'], { multiple: true });
    expect(body).toEqual({ contacts: [{ name: 'Asha', phone: '+91 98111 22222' }] });
  });

  it('has no picker button without the Contact Picker API; imports a .vcf file as multipart', async () => {
    serve([]);
    let file: File | null = null;
    server.use(http.post('/referral/api/v1/contact/import', async ({ request: req }) => {
      file = (await req.formData()).get('file') as File;
      return HttpResponse.json({ added: 2, existing: 1, invalid: [{ index: 3, code: 'invalid_phone' }] });
    }));
    const { user } = renderWithApp(<InviteScreen dealId={DEAL_ID} />);
    await screen.findByRole('form', { name: 'Add a contact' });
    expect(screen.queryByRole('button', { name: 'Pick from phone contacts' })).toBeNull();
    await user.upload(screen.getByLabelText('Contacts file (.vcf or .csv)'), new File(['BEGIN:VCARD\nEND:VCARD\n'], 'friends.vcf', { type: 'text/vcard' }));
    await screen.findByText('2 added, 1 already there, 1 not valid.');
    expect(file!.name).toBe('friends.vcf');
  });
});

describe('ThanksScreen', () => {
  it('links back to Rewards and to invite more, and offers WhatsApp again only for a WhatsApp link', () => {
    const { unmount } = renderWithApp(<ThanksScreen dealId={DEAL_ID} waUrl={WA} />);
    screen.getByRole('heading', { name: 'Thank you for sharing!' });
    expect(screen.getByRole('link', { name: 'Invite more friends' }).getAttribute('href')).toBe(`/rewards/invite?deal=${DEAL_ID}`);
    expect(screen.getByRole('link', { name: 'Back to Rewards' }).getAttribute('href')).toBe('/rewards#sent');
    expect(screen.getByRole('link', { name: 'Open WhatsApp again' }).getAttribute('href')).toBe(WA);
    unmount();
    renderWithApp(<ThanksScreen dealId={null} waUrl="https://evil.example/x" />);
    expect(screen.queryByRole('link', { name: 'Open WhatsApp again' })).toBeNull();
  });
});
