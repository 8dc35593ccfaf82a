import { describe, expect, it } from 'vitest';
import { createScriptHolder, HELD_SCRIPTS_RUNTIME, holdsScripts } from './held-scripts';

const PAGE = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="stylesheet" href="/_next/static/chunks/a.css" nonce="N1" data-precedence="next"/>',
  '<link rel="preload" as="script" fetchPriority="low" nonce="N1" href="/_next/static/chunks/late.js"/>',
  '<script src="/_next/static/chunks/one.js" async="" nonce="N1"></script>',
  '<script src="/_next/static/chunks/two.js" async="" nonce="N1"></script>',
  '<script src="/_next/static/chunks/legacy.js" noModule="" nonce="N1"></script>',
  '</head><body><header>x</header><video data-src="/media/m.m3u8"></video>',
  '<script nonce="N1">(self.__next_f=self.__next_f||[]).push([0])</script>',
  '<script src="/_next/static/chunks/late.js" nonce="N1" async=""></script>',
  '<script src="https://accounts.google.com/gsi/client" async=""></script>',
  '</body></html>',
].join('');

function rewriteAll(chunks: string[]): string {
  const h = createScriptHolder('N1');
  return chunks.map((c) => h.push(c)).join('') + h.end();
}

describe('held page scripts', () => {
  it('holds Next scripts with their nonce, drops their preloads, keeps the rest, and puts the runtime first in the head', () => {
    const out = rewriteAll([PAGE]);
    expect(out).toContain(`<head><script nonce="N1">${HELD_SCRIPTS_RUNTIME}</script><meta charSet="utf-8"/>`);
    expect(out).toContain('<script data-held-src="/_next/static/chunks/one.js" nonce="N1"></script>');
    expect(out).toContain('<script data-held-src="/_next/static/chunks/two.js" nonce="N1"></script>');
    expect(out).toContain('<script data-held-src="/_next/static/chunks/late.js" nonce="N1"></script>');
    expect(out).not.toMatch(/<script[^>]*\ssrc="\/_next\/static\/chunks\/(one|two|late)\.js"/);
    expect(out).not.toContain('rel="preload" as="script"');
    // What is not one of Next's async chunks is left alone.
    expect(out).toContain('<script src="/_next/static/chunks/legacy.js" noModule="" nonce="N1"></script>');
    expect(out).toContain('<script src="https://accounts.google.com/gsi/client" async=""></script>');
    expect(out).toContain('<link rel="stylesheet" href="/_next/static/chunks/a.css"');
    expect(out).toContain('<header>x</header>');
    expect(out.match(/__srHeld=/g)).toHaveLength(1);
  });

  it('gives the same page whatever the chunk boundaries', () => {
    const whole = rewriteAll([PAGE]);
    for (let cut = 1; cut < PAGE.length; cut += 7) {
      expect(rewriteAll([PAGE.slice(0, cut), PAGE.slice(cut)])).toBe(whole);
    }
    const bytes = PAGE.split('');
    expect(rewriteAll(bytes)).toBe(whole);
  });

  it('applies to the pages that open with a reel only', () => {
    for (const url of ['/reels', '/reels?topic_id=t1', '/reels/', '/share', '/share/abc123', '/share/abc123?ref=X#y']) {
      expect(holdsScripts(url), url).toBe(true);
    }
    for (const url of ['/', '/reelsx', '/tldr', '/explore', '/share/a/b', '/topic/t1', '/_next/static/chunks/a.js', '/studio']) {
      expect(holdsScripts(url), url).toBe(false);
    }
  });
});
