/*
 * The first reel before hydration (docs/decisions/020-first-reel-before-hydration.md).
 * Browser JavaScript (ES5) that reads the feed's server markup: the reel on
 * screen is `[data-testid="reel"][data-active="true"]`, its `<video>`
 * carries `data-src` (master playlist) and `data-preload` (master playlist,
 * 240p playlist, first segment: features/reels/lib/first-media.ts).
 */
import { FIRST_REEL_ATTR as A } from '../components/load-hls';

/** Fetch preloads of the reel's first media, which hls.js' requests then take (same mode and credentials). */
const PRELOAD_FN = 'function pre(v){var p=(v.getAttribute("data-preload")||"").split(" ");'
  + 'for(var i=0;i<p.length;i++){if(!p[i])continue;var l=d.createElement("link");l.rel="preload";l.as="fetch";'
  + 'l.href=p[i];l.crossOrigin="anonymous";l.setAttribute("fetchpriority","high");d.head.appendChild(l)}}';
const FIND_FN = 'function find(){return d.querySelector(\'[data-testid="reel"][data-active="true"] video[data-src]\')}';

/**
 * For the head of a page whose scripts are held (lib/http/held-scripts.ts),
 * right after the held-scripts runtime; it claims their release.
 * - Where Media Source Extensions exist it requests hls.js' own build
 *   (`hlsSrc`) at once, and when the parser has made the reel on screen's
 *   `<video>` (a MutationObserver: not held up by the stylesheet, as an
 *   inline script after the feed would be) it preloads that reel's first
 *   media; with both in, it plays the master playlist through hls.js with
 *   `hlsConfig` (the player's own settings for a reel on screen), leaving
 *   the instance in `window.__srFirstHls` and marking the element
 *   `data-first-hls`. hls.js needs one segment to show a frame.
 * - Without them, where the browser plays HLS itself (iPhone Safari before
 *   17.1) it sets the master playlist as the source and marks `data-native`.
 * - Otherwise it preloads the first media and releases at once.
 * The reel plays muted. Its first frame on screen (requestVideoFrameCallback,
 * else `playing`) marks `data-first-frame` and releases the page's
 * scripts; so do a fatal error, a refused play(), the first input, or
 * `maxHoldMs`. No reel on screen by DOMContentLoaded (an empty feed, an
 * error page): it releases then.
 */
export function firstReelStarter({ hlsSrc, hlsConfig, maxHoldMs }: {
  hlsSrc: string;
  hlsConfig: Record<string, unknown>;
  maxHoldMs: number;
}): string {
  return [
    '(function(w,d){var H=w.__srHeld,done=0;if(!H)return;H.claimed=1;',
    'function rel(){H.release()}', PRELOAD_FN, FIND_FN,
    'var MS=w.MediaSource||w.ManagedMediaSource;',
    'if(MS){w.__srHls=new Promise(function(ok,no){var s=d.createElement("script");s.src=', JSON.stringify(hlsSrc), ';',
    's.async=true;s.onload=function(){w.Hls?ok(w.Hls):no()};s.onerror=no;d.head.appendChild(s)});w.__srHls.catch(rel)}',
    'function watch(v){',
    `var f=function(){v.setAttribute("${A.frame}","");rel()};`,
    'if(v.requestVideoFrameCallback)v.requestVideoFrameCallback(f);else v.addEventListener("playing",f,{once:true});',
    'v.addEventListener("error",rel);',
    '["pointerdown","keydown","touchstart","wheel"].forEach(function(t){w.addEventListener(t,rel,{once:true,capture:true,passive:true})});',
    `setTimeout(rel,${maxHoldMs});`,
    // Refused (no autoplay): release; interrupted by a newer load (AbortError): playback goes on.
    'var q=v.play();if(q&&q.catch)q.catch(function(e){if(e&&e.name==="NotAllowedError")rel()})}',
    'function start(v){done=1;v.muted=true;',
    'if(MS){pre(v);w.__srHls.then(function(Hls){if(!Hls.isSupported()){rel();return}',
    'var h=new Hls(', JSON.stringify(hlsConfig), `);w.__srFirstHls={video:v,hls:h};v.setAttribute("${A.hls}","");`,
    // A fatal error before hydration: hand the element back empty; the player starts its own instance.
    `h.on(Hls.Events.ERROR,function(e,x){if(x&&x.fatal){h.destroy();w.__srFirstHls=null;v.removeAttribute("${A.hls}");rel()}});`,
    'h.loadSource(v.getAttribute("data-src"));h.attachMedia(v);watch(v)},function(){});return}',
    `if(v.canPlayType("application/vnd.apple.mpegurl")){v.setAttribute("${A.native}","");v.preload="auto";`,
    'v.src=v.getAttribute("data-src");watch(v);return}',
    'pre(v);rel()}',
    'var mo=new MutationObserver(function(){if(done)return;var v=find();if(v){mo.disconnect();start(v)}});',
    'mo.observe(d.documentElement,{childList:true,subtree:true});',
    'd.addEventListener("DOMContentLoaded",function(){mo.disconnect();if(!done){var v=find();if(v)start(v);else{done=1;rel()}}})',
    '})(self,document)',
  ].join('');
}

/**
 * Inline, right after the feed's markup, on pages whose scripts are not
 * held (topic, content and TLDR pages): preloads the reel on screen's
 * first media for hls.js, so it starts with the HTML instead of after the
 * page's scripts. Does nothing where the starter is in charge.
 */
export const FIRST_REEL_PRELOADER = [
  '(function(w,d){if(w.__srHeld)return;', PRELOAD_FN, FIND_FN, 'var v=find();if(v)pre(v)})(self,document)',
].join('');
