import { describe, expect, it } from 'vitest';
import { formatCount, truncateText } from './text';

describe('truncateText', () => {
  it('leaves text of 30 characters or fewer alone', () => {
    expect(truncateText('Subsidy up to 78,000 rupees')).toEqual({ text: 'Subsidy up to 78,000 rupees', truncated: false });
    const thirty = 'a'.repeat(30);
    expect(truncateText(thirty)).toEqual({ text: thirty, truncated: false });
  });

  it('cuts longer text at 30 characters, at a word boundary, with an ellipsis', () => {
    const r = truncateText('How much roof area does a 3 kW rooftop system need in a city home?');
    expect(r.truncated).toBe(true);
    expect(r.text.endsWith('…')).toBe(true);
    expect(r.text.length).toBeLessThanOrEqual(31);
    expect(r.text).toBe('How much roof area does a 3 kW…');
  });

  it('cuts a long word hard', () => {
    const r = truncateText('x'.repeat(50));
    expect(r.text).toBe(`${'x'.repeat(30)}…`);
  });

  it('counts Devanagari by grapheme, never splitting a syllable', () => {
    const hi = 'सोलर पैनल लगाने से बिजली का बिल कितना कम होता है और सब्सिडी कैसे मिलती है';
    const r = truncateText(hi);
    expect(r.truncated).toBe(true);
    expect(hi.startsWith(r.text.slice(0, -1))).toBe(true);
    // no dangling combining mark at the cut
    expect(/[\u093E-\u094D]$/.test(r.text.slice(0, -1)) || r.text.slice(0, -1).endsWith(' ')).toBe(false);
  });

  it('honours another limit', () => {
    expect(truncateText('one two three four', 9)).toEqual({ text: 'one two…', truncated: true });
  });
});

describe('formatCount', () => {
  it('shortens large counts', () => {
    expect(formatCount(999, 'en')).toBe('999');
    expect(formatCount(1234, 'en')).toBe('1.2K');
    expect(formatCount(0, 'he')).toBe('0');
    expect(formatCount(-3, 'en')).toBe('0');
  });
});
