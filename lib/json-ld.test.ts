import { describe, expect, it } from 'vitest';
import { serializeJsonLd } from './json-ld';

describe('serializeJsonLd', () => {
  const attack = '</script><script>alert(1)</script>';

  it('writes a description that tries to close the script element so that no tag is left in the text', () => {
    const text = serializeJsonLd({ '@type': 'VideoObject', description: attack });
    expect(text).not.toMatch(/[<>]/);
    expect(text.toLowerCase()).not.toContain('</script');
    expect(text).toBe(
      '{"@type":"VideoObject","description":"\\u003c/script\\u003e\\u003cscript\\u003ealert(1)\\u003c/script\\u003e"}',
    );
  });

  it('parses back to exactly the value it was given', () => {
    const data = {
      description: `${attack} <!-- a & b --> \u2028line\u2029para`,
      name: 'सोलर रूफटॉप सब्सिडी: ₹78,000 तक',
      n: 3,
      nested: [{ ok: true, none: null }],
    };
    expect(JSON.parse(serializeJsonLd(data))).toEqual(data);
  });

  it('escapes &, an HTML comment opener and the JavaScript line separators', () => {
    const text = serializeJsonLd({ s: 'a & b <!-- c \u2028 \u2029' });
    expect(text).toBe('{"s":"a \\u0026 b \\u003c!-- c \\u2028 \\u2029"}');
    expect(text).not.toMatch(/[&\u2028\u2029]/);
  });

  it('refuses a value with no JSON form instead of writing "undefined"', () => {
    expect(() => serializeJsonLd(undefined)).toThrow(TypeError);
    expect(() => serializeJsonLd(() => 1)).toThrow(TypeError);
  });
});
