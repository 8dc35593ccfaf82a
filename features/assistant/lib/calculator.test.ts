import { describe, expect, it } from 'vitest';
import { computeAnswer } from './answers/entry-calc';
import { centralSubsidy, costRange, formatRupees, paybackRange, stateTopUp, systemSizeFromUnits } from './calculator';
import { extractQuantities } from './quantities';

describe('systemSizeFromUnits (kW = units / 120)', () => {
  it('divides by 120 and rounds to the nearest half kW', () => {
    expect(systemSizeFromUnits(300)).toEqual({ exact: 2.5, kW: 2.5 });
    expect(systemSizeFromUnits(240).kW).toBe(2);
    expect(systemSizeFromUnits(360).kW).toBe(3);
    expect(systemSizeFromUnits(400).kW).toBe(3.5); // 3.33 -> 3.5
    expect(systemSizeFromUnits(380).kW).toBe(3); // 3.17 -> 3
  });

  it('never proposes less than 1 kW', () => {
    expect(systemSizeFromUnits(50).kW).toBe(1);
  });

  it('rejects a non-positive input', () => {
    expect(() => systemSizeFromUnits(0)).toThrow(RangeError);
    expect(() => systemSizeFromUnits(Number.NaN)).toThrow(RangeError);
  });
});

describe('centralSubsidy (slabs as of 2026)', () => {
  it('pays Rs 30,000/kW up to 2 kW', () => {
    expect(centralSubsidy(0)).toBe(0);
    expect(centralSubsidy(1)).toBe(30_000);
    expect(centralSubsidy(2)).toBe(60_000);
  });

  it('pays Rs 18,000 for the third kW and caps at Rs 78,000', () => {
    expect(centralSubsidy(2.5)).toBe(69_000);
    expect(centralSubsidy(3)).toBe(78_000);
    expect(centralSubsidy(3.01)).toBe(78_000);
    expect(centralSubsidy(10)).toBe(78_000);
  });

  it('pays Rs 33,000/kW and Rs 19,800 in special-category states, cap Rs 85,800', () => {
    expect(centralSubsidy(1, { specialCategory: true })).toBe(33_000);
    expect(centralSubsidy(2, { specialCategory: true })).toBe(66_000);
    expect(centralSubsidy(3, { specialCategory: true })).toBe(85_800);
    expect(centralSubsidy(5, { specialCategory: true })).toBe(85_800);
  });

  it('rejects a negative size', () => {
    expect(() => centralSubsidy(-1)).toThrow(RangeError);
  });
});

describe('stateTopUp', () => {
  it('Uttar Pradesh: Rs 15,000/kW up to Rs 30,000', () => {
    expect(stateTopUp('uttar-pradesh', 1)).toEqual({ kind: 'amount', amount: 15_000 });
    expect(stateTopUp('uttar-pradesh', 2)).toEqual({ kind: 'amount', amount: 30_000 });
    expect(stateTopUp('uttar-pradesh', 3)).toEqual({ kind: 'amount', amount: 30_000 });
  });

  it('Delhi: Rs 10,000/kW up to Rs 30,000', () => {
    expect(stateTopUp('delhi', 2)).toEqual({ kind: 'amount', amount: 20_000 });
    expect(stateTopUp('delhi', 3)).toEqual({ kind: 'amount', amount: 30_000 });
    expect(stateTopUp('delhi', 5)).toEqual({ kind: 'amount', amount: 30_000 });
  });

  it('Assam: Rs 15,000/kW, Rs 45,000 at 3 kW', () => {
    expect(stateTopUp('assam', 2)).toEqual({ kind: 'amount', amount: 30_000 });
    expect(stateTopUp('assam', 3)).toEqual({ kind: 'amount', amount: 45_000 });
    expect(stateTopUp('assam', 4)).toEqual({ kind: 'amount', amount: 45_000 });
  });

  it('Ladakh: Rs 20,000/kW for 2 kW, Rs 10,000 for the third', () => {
    expect(stateTopUp('ladakh', 2)).toEqual({ kind: 'amount', amount: 40_000 });
    expect(stateTopUp('ladakh', 3)).toEqual({ kind: 'amount', amount: 50_000 });
    expect(stateTopUp('ladakh', 6)).toEqual({ kind: 'amount', amount: 50_000 });
  });

  it('Rajasthan and Andhra Pradesh are conditions, other states unknown', () => {
    expect(stateTopUp('rajasthan', 3).kind).toBe('condition');
    expect(stateTopUp('andhra-pradesh', 2).kind).toBe('condition');
    expect(stateTopUp('gujarat', 3)).toEqual({ kind: 'unknown' });
  });
});

describe('costRange and paybackRange (estimates)', () => {
  it('gives the vendor range for 3 kW unscaled', () => {
    expect(costRange(3)).toEqual({ low: 165_000, high: 254_000, scaled: false });
  });

  it('scales other sizes in proportion', () => {
    expect(costRange(1.5)).toEqual({ low: 83_000, high: 127_000, scaled: true });
    expect(() => costRange(0)).toThrow(RangeError);
  });

  it('divides net cost by the yearly saving, in half years', () => {
    expect(paybackRange({ low: 70_000, high: 110_000 }, 15_000)).toEqual({ low: 4.5, high: 7.5 });
    expect(() => paybackRange({ low: 1, high: 2 }, 0)).toThrow(RangeError);
  });
});

