import 'fake-indexeddb/auto';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { CallbackDay, LeadCreated, SlotsResponse } from '../schemas';
import { slotDate, slotsFor } from '../lib/slots';
import { outbox } from '@/lib/pwa/outbox';
import { CallbackForm } from './callback-form';

/** Business hours and slot length as the server's defaults: 10:00-19:00 India time, one-hour slots. */
const SLOT_OPTIONS = { hours: { startMinute: 10 * 60, endMinute: 19 * 60 }, slotMinutes: 60 };
/** Monday 10 March 2025, 12:15 in India: today's first slot starting an hour ahead is 14:00. */
const MIDDAY = new Date('2025-03-10T12:15:00+05:30');
/** The same Monday, 18:30 in India: no slot of today is left. */
const EVENING = new Date('2025-03-10T18:30:00+05:30');

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** GET /api/v1/leads/slots answered as the server would at `now`; returns the days asked for. */
function serveSlots(now: Date) {
  const asked: string[] = [];
  server.use(http.get('/api/v1/leads/slots', ({ request }) => {
    const day = new URL(request.url).searchParams.get('day') as CallbackDay;
    asked.push(day);
    return HttpResponse.json<SlotsResponse>({
      day, date: slotDate(day, now), time_zone: 'Asia/Kolkata', slots: slotsFor(day, now, SLOT_OPTIONS),
    });
  }));
  return asked;
}

/** POST /api/v1/leads/callback answered by `reply`; returns the bodies it received. */
function serveCallback(reply: (body: Record<string, unknown>) => Response) {
  const bodies: Record<string, unknown>[] = [];
  server.use(http.post('/api/v1/leads/callback', async ({ request }) => {
    const body = (await request.json()) as Record<string, unknown>;
    bodies.push(body);
    return reply(body);
  }));
  return bodies;
}

