// @vitest-environment happy-dom
// @vitest-environment-options {"settings": {"handleDisabledFileLoadingAsSuccess": true}}
import { afterEach, describe, expect, it } from 'vitest';
import { HELD_SCRIPTS_RUNTIME } from './held-scripts';

type Held = { claimed: number; released: number; release: () => void };
const held = () => (window as unknown as { __srHeld: Held }).__srHeld;
const run = (src: string) => new Function(src)();

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

describe('the held-scripts runtime in the browser', () => {
  it('turns each held tag into an async script with its nonce, once, in document order', () => {
    document.body.innerHTML = '<script data-held-src="/_next/static/chunks/one.js" nonce="N1"></script>'
      + '<script data-held-src="/_next/static/chunks/two.js" nonce="N1"></script>';
    // Browsers hide a parsed nonce from the attribute and keep it on the property.
    for (const el of document.querySelectorAll<HTMLScriptElement>('script[data-held-src]')) el.nonce = 'N1';
    run(HELD_SCRIPTS_RUNTIME);
    const loaded = () => [...document.head.querySelectorAll('script[src]')] as HTMLScriptElement[];
    expect(loaded()).toHaveLength(0);
    held().release();
    held().release();
    expect(loaded().map((s) => s.getAttribute('src'))).toEqual(['/_next/static/chunks/one.js', '/_next/static/chunks/two.js']);
    expect(loaded().every((s) => s.async && s.nonce === 'N1')).toBe(true);
    expect(document.querySelectorAll('script[data-held-src]')).toHaveLength(0);
    expect(held().released).toBe(1);
  });

  it('releases at DOMContentLoaded when no starter claimed the page, and not before', () => {
    document.body.innerHTML = '<script data-held-src="/_next/static/chunks/one.js"></script>';
    run(HELD_SCRIPTS_RUNTIME);
    expect(held().released).toBe(0);
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(held().released).toBe(1);
    expect(document.head.querySelector('script[src="/_next/static/chunks/one.js"]')).not.toBeNull();
  });

  it('waits for a starter that claimed the page; tags parsed after a release go at DOMContentLoaded', () => {
    document.body.innerHTML = '<script data-held-src="/_next/static/chunks/one.js"></script>';
    run(HELD_SCRIPTS_RUNTIME);
    held().claimed = 1;
    held().release();
    document.body.insertAdjacentHTML('beforeend', '<script data-held-src="/_next/static/chunks/later.js"></script>');
    expect(document.head.querySelector('script[src="/_next/static/chunks/later.js"]')).toBeNull();
    document.dispatchEvent(new Event('DOMContentLoaded'));
    expect(document.head.querySelector('script[src="/_next/static/chunks/later.js"]')).not.toBeNull();
  });
});
