import { describe, expect, it } from 'vitest';
import { GOOGLE_GSI_ORIGIN, pagePolicy } from './security-headers';

const base = { nonce: 'abc', frameAncestors: 'none' as const, mediaOrigins: [], dev: false, https: false };
const directive = (csp: string, name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('pagePolicy', () => {
  it('lets Google sign-in frame, style and call only when it is configured', () => {
    const off = pagePolicy(base);
    expect(off).not.toContain('accounts.google.com');
    expect(directive(off, 'frame-src')).toBe("frame-src 'self'");
    const on = pagePolicy({ ...base, googleSignIn: true });
    for (const d of ['frame-src', 'style-src', 'connect-src']) expect(directive(on, d), d).toContain(GOOGLE_GSI_ORIGIN);
    expect(directive(on, 'script-src')).toBe("script-src 'self' 'nonce-abc' 'strict-dynamic'");
    expect(directive(on, 'frame-ancestors')).toBe("frame-ancestors 'none'");
  });
});
