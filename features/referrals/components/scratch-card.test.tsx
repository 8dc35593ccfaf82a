import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { apiError, server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { useReferralStore } from '../store';
import type { Reward } from '../api/rewards';
import { ScratchCard } from './scratch-card';
import { REWARD_ID, reward } from './test-data';

const NOW = Date.parse('2026-11-24T00:00:00Z');

afterEach(() => useReferralStore.setState({ claimKeys: {} }));

describe('ScratchCard', () => {
  it('reveals through the Reveal button, posting scratch once, and offers the claim', async () => {
    let posts = 0;
    server.use(
      http.post(`/referral/api/v1/scratch/${REWARD_ID}`, async ({ request }) => {
        posts++;
        // every write is JSON, even one without fields
        expect(request.headers.get('content-type')).toBe('application/json');
        expect(await request.json()).toEqual({});
        return HttpResponse.json({ reward: reward({ scratched: true, amount_inr: 750 }) });
      }),
    );
    renderWithApp(<ul><ScratchCard reward={reward()} now={NOW} /></ul>);
    screen.getByTestId('scratch-surface');
    const reveal = screen.getByRole('button', { name: 'Reveal reward' });
    // two taps before the answer: one call
    fireEvent.click(reveal);
    fireEvent.click(reveal);
    expect((await screen.findByTestId('reward-amount')).textContent).toContain('750');
    expect(posts).toBe(1);
    screen.getByRole('form', { name: 'Claim your reward' });
    expect(screen.queryByRole('button', { name: 'Reveal reward' })).toBeNull();
  });

  it('scratching the cover with a finger erases it (destination-out) and, once half is clear, reveals', async () => {
    // happy-dom draws nothing: a 2D context stand-in whose pixels read as cleared
    const ops: string[] = [];
    const ctx = {
      fillRect: vi.fn(), fillText: vi.fn(), beginPath: vi.fn(), arc: vi.fn(), fill: vi.fn(() => ops.push(ctx.globalCompositeOperation)),
      getImageData: vi.fn((_x: number, _y: number, w: number, h: number) => ({ data: new Uint8ClampedArray(w * h * 4) })),
      globalCompositeOperation: 'source-over', fillStyle: '', font: '', textAlign: '', textBaseline: '',
    };
    const spy = vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(ctx as unknown as CanvasRenderingContext2D);
    let posts = 0;
    server.use(http.post(`/referral/api/v1/scratch/${REWARD_ID}`, () => {
      posts++;
      return HttpResponse.json({ reward: reward({ scratched: true, amount_inr: 300 }) });
    }));
    try {
      renderWithApp(<ul><ScratchCard reward={reward()} now={NOW} /></ul>);
      const surface = screen.getByTestId('scratch-surface');
      fireEvent.pointerDown(surface, { clientX: 10, clientY: 10, pointerId: 1 });
      for (let i = 0; i < 20; i++) fireEvent.pointerMove(surface, { clientX: 10 + i * 10, clientY: 20, pointerId: 1 });
      fireEvent.pointerUp(surface, { pointerId: 1 });
      expect((await screen.findByTestId('reward-amount')).textContent).toContain('300');
      expect(ops.length).toBeGreaterThan(0);
      expect(new Set(ops)).toEqual(new Set(['destination-out']));
      expect(posts).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('shows a not-scratchable refusal and lets the user try again', async () => {
    server.use(http.post(`/referral/api/v1/scratch/${REWARD_ID}`, () => apiError(409, 'not_scratchable', 'This card cannot be scratched yet.')));
    const { user } = renderWithApp(<ul><ScratchCard reward={reward()} now={NOW} /></ul>);
    await user.click(screen.getByRole('button', { name: 'Reveal reward' }));
    expect((await screen.findByRole('alert')).textContent).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Reveal reward' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('a card in its hold shows when it unlocks, with no Reveal button', () => {
    renderWithApp(<ul><ScratchCard reward={reward({ scratchable_at: '2026-12-05T00:00:00Z' })} now={NOW} /></ul>);
    screen.getByText('Locked');
    screen.getByText(/^Unlocks on .*2026/);
    expect(screen.queryByRole('button', { name: 'Reveal reward' })).toBeNull();
  });

  it('a held card tells why (the reason message, or its state when there is none)', () => {
    renderWithApp(<ul><ScratchCard reward={reward({ state: 'hold', reason: 'no_such_reason_code' as Reward['reason'], scratchable_at: null })} now={NOW} /></ul>);
    screen.getByText('On hold for a review.');
  });

  it('a claim retry reuses the claim_key', async () => {
    const bodies: { payout_vpa: string; claim_key: string }[] = [];
    server.use(
      http.post(`/referral/api/v1/rewards/${REWARD_ID}`, async ({ request }) => {
        bodies.push((await request.json()) as { payout_vpa: string; claim_key: string });
        if (bodies.length === 1) return apiError(503, 'unavailable', 'Please try again.');
        return HttpResponse.json({ reward: reward({ state: 'claimed', scratched: true, amount_inr: 750, claimed_at: '2026-11-24T01:00:00Z' }) });
      }),
    );
    const { user } = renderWithApp(<ul><ScratchCard reward={reward({ scratched: true, amount_inr: 750 })} now={NOW} /></ul>);
    await user.type(screen.getByRole('textbox', { name: 'UPI id' }), 'ravi@okbank');
    await user.click(screen.getByRole('button', { name: 'Claim reward' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Please try again.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(/^Claimed on/);
    expect(bodies).toHaveLength(2);
    expect(bodies[0].payout_vpa).toBe('ravi@okbank');
    expect(bodies[1].claim_key).toBe(bodies[0].claim_key);
    expect(bodies[0].claim_key).toMatch(/^[0-9a-f-]{36}$/);
    await waitFor(() => expect(useReferralStore.getState().claimKeys[REWARD_ID]).toBeUndefined());
  });

  it('refuses a malformed UPI id without calling the API', async () => {
    const { user } = renderWithApp(<ul><ScratchCard reward={reward({ scratched: true, amount_inr: 750 })} now={NOW} /></ul>);
    await user.type(screen.getByRole('textbox', { name: 'UPI id' }), 'not-a-vpa');
    await user.click(screen.getByRole('button', { name: 'Claim reward' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid UPI id, like name@bank.');
  });
});
