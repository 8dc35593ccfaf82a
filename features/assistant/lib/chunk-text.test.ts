import { describe, expect, it } from 'vitest';
import { chunkText } from './chunk-text';

describe('chunkText', () => {
  it('groups words and keeps the text exactly when joined', () => {
    const text = 'A 3 kW system gets Rs 78,000.\nAs of 2025, check pmsuryaghar.gov.in.';
    const chunks = chunkText(text, 3);
    expect(chunks.join('')).toBe(text);
    expect(chunks[0]).toBe('A 3 kW ');
    expect(chunks).toHaveLength(4);
  });

  it('splits Devanagari on spaces like any other script', () => {
    const text = 'हाँ, 3 किलोवाट पर सब्सिडी मिलती है।';
    const chunks = chunkText(text, 2);
    expect(chunks).toEqual(['हाँ, 3 ', 'किलोवाट पर ', 'सब्सिडी मिलती ', 'है।']);
  });

  it('keeps leading space and handles empty text', () => {
    expect(chunkText('  hi there', 1)).toEqual(['  hi ', 'there']);
    expect(chunkText('')).toEqual([]);
    expect(chunkText('one', 0)).toEqual(['one']);
  });
});
