import { describe, expect, it } from 'vitest';
import { isUuid } from './uuid';

describe('isUuid', () => {
  it('accepts any 8-4-4-4-12 hex id, in either case and of any version', () => {
    expect(isUuid('0b6f5f8e-3a7d-4c1e-9f2a-1d2e3f4a5b6c')).toBe(true);
    expect(isUuid('0B6F5F8E-3A7D-4C1E-9F2A-1D2E3F4A5B6C')).toBe(true);
    expect(isUuid('00000000-0000-0000-0000-000000000001')).toBe(true);
  });

  it('refuses anything else (a slug, a short id, extra text)', () => {
    expect(isUuid('solar-rooftop')).toBe(false);
    expect(isUuid('0b6f5f8e-3a7d-4c1e-9f2a-1d2e3f4a5b6')).toBe(false);
    expect(isUuid(' 0b6f5f8e-3a7d-4c1e-9f2a-1d2e3f4a5b6c')).toBe(false);
    expect(isUuid('0b6f5f8e-3a7d-4c1e-9f2a-1d2e3f4a5b6c\n')).toBe(false);
    expect(isUuid('')).toBe(false);
  });
});
