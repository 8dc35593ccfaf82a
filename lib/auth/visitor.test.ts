import { describe, expect, it } from 'vitest';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
const { newVisitorId, readVisitorToken, visitorFromCookieHeader, visitorSetCookie, visitorToken } = await import('./visitor');

describe('visitor tokens', () => {
  it('round-trips an id the server issued', () => {
    const id = newVisitorId();
    expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(readVisitorToken(visitorToken(id))).toBe(id);
  });

  it('refuses a made-up id, an edited one, a bare id and garbage', () => {
    const id = newVisitorId();
    const token = visitorToken(id);
    const other = `${newVisitorId()}${token.slice(20)}`;
    // A character in the middle of the MAC (the last one also carries padding bits).
    const i = token.length - 10;
    const flipped = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    for (const t of [other, flipped, id, '', 'x.y', `${id}.`, undefined, null]) expect(readVisitorToken(t)).toBeNull();
  });

  it('writes an httpOnly, Lax cookie for a year, Secure only over https, and reads it back among others', () => {
    const id = newVisitorId();
    const plain = visitorSetCookie(id, false);
    expect(plain).toMatch(/^sr_vid=[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}; Max-Age=31536000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(visitorSetCookie(id, true)).toMatch(/; Secure/);
    expect(visitorFromCookieHeader(`NEXT_LOCALE=hi; ${plain.split(';')[0]}; x=1`)).toBe(id);
    expect(visitorFromCookieHeader(`sr_vid=${id}`)).toBeNull();
  });
});
