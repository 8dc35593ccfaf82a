import { describe, expect, it } from 'vitest';
import { createPartnerSchema, formDetailsSchema, newPartnerIdSchema, partnerFormSchema, updatePartnerSchema } from './schemas';

/** The partner shapes (SPEC.md section 3 "Partner", section 9 unskippable default 0). */
describe('partner schemas', () => {
  it('a new partner gets SPEC.md section 9 defaults: no unskippable reels, the button shown', () => {
    const p = createPartnerSchema.parse({
      id: 'sun-partners', name: 'Sun Partners', form_details: { heading: 'H', fields: ['phone'], thank_you: 'T' },
    });
    expect(p.button_configs).toEqual({ image_url: null, offer_text: null, quick_offer_text: null, show_button: true, unskippable_videos: 0 });
    expect(p).toMatchObject({ ui_config: null, active: true, cta_text: '', button_text: '' });
  });

  it('ids are slugs and not the API\'s own path words', () => {
    expect(newPartnerIdSchema.safeParse('sun-partners').success).toBe(true);
    for (const bad of ['admin', 'user', 'form', 'Sun', 's', '-sun', 'sun_partners', 'a'.repeat(41)]) {
      expect(newPartnerIdSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('a form asks a phone, each field once, from the fixed list', () => {
    expect(formDetailsSchema.safeParse({ heading: 'H', fields: ['name'], thank_you: 'T' }).success).toBe(false);
    expect(formDetailsSchema.safeParse({ heading: 'H', fields: ['phone', 'phone'], thank_you: 'T' }).success).toBe(false);
    expect(formDetailsSchema.safeParse({ heading: 'H', fields: ['phone', 'city'], thank_you: 'T' }).success).toBe(false);
    expect(formDetailsSchema.safeParse({ heading: 'H', fields: ['phone', 'email'], thank_you: 'T' }).success).toBe(true);
  });

  it('an edit changes at least one field', () => {
    expect(updatePartnerSchema.safeParse({}).success).toBe(false);
    expect(updatePartnerSchema.safeParse({ active: false }).success).toBe(true);
  });

  it('the partner\'s form: asked fields required (message optional), others refused, phone to E.164, PIN without spaces', () => {
    const s = partnerFormSchema(['name', 'phone', 'pin_code', 'message']);
    const key = '0b6f8a52-6f6e-4c55-9d5e-0c3c0b3f8a11';
    expect(s.parse({ idempotency_key: key, name: ' Asha ', phone: '098123 45678', pin_code: '110 001' }))
      .toEqual({ idempotency_key: key, name: 'Asha', phone: '+919812345678', pin_code: '110001' });
    expect(s.safeParse({ idempotency_key: key, name: 'Asha', pin_code: '110001' }).success).toBe(false);
    expect(s.safeParse({ idempotency_key: key, name: 'Asha', phone: '9812345678', pin_code: '110001', email: 'a@b.co' }).success).toBe(false);
    const bad = s.safeParse({ idempotency_key: key, name: 'Asha', phone: '12345', pin_code: '110001' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['phone'], message: 'leads.validation.phone' });
  });
});
