import { describe, expect, it } from 'vitest';
import { isPrivatePage } from './private-pages';

describe('isPrivatePage', () => {
  it('covers the private sections and what is below them', () => {
    for (const p of ['/studio', '/studio/topic/x', '/staff/insights', '/profile', '/rewards', '/rewards/deal/1', '/invite/ABC', '/chat/external/x']) {
      expect(isPrivatePage(p), p).toBe(true);
    }
  });

  it('leaves the public pages and look-alike paths alone', () => {
    for (const p of ['/', '/reels', '/topic/x', '/content/x', '/share/abc', '/tldr', '/explore', '/rewardsx', '/studios']) {
      expect(isPrivatePage(p), p).toBe(false);
    }
  });
});