describe('extractQuantities', () => {
  it('reads kW written many ways', () => {
    expect(extractQuantities('3kW pe kitni subsidy milegi?').kW).toBe(3);
    expect(extractQuantities('तीन किलोवाट पर सब्सिडी').kW).toBe(3);
    expect(extractQuantities('subsidy on a 2.5 kilowatt system').kW).toBe(2.5);
  });

  it('reads monthly units, and a daily figure times 30', () => {
    expect(extractQuantities('mera bill 300 unit aata hai, kitne kW chahiye?')).toEqual({ monthlyUnits: 300 });
    expect(extractQuantities('हर महीने 250 यूनिट').monthlyUnits).toBe(250);
    expect(extractQuantities('we use 10 units a day').monthlyUnits).toBe(300);
    expect(extractQuantities('roz 8 unit').monthlyUnits).toBe(240);
  });

  it('reads the bill in rupees', () => {
    expect(extractQuantities('my bill is ₹2,500 a month').billRupees).toBe(2500);
    expect(extractQuantities('bill 3000 rupaye aata hai').billRupees).toBe(3000);
    expect(extractQuantities('bijli ka bill 2 hazar aata hai').billRupees).toBe(2000);
    expect(extractQuantities('300 unit ka bill').billRupees).toBeUndefined();
  });

  it('finds states in English, Hindi and Hinglish; "up" as retrieval reads it (not "up to", not "set up")', () => {
    expect(extractQuantities('subsidy in Uttar Pradesh').state).toBe('uttar-pradesh');
    expect(extractQuantities('UP mein 3kw').state).toBe('uttar-pradesh');
    expect(extractQuantities('up me 3kw pe kitni subsidy').state).toBe('uttar-pradesh');
    expect(extractQuantities('यूपी में 3 किलोवाट').state).toBe('uttar-pradesh');
    expect(extractQuantities('AP lo 3kw subsidy').state).toBe('andhra-pradesh');
    expect(extractQuantities('set up a 3 kW system').state).toBeUndefined();
    expect(extractQuantities('subsidy up to 3 kW').state).toBeUndefined();
    expect(extractQuantities('a 5 HP pump').state).toBeUndefined();
    expect(extractQuantities('दिल्ली में सब्सिडी').state).toBe('delhi');
    expect(extractQuantities('assam me kitna milega').state).toBe('assam');
  });
});

describe('formatRupees', () => {
  it('groups in the Indian way', () => {
    expect(formatRupees(500)).toBe('500');
    expect(formatRupees(78_000)).toBe('78,000');
    expect(formatRupees(108_000)).toBe('1,08,000');
    expect(formatRupees(7_502_100)).toBe('75,02,100');
  });
});

describe('computeAnswer', () => {
  it('computes the size for monthly units in Hinglish', () => {
    const a = computeAnswer('system_size', extractQuantities('mera bill 300 unit aata hai, kitne kW chahiye?'), 'hinglish');
    expect(a).toContain('300 unit/mahina ke liye lagbhag 2.5 kW');
    expect(a).toContain('kW = units / 120');
    expect(a).toContain('Rs 69,000');
    expect(a).toContain('2026');
    expect(a).toContain('pmsuryaghar.gov.in');
  });

  it('adds the state top-up to the central subsidy', () => {
    const en = computeAnswer('subsidy', { kW: 3, state: 'uttar-pradesh' }, 'english')!;
    expect(en).toContain('Rs 78,000');
    expect(en).toContain('Rs 30,000');
    expect(en).toContain('Rs 1,08,000');
    expect(en).toContain('as of 2026');
  });

  it('uses the special-category slabs in Hindi for Assam', () => {
    const hi = computeAnswer('subsidy', extractQuantities('तीन किलोवाट पर असम में कितनी सब्सिडी'), 'hindi')!;
    expect(hi).toContain('Rs 85,800');
    expect(hi).toContain('असम');
    expect(hi).toContain('Rs 1,30,800');
  });

  it('labels cost and payback as estimates', () => {
    expect(computeAnswer('cost', { kW: 3 }, 'english')).toMatch(/^Estimate: .*Rs 1,65,000-Rs 2,54,000/);
    expect(computeAnswer('payback', { kW: 3 }, 'english')).toContain('Vendors claim 3-5 years');
    expect(computeAnswer('payback', { kW: 3 }, 'hinglish')).toMatch(/^Andaaza/);
  });

  it('returns null when the question lacks the quantity', () => {
    expect(computeAnswer('system_size', {}, 'english')).toBeNull();
    expect(computeAnswer('system_size', { kW: 3 }, 'english')).toBeNull();
    expect(computeAnswer('subsidy', { state: 'delhi' }, 'english')).toBeNull();
    expect(computeAnswer('cost', {}, 'hindi')).toBeNull();
  });
});
