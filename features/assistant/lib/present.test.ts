import { describe, expect, it } from 'vitest';
import { presentable } from './present';

describe('presentable', () => {
  it('writes rupees as ₹ and square metres as m², as the rest of the app does', () => {
    expect(presentable('about Rs 78,000 (Rs 30,000/kW), Rs. 6 lakh')).toBe('about ₹78,000 (₹30,000/kW), ₹6 lakh');
    expect(presentable('लगभग Rs ७८,००० मिलेंगे')).toBe('लगभग ₹७८,००० मिलेंगे');
    expect(presentable('3 kW x 10-12 m2 = 30-36m2, about 320 sq ft')).toBe('3 kW x 10-12 m² = 30-36 m², about 320 sq ft');
  });

  it('leaves words that only look alike', () => {
    expect(presentable('Rsvp to the m2m portal; Rs without a number')).toBe('Rsvp to the m2m portal; Rs without a number');
  });
});
