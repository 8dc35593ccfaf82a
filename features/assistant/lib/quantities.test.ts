import { describe, expect, it } from 'vitest';
import { quantityRanges, rangeFit, type QuantityRange } from './quantities';

const kw = (lo: number, hi: number, point = false): QuantityRange => ({ unit: 'kw', lo, hi, point });
const simple = (text: string) => quantityRanges(text).map((r) => [r.unit, r.lo, r.hi === Infinity ? 'inf' : r.hi, r.point]);

describe('quantityRanges', () => {
  it('reads points, bounded ranges and open ranges in kW', () => {
    expect(simple('SBI solar loan for 3 kW')).toEqual([['kw', 3, 3, true]]);
    expect(simple('SBI 3-10 kW solar loan terms')).toEqual([['kw', 3, 10, false]]);
    expect(simple('from 3 to 10 kilowatt')).toEqual([['kw', 3, 10, false]]);
    expect(simple('loan terms for a system up to 3 kW')).toEqual([['kw', 0, 3, false]]);
    expect(simple('capped for 3 kW and above')).toEqual([['kw', 3, 'inf', false]]);
    expect(simple('want 12kw at home')).toEqual([['kw', 12, 12, true]]);
  });

  it('leaves the bound out of "above N" and keeps it in "N and above"', () => {
    const above = quantityRanges('a system above 3 kW')[0]!;
    expect(above.lo).toBeGreaterThan(3);
    expect(rangeFit(kw(3, 3, true), above)).toBe(0);
    expect(rangeFit(kw(3, 3, true), quantityRanges('3 kW and above')[0]!)).toBeGreaterThan(0);
  });

  it('reads Hindi and Hinglish range words and number words', () => {
    expect(simple('3 किलोवाट तक')).toEqual([['kw', 0, 3, false]]);
    expect(simple('तीन किलोवाट से ज़्यादा')[0]!.slice(2)).toEqual(['inf', false]);
    expect(simple('10 kW se upar')[0]!.slice(2)).toEqual(['inf', false]);
    expect(simple('3 kW ya usse zyada')).toEqual([['kw', 3, 'inf', false]]);
    expect(simple('3 se 10 kw')).toEqual([['kw', 3, 10, false]]);
  });

  it('reads rupees with their multipliers and electricity units; ignores bare numbers', () => {
    expect(simple('a loan of up to Rs 2 lakh')).toEqual([['rs', 0, 200_000, false]]);
    expect(simple('sbi 6 lakh loan')).toEqual([['rs', 600_000, 600_000, true]]);
    expect(simple('₹78,000 subsidy')).toEqual([['rs', 78_000, 78_000, true]]);
    expect(simple('mera bill 300 unit aata hai')).toEqual([['unit', 300, 300, true]]);
    expect(simple('25 years, 80% output, since 2024')).toEqual([]);
  });
});

describe('rangeFit', () => {
  it('is 1 for the same point, 0 for ranges that do not meet or differ in unit', () => {
    expect(rangeFit(kw(3, 3, true), kw(3, 3, true))).toBe(1);
    expect(rangeFit(kw(12, 12, true), kw(0, 10))).toBe(0);
    expect(rangeFit(kw(3, 3, true), { unit: 'rs', lo: 3, hi: 3, point: true })).toBe(0);
  });

  it('prefers the tighter range that holds the value', () => {
    const q = kw(12, 12, true);
    expect(rangeFit(q, kw(10, Infinity))).toBeGreaterThan(rangeFit(q, kw(3, Infinity)));
    expect(rangeFit(kw(5, 5, true), kw(3, 10))).toBeGreaterThan(rangeFit(kw(5, 5, true), kw(0, 500)));
  });
});
