import type http from 'node:http';
import { describe, expect, it } from 'vitest';
import { PAGE_PATH_HEADER } from '@/lib/url-language';
import { preparePageLanguage } from './page-language';

function fake(url: string, cookie?: string) {
  const req = { url, headers: { ...(cookie ? { cookie } : {}), [PAGE_PATH_HEADER]: '/forged' } } as unknown as http.IncomingMessage;
  const headers: Record<string, string | string[]> = {};
  const res = {
    setHeader: (k: string, v: string) => { headers[k.toLowerCase()] = v; },
    appendHeader: (k: string, v: string) => { headers[k.toLowerCase()] = [...((headers[k.toLowerCase()] as string[]) ?? []), v]; },
  } as unknown as http.ServerResponse;
  return { req, res, headers };
}

describe('preparePageLanguage', () => {
  it('a URL naming a language sets the cookie on the answer and for this render', () => {
    const { req, res, headers } = fake('/topic/t1?hl=hi', 'sr_vid=abc; NEXT_LOCALE=en');
    preparePageLanguage(req, res, true);
    expect(headers['set-cookie']).toEqual(['NEXT_LOCALE=hi; Path=/; Max-Age=31536000; SameSite=Lax; Secure']);
    expect(req.headers.cookie).toBe('sr_vid=abc; NEXT_LOCALE=hi');
  });

  it('sets nothing when the URL names no language, an unknown one, or the one the cookie holds', () => {
    for (const [url, cookie] of [['/topic/t1', 'NEXT_LOCALE=hi'], ['/topic/t1?hl=fr', undefined], ['/tldr?hl=he', 'NEXT_LOCALE=he']] as const) {
      const { req, res, headers } = fake(url, cookie);
      preparePageLanguage(req, res, false);
      expect(headers['set-cookie'], url).toBeUndefined();
      expect(req.headers.cookie).toBe(cookie);
    }
  });

  it("hands the layout the page's path, overwriting a client's value", () => {
    const { req, res } = fake('/content/abc?hl=he&ref=X');
    preparePageLanguage(req, res, false);
    expect(req.headers[PAGE_PATH_HEADER]).toBe('/content/abc');
  });

  it('marks private pages noindex, and only them', () => {
    const priv = fake('/rewards/deal/1');
    preparePageLanguage(priv.req, priv.res, false);
    expect(priv.headers['x-robots-tag']).toBe('noindex, nofollow');
    const pub = fake('/topic/t1?hl=hi');
    preparePageLanguage(pub.req, pub.res, false);
    expect(pub.headers['x-robots-tag']).toBeUndefined();
  });
});
