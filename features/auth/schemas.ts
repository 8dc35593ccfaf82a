import { z } from 'zod';
import { toIndianMobileE164 } from '@/lib/phone';
import type { RoleGrant } from '@/lib/auth/principal';

export { toIndianMobileE164 };

/**
 * The sign-in forms (SPEC.md section 5: a valid mobile number, over 18,
 * terms and privacy policy accepted) and the answers of the accounts API
 * (docs/api/accounts.md). Every zod error message is a message KEY
 * (`auth.validation.*` in messages/*.json) that the form translates.
 *
 * The answer types are written out here, not inferred from the server's
 * router, while that router is still changing; keep them equal to
 * docs/api/accounts.md.
 */

/** Message keys of the sign-in validation rules; en.json holds SPEC.md section 5's English text for the phone. */
export const AUTH_MESSAGE_KEYS = {
  phone: 'auth.validation.phone',
  phoneRequired: 'auth.validation.phoneRequired',
  otp: 'auth.validation.otp',
  over18: 'auth.validation.over18',
  acceptTerms: 'auth.validation.acceptTerms',
} as const;

const K = AUTH_MESSAGE_KEYS;

/** Digits of a one-time code. */
export const OTP_LENGTH = 6;

/**
 * Mobile number field: an Indian mobile number, output E.164 (SPEC.md
 * section 5 "Phone"). Empty: "Please enter your mobile number"
 * (`phoneRequired`); SPEC's "Please enter valid Mobile Number" is for a
 * number that is not a mobile number.
 */
export const phoneSchema = z.string({ error: K.phoneRequired }).transform((v, ctx) => {
  if (v.trim() === '') {
    ctx.addIssue({ code: 'custom', message: K.phoneRequired });
    return z.NEVER;
  }
  const e164 = toIndianMobileE164(v);
  if (!e164) {
    ctx.addIssue({ code: 'custom', message: K.phone });
    return z.NEVER;
  }
  return e164;
});

/** The two confirmations SPEC.md section 5 requires before sign-in: both must be ticked. */
export const confirmationsSchema = z.object({
  over_18: z.boolean({ error: K.over18 }).refine((v) => v, { error: K.over18 }),
  accept_terms: z.boolean({ error: K.acceptTerms }).refine((v) => v, { error: K.acceptTerms }),
});

/** The phone step of the login modal: number and both confirmations. */
export const phoneFormSchema = confirmationsSchema.extend({ phone: phoneSchema });
/** What the phone form holds while being filled in (checkboxes may be unticked). */
export type PhoneFormInput = z.input<typeof phoneFormSchema>;
/** The phone form once valid: E.164 number, both confirmations true. */
export type PhoneForm = z.output<typeof phoneFormSchema>;

/** A one-time code: exactly 6 digits (spaces from a paste are dropped first). */
export const otpSchema = z.string({ error: K.otp })
  .transform((v) => v.replace(/\s+/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, { error: K.otp }));

/** Keeps the digits of `raw` (a paste like "123 456" or "Code: 123456"), at most OTP_LENGTH of them. */
export function otpDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, OTP_LENGTH);
}

/** Onboarding states of SPEC.md section 3 "Enumerations". */
export type OnboardingStatus = 'INITIAL_ONBOARDING' | 'ONBOARDING_COMPLETED';

/**
 * The caller as GET /auth/api/v1/me answers (SPEC.md section 3 "User",
 * docs/api/accounts.md "The user"). A visitor has `userId: null`,
 * `isUserVisitor: true` and every other field null, zero, false or empty.
 */
export interface Me {
  userId: string | null;
  isUserVisitor: boolean;
  /** 20 characters. */
  visitorId: string;
  name: string;
  username: string | null;
  bio: string;
  pic: string | null;
  email: string | null;
  emailVerified: boolean;
  gender: string | null;
  dob: string | null;
  /** Masked: "+91 ******5678", or null. */
  phone: string | null;
  /** The SPEC's phone id: the same masked number. */
  phId: string | null;
  hasGoogle: boolean;
  onboardingStatus: OnboardingStatus | null;
  /** Ambassador (true) or beneficiary. */
  isAmb: boolean;
  followers: number;
  following: number;
  posts: number;
  metadata: Record<string, unknown>;
  permissions: { roles: RoleGrant[]; canCreateContent: boolean };
}

/** The SPEC's name for the same shape. */
export type User = Me;

/** POST /auth/api/v1/otp/initiate and /auth/api/v2/otp/initiate/{request_id}: a code was sent. */
export interface OtpSent {
  request_id: string;
  /** Seconds the code stays valid (300). */
  expires_in_s: number;
  /** Seconds before another code may be asked for (60). */
  resend_after_s: number;
}

/** Both confirmations as the sign-in bodies carry them. */
export interface Confirmations {
  over_18: boolean;
  accept_terms: boolean;
}

/** Body of POST /auth/api/v2/otp/verify. */
export interface VerifyOtpBody extends Confirmations {
  request_id: string;
  otp: string;
}

/** Body of POST /auth/api/v2/oauth/login: a Google ID token. */
export interface GoogleLoginBody extends Confirmations {
  credential: string;
}

/** Answer of a successful sign-in (OTP verify or Google); the web gets its session as a cookie, no token. */
export interface SignedIn {
  user: Me;
  is_new_user: boolean;
  token?: string;
}
