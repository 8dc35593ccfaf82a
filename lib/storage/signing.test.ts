import { beforeAll, describe, expect, it } from 'vitest';

/** Token rules of ARCHITECTURE.md decision 5, with a configured secret (no database needed). */
process.env.MEDIA_SIGNING_SECRET ??= 'unit-test-secret-0123456789';
const { mediaToken, verifyMediaToken } = await import('./signing');

const id = '33333333-3333-4333-8333-333333333333';
const other = '44444444-4444-4444-8444-444444444444';
const now = Date.UTC(2030, 0, 1);
const exp = now / 1000 + 3600;

describe('media URL tokens', () => {
  let token: string;
  beforeAll(() => {
    token = mediaToken(id, exp);
  });

  it('accept the reel they were made for until they expire', () => {
    expect(verifyMediaToken(token, id, now)).toEqual({ ok: true, expiryS: exp });
    expect(verifyMediaToken(token, id, exp * 1000)).toEqual({ ok: false, reason: 'expired' });
  });

  it('refuse another reel, an altered expiry and an altered signature', () => {
    expect(verifyMediaToken(token, other, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyMediaToken(token.replace(String(exp), String(exp + 3600)), id, now)).toEqual({ ok: false, reason: 'invalid' });
    const sig = token.split('.')[1];
    const flipped = `${exp}.${sig.slice(0, -1)}${sig.endsWith('A') ? 'B' : 'A'}`;
    expect(verifyMediaToken(flipped, id, now)).toEqual({ ok: false, reason: 'invalid' });
    expect(verifyMediaToken('', id, now)).toEqual({ ok: false, reason: 'invalid' });
  });
});
