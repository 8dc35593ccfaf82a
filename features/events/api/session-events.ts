import { useEffect } from 'react';
import { SESSION_HEARTBEAT_S } from '@/lib/constants';
import { apiFetch, clientHeaders, getSessionId, SESSION_HEADER } from '@/lib/http/client';
import { randomUuid } from '@/lib/uuid';
import type { SessionEventBody, SessionEventKind } from '../schemas';

/**
 * The browser side of POST /auth/api/v1/session_event (SPEC.md section 7;
 * section 9 "session refresh id"): the tab's session start, a heartbeat
 * every SESSION_HEARTBEAT_S (60 s) while `document.visibilityState` is
 * `visible`, and its end on `pagehide` by navigator.sendBeacon. The staff
 * insights turn them into sessions per day and time per session.
 * No retries: a lost ping costs at most one interval of counted time.
 */

export const SESSION_EVENT_PATH = '/auth/api/v1/session_event';

/** True when this page must send headers a beacon cannot carry (a bearer token, a framed page's visitor token). */
function needsHeaders(): boolean {
  return Object.keys(clientHeaders()).some((h) => h !== SESSION_HEADER);
}

/**
 * Sends one session ping for this tab's session refresh id (lib/http/client.ts
 * getSessionId), with a new ingest id. `beacon`: the page is going away, so
 * the ping leaves by navigator.sendBeacon as an application/json Blob (the
 * cookies go with it); where the browser has none, refuses it, or the page
 * needs headers a beacon cannot carry, by a keepalive fetch. Never throws.
 */
export function sendSessionEvent(type: SessionEventKind, opts: { beacon?: boolean } = {}): void {
  const sessionId = getSessionId();
  if (!sessionId) return;
  const ping: SessionEventBody = { type, session_id: sessionId, ingest_id: randomUuid() };
  const json = JSON.stringify(ping);
  if (opts.beacon && typeof navigator.sendBeacon === 'function' && !needsHeaders()) {
    try {
      if (navigator.sendBeacon(SESSION_EVENT_PATH, new Blob([json], { type: 'application/json' }))) return;
    } catch {
      // A browser that refuses the Blob's type: the keepalive fetch below.
    }
  }
  apiFetch(SESSION_EVENT_PATH, {
    method: 'POST', headers: { 'Content-Type': 'application/json' }, body: json, keepalive: true,
  }).catch(() => undefined);
}

/** The session start is sent once per page load, however often the hook mounts (React's development double mount). */
let started = false;

/**
 * Starts the tab's session pings and returns the function that stops them:
 * `start` once the page is first visible (a page opened in the background
 * waits), then a heartbeat every 60 s while visible; a heartbeat as it is
 * hidden (by beacon: a phone may never fire pagehide) and as it shows
 * again, with the timer stopped in between; `end` by beacon on pagehide
 * (a page restored from the back-forward cache pings again on pageshow).
 */
export function startSessionPings(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  const stopTimer = () => {
    if (timer !== null) clearInterval(timer);
    timer = null;
  };
  const startTimer = () => {
    stopTimer();
    timer = setInterval(() => {
      if (document.visibilityState === 'visible') sendSessionEvent('heartbeat');
    }, SESSION_HEARTBEAT_S * 1000);
  };
  const visible = () => {
    if (document.visibilityState !== 'visible') return;
    sendSessionEvent(started ? 'heartbeat' : 'start');
    started = true;
    startTimer();
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') {
      visible();
    } else if (timer !== null) {
      stopTimer();
      sendSessionEvent('heartbeat', { beacon: true });
    }
  };
  const onPageHide = () => {
    stopTimer();
    sendSessionEvent('end', { beacon: true });
  };
  const onPageShow = (e: PageTransitionEvent) => {
    if (e.persisted) visible();
  };
  if (document.visibilityState === 'visible') {
    // A remount in the same page (React's development double mount) goes on without a second start.
    if (started) startTimer();
    else visible();
  }
  document.addEventListener('visibilitychange', onVisibility);
  window.addEventListener('pagehide', onPageHide);
  window.addEventListener('pageshow', onPageShow);
  return () => {
    stopTimer();
    document.removeEventListener('visibilitychange', onVisibility);
    window.removeEventListener('pagehide', onPageHide);
    window.removeEventListener('pageshow', onPageShow);
  };
}

/** The app shell's hook (mounted once by AnalyticsBoot): the tab's session pings while the app is open. */
export function useSessionPings(): void {
  useEffect(() => startSessionPings(), []);
}

/** Forgets that this page sent its start (tests simulating a new page load). */
export function resetSessionPingsForTests(): void {
  started = false;
}
