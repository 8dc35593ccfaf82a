import { z } from 'zod';
import { differenceInYears, format, isValid, parseISO } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { UUID_RE } from '@/lib/uuid';

/**
 * The profile's rules (SPEC.md section 3 "User", section 5 "Name" and
 * "Email"), shared by the edit form (react-hook-form resolver) and the API
 * (PATCH /auth/api/v1/user/me), so both refuse the same values. Every error
 * message is a message KEY (`profile.validation.*` in messages/*.json): the
 * form translates it with next-intl, the API with the request's language,
 * so the English texts of name and email are exactly SPEC.md section 5's.
 */

/** Message keys of the profile rules. */
export const PROFILE_MESSAGE_KEYS = {
  name: 'profile.validation.name',
  nameTooLong: 'profile.validation.nameTooLong',
  username: 'profile.validation.username',
  usernameReserved: 'profile.validation.usernameReserved',
  bio: 'profile.validation.bio',
  email: 'profile.validation.email',
  gender: 'profile.validation.gender',
  dob: 'profile.validation.dob',
  dobAge: 'profile.validation.dobAge',
  onboarding: 'profile.validation.onboarding',
  empty: 'profile.validation.empty',
  targetKind: 'profile.validation.targetKind',
  targetId: 'profile.validation.targetId',
  consent: 'profile.validation.consent',
  query: 'profile.validation.query',
} as const;

const K = PROFILE_MESSAGE_KEYS;

/** Name length, characters: SPEC.md section 5 gives the minimum; the maximum is a display guard. */
export const NAME_MIN = 3;
export const NAME_MAX = 60;
/** Username length, characters. */
export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
/** Longest bio, characters. */
export const BIO_MAX = 160;
/** Youngest and oldest age a date of birth may give, years (as of today in India). */
export const AGE_MIN = 13;
export const AGE_MAX = 120;
/** Longest email address (RFC 5321 path limit). */
export const EMAIL_MAX = 254;

/** Genders of the users table's check constraint. */
export const GENDERS = ['male', 'female', 'other', 'undisclosed'] as const;
export type Gender = (typeof GENDERS)[number];

/** What a user may follow (the follows table's check constraint). */
export const FOLLOW_KINDS = ['topic', 'creator'] as const;
export type FollowKind = (typeof FOLLOW_KINDS)[number];

/**
 * Lower-case letters, digits, `_` and `.`; neither starting nor ending with
 * a dot and no two dots in a row, so a username reads as one word in a URL.
 */
export const USERNAME_RE = /^(?!.*\.\.)[a-z0-9_](?:[a-z0-9_.]*[a-z0-9_])?$/;

/** Usernames nobody may take: they name the app, its staff or its pages, or could be mistaken for them. */
export const RESERVED_USERNAMES: ReadonlySet<string> = new Set([
  'admin', 'administrator', 'root', 'system', 'support', 'help', 'helpdesk', 'staff', 'team', 'official', 'moderator',
  'curator', 'creator', 'api', 'auth', 'login', 'logout', 'signin', 'signup', 'register', 'me', 'my', 'profile',
  'settings', 'account', 'user', 'users', 'null', 'undefined', 'anonymous', 'visitor', 'explore', 'rewards', 'reels',
  'videos', 'tldr', 'share', 'chat', 'assistant', 'media', 'static', 'www', 'mail', 'email', 'security', 'privacy',
  'terms', 'suryareels', 'surya', 'solar',
]);

/** Today's calendar date in India, YYYY-MM-DD (the app's users are in India). */
function todayInIndia(): string {
  return format(TZDate.tz('Asia/Kolkata'), 'yyyy-MM-dd');
}

/** True when `v` is YYYY-MM-DD and names a day that exists (no 2023-02-30). */
export function isCalendarDate(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = parseISO(v);
  return isValid(d) && format(d, 'yyyy-MM-dd') === v;
}

