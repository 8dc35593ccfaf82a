import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '@/lib/constants';

/**
 * The interface strings (ARCHITECTURE.md decision 8): en, hi and he have the
 * same keys, the same ICU placeholders, and a translation for every API
 * error code the UI may receive.
 */
type Tree = { [k: string]: string | Tree };

const load = (locale: string): Tree =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../messages', `${locale}.json`), 'utf8')) as Tree;

function flatten(t: Tree, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(t)) {
    const key = prefix ? `${prefix}.${k}` : k;
    if (typeof v === 'string') out[key] = v;
    else Object.assign(out, flatten(v, key));
  }
  return out;
}

/** Top-level ICU argument names of a message ({count, plural, ...} gives count). */
function placeholders(msg: string): string[] {
  const names = new Set<string>();
  let depth = 0;
  for (let i = 0; i < msg.length; i++) {
    if (msg[i] === '{') {
      if (depth === 0) {
        const m = /^\{\s*([A-Za-z_][\w]*)/.exec(msg.slice(i));
        if (m) names.add(m[1]);
      }
      depth++;
    } else if (msg[i] === '}') depth--;
  }
  return [...names].sort();
}

const messages = Object.fromEntries(LOCALES.map((l) => [l, flatten(load(l))]));

describe('messages', () => {
  it('has the same keys in en, hi and he', () => {
    const en = Object.keys(messages.en).sort();
    expect(Object.keys(messages.hi).sort()).toEqual(en);
    expect(Object.keys(messages.he).sort()).toEqual(en);
  });

  it('uses the same placeholders in every language', () => {
    for (const [key, msg] of Object.entries(messages.en)) {
      for (const l of ['hi', 'he']) expect([key, l, placeholders(messages[l][key])]).toEqual([key, l, placeholders(msg)]);
    }
  });

  it('has no empty strings', () => {
    for (const l of LOCALES) for (const [k, v] of Object.entries(messages[l])) expect([l, k, v.trim().length > 0]).toEqual([l, k, true]);
  });

  it('translates every API error code', () => {
    const codes = ['bad_request', 'invalid_json', 'validation_failed', 'not_found', 'content_not_found', 'payload_too_large',
      'forbidden', 'internal_error', 'no_video_stream', 'file_too_large', 'video_too_long', 'option_not_found', 'rate_limited',
      'topic_not_found', 'category_not_found', 'unsupported_media_type', 'timeout', 'network_error'];
    for (const l of LOCALES) for (const c of codes) expect(messages[l][`errors.${c}`], `${l} errors.${c}`).toBeTruthy();
  });

  it('writes Hindi in Devanagari and Hinglish in Latin letters', () => {
    expect(messages.hi['reels.share']).toMatch(/[\u0900-\u097F]/);
    expect(messages.he['reels.share']).not.toMatch(/[\u0900-\u097F]/);
    expect(messages.he['tldr.intro']).not.toMatch(/[\u0900-\u097F]/);
  });
});
