import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { LeadCreated } from '../schemas';
import { outbox } from '@/lib/pwa/outbox';
import { SubsidyForm } from './subsidy-form';

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const CREATED: LeadCreated = { id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e', kind: 'subsidy', created_at: '2025-03-10T06:50:00.000Z', slot: null };

/** POST /api/v1/leads/subsidy answered by `reply`; returns the bodies it received. */
function serveSubsidy(reply: () => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(http.post('/api/v1/leads/subsidy', async ({ request }) => {
    bodies.push((await request.json()) as Record<string, unknown>);
    return reply();
  }));
  return bodies;
}

async function fillValid(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByLabelText('Name'), '  Ravi Kumar ');
  await user.type(screen.getByLabelText('Mobile number'), '+91 98123-45678');
  await user.type(screen.getByLabelText('Email (optional)'), 'Ravi.Kumar@Example.com');
  await user.type(screen.getByLabelText('PIN code'), '110 001');
  await user.click(screen.getByRole('radio', { name: 'On-grid' }));
  await user.click(screen.getByRole('radio', { name: '3 kW or above' }));
  await user.click(screen.getByRole('radio', { name: 'Over 2 hours a day' }));
}

const submit = () => screen.getByRole('button', { name: 'Send enquiry' });

describe('SubsidyForm', () => {
  it('shows the SPEC\'s message for every missing or bad field and sends nothing', async () => {
    const bodies = serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const { user } = renderWithApp(<SubsidyForm />);

    await user.type(screen.getByLabelText('Name'), 'Ra');
    await user.type(screen.getByLabelText('Mobile number'), '22 1234 5678');
    await user.type(screen.getByLabelText('Email (optional)'), 'ravi@');
    await user.type(screen.getByLabelText('PIN code'), '012345');
    await user.click(submit());

    await screen.findByText('Name must be 3 Character long');
    screen.getByText('Please enter valid Mobile Number');
    screen.getByText('Please enter valid email');
    screen.getByText('Please enter valid PIN Code');
    screen.getByText('Please select a system type');
    screen.getByText('Please select a system size');
    screen.getByText('Please select how long power cuts last');
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('takes a PIN code the person corrects: the message goes once it is valid', async () => {
    serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const { user } = renderWithApp(<SubsidyForm />);
    await user.type(screen.getByLabelText('PIN code'), '11000');
    await user.click(submit());
    await screen.findByText('Please enter valid PIN Code');

    await user.type(screen.getByLabelText('PIN code'), '1');

    await waitFor(() => expect(screen.queryByText('Please enter valid PIN Code')).toBeNull());
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBeNull();
  });

  it('sends the entered values with an idempotency key to POST /api/v1/leads/subsidy and confirms', async () => {
    const bodies = serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const { user } = renderWithApp(<SubsidyForm />);

    await fillValid(user);
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Enquiry received' });
    screen.getByText('Thank you. Our team will contact you on +919812345678 soon.');
    expect(bodies).toEqual([{
      idempotency_key: expect.stringMatching(UUID_RE),
      name: 'Ravi Kumar',
      phone: '+919812345678',
      email: 'ravi.kumar@example.com',
      pin_code: '110001',
      system_type: 'on-grid',
      size: '3kW+',
      power_cut: 'over-2h',
    }]);
  });

  it('shows the server\'s 422 message under its field', async () => {
    serveSubsidy(() => apiError(422, 'validation_failed', 'pin_code: Please enter valid PIN Code'));
    const { user } = renderWithApp(<SubsidyForm />);

    await fillValid(user);
    await user.click(submit());

    await screen.findByText('Please enter valid PIN Code');
    expect(screen.getByLabelText('PIN code').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Enquiry received')).toBeNull();
  });

  it('shows a form error when the server fails for another reason', async () => {
    serveSubsidy(() => apiError(500, 'internal_error', 'boom'));
    const { user } = renderWithApp(<SubsidyForm />);

    await fillValid(user);
    await user.click(submit());

    await screen.findByText('Could not send your request. Please try again.');
    expect(screen.queryByText('Enquiry received')).toBeNull();
  });

  it('shows the Hindi messages in the Hindi interface', async () => {
    serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const hi = (await import('@/messages/hi.json')).default;
    const { user } = renderWithApp(<SubsidyForm />, { locale: 'hi' });

    await user.click(screen.getByRole('button', { name: hi.leads.subsidy.submit }));

    await screen.findByText(hi.leads.validation.nameRequired);
    screen.getByText(hi.leads.validation.phoneRequired);
    screen.getByText(hi.leads.validation.pinCodeRequired);
    expect(screen.queryByText('Please enter valid PIN Code')).toBeNull();
  });

  it.each([
    ['en', 'Please enter your name', 'Please enter your mobile number', 'Please enter your PIN code', 'Name must be 3 Character long'],
    ['hi', 'कृपया अपना नाम डालें', 'कृपया अपना मोबाइल नंबर डालें', 'कृपया अपना पिन कोड डालें', 'नाम कम से कम 3 अक्षर का होना चाहिए'],
    ['he', 'Please apna naam daalein', 'Please apna mobile number daalein', 'Please apna PIN code daalein', 'Naam kam se kam 3 character ka hona chahiye'],
  ] as const)('says, in %s, that an empty name, mobile and PIN code are missing, and asks nothing of the empty email', async (locale, name, phone, pin, short) => {
    const bodies = serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const msgs = (await import(`@/messages/${locale}.json`)).default;
    const { user } = renderWithApp(<SubsidyForm />, { locale });

    await user.click(screen.getByRole('button', { name: msgs.leads.subsidy.submit }));

    await screen.findByText(name);
    screen.getByText(phone);
    screen.getByText(pin);
    expect(screen.queryByText(short)).toBeNull();
    expect(screen.queryByText(msgs.leads.validation.email)).toBeNull();
    expect(screen.getByLabelText(msgs.leads.fields.emailOptional).getAttribute('aria-invalid')).toBeNull();
    expect(bodies).toEqual([]);
  });

  it('sends an enquiry without an email: name, mobile and PIN code are enough', async () => {
    const bodies = serveSubsidy(() => HttpResponse.json(CREATED, { status: 201 }));
    const { user } = renderWithApp(<SubsidyForm />);

    await user.type(screen.getByLabelText('Name'), 'Ravi Kumar');
    await user.type(screen.getByLabelText('Mobile number'), '98123 45678');
    await user.type(screen.getByLabelText('PIN code'), '110001');
    await user.click(screen.getByRole('radio', { name: 'Off-grid' }));
    await user.click(screen.getByRole('radio', { name: '1 kW' }));
    await user.click(screen.getByRole('radio', { name: 'Under 2 hours a day' }));
    await user.click(submit());

    await screen.findByRole('heading', { name: 'Enquiry received' });
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).not.toHaveProperty('email');
    expect(bodies[0]).toMatchObject({ name: 'Ravi Kumar', phone: '+919812345678', pin_code: '110001' });
  });

  it('saves an enquiry whose post got no answer; when the outbox sends it and the server refuses a field, the form shows why', async () => {
    let calls = 0;
    const bodies = serveSubsidy(() => {
      calls += 1;
      return calls === 1 ? HttpResponse.error() : apiError(422, 'validation_failed', 'email: This email cannot receive mail');
    });
    const { user } = renderWithApp(<SubsidyForm />);
    await fillValid(user);
    await user.click(submit());

    await screen.findByText("Saved. We'll send it when you're back online");
    expect(await outbox().pending()).toHaveLength(1);

    await act(async () => void (await outbox().flush()));

    await screen.findByText('This email cannot receive mail');
    expect(screen.getByLabelText('Email (optional)').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toHaveLength(2);
    expect(bodies[1].idempotency_key).toBe(bodies[0].idempotency_key);
    expect(await outbox().pending()).toEqual([]);
  });
});