/**
 * Age in whole years on `today` (YYYY-MM-DD, default today in India) of
 * someone born on `dob` (YYYY-MM-DD), by date-fns differenceInYears.
 */
export function ageOn(dob: string, today = todayInIndia()): number {
  return differenceInYears(parseISO(today), parseISO(dob));
}

/** Name (SPEC.md section 5): trimmed, at least 3 characters, at most 60. */
export const profileNameSchema = z.string({ error: K.name }).trim()
  .min(NAME_MIN, { error: K.name }).max(NAME_MAX, { error: K.nameTooLong });

/** Username: trimmed and lower-cased, 3-30 of [a-z0-9_.], not a reserved word. */
export const usernameSchema = z.string({ error: K.username }).trim().toLowerCase().pipe(
  z.string().min(USERNAME_MIN, { error: K.username }).max(USERNAME_MAX, { error: K.username })
    .regex(USERNAME_RE, { error: K.username })
    .refine((v) => !RESERVED_USERNAMES.has(v), { error: K.usernameReserved }),
);

/** Bio: trimmed, at most 160 characters. */
export const bioSchema = z.string({ error: K.bio }).trim().max(BIO_MAX, { error: K.bio });

/** Email (SPEC.md section 5; zod's email format), trimmed and lower-cased. */
export const profileEmailSchema = z.string({ error: K.email }).trim().toLowerCase()
  .pipe(z.email({ error: K.email }).max(EMAIL_MAX, { error: K.email }));

/** Date of birth: a real YYYY-MM-DD date giving an age of 13 to 120 years today. */
export const dobSchema = z.string({ error: K.dob })
  .refine(isCalendarDate, { error: K.dob, abort: true })
  .refine((v) => {
    const age = ageOn(v);
    return age >= AGE_MIN && age <= AGE_MAX;
  }, { error: K.dobAge });

/**
 * Body of PATCH /auth/api/v1/user/me: any of the fields, at least one.
 * `email`, `gender` and `dob` may be null to clear them; onboarding only
 * moves forward, INITIAL_ONBOARDING -> ONBOARDING_COMPLETED (SPEC.md section 4).
 */
export const profilePatchSchema = z.strictObject({
  name: profileNameSchema.optional(),
  username: usernameSchema.optional(),
  bio: bioSchema.optional(),
  email: profileEmailSchema.nullable().optional(),
  gender: z.enum(GENDERS, { error: K.gender }).nullable().optional(),
  dob: dobSchema.nullable().optional(),
  onboardingStatus: z.literal('ONBOARDING_COMPLETED', { error: K.onboarding }).optional(),
}).refine((v) => Object.keys(v).length > 0, { error: K.empty });
export type ProfilePatchInput = z.input<typeof profilePatchSchema>;
export type ProfilePatch = z.output<typeof profilePatchSchema>;

/**
 * The edit form's values: every field as the inputs hold it ('' for an
 * empty optional field). The form sends only what changed (profilePatchOf).
 */
export const profileFormSchema = z.object({
  name: profileNameSchema,
  username: z.union([z.literal(''), usernameSchema]),
  bio: bioSchema,
  email: z.union([z.literal(''), profileEmailSchema]),
  gender: z.union([z.literal(''), z.enum(GENDERS, { error: K.gender })]),
  dob: z.union([z.literal(''), dobSchema]),
});
export type ProfileFormInput = z.input<typeof profileFormSchema>;
export type ProfileForm = z.output<typeof profileFormSchema>;

/** The profile fields the form edits, as the user view holds them. */
export interface ProfileFields {
  name: string;
  username: string | null;
  bio: string;
  email: string | null;
  gender: string | null;
  dob: string | null;
}

/** The form's starting values from the user view (null -> ''). */
export function profileFormValues(u: ProfileFields): ProfileFormInput {
  const gender = (GENDERS as readonly string[]).includes(u.gender ?? '') ? (u.gender as Gender) : '';
  return { name: u.name, username: u.username ?? '', bio: u.bio, email: u.email ?? '', gender, dob: u.dob ?? '' };
}

