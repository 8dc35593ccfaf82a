import { parsePhoneNumberFromString } from 'libphonenumber-js/mobile';

/**
 * An Indian mobile number in any usual writing ("98123 45678",
 * "+91-98123-45678", "098123 45678") to E.164 ("+919812345678"); null when
 * it is not a valid mobile number of India. libphonenumber-js's mobile
 * metadata decides, so landlines and unallocated series are refused. The
 * one rule behind SPEC.md section 5's "Please enter valid Mobile Number",
 * for the lead forms, the sign-in form and the OTP endpoints alike.
 */
export function toIndianMobileE164(raw: string): string | null {
  const parsed = parsePhoneNumberFromString(String(raw).trim(), 'IN');
  if (!parsed || parsed.country !== 'IN' || !parsed.isValid()) return null;
  const type = parsed.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return parsed.number;
}
