import { describe, expect, it } from 'vitest';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
const { issueWatchTicket, ticketIssueS, verifyWatchTicket, WATCH_TICKET_MAX_CHARS } = await import('./watch-ticket');
const { env } = await import('@/lib/env');

const VISITOR = 'AbCdEfGhIjKlMnOpQrSt';
const OTHER_VISITOR = 'ZyXwVuTsRqPoNmLkJiHg';
const REEL = '3f1c2a9e-5b7d-4e8f-9a0b-1c2d3e4f5a6b';
const OTHER_REEL = '4a2d3b0f-6c8e-4f9a-8b1c-2d3e4f5a6b7c';
const T0_MS = 1_800_000_000_000;
const T0_S = T0_MS / 1000;

describe('watch tickets', () => {
  it('verify for their visitor and reel once 3 s have passed on the server clock', () => {
    const t = issueWatchTicket(VISITOR, REEL, T0_S);
    expect(t).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
    expect(t.length).toBeLessThanOrEqual(WATCH_TICKET_MAX_CHARS);
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + 2999)).toEqual({ ok: false, reason: 'too_early' });
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + 3000)).toEqual({ ok: true, issuedS: T0_S });
  });

  it('round the issue time up, so the age is never more than the time that passed', () => {
    expect(ticketIssueS(T0_MS + 1)).toBe(T0_S + 1);
    expect(ticketIssueS(T0_MS)).toBe(T0_S);
    const t = issueWatchTicket(VISITOR, REEL, ticketIssueS(T0_MS + 1));
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + 3500).ok).toBe(false);
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + 4000).ok).toBe(true);
  });

  it('expire after the media URL lifetime', () => {
    const t = issueWatchTicket(VISITOR, REEL, T0_S);
    const ttlMs = env().MEDIA_URL_TTL_S * 1000;
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + ttlMs).ok).toBe(true);
    expect(verifyWatchTicket(t, VISITOR, REEL, T0_MS + ttlMs + 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another visitor, another reel, an edited time or MAC, a future ticket and garbage', () => {
    const t = issueWatchTicket(VISITOR, REEL, T0_S);
    const later = T0_MS + 10_000;
    expect(verifyWatchTicket(t, OTHER_VISITOR, REEL, later)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyWatchTicket(t, VISITOR, OTHER_REEL, later)).toEqual({ ok: false, reason: 'invalid' });
    // Claiming an earlier issue time breaks the MAC.
    expect(verifyWatchTicket(`${T0_S - 60}${t.slice(String(T0_S).length)}`, VISITOR, REEL, later).ok).toBe(false);
    const i = t.length - 8;
    const flipped = t.slice(0, i) + (t[i] === 'A' ? 'B' : 'A') + t.slice(i + 1);
    expect(verifyWatchTicket(flipped, VISITOR, REEL, later)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyWatchTicket(issueWatchTicket(VISITOR, REEL, T0_S + 60), VISITOR, REEL, later)).toEqual({ ok: false, reason: 'too_early' });
    for (const bad of [undefined, null, '', 42, {}, 'x.y', `${T0_S}.`, `${t}x`]) {
      expect(verifyWatchTicket(bad, VISITOR, REEL, later).ok, String(bad)).toBe(false);
    }
    expect(verifyWatchTicket(undefined, VISITOR, REEL, later)).toEqual({ ok: false, reason: 'missing' });
  });
});
