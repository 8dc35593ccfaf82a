import { describe, expect, it } from 'vitest';
import { redactDeep, redactText } from './redact';

describe('redactText masks', () => {
  it.each([
    // UPI ids (name@bank handles)
    ['pay ravi.k@okaxis now', 'pay [upi] now'],
    ['9812345678@ybl', '[upi]'],
    ['vpa=asha_1-x@oksbi.', 'vpa=[upi].'],
    ['upi://pay?pa=shop.owner@paytm&am=10', 'upi://pay?pa=[upi]&am=10'],
    ['/claim?vpa=ravi%40okicici', '/claim?vpa=[upi]'],
    // e-mail addresses
    ['mail Asha.Verma+x@example.co.in please', 'mail [email] please'],
    ['https://x.example/p?email=asha%40example.com&x=1', 'https://x.example/p?email=[email]&x=1'],
    // Indian numbers in the ways people write them
    ['9812345678', '[number]'],
    ['call +91 98123 45678 now', 'call [number] now'],
    ['+91-98123-45678', '[number]'],
    ['098123 45678', '[number]'],
    ['919812345678', '[number]'],
    ['98-123-45678', '[number]'],
    ['00919812345678', '[number]'],
    ['/p?phone=%2B919812345678', '/p?phone=[number]'],
    // E.164 elsewhere
    ['+1 415 555 2671', '[number]'],
    ['+447911123456', '[number]'],
    // other long digit runs (landline, Aadhaar-like)
    ['011-2345 6789', '[number]'],
    ['id 1234 5678 9012 here', 'id [number] here'],
    // credentials
    ['Authorization: Bearer abc.DEF-123_xyz', 'Authorization: Bearer [token]'],
    ['t=eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjMifQ.sig-nature_x', 't=[jwt]'],
    ['https://x.example/reset?token=abcdef123456&lang=hi', 'https://x.example/reset?token=[redacted]&lang=hi'],
    ['/cb?Code=4/0AX4XfWh&state=1', '/cb?Code=[redacted]&state=1'],
    // (a 10-digit timestamp reads as a number like any other: over-masking a log line is the cheap mistake)
    ['/media/a.m3u8?exp=1732674000&sig=Zm9vYmFy', '/media/a.m3u8?exp=[number]&sig=[redacted]'],
    ['secret 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08', 'secret [secret]'],
    ['key dGhpc0lzQVNlY3JldEtleTEyMzQ1Njc4OTBhYmNkZWY=', 'key [secret]'],
  ])('%s -> %s', (text, out) => {
    expect(redactText(text)).toBe(out);
  });
});

describe('redactText leaves alone', () => {
  it.each([
    'reel 3f2a1b4c-1234-4567-8901-123456789012 failed',
    '00000000-0000-4000-8000-000000000000',
    'A1B2C3D4-1234-4567-8901-ABCDEF012345',
    'on 2025-01-31 at 10:20:30',
    'page 2 of 10',
    'Net metering explained in 90 seconds',
    'at f (app.js:12:5)',
    'render@https://solar.example/_next/static/chunks/app-3f2a1b4c5d6e7f80.js:1:2345',
    'import @tanstack/react-query failed',
    'react-dom@19.0.1',
    'GET /feeds-server/api/v1/feeds?page=2&lang=hi 500',
    'price 1,25,000 rupees, 3 kW',
    'pi is 3.14159265358',
    'useFeedInfiniteQueryOptionsWithPrefetch',
    '/_next/static/chunks/app/reels/page-0a1b2c3d4e5f6a7b.js',
    'ip 203.0.113.9',
    'version 16.4.6',
  ])('%s', (text) => {
    expect(redactText(text)).toBe(text);
  });
});

describe('redactDeep', () => {
  it('masks every string at any depth, keys included, and phone-like numbers; leaves the input as it was', () => {
    const input = {
      message: 'refund to ravi@okaxis',
      context: { 'asha@example.com': 'x', retries: 5, ok: true, none: null, phone: 9812345678 },
      nested: [{ url: 'https://x.example/?token=abc123' }, ['+91 98123 45678']],
    };
    const before = JSON.stringify(input);
    expect(redactDeep(input)).toEqual({
      message: 'refund to [upi]',
      context: { '[email]': 'x', retries: 5, ok: true, none: null, phone: '[number]' },
      nested: [{ url: 'https://x.example/?token=[redacted]' }, ['[number]']],
    });
    expect(JSON.stringify(input)).toBe(before);
  });

  it('stops at 8 levels', () => {
    let deep: Parameters<typeof redactDeep>[0] = 'ravi@okaxis';
    for (let i = 0; i < 10; i++) deep = [deep];
    expect(JSON.stringify(redactDeep(deep))).not.toContain('okaxis');
  });
});
