import { describe, expect, it } from 'vitest';
import { quantityRanges, rangeFit, readQuantities, type QuantityRange } from './quantities';

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

describe('readQuantities', () => {
  it('reads kW in three languages and both scripts, with Hindi fractions', () => {
    expect(readQuantities('3 kilowatt ka system').kw).toBe(3);
    expect(readQuantities('तीन किलोवाट').kw).toBe(3);
    expect(readQuantities('३ किलोवाट').kw).toBe(3);
    expect(readQuantities('dhai kw ka').kw).toBe(2.5);
    expect(readQuantities('डेढ़ किलोवाट').kw).toBe(1.5);
    expect(readQuantities('saadhe 3 kw').kw).toBe(3.5);
  });

  it('reads units with their period; no period is a month, marked unstated', () => {
    expect(readQuantities('300 units/month').units).toEqual({ value: 300, per: 'month', stated: true });
    expect(readQuantities('३०० यूनिट महीना').units).toEqual({ value: 300, per: 'month', stated: true });
    expect(readQuantities('3600 units a year').units).toEqual({ value: 3600, per: 'year', stated: true });
    expect(readQuantities('10 unit roz').units).toEqual({ value: 10, per: 'day', stated: true });
    expect(readQuantities('200 unit ka bill').units).toEqual({ value: 200, per: 'month', stated: false });
  });

  it('reads area in m2, sq ft, वर्ग फुट, वर्ग मीटर and gaj (square yards)', () => {
    expect(readQuantities('roof 40 m2').area).toEqual({ value: 40, as: 'm2', m2: 40 });
    expect(readQuantities('400 sq ft').area?.m2).toBeCloseTo(37.16, 2);
    expect(readQuantities('मेरी छत 400 वर्ग फुट है').area?.as).toBe('sqft');
    expect(readQuantities('25 वर्ग मीटर').area).toEqual({ value: 25, as: 'm2', m2: 25 });
    expect(readQuantities('100 gaj ka plot').area?.m2).toBeCloseTo(83.61, 2);
    expect(readQuantities('1000 feet ki chhat').area?.as).toBe('sqft');
    expect(readQuantities('20 feet lambi chhat').area).toBeUndefined();
  });

  it('reads rupee amounts with multipliers and their role', () => {
    expect(readQuantities('vendor ne ₹1,80,000 quote diya').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
    expect(readQuantities('डेढ़ लाख का कोटेशन').amounts).toEqual([{ value: 150_000, role: 'quote' }]);
    expect(readQuantities('1.8L quote').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
    expect(readQuantities('80k loan').amounts).toEqual([{ value: 80_000, role: 'loan' }]);
    expect(readQuantities('पचास हजार रुपये का लोन').amounts).toEqual([{ value: 50_000, role: 'loan' }]);
    expect(readQuantities('bill ₹2500 aata hai').amounts).toEqual([{ value: 2500, role: 'bill' }]);
    expect(readQuantities('my salary is 25000').amounts).toEqual([{ value: 25_000, role: 'income' }]);
    expect(readQuantities('subsidy is 1 lakh').amounts).toEqual([{ value: 100_000, role: 'subsidy' }]);
    expect(readQuantities('sava 2 lakh').amounts).toEqual([{ value: 225_000, role: 'unknown' }]);
    expect(readQuantities('subsidy in 2027').amounts).toEqual([]);
  });

  it('reads homes and percentages', () => {
    expect(readQuantities('40 flats ki society').households).toBe(40);
    expect(readQuantities('interest 7% hai').percents).toEqual([7]);
    expect(readQuantities('8.9 प्रतिशत ब्याज').percents).toEqual([8.9]);
  });

  it('keeps a size range apart from a size', () => {
    expect(readQuantities('SBI loan above 3 kW')).toMatchObject({ kwRange: { hi: Infinity } });
    expect(readQuantities('SBI loan above 3 kW').kw).toBeUndefined();
    expect(readQuantities('up to 3 kW')).toMatchObject({ kwRange: { lo: 0, hi: 3 } });
  });
});

describe('readQuantities: amounts and hundreds as people say them', () => {
  it('reads "teen sau", "तीन सौ", "dhai sau" as hundreds', () => {
    expect(readQuantities('teen sau unit mahina').units?.value).toBe(300);
    expect(readQuantities('तीन सौ यूनिट हर महीने').units?.value).toBe(300);
    expect(readQuantities('dhai sau unit').units?.value).toBe(250);
  });
  it('reads "1 lakh 80 hazar" as one amount, "/-" and "रु" as rupees', () => {
    expect(readQuantities('ek lakh 80 hazar ka quote').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
    expect(readQuantities('quote 1,80,000/-').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
    expect(readQuantities('रु 1,80,000 का कोटेशन').amounts).toEqual([{ value: 180_000, role: 'quote' }]);
  });
});

describe('readQuantities: years and amounts', () => {
  it('a year after "in" or before "tak" is no amount; "bill 2000" is', () => {
    expect(readQuantities('subsidy in 2027').amounts).toEqual([]);
    expect(readQuantities('2026 tak subsidy').amounts).toEqual([]);
    expect(readQuantities('agar bill 2000 hai').amounts).toEqual([{ value: 2000, role: 'bill' }]);
  });
});

describe('readQuantities: watts', () => {
  it('reads 3000 watt as 3 kW, not a 540 W panel rating', () => {
    expect(readQuantities('3000 watt ka system').kw).toBe(3);
    expect(readQuantities('5000 वाट').kw).toBe(5);
    expect(readQuantities('540 W panels').kw).toBeUndefined();
  });
});

describe('readQuantities: an amount bound to an income', () => {
  it('gives the income role to "N se kam income" and "below N income", whatever subsidy word is near', () => {
    expect(readQuantities('subsidy sirf 2 lakh se kam income walon ko').amounts).toEqual([{ value: 200000, role: 'income' }]);
    expect(readQuantities('subsidy only for below 3 lakh income families').amounts).toEqual([{ value: 300000, role: 'income' }]);
    expect(readQuantities('subsidy 2 lakh hai').amounts).toEqual([{ value: 200000, role: 'subsidy' }]);
  });
});


describe('readQuantities: a period said before the figure', () => {
  it('reads a year\'s units with a hedge between ("saal me karib 8400 unit")', () => {
    expect(readQuantities('saal me karib 8400 unit lagti hai').units).toMatchObject({ value: 8400, per: 'year' });
    expect(readQuantities('हमारे घर में साल में करीब 8400 यूनिट बिजली खर्च होती है').units).toMatchObject({ value: 8400, per: 'year' });
  });

  it('reads a count after its word only where nothing follows but that it is so', () => {
    expect(readQuantities('flats 160 ho gaye').households).toBe(160);
    expect(readQuantities('ghar 2000 ka bill aata hai').households).toBeUndefined();
  });
});

describe('readQuantities: an income in Devanagari', () => {
  it('reads "सालाना इनकम ... 10 लाख" as an income', () => {
    expect(readQuantities('लोन के लिए सालाना इनकम कम से कम 10 लाख होनी चाहिए').amounts).toEqual([{ value: 1_000_000, role: 'income' }]);
  });
});
