import { describe, expect, it } from 'vitest';
import { format, subDays, subYears } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import en from '@/messages/en.json';
import {
  ageOn, dobSchema, isCalendarDate, PROFILE_MESSAGE_KEYS as K, profileFormValues, profilePatchOf, profilePatchSchema, usernameSchema,
} from './profile-schemas';

/** The profile rules shared by the edit form and PATCH /auth/api/v1/user/me. */
const firstMessage = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? null : r.error!.issues[0].message);

describe('profile rules', () => {
  it('holds SPEC.md section 5\'s English texts for name and email', () => {
    expect(en.profile.validation.name).toBe('Name must be 3 Character long');
    expect(en.profile.validation.email).toBe('Please enter valid email');
  });

  it('takes only dates that exist', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('2023-13-01')).toBe(false);
    expect(isCalendarDate('2023-1-01')).toBe(false);
    expect(isCalendarDate('01-01-2000')).toBe(false);
  });

  it('counts age in whole years, the birthday included', () => {
    expect(ageOn('2012-03-10', '2025-03-10')).toBe(13);
    expect(ageOn('2012-03-11', '2025-03-10')).toBe(12);
    expect(ageOn('1905-03-10', '2025-03-10')).toBe(120);
  });

  it('accepts a date of birth from exactly 13 years ago in India today, not a day later', () => {
    const today = new TZDate(Date.now(), 'Asia/Kolkata');
    expect(dobSchema.safeParse(format(subYears(today, 13), 'yyyy-MM-dd')).success).toBe(true);
    expect(firstMessage(dobSchema.safeParse(format(subDays(subYears(today, 13), -1), 'yyyy-MM-dd')))).toBe(K.dobAge);
    expect(firstMessage(dobSchema.safeParse('2001-02-30'))).toBe(K.dob);
  });

  it('lower-cases a username and refuses reserved words and stray dots', () => {
    expect(usernameSchema.parse('  Asha.Verma_1 ')).toBe('asha.verma_1');
    expect(firstMessage(usernameSchema.safeParse('Admin'))).toBe(K.usernameReserved);
    for (const u of ['as', '.asha', 'asha.', 'as..ha', 'asha verma', 'आशा']) expect(firstMessage(usernameSchema.safeParse(u)), u).toBe(K.username);
  });

  it('refuses an empty edit and an onboarding step back', () => {
    expect(firstMessage(profilePatchSchema.safeParse({}))).toBe(K.empty);
    expect(firstMessage(profilePatchSchema.safeParse({ onboardingStatus: 'INITIAL_ONBOARDING' }))).toBe(K.onboarding);
  });

  it('sends only what the form changed', () => {
    const current = { name: 'Asha', username: 'asha', bio: '', email: 'a@example.in', gender: 'female', dob: null };
    const form = profileFormSchemaValues(current);
    expect(profilePatchOf(current, form)).toEqual({});
    expect(profilePatchOf(current, { ...form, username: '', email: '', gender: '', dob: '1990-01-01' }))
      .toEqual({ email: null, gender: null, dob: '1990-01-01' });
  });
});

/** The form's values as the form's resolver would output them for `u` unchanged. */
function profileFormSchemaValues(u: Parameters<typeof profileFormValues>[0]) {
  const v = profileFormValues(u);
  return { ...v, gender: v.gender ?? '' } as Parameters<typeof profilePatchOf>[1];
}
