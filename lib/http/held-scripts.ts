/**
 * Held page scripts: on the pages that open with a reel, the first frame
 * must not share a slow phone line with the app's JavaScript
 * (docs/decisions/020-first-reel-before-hydration.md). The server rewrites
 * each Next script tag of those pages, `<script src="/_next/static/..." async>`,
 * into an inert `<script data-held-src="...">` (and drops Next's
 * `<link rel="preload" as="script">` for them), and puts a small runtime in
 * the head that turns them back into real async scripts on `release()`.
 * The page's own starter, in the same head script (features/reels/lib/first-reel-starter.ts),
 * calls it once the first frame is on screen, on the first input, or after
 * HELD_SCRIPTS_MAX_MS; a page without a starter releases at
 * DOMContentLoaded, so no page can stay without its scripts.
 */

/** Paths whose HTML holds its scripts: the pages that open with a reel on screen. */
const HELD_PATHS = /^\/(?:reels|share)(?:\/[^/?#]*)?\/?(?:[?#]|$)/;

/** True when the page at `url` (path and query) holds its scripts until its first reel's frame. */
export function holdsScripts(url: string): boolean {
  return HELD_PATHS.test(url);
}

/**
 * The longest the scripts wait for the first frame, ms: on a line so slow
 * that the first frame takes longer, the page becomes interactive anyway.
 */
export const HELD_SCRIPTS_MAX_MS = 6000;

/**
 * The head runtime (browser JavaScript, ES5): `self.__srHeld.release()`
 * re-creates every held script as an async script with its nonce, in
 * document order, once per tag; tags parsed after the first release (a
 * later streamed chunk) are released at DOMContentLoaded. `claimed` is set by
 * a starter that will release itself.
 */
export const HELD_SCRIPTS_RUNTIME = [
  '(function(w,d){var on=0;',
  'function go(){var s=d.querySelectorAll("script[data-held-src]");for(var i=0;i<s.length;i++){',
  'var o=s[i],n=d.createElement("script");n.src=o.getAttribute("data-held-src");n.async=true;',
  'if(o.nonce)n.nonce=o.nonce;o.removeAttribute("data-held-src");d.head.appendChild(n)}}',
  'var h=w.__srHeld={claimed:0,released:0,release:function(){if(!on){on=1;h.released=1;',
  'd.addEventListener("DOMContentLoaded",go)}go()}};',
  'd.addEventListener("DOMContentLoaded",function(){if(!h.claimed)h.release()})',
  '})(self,document)',
].join('');

const SCRIPT_TAG = /<script\b([^>]*?)\bsrc="(\/_next\/static\/[^"]+\.js)"([^>]*)>/g;
const SCRIPT_PRELOAD = /<link\b(?=[^>]*\brel="preload")(?=[^>]*\bas="script")(?=[^>]*\bhref="\/_next\/static\/)[^>]*>/g;

function holdTag(_m: string, before: string, src: string, after: string): string {
  const attrs = `${before} ${after}`;
  // A nomodule script is for browsers without modules and never loads in the others: leave it.
  if (/\bnomodule\b/i.test(attrs)) return _m;
  const nonce = /\bnonce="([^"]*)"/.exec(attrs)?.[1];
  return `<script data-held-src="${src}"${nonce !== undefined ? ` nonce="${nonce}"` : ''}>`;
}

/**
 * A streaming rewriter of one HTML response (text in, text out, any chunk
 * boundaries): holds Next's script tags as described above and inserts the
 * runtime, with `nonce` (the page's CSP nonce), right after `<head>`,
 * followed in the same script by `starter` (the page's own code that
 * claims and triggers the release, e.g. features/reels/lib/first-reel-starter.ts).
 * Text that might be the start of a tag split across chunks is carried to
 * the next `push`; `end()` returns whatever is left.
 */
export function createScriptHolder(nonce: string | undefined, starter = ''): { push(chunk: string): string; end(): string } {
  let carry = '';
  let headDone = false;
  const runtime = `<script${nonce ? ` nonce="${nonce}"` : ''}>${HELD_SCRIPTS_RUNTIME}${starter ? `;${starter}` : ''}</script>`;
  const rewrite = (text: string): string => {
    let out = text.replace(SCRIPT_TAG, holdTag).replace(SCRIPT_PRELOAD, '');
    if (!headDone) {
      const at = out.search(/<head\b[^>]*>/);
      if (at >= 0) {
        const close = out.indexOf('>', at) + 1;
        out = `${out.slice(0, close)}${runtime}${out.slice(close)}`;
        headDone = true;
      }
    }
    return out;
  };
  return {
    push(chunk) {
      const text = carry + chunk;
      const lt = text.lastIndexOf('<');
      // A '<' with no '>' after it may be a tag cut in two: keep it for the next chunk.
      if (lt >= 0 && text.indexOf('>', lt) < 0) {
        carry = text.slice(lt);
        return rewrite(text.slice(0, lt));
      }
      carry = '';
      return rewrite(text);
    },
    end() {
      const rest = carry;
      carry = '';
      return rest ? rewrite(rest) : '';
    },
  };
}
