import { describe, expect, it } from 'vitest';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
const {
  DEVICE_COOKIE, deviceFromCookieHeader, deviceSetCookie, deviceToken, mintDeviceIfMissing, newDeviceId, readDeviceToken,
} = await import('./device');
const { visitorToken, readVisitorToken } = await import('./visitor');

describe('device marks (sr_dev)', () => {
  it('round-trips an id the server issued', () => {
    const id = newDeviceId();
    expect(id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(readDeviceToken(deviceToken(id))).toBe(id);
  });

  it('refuses a forged, edited, unsigned or empty token, and a visitor token (another purpose)', () => {
    const id = newDeviceId();
    const token = deviceToken(id);
    const other = `${newDeviceId()}${token.slice(20)}`;
    const i = token.length - 10;
    const flipped = token.slice(0, i) + (token[i] === 'A' ? 'B' : 'A') + token.slice(i + 1);
    for (const t of [other, flipped, id, '', 'x.y', `${id}.`, `${id}.AAAAAAAAAAAAAAAAAAAAAA`, undefined, null]) {
      expect(readDeviceToken(t), String(t)).toBeNull();
    }
    // The same id signed as a visitor is not a device mark, and the other way round.
    expect(readDeviceToken(visitorToken(id))).toBeNull();
    expect(readVisitorToken(token)).toBeNull();
  });

  it('writes an httpOnly, Lax cookie for 400 days, Secure only over https, and reads it back among others', () => {
    const id = newDeviceId();
    const plain = deviceSetCookie(id, false);
    expect(plain).toMatch(/^sr_dev=[0-9A-Za-z]{20}\.[A-Za-z0-9_-]{22}; Max-Age=34560000; Path=\/; HttpOnly; SameSite=Lax$/);
    expect(deviceSetCookie(id, true)).toMatch(/; Secure(;|$)/);
    expect(deviceFromCookieHeader(`NEXT_LOCALE=hi; sr_vid=x; ${plain.split(';')[0]}; x=1`)).toBe(id);
    expect(deviceFromCookieHeader(`${DEVICE_COOKIE}=${id}`)).toBeNull();
    expect(deviceFromCookieHeader(undefined)).toBeNull();
  });

  it('is minted only when the request has no valid mark, and then once', () => {
    const first = mintDeviceIfMissing('sr_vid=abc', false)!;
    expect(first.id).toMatch(/^[0-9A-Za-z]{20}$/);
    expect(first.setCookie.startsWith(`sr_dev=${first.id}.`)).toBe(true);
    const browser = `sr_vid=abc; ${first.setCookie.split(';')[0]}`;
    expect(mintDeviceIfMissing(browser, false)).toBeNull();
    expect(mintDeviceIfMissing(`sr_dev=${first.id}`, false)).not.toBeNull();
    expect(mintDeviceIfMissing(undefined, true)!.setCookie).toMatch(/; Secure(;|$)/);
  });
});
