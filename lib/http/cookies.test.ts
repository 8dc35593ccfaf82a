import { describe, expect, it } from 'vitest';
import { cookieValue, withSetCookie } from './cookies';

describe('cookieValue', () => {
  it('finds a cookie by name among others, trimmed', () => {
    expect(cookieValue('a=1;  sr_sid=tok.en-_1 ; b=2', 'sr_sid')).toBe('tok.en-_1');
  });

  it('is null without a header or without that cookie (a longer name is another cookie)', () => {
    expect(cookieValue(undefined, 'sr_sid')).toBeNull();
    expect(cookieValue('', 'sr_sid')).toBeNull();
    expect(cookieValue('sr_sid_old=x; xsr_sid=y', 'sr_sid')).toBeNull();
  });

  it('removes surrounding double quotes and keeps the first of two same-named cookies', () => {
    expect(cookieValue('sr_vid="abc"', 'sr_vid')).toBe('abc');
    expect(cookieValue('sr_vid=first; sr_vid=second', 'sr_vid')).toBe('first');
  });

  it('keeps an empty value as the empty string', () => {
    expect(cookieValue('sr_sid=; a=1', 'sr_sid')).toBe('');
  });
});

describe('withSetCookie', () => {
  it('replaces the cookie of that name and keeps the others as written', () => {
    expect(withSetCookie('a=1; sr_vid=old; NEXT_LOCALE=hi', 'sr_vid=new; Path=/; HttpOnly'))
      .toBe('a=1; NEXT_LOCALE=hi; sr_vid=new');
  });

  it('makes a header from nothing', () => {
    expect(withSetCookie(undefined, 'sr_vid=new; Path=/')).toBe('sr_vid=new');
  });
});
