import { describe, expect, it } from 'vitest';
import { methodLabelOf, routeLabelOf, statusClassOf } from './http-metrics';

const page = { api: false, tus: false };

describe('routeLabelOf (http_request_duration_seconds route label)', () => {
  it('gives pages their pattern, never the id in the URL', () => {
    expect(routeLabelOf('/content/3f0c6a52-1111-4222-8333-444455556666?hl=hi', page)).toBe('/content/:id');
    expect(routeLabelOf('/topic/42', page)).toBe('/topic/:id');
    expect(routeLabelOf('/share/abc-def', page)).toBe('/share/:slug');
    expect(routeLabelOf('/chat/external/solar', page)).toBe('/chat/external/:slug');
    expect(routeLabelOf('/reels/', page)).toBe('/reels');
    expect(routeLabelOf('/search?q=sabsidi', page)).toBe('/search');
    expect(routeLabelOf('/', page)).toBe('/');
    expect(routeLabelOf('/readyz', page)).toBe('/readyz');
  });

  it('groups files and unknown paths coarsely', () => {
    expect(routeLabelOf('/media/tok/content/x/master.m3u8', page)).toBe('/media/*');
    expect(routeLabelOf('/_next/static/chunks/a.js', page)).toBe('/_next/*');
    expect(routeLabelOf('/content/a/b', page)).toBe('page');
    expect(routeLabelOf('/wp-login.php', page)).toBe('page');
    expect(routeLabelOf('/uploader/api/v1/upload/abc', { api: false, tus: true })).toBe('/uploader/api/v1/upload/*');
    expect(routeLabelOf('/feeds-server/api/v1/nope/nope', { api: true, tus: false })).toBe('unmatched');
  });
});

describe('statusClassOf and methodLabelOf', () => {
  it('bound the other labels', () => {
    expect([200, 304, 404, 503].map(statusClassOf)).toEqual(['2xx', '3xx', '4xx', '5xx']);
    expect(statusClassOf(0)).toBe('other');
    expect(methodLabelOf('GET')).toBe('GET');
    expect(methodLabelOf('PROPFIND')).toBe('other');
    expect(methodLabelOf(undefined)).toBe('other');
  });
});