/**
 * The PATCH body for what the form changed against `current`: unchanged
 * fields are left out; an emptied email, gender or date of birth is sent as
 * null (cleared); an emptied username is left as it was (it cannot be removed).
 */
export function profilePatchOf(current: ProfileFields, form: ProfileForm): ProfilePatchInput {
  const patch: ProfilePatchInput = {};
  if (form.name !== current.name) patch.name = form.name;
  if (form.username !== '' && form.username !== current.username) patch.username = form.username;
  if (form.bio !== current.bio) patch.bio = form.bio;
  const orNull = <T extends string>(v: T | '') => (v === '' ? null : v);
  if (orNull(form.email) !== current.email) patch.email = orNull(form.email);
  if (orNull(form.gender) !== current.gender) patch.gender = orNull(form.gender);
  if (orNull(form.dob) !== current.dob) patch.dob = orNull(form.dob);
  return patch;
}

/** Body of POST and DELETE /auth/api/v1/user/follows. */
export const followBodySchema = z.strictObject({
  target_kind: z.enum(FOLLOW_KINDS, { error: K.targetKind }),
  target_id: z.string({ error: K.targetId }).regex(UUID_RE, { error: K.targetId }).transform((v) => v.toLowerCase()),
});
export type FollowBody = z.output<typeof followBodySchema>;

/** Body of POST /auth/api/v1/newsletter/subscribe: the address and an explicit `consent: true`. */
export const newsletterSubscribeSchema = z.strictObject({
  email: profileEmailSchema,
  consent: z.literal(true, { error: K.consent }),
});

/** Body of DELETE /auth/api/v1/newsletter/subscribe. */
export const newsletterWithdrawSchema = z.strictObject({ email: profileEmailSchema });

/** Query of GET /auth/api/v1/user/query. */
export const usernameQuerySchema = z.strictObject({ username: usernameSchema });

/** Query of GET /auth/api/v1/users: 2 to 60 characters of a name or username. */
export const userSearchQuerySchema = z.strictObject({
  q: z.string({ error: K.query }).trim().min(2, { error: K.query }).max(NAME_MAX, { error: K.query }),
});

/** Query of GET /auth/api/v1/user/watched: page from 1 (SPEC.md section 4 "Paging"). */
export const watchedQuerySchema = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});

/* ---- Answers (docs/api/accounts.md "Profile") ---- */

/** GET /auth/api/v1/users/{id}/profiles: what anyone may see of a user (never phone or email). */
export interface PublicProfile {
  userId: string;
  name: string;
  username: string | null;
  bio: string;
  pic: string | null;
  followers: number;
  following: number;
  posts: number;
}

/** One hit of GET /auth/api/v1/users?q=. */
export interface CreatorHit {
  userId: string;
  name: string;
  username: string | null;
  pic: string | null;
}

/** One entry of GET /auth/api/v1/user/follows. */
export interface FollowEntry {
  target_kind: FollowKind;
  target_id: string;
  /** Topic or creator name. */
  name: string;
  pic: string | null;
  /** ISO 8601. */
  created_at: string;
}

/** One reel of GET /auth/api/v1/user/watched. */
export interface WatchedItem {
  id: string;
  description: string;
  topic_id: string;
  topic_name: string;
  category_name: string;
  option_name: string;
  /** Seen (the player reported progress). */
  watched: boolean;
  /** Played to the end. */
  vid_watched: boolean;
  /** Seconds watched and the reel's length, seconds. */
  content_watched: number;
  content_length: number;
  /** Signed, origin-relative thumbnail URL. */
  thumbnail: string;
  /** ISO 8601: when it was last watched. */
  updated_at: string;
}

/** GET /auth/api/v1/user/watched answer: 10 per page, newest first. */
export interface WatchedPage {
  items: WatchedItem[];
  page: number;
  page_size: number;
  /** All reels watched. */
  total: number;
  has_more: boolean;
}
