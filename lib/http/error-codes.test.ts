import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/constants';
import { API_ERROR_STATUS, CLIENT_ERROR_CODES, ERROR_CODES, isApiErrorCode, isErrorCode, statusOf } from './error-codes';

const ROOT = path.resolve(import.meta.dirname, '../..');

type Tree = { [k: string]: string | Tree };
const errorTexts = (locale: string): Record<string, unknown> =>
  (JSON.parse(readFileSync(path.join(ROOT, 'messages', `${locale}.json`), 'utf8')) as Tree).errors as Record<string, unknown>;

/** Keys of `errors` that are the interface's own words, not codes (error page, toaster, lib/use-error-text.ts). */
const UI_KEYS = ['title', 'retry', 'dismiss', 'generic', 'waitSeconds', 'waitMinutes'];

describe('ErrorCode', () => {
  it('has a text for every code in en, hi and he', () => {
    for (const locale of LOCALES) {
      const texts = errorTexts(locale);
      for (const code of ERROR_CODES) {
        const text = texts[code];
        expect([locale, code, typeof text === 'string' && text.trim().length > 0]).toEqual([locale, code, true]);
      }
    }
  });

  it('has no text for a code that is not in the set', () => {
    for (const locale of LOCALES) {
      const strays = Object.keys(errorTexts(locale)).filter((k) => !isErrorCode(k) && !UI_KEYS.includes(k));
      expect([locale, strays]).toEqual([locale, []]);
    }
  });

  it('keeps the words that say when to try again', () => {
    expect(errorTexts('en').sms_unavailable).toMatch(/try again in a minute/);
  });

  it('maps each server code to an error status and the client codes to none', () => {
    for (const [code, status] of Object.entries(API_ERROR_STATUS)) {
      expect([code, status >= 400 && status <= 599]).toEqual([code, true]);
    }
    expect(statusOf('sms_unavailable')).toBe(503);
    expect(statusOf('upload_limit')).toBe(429);
    for (const code of CLIENT_ERROR_CODES) expect([code, isApiErrorCode(code), isErrorCode(code)]).toEqual([code, false, true]);
    expect(isErrorCode('something_else')).toBe(false);
    expect(isErrorCode('toString')).toBe(false);
    expect(isApiErrorCode('toString')).toBe(false);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
  });
});

/** Every non-test .ts/.tsx file under `dir` (relative to the repository). */
function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name !== 'node_modules') out.push(...sources(rel));
    } else if (/\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts')) {
      out.push(rel);
    }
  }
  return out;
}

/**
 * The ways a code is written into an error answer or event in the source:
 * group 1 the status when the call names one, group 2 the code.
 */
const WRITES: RegExp[] = [
  /new ApiError\(\s*(\d{3}),\s*'([a-z_]+)'/g,
  /new ApiError\(\s*()'([a-z_]+)'/g,
  /super\(\s*(\d{3}),\s*'([a-z_]+)'/g,
  /errorBody\(\s*()'([a-z_]+)'/g,
  /sendError\(\s*\w+,\s*(\d{3}),\s*'([a-z_]+)'/g,
  /status:\s*(\d{3}),\s*code:\s*'([a-z_]+)'/g,
  /'chat_error',\s*\{\s*()code:\s*'([a-z_]+)'/g,
  /error:\s*\{\s*()code:\s*'([a-z_]+)'/g,
  /(?:badRequest|notFound|unprocessable|forbidden)\([^()]*,\s*()'([a-z_]+)'\)/g,
  /new HttpError\(\s*(\d+),\s*'([a-z_]+)'/g,
];

/** Calls that answer with another status than their code's own (documented in docs/api). */
const OTHER_STATUS: Record<string, number[]> = {
  upload_limit: [413], // the bytes, not the count, of unfinished uploads (docs/api/studio.md)
  topic_not_found: [422], // an unknown topic inside a partner's body (docs/api/partners.md)
};

describe('codes written in the source', () => {
  const files = ['server', 'lib', 'features', 'app'].flatMap(sources);
  const found: Array<{ file: string; status?: number; code: string }> = [];
  for (const file of files) {
    const text = readFileSync(path.join(ROOT, file), 'utf8');
    for (const re of WRITES) {
      for (const m of text.matchAll(re)) found.push({ file, status: m[1] ? Number(m[1]) : undefined, code: m[2] });
    }
  }

  it('finds the codes the API answers with', () => {
    // The scan itself works: most of the set is written somewhere.
    expect(new Set(found.map((f) => f.code)).size).toBeGreaterThan(60);
  });

  it('writes only members of the set', () => {
    expect(found.filter((f) => !isErrorCode(f.code))).toEqual([]);
  });

  it("answers each code with its own status, or a documented other one", () => {
    const off = found.filter((f) => f.status !== undefined && isApiErrorCode(f.code)
      && f.status !== API_ERROR_STATUS[f.code] && !(OTHER_STATUS[f.code] ?? []).includes(f.status));
    expect(off).toEqual([]);
  });
});
