import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { NextIntlClientProvider } from 'next-intl';
import { describe, expect, it } from 'vitest';
import type { Locale } from '@/lib/constants';
import { HttpError } from '@/lib/http/client';
import { formatLocale } from '@/lib/i18n-locale';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { useErrorText } from './use-error-text';

const MESSAGES = { en, hi, he } as const;

/** What useErrorText() words for `err` (and `fallback`) in `locale`, rendered once on the server. */
function textOf(err: unknown, { locale = 'en', fallback }: { locale?: Locale; fallback?: string } = {}): string {
  let out = '';
  function Probe() {
    const errorText = useErrorText();
    out = errorText(err, fallback);
    return null;
  }
  renderToStaticMarkup(createElement(NextIntlClientProvider, {
    locale: formatLocale(locale), messages: MESSAGES[locale], timeZone: 'Asia/Kolkata', children: createElement(Probe),
  }));
  return out;
}

describe('useErrorText', () => {
  it('words a code of the set by errors.<code> in the interface language', () => {
    const err = new HttpError(503, 'sms_unavailable', 'We could not send the code just now.', 60);
    expect(textOf(err)).toBe(en.errors.sms_unavailable);
    expect(textOf(err, { locale: 'hi' })).toBe(hi.errors.sms_unavailable);
    expect(textOf(err, { locale: 'he' })).toBe(he.errors.sms_unavailable);
    // The code's own words win over a wait and over the screen's fallback.
    expect(textOf(new HttpError(429, 'rate_limited', 'x', 30), { fallback: 'Like failed' })).toBe(en.errors.rate_limited);
  });

  it('reads the code of an error body, a socket event or a bare code', () => {
    expect(textOf({ code: 'upload_limit', message: 'You can have at most 3.' })).toBe(en.errors.upload_limit);
    expect(textOf({ code: 'network_error' }, { locale: 'hi' })).toBe(hi.errors.network_error);
    expect(textOf('otp_locked', { locale: 'he' })).toBe(he.errors.otp_locked);
  });

  it('tells the wait of a code it has no words for', () => {
    expect(textOf(new HttpError(429, 'slow_down', 'x', 30))).toBe('Too many tries. Please try again in 30 s.');
    expect(textOf({ code: 'slow_down', retry_after: 600 }, { locale: 'hi' })).toBe('बहुत ज़्यादा कोशिशें। कृपया 10 मिनट बाद फिर कोशिश करें।');
    expect(textOf(new HttpError(429, 'slow_down', 'x', 91))).toBe('Too many tries. Please try again in 2 min.');
  });

  it("falls back to the screen's words, else the server's words for a code outside the set, else the generic message", () => {
    const unknown = new HttpError(409, 'like_conflict', 'The like was taken back meanwhile.');
    expect(textOf(unknown, { fallback: 'Your like could not be saved.' })).toBe('Your like could not be saved.');
    expect(textOf(unknown, { locale: 'he' })).toBe('The like was taken back meanwhile.');
    expect(textOf({ code: 'like_conflict', message: ' ' })).toBe(en.errors.generic);
    // A member's text wins over the server's English.
    expect(textOf(new HttpError(500, 'internal_error', 'boom'), { locale: 'hi' })).toBe(hi.errors.internal_error);
    // No code: a plain Error's message is not for people.
    expect(textOf(new Error('boom'))).toBe(en.errors.generic);
    expect(textOf(new Error('boom'), { locale: 'he' })).toBe(he.errors.generic);
    expect(textOf(null)).toBe(en.errors.generic);
    // A key of `errors` that is not a code ("title") is not a code's text.
    expect(textOf({ code: 'title' })).toBe(en.errors.generic);
    expect(textOf({ code: 'x', retry_after: 0 })).toBe(en.errors.generic);
  });
});
