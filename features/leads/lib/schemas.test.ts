import { describe, expect, it } from 'vitest';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import { callbackLeadSchema, subsidyLeadSchema, toIndianMobileE164 } from '../schemas';

/** The form rules of SPEC.md section 5, shared by the forms and the API. */
const KEY = '7d3f2a4e-9b1c-4e8a-a6d2-3c5b7e9f1a20';
const callback = { idempotency_key: KEY, name: 'Asha Verma', phone: '98123 45678', day: 'tomorrow', slot: '2025-03-11T10:00:00.000+05:30' };
const subsidy = {
  idempotency_key: KEY, name: 'Asha Verma', phone: '+91 98123 45678', email: 'Asha@Example.in', pin_code: '110001',
  system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h',
};

type Tree = { [k: string]: string | Tree };
function text(messages: Tree, key: string): string {
  const v = key.split('.').reduce<string | Tree | undefined>((n, p) => (typeof n === 'object' ? n[p] : undefined), messages);
  if (typeof v !== 'string') throw new Error(`no message ${key}`);
  return v;
}
/** The English text of the first issue, as the form and the API show it. */
function firstError(schema: typeof callbackLeadSchema | typeof subsidyLeadSchema, value: unknown) {
  const r = schema.safeParse(value);
  if (r.success) return null;
  return { field: r.error.issues[0].path.join('.'), message: text(en as Tree, r.error.issues[0].message) };
}

describe('callbackLeadSchema', () => {
  it('accepts a valid callback and stores the mobile number as E.164', () => {
    const r = callbackLeadSchema.parse({ ...callback, name: '  Asha Verma ' });
    expect(r.phone).toBe('+919812345678');
    expect(r.name).toBe('Asha Verma');
  });

  it.each([
    ['name', { name: 'Al' }, 'Name must be 3 Character long'],
    ['name', { name: '   Al   ' }, 'Name must be 3 Character long'],
    ['name', { name: undefined }, 'Please enter your name'],
    ['name', { name: '' }, 'Please enter your name'],
    ['name', { name: '   ' }, 'Please enter your name'],
    ['phone', { phone: '12345' }, 'Please enter valid Mobile Number'],
    ['phone', { phone: '011 2345 6789' }, 'Please enter valid Mobile Number'], // a Delhi landline
    ['phone', { phone: '+1 415 555 2671' }, 'Please enter valid Mobile Number'], // a US mobile
    ['phone', { phone: '' }, 'Please enter your mobile number'],
    ['phone', { phone: undefined }, 'Please enter your mobile number'],
    ['slot', { slot: '' }, 'Please select a time slot'],
    ['slot', { slot: undefined }, 'Please select a time slot'],
    ['slot', { slot: '10:00' }, 'Please select a time slot'],
  ])('refuses a bad %s with the exact message', (field, patch, message) => {
    expect(firstError(callbackLeadSchema, { ...callback, ...patch })).toEqual({ field, message });
  });

  it('refuses unknown fields and a missing idempotency key', () => {
    expect(callbackLeadSchema.safeParse({ ...callback, extra: 1 }).success).toBe(false);
    expect(callbackLeadSchema.safeParse({ ...callback, idempotency_key: 'abc' }).success).toBe(false);
  });
});

describe('subsidyLeadSchema', () => {
  it('accepts a valid enquiry, normalising email and PIN code', () => {
    const r = subsidyLeadSchema.parse({ ...subsidy, pin_code: '110 001' });
    expect(r).toMatchObject({ phone: '+919812345678', email: 'asha@example.in', pin_code: '110001' });
  });

  it.each([
    ['missing', undefined],
    ['blank', ''],
    ['spaces', '   '],
  ])('accepts an enquiry with the email %s, storing none (SPEC.md section 5 checks an email only when given)', (_, email) => {
    const r = subsidyLeadSchema.parse({ ...subsidy, email });
    expect(r.email).toBeUndefined();
    expect(r).toMatchObject({ name: 'Asha Verma', phone: '+919812345678', pin_code: '110001' });
  });

  it.each([
    ['email', { email: 'asha@' }, 'Please enter valid email'],
    ['email', { email: 'not an email' }, 'Please enter valid email'],
    ['pin_code', { pin_code: '' }, 'Please enter your PIN code'],
    ['pin_code', { pin_code: ' ' }, 'Please enter your PIN code'],
    ['pin_code', { pin_code: '011001' }, 'Please enter valid PIN Code'], // no postal zone 0
    ['pin_code', { pin_code: '11001' }, 'Please enter valid PIN Code'],
    ['pin_code', { pin_code: '1100011' }, 'Please enter valid PIN Code'],
    ['pin_code', { pin_code: '11000A' }, 'Please enter valid PIN Code'],
    ['system_type', { system_type: 'hybrid' }, 'Please select a system type'],
    ['size', { size: '5kW' }, 'Please select a system size'],
    ['power_cut', { power_cut: undefined }, 'Please select how long power cuts last'],
    ['name', { name: 'Jo' }, 'Name must be 3 Character long'],
    ['phone', { phone: '5123456789' }, 'Please enter valid Mobile Number'],
  ])('refuses a bad %s with the exact message', (field, patch, message) => {
    expect(firstError(subsidyLeadSchema, { ...subsidy, ...patch })).toEqual({ field, message });
  });
});

describe('toIndianMobileE164', () => {
  it('reads the usual ways of writing an Indian mobile number', () => {
    for (const raw of ['9812345678', '+91 98123 45678', '098123-45678', '+919812345678', '91 9812345678']) {
      expect(toIndianMobileE164(raw), raw).toBe('+919812345678');
    }
  });
});

describe('messages', () => {
  it('has every validation message in Hindi (Devanagari) and Hinglish (Latin letters)', () => {
    for (const key of Object.keys((en as Tree & { leads: { validation: Tree } }).leads.validation)) {
      expect(text(hi as Tree, `leads.validation.${key}`)).toMatch(/[\u0900-\u097F]/);
      expect(text(he as Tree, `leads.validation.${key}`)).not.toMatch(/[\u0900-\u097F]/);
    }
    expect(text(en as Tree, 'leads.noSlotsToday')).toBe('No slots available today, Please pick a time slot for tomorrow.');
  });
});
