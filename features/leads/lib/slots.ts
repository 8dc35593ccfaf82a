import { TZDate } from '@date-fns/tz';
import { addDays, addMinutes, format } from 'date-fns';
import type { CallbackDay, LeadSlot } from '../schemas';

/**
 * Callback slots (SPEC.md section 5 "Callback scheduling"): slots are in India time whatever the server's zone, inside
 * the business hours; today offers only slots that start at least an hour
 * ahead, tomorrow all of them. Pure: the clock is an argument. Zone
 * arithmetic is @date-fns/tz's TZDate (the IANA database through Intl),
 * never a hand-made offset.
 */

/** The zone of every slot: the company calls customers in India. */
export const SLOTS_TIME_ZONE = 'Asia/Kolkata';
/** A slot today must start at least this far ahead, minutes (the product's rule: at least an hour's notice). */
export const SLOT_LEAD_MINUTES = 60;

/** Business hours as minutes after local midnight, [start, end). */
export interface BusinessHours {
  startMinute: number;
  endMinute: number;
}

export interface SlotOptions {
  hours: BusinessHours;
  /** Slot length, minutes (env LEADS_SLOT_MINUTES). */
  slotMinutes: number;
  /** Minimum notice for a slot today, minutes; default SLOT_LEAD_MINUTES. */
  leadMinutes?: number;
}

const HOURS_RE = /^([01]\d|2[0-3]):([0-5]\d)-([01]\d|2[0-4]):([0-5]\d)$/;

/**
 * Parses "HH:MM-HH:MM" (24-hour, India time; the end may be 24:00) into
 * minutes after midnight.
 * @throws Error when the text is malformed or the end is not after the start.
 */
export function parseBusinessHours(text: string): BusinessHours {
  const m = HOURS_RE.exec(text.trim());
  if (!m) throw new Error(`business hours must look like 10:00-19:00, got "${text}"`);
  const startMinute = Number(m[1]) * 60 + Number(m[2]);
  const endMinute = Number(m[3]) * 60 + Number(m[4]);
  if (endMinute > 24 * 60 || endMinute <= startMinute) throw new Error(`business hours end must be after the start: "${text}"`);
  return { startMinute, endMinute };
}

/** The calendar day in India that `day` means at `now`, as a TZDate at that day's midnight. */
function indiaMidnight(day: CallbackDay, now: Date): TZDate {
  const local = new TZDate(now.getTime(), SLOTS_TIME_ZONE);
  const base = day === 'tomorrow' ? addDays(local, 1) : local;
  return new TZDate(base.getFullYear(), base.getMonth(), base.getDate(), 0, 0, SLOTS_TIME_ZONE);
}

/** The India date `day` means at `now`, YYYY-MM-DD. */
export function slotDate(day: CallbackDay, now: Date): string {
  return format(indiaMidnight(day, now), 'yyyy-MM-dd');
}

/**
 * The slots offered for `day` at instant `now`: back-to-back slots of
 * `slotMinutes` that fit inside the business hours of that India day;
 * for today only those starting at least `leadMinutes` after `now`.
 * An empty list today means "No slots available today, Please pick a time
 * slot for tomorrow." (SPEC.md section 5).
 * @returns start and end as ISO 8601 with the +05:30 offset, earliest first.
 */
export function slotsFor(day: CallbackDay, now: Date, opts: SlotOptions): LeadSlot[] {
  const midnight = indiaMidnight(day, now);
  const earliest = now.getTime() + (opts.leadMinutes ?? SLOT_LEAD_MINUTES) * 60_000;
  const out: LeadSlot[] = [];
  for (let m = opts.hours.startMinute; m + opts.slotMinutes <= opts.hours.endMinute; m += opts.slotMinutes) {
    // Minutes added to a zoned midnight: correct in zones with DST too, not only in India.
    const start = addMinutes(midnight, m);
    if (day === 'today' && start.getTime() < earliest) continue;
    out.push({ start: start.toISOString(), end: addMinutes(start, opts.slotMinutes).toISOString() });
  }
  return out;
}

/**
 * True when `start` (any ISO 8601 instant) is the start of a slot offered
 * for `day` at `now`. Compared as instants, so "04:30Z" and "10:00+05:30"
 * are the same slot.
 */
export function isSlotOffered(start: string, day: CallbackDay, now: Date, opts: SlotOptions): boolean {
  const t = Date.parse(start);
  if (Number.isNaN(t)) return false;
  return slotsFor(day, now, opts).some((s) => Date.parse(s.start) === t);
}
