import { afterEach, describe, expect, it } from 'vitest';
import { parseEnv } from '@/lib/env';
import { isSlotOffered, parseBusinessHours, slotDate, slotsFor, type SlotOptions } from './slots';

/** Slot rules of SPEC.md section 5 at fixed clock times (instants written in India time, +05:30). */
const opts: SlotOptions = { hours: parseBusinessHours('10:00-19:00'), slotMinutes: 60 };
const at = (isoIst: string) => new Date(isoIst);
const starts = (day: 'today' | 'tomorrow', now: Date, o = opts) => slotsFor(day, now, o).map((s) => s.start);

const originalTz = process.env.TZ;
afterEach(() => {
  process.env.TZ = originalTz;
});

describe('slotsFor', () => {
  it('at 09:00 IST offers every slot of today from 10:00 to the 18:00-19:00 slot', () => {
    const now = at('2025-03-10T09:00:00+05:30');
    const today = slotsFor('today', now, opts);
    expect(today).toHaveLength(9);
    expect(today[0]).toEqual({ start: '2025-03-10T10:00:00.000+05:30', end: '2025-03-10T11:00:00.000+05:30' });
    expect(today.at(-1)).toEqual({ start: '2025-03-10T18:00:00.000+05:30', end: '2025-03-10T19:00:00.000+05:30' });
  });

  it('today offers only slots starting at least an hour ahead', () => {
    // 13:01: 14:00 is 59 minutes ahead, so the first slot is 15:00.
    expect(starts('today', at('2025-03-10T13:01:00+05:30'))[0]).toBe('2025-03-10T15:00:00.000+05:30');
    // Exactly an hour ahead is allowed.
    expect(starts('today', at('2025-03-10T13:00:00+05:30'))[0]).toBe('2025-03-10T14:00:00.000+05:30');
  });

  it('at 18:30 IST has no slot left today and all nine tomorrow', () => {
    const now = at('2025-03-10T18:30:00+05:30');
    expect(slotsFor('today', now, opts)).toEqual([]);
    const tomorrow = starts('tomorrow', now);
    expect(tomorrow).toHaveLength(9);
    expect(tomorrow[0]).toBe('2025-03-11T10:00:00.000+05:30');
  });

  it('at 23:30 IST (18:00 UTC, still the 10th in UTC) tomorrow is the 12th in India', () => {
    const now = at('2025-03-11T23:30:00+05:30');
    expect(now.toISOString()).toBe('2025-03-11T18:00:00.000Z');
    expect(slotsFor('today', now, opts)).toEqual([]);
    expect(starts('tomorrow', now)[0]).toBe('2025-03-12T10:00:00.000+05:30');
    expect(slotDate('tomorrow', now)).toBe('2025-03-12');
  });

  it('just after midnight IST (still the previous day in UTC) today is the new India day', () => {
    const now = at('2025-03-12T00:15:00+05:30');
    expect(now.toISOString()).toBe('2025-03-11T18:45:00.000Z');
    expect(slotDate('today', now)).toBe('2025-03-12');
    expect(starts('today', now)[0]).toBe('2025-03-12T10:00:00.000+05:30');
  });

  it('gives the same India slots whatever the process time zone', () => {
    const now = at('2025-03-10T18:30:00+05:30');
    const expected = starts('tomorrow', now);
    for (const tz of ['America/Los_Angeles', 'UTC', 'Pacific/Kiritimati', 'Europe/London']) {
      process.env.TZ = tz;
      expect(new Date(2025, 0, 1).getTimezoneOffset(), tz).not.toBe(-330);
      expect(starts('tomorrow', now), tz).toEqual(expected);
      expect(slotsFor('today', at('2025-03-10T09:00:00+05:30'), opts), tz).toHaveLength(9);
      expect(slotDate('today', at('2025-03-10T23:59:00+05:30')), tz).toBe('2025-03-10');
    }
  });

  it('follows configured hours and slot length; a slot that would overrun closing time is left out', () => {
    const o: SlotOptions = { hours: parseBusinessHours('09:30-12:00'), slotMinutes: 45 };
    expect(starts('tomorrow', at('2025-03-10T12:00:00+05:30'), o)).toEqual([
      '2025-03-11T09:30:00.000+05:30', '2025-03-11T10:15:00.000+05:30', '2025-03-11T11:00:00.000+05:30',
    ]);
  });
});

describe('isSlotOffered', () => {
  const now = at('2025-03-10T13:30:00+05:30');
  it('accepts an offered slot written with any offset', () => {
    expect(isSlotOffered('2025-03-10T15:00:00+05:30', 'today', now, opts)).toBe(true);
    expect(isSlotOffered('2025-03-10T09:30:00Z', 'today', now, opts)).toBe(true);
  });
  it('refuses past, too-soon, off-grid, out-of-hours, wrong-day and malformed slots', () => {
    expect(isSlotOffered('2025-03-10T11:00:00+05:30', 'today', now, opts)).toBe(false);
    expect(isSlotOffered('2025-03-10T14:00:00+05:30', 'today', now, opts)).toBe(false);
    expect(isSlotOffered('2025-03-10T15:30:00+05:30', 'today', now, opts)).toBe(false);
    expect(isSlotOffered('2025-03-11T19:00:00+05:30', 'tomorrow', now, opts)).toBe(false);
    expect(isSlotOffered('2025-03-11T10:00:00+05:30', 'today', now, opts)).toBe(false);
    expect(isSlotOffered('not a date', 'today', now, opts)).toBe(false);
  });
});

describe('parseBusinessHours', () => {
  it('reads HH:MM-HH:MM as minutes after midnight', () => {
    expect(parseBusinessHours('10:00-19:00')).toEqual({ startMinute: 600, endMinute: 1140 });
    expect(parseBusinessHours('00:00-24:00')).toEqual({ startMinute: 0, endMinute: 1440 });
  });
  it('refuses malformed or reversed hours', () => {
    for (const bad of ['10-19', '19:00-10:00', '10:00-10:00', '25:00-26:00', '10:00-24:30']) {
      expect(() => parseBusinessHours(bad), bad).toThrow();
    }
  });
});

describe('LEADS_BUSINESS_HOURS and LEADS_SLOT_MINUTES (lib/env.ts)', () => {
  it('default to 10:00-19:00 and 60 minutes, which parseBusinessHours reads', () => {
    const e = parseEnv({});
    expect([e.LEADS_BUSINESS_HOURS, e.LEADS_SLOT_MINUTES]).toEqual(['10:00-19:00', 60]);
    expect(parseBusinessHours(e.LEADS_BUSINESS_HOURS)).toEqual({ startMinute: 600, endMinute: 1140 });
  });
  it('stop start-up with a message naming the variable when malformed', () => {
    expect(() => parseEnv({ LEADS_BUSINESS_HOURS: '19:00-10:00' })).toThrow(/LEADS_BUSINESS_HOURS/);
    expect(() => parseEnv({ LEADS_BUSINESS_HOURS: '10-19' })).toThrow(/LEADS_BUSINESS_HOURS/);
    expect(() => parseEnv({ LEADS_SLOT_MINUTES: '5' })).toThrow(/LEADS_SLOT_MINUTES/);
    expect(() => parseEnv({ LEADS_WEBHOOK_URL: 'not a url' })).toThrow(/LEADS_WEBHOOK_URL/);
  });
});
