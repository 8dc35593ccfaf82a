import { z } from 'zod';

/**
 * A person's rights over their account (docs/decisions/021): the body of
 * DELETE /auth/api/v1/user/me and the answers of the export and the
 * erasure, shared by the server and the profile screen.
 */

/** Message keys of the erasure body's rules (`account.validation.*` in messages/*.json). */
export const ACCOUNT_MESSAGE_KEYS = {
  confirm: 'account.validation.confirm',
} as const;

/**
 * Body of DELETE /auth/api/v1/user/me: an explicit `{"confirm": true}`, so
 * that no stray or replayed DELETE without a body erases an account.
 */
export const eraseAccountBodySchema = z.strictObject({
  confirm: z.literal(true, { error: ACCOUNT_MESSAGE_KEYS.confirm }),
});
export type EraseAccountBody = z.input<typeof eraseAccountBodySchema>;

/** The file name of an export made on `day` (YYYY-MM-DD, India): `surya-reels-data-<day>.json`. */
export function exportFileName(day: string): string {
  return `surya-reels-data-${day}.json`;
}

/** Rows erased (deleted or anonymised) per kind, as the erasure answers them. */
export interface ErasureCounts {
  sessions: number;
  likes: number;
  views: number;
  watch_progress: number;
  chats: number;
  chat_messages: number;
  leads_deleted: number;
  leads_anonymised: number;
  lead_deliveries_canceled: number;
  events: number;
  /** The visitors' first-touch attribution and funnel stages derived from their events. */
  first_touch: number;
  funnel_steps: number;
  contacts: number;
  notifications: number;
  follows: number;
  newsletter_consents: number;
  roles: number;
  referral_codes: number;
  referral_clicks: number;
  referrals_deleted: number;
  referrals_anonymised: number;
  deal_notes: number;
  rewards_anonymised: number;
  devices: number;
  device_marks: number;
  visitors: number;
  otp_requests: number;
  otp_log: number;
  upload_reservations: number;
  reels_released: number;
}

/** Answer of DELETE /auth/api/v1/user/me (200). */
export interface ErasureSummary {
  erased: true;
  /** ISO 8601: when the account became a tombstone. */
  erased_at: string;
  counts: ErasureCounts;
}
