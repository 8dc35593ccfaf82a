import type { Page } from '@playwright/test';

/** What Chromium writes when a Content-Security-Policy stops something (script, style, media, socket). */
const CSP_PROBLEM = /Content Security Policy|Refused to/i;

/**
 * Collects, from now on, every console message and uncaught page error of
 * `page` that says a Content-Security-Policy refused something: the list a
 * test expects to stay empty while the page does its work (the nonces reach
 * Next's scripts, media and sockets are allowed).
 */
export function collectCspProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (CSP_PROBLEM.test(msg.text())) problems.push(`console.${msg.type()}: ${msg.text()}`);
  });
  page.on('pageerror', (err) => {
    if (CSP_PROBLEM.test(`${err.name}: ${err.message}`)) problems.push(`pageerror: ${err.message}`);
  });
  return problems;
}
