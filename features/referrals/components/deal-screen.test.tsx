import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { DEAL_STEPS } from '../deal-steps';
import type { DealView } from '../api/requests';
import { DealScreen } from './deal-screen';
import { REF_ID, dealView, page, request, reward } from './test-data';

function serve(v: DealView, notes: unknown[] = []) {
  server.use(
    http.get(`/referral/api/v1/deals/get/${REF_ID}`, () => HttpResponse.json({ deal: v })),
    http.get(`/referral/api/v1/deals/notes/${REF_ID}/1`, () => HttpResponse.json(page(notes, 20))),
  );
}

describe('DealScreen', () => {
  it('shows the twelve steps in order, the done ones marked, and who moves next', async () => {
    serve(dealView());
    renderWithApp(<DealScreen id={REF_ID} />, { locale: 'he' });
    const list = (await screen.findByRole('heading', { name: 'Progress' })).parentElement!.querySelector('ol')!;
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(DEAL_STEPS.length);
    expect(items[0].textContent).toContain('Request mili');
    expect(items[1].getAttribute('aria-current')).toBe('step');
    expect(items[1].textContent).toContain('(ho gaya)');
    expect(items[11].textContent).toContain('Apna reward lo');
    expect(items[11].textContent).toContain('(abhi nahi)');
    screen.getByText('Call ki request: aap karenge');
    expect(screen.queryByText(/^Reminder bheja:/)).toBeNull();
  });

  it('the referee sees only their own move, and it posts the step', async () => {
    const v = dealView({
      next: [{ step: 'send_reminder', by: 'referrer' }, { step: 'schedule_a_call', by: 'referee' }],
    });
    let current = v;
    serve(v);
    let body: unknown = null;
    server.use(
      http.get(`/referral/api/v1/deals/get/${REF_ID}`, () => HttpResponse.json({ deal: current })),
      http.post(`/referral/api/v1/deals/${REF_ID}/step`, async ({ request: req }) => {
        body = await req.json();
        current = { ...v, request: { ...v.request, step: 'schedule_a_call', status: 'IN_PROGRESS' }, next: [{ step: 'call_scheduled', by: 'staff' }] };
        return HttpResponse.json({ deal: current });
      }),
    );
    const { user } = renderWithApp(<DealScreen id={REF_ID} />);
    await screen.findByRole('heading', { name: 'Rooftop solar' });
    const moves = screen.getAllByRole('button', { name: /^Mark:/ });
    expect(moves.map((b) => b.textContent)).toEqual(['Mark: Call requested']);
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
    await user.click(moves[0]);
    await waitFor(() => expect(screen.queryByRole('button', { name: /^Mark:/ })).toBeNull());
    expect(body).toEqual({ to: 'schedule_a_call' });
    screen.getByText('In progress');
    screen.getByText('Call scheduled: by our team');
  });

  it('the referrer gets no step buttons for the referee or staff, a reminder when allowed, and a 429 shown nicely', async () => {
    serve(dealView({
      my_role: 'referrer', can_remind: true, request: request({ side: 'sender', status: 'SENT_ACCEPTED', state: 'accepted', step: 'deal_accepted' }),
      reward: reward({ state: 'pending', reason: 'deal_in_progress', scratchable_at: null }),
    }));
    server.use(http.post(`/referral/api/v1/deals/${REF_ID}/reminder`, () => apiError(429, 'reminder_too_soon', 'A reminder was sent recently.')));
    const { user } = renderWithApp(<DealScreen id={REF_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Send reminder' }));
    expect((await screen.findByRole('alert')).textContent).toBe('You sent a reminder recently. Please try again later.');
    expect(screen.queryByRole('button', { name: /^Mark:/ })).toBeNull();
    // the referrer's reward card
    screen.getByRole('listitem', { name: 'Reward for Rooftop solar (Ravi)' });
  });

  it('no reminder button when the API says it cannot be sent', async () => {
    serve(dealView({ my_role: 'referrer', can_remind: false }));
    renderWithApp(<DealScreen id={REF_ID} />);
    await screen.findByRole('heading', { name: 'Rooftop solar' });
    expect(screen.queryByRole('button', { name: 'Send reminder' })).toBeNull();
  });

  it('a refused step is shown by its code', async () => {
    serve(dealView());
    server.use(http.post(`/referral/api/v1/deals/${REF_ID}/step`, () => apiError(409, 'invalid_transition', 'That move is not possible now.')));
    const { user } = renderWithApp(<DealScreen id={REF_ID} />);
    await user.click(await screen.findByRole('button', { name: 'Mark: Call requested' }));
    const en = (await import('@/messages/en.json')).default.errors as Record<string, string>;
    expect((await screen.findByRole('alert')).textContent).toBe(en.invalid_transition ?? 'That move is not possible now.');
  });

  it('adds a note with a client key that a retry reuses', async () => {
    serve(dealView(), [{ id: 'n1', author: { user_id: 'x', name: 'Asha', kind: 'referrer' }, body: 'Called them', created_at: '2026-11-22T10:00:00Z' }]);
    const paths: string[] = [];
    const bodies: unknown[] = [];
    server.use(http.post(`/referral/api/v1/deals/notes/${REF_ID}/:key`, async ({ request: req, params }) => {
      paths.push(String(params.key));
      bodies.push(await req.json());
      if (paths.length === 1) return apiError(503, 'unavailable', 'Try later.');
      return HttpResponse.json({ note: { id: 'n2', author: { user_id: 'y', name: 'Ravi', kind: 'referee' }, body: 'Thanks', created_at: '2026-11-23T10:00:00Z' } }, { status: 201 });
    }));
    const { user } = renderWithApp(<DealScreen id={REF_ID} />);
    await screen.findByText('Called them');
    await user.type(screen.getByRole('textbox', { name: 'Note' }), 'Thanks');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Try later.');
    await user.click(screen.getByRole('button', { name: 'Add note' }));
    await waitFor(() => expect(paths).toHaveLength(2));
    expect(paths[1]).toBe(paths[0]);
    expect(bodies).toEqual([{ body: 'Thanks' }, { body: 'Thanks' }]);
    await waitFor(() => expect(screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Note' }).value).toBe(''));
  });

  it('a deal that is not visible is a translated 404', async () => {
    server.use(http.get(`/referral/api/v1/deals/get/${REF_ID}`, () => apiError(404, 'not_found', 'Not found')));
    renderWithApp(<DealScreen id={REF_ID} />);
    expect((await screen.findByRole('alert')).textContent).toBe('This was not found.');
  });
});
