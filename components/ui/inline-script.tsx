'use client';

/**
 * A script that runs while the HTML is parsed (before first paint) and is
 * inert when React renders it in the browser: `text/plain` on the client
 * (React warns about <script> tags it creates itself) and
 * suppressHydrationWarning for the type difference. Pattern from Next.js'
 * "preventing flash before hydration" guide. `nonce` is the request's CSP
 * script nonce (the page's policy allows no other inline script).
 */
export function InlineScript({ html, nonce }: { html: string; nonce?: string }) {
  return (
    <script
      nonce={nonce}
      type={typeof window === 'undefined' ? 'text/javascript' : 'text/plain'}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