function created(slot: string): LeadCreated {
  return { id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', kind: 'callback', created_at: '2025-03-10T06:50:00.000Z', slot };
}

/** The slot chip whose range starts at `h`:00 (times are shown as "2:00 pm – 3:00 pm", 12-hour as Indians write it). */
const slotChip = (h: number) => screen.getByRole('radio', { name: new RegExp(`^${h}:00\\spm\\s–`) });

async function fillValid(user: ReturnType<typeof renderWithApp>['user']) {
  await user.type(screen.getByLabelText('Name'), 'Asha Verma');
  await user.type(screen.getByLabelText('Mobile number'), '98123 45678');
  await user.click(await screen.findByRole('radio', { name: /^3:00\spm\s–\s4:00\spm$/ }));
}

describe('CallbackForm', () => {
  it('offers today\'s remaining slots from GET /api/v1/leads/slots', async () => {
    const asked = serveSlots(MIDDAY);
    renderWithApp(<CallbackForm />);

    const slots = within(screen.getByRole('group', { name: 'Time slot (India time)' }));
    await waitFor(() => expect(slots.getAllByRole('radio')).toHaveLength(5));
    expect(slots.getAllByRole('radio').map((r) => r.getAttribute('value'))).toEqual(
      slotsFor('today', MIDDAY, SLOT_OPTIONS).map((s) => s.start),
    );
    expect(slotChip(2)).toBeTruthy();
    expect(slots.queryByRole('radio', { name: /^1:00\spm/ })).toBeNull();
    expect(asked).toEqual(['today']);
  });

  it('shows the SPEC\'s messages for a short name, a wrong number and no slot', async () => {
    serveSlots(MIDDAY);
    const bodies = serveCallback(() => HttpResponse.json(created(''), { status: 201 }));
    const { user } = renderWithApp(<CallbackForm />);
    await screen.findAllByRole('radio', { name: /pm/ });

    await user.type(screen.getByLabelText('Name'), 'Al');
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.click(screen.getByRole('button', { name: 'Book callback' }));

    await screen.findByText('Name must be 3 Character long');
    screen.getByText('Please enter valid Mobile Number');
    screen.getByText('Please select a time slot');
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it.each([
    ['en', 'Please enter your name', 'Please enter your mobile number'],
    ['hi', 'कृपया अपना नाम डालें', 'कृपया अपना मोबाइल नंबर डालें'],
    ['he', 'Please apna naam daalein', 'Please apna mobile number daalein'],
  ] as const)('says, in %s, that an empty name and mobile number are missing, not that they are too short or invalid', async (locale, name, phone) => {
    serveSlots(MIDDAY);
    const bodies = serveCallback(() => HttpResponse.json(created(''), { status: 201 }));
    const msgs = (await import(`@/messages/${locale}.json`)).default;
    const { user } = renderWithApp(<CallbackForm />, { locale });
    await screen.findAllByRole('radio', { name: /\d/ });

    await user.click(screen.getByRole('button', { name: msgs.leads.callback.submit }));

    await screen.findByText(name);
    screen.getByText(phone);
    expect(screen.queryByText(msgs.leads.validation.name)).toBeNull();
    expect(screen.queryByText(msgs.leads.validation.phone)).toBeNull();
    expect(screen.getByLabelText(msgs.leads.fields.name).getAttribute('aria-invalid')).toBe('true');
    expect(bodies).toEqual([]);
  });

  it('says there is no slot left today and offers tomorrow\'s', async () => {
    const asked = serveSlots(EVENING);
    const { user } = renderWithApp(<CallbackForm />);

    await screen.findByText('No slots available today, Please pick a time slot for tomorrow.');
    expect(screen.queryAllByRole('radio', { name: /[ap]m/ })).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Tomorrow' }));

    await waitFor(() => expect(screen.getAllByRole('radio', { name: /[ap]m/ })).toHaveLength(9));
    expect(screen.queryByText('No slots available today, Please pick a time slot for tomorrow.')).toBeNull();
    expect(screen.getByRole('radio', { name: /^10:00\sam\s–\s11:00\sam$/ }).getAttribute('value'))
      .toBe(slotsFor('tomorrow', EVENING, SLOT_OPTIONS)[0].start);
    expect(asked).toEqual(['today', 'tomorrow']);
  });

  it('books the picked slot with the entered values and an idempotency key, then confirms', async () => {
    serveSlots(MIDDAY);
    const slot = slotsFor('today', MIDDAY, SLOT_OPTIONS)[1].start;
    const bodies = serveCallback((b) => HttpResponse.json(created(String(b.slot)), { status: 201 }));
    const { user } = renderWithApp(<CallbackForm />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book callback' }));

    await screen.findByRole('heading', { name: 'Callback booked' });
    screen.getByText(/^We will call \+919812345678 on Monday, 10 March, 3:00\spm \(India time\)\.$/);
    expect(screen.queryByRole('button', { name: 'Book callback' })).toBeNull();
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toEqual({
      idempotency_key: expect.stringMatching(UUID_RE),
      name: 'Asha Verma',
      phone: '+919812345678',
      day: 'today',
      slot,
    });
  });

  it('shows the server\'s 422 message under its field', async () => {
    serveSlots(MIDDAY);
    serveCallback(() => apiError(422, 'validation_failed', 'phone: Please enter valid Mobile Number'));
    const { user } = renderWithApp(<CallbackForm />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book callback' }));

    await screen.findByText('Please enter valid Mobile Number');
    expect(screen.getByLabelText('Mobile number').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Callback booked')).toBeNull();
  });

  it('asks for another slot when the server says the picked one is gone, and reloads the slots', async () => {
    const asked = serveSlots(MIDDAY);
    serveCallback(() => apiError(422, 'slot_unavailable', 'slot: This time slot is no longer available. Please pick another.'));
    const { user } = renderWithApp(<CallbackForm />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book callback' }));

    await screen.findByText('This time slot is no longer available. Please pick another.');
    await waitFor(() => expect(asked).toEqual(['today', 'today']));
  });

  it('keeps the idempotency key when the person sends again after a failure, so the booking is made once', async () => {
    serveSlots(MIDDAY);
    let calls = 0;
    const bodies = serveCallback((b) => {
      calls += 1;
      return calls === 1 ? apiError(500, 'internal_error', 'boom') : HttpResponse.json(created(String(b.slot)), { status: 201 });
    });
    const { user } = renderWithApp(<CallbackForm />);

    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Book callback' }));
    await screen.findByText('Could not send your request. Please try again.');

    await user.click(screen.getByRole('button', { name: 'Book callback' }));

    await screen.findByText('Callback booked');
    expect(bodies).toHaveLength(2);
    expect(bodies[1].idempotency_key).toBe(bodies[0].idempotency_key);
  });

  it('saves a booking made offline, says so, and confirms it once the outbox has sent it (one post, the same key)', async () => {
    serveSlots(MIDDAY);
    const bodies = serveCallback((b) => HttpResponse.json(created(String(b.slot)), { status: 201 }));
    const onLine = vi.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    try {
      const { user } = renderWithApp(<CallbackForm />);
      await fillValid(user);
      await user.click(screen.getByRole('button', { name: 'Book callback' }));

      await screen.findByText("Saved. We'll send it when you're back online");
      screen.getByText(/Your request is saved on this phone/);
      expect(bodies).toHaveLength(0);
      const [waiting] = await outbox().pending();
      expect(JSON.parse(waiting.body)).toMatchObject({ name: 'Asha Verma', idempotency_key: expect.stringMatching(UUID_RE) });

      onLine.mockReturnValue(true);
      act(() => void window.dispatchEvent(new Event('online')));
      await screen.findByText('Back online: sending your request…');
      await act(async () => void (await outbox().flush()));

      await screen.findByRole('heading', { name: 'Callback booked' });
      expect(bodies).toHaveLength(1);
      expect(bodies[0].idempotency_key).toBe(JSON.parse(waiting.body).idempotency_key);
      expect(await outbox().pending()).toEqual([]);
    } finally {
      onLine.mockRestore();
    }
  });
});
