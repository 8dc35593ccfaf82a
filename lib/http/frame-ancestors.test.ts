import { describe, expect, it } from 'vitest';
import { parseEnv } from '../env';
import { frameAncestorsPolicy, isEmbedPath } from './frame-ancestors';

describe('frameAncestorsPolicy', () => {
  it("is 'self' only by default, and adds the configured origins", () => {
    expect(frameAncestorsPolicy(parseEnv({}).CHAT_EMBED_ORIGINS)).toBe("frame-ancestors 'self'");
    const origins = parseEnv({ CHAT_EMBED_ORIGINS: 'https://partner.example, https://solar.example:8443' }).CHAT_EMBED_ORIGINS;
    expect(frameAncestorsPolicy(origins)).toBe("frame-ancestors 'self' https://partner.example https://solar.example:8443");
  });

  it('rejects a value that is not a bare origin', () => {
    expect(() => parseEnv({ CHAT_EMBED_ORIGINS: 'https://partner.example/path' })).toThrow(/CHAT_EMBED_ORIGINS/);
    expect(() => parseEnv({ CHAT_EMBED_ORIGINS: "'none'; script-src *" })).toThrow(/CHAT_EMBED_ORIGINS/);
  });
});

describe('isEmbedPath', () => {
  it('matches /chat/external pages only', () => {
    expect(isEmbedPath('/chat/external/general?x=1')).toBe(true);
    expect(isEmbedPath('/chat/external')).toBe(true);
    expect(isEmbedPath('/chat/v1/general')).toBe(false);
    expect(isEmbedPath('/chat/externalx')).toBe(false);
  });
});
