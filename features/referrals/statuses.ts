/**
 * Referral and request statuses of SPEC.md section 3 as a person sees them
 * (docs/decisions/010). The row keeps one state for both sides
 * (`referrals.state`: open, pending, accepted, declined, expired, canceled)
 * and the deal step; the status shown depends on the side of the viewer:
 * the sender sees SENT..., the receiver RECEIVED....
 */

export const REFERRAL_STATUSES = [
  'IN_PROGRESS', 'DEAL', 'RECEIVED', 'OPEN_REQUEST', 'SENT', 'EXPIRED',
  'RECEIVED_NOT_ACCEPTED', 'RECEIVED_ACCEPTED', 'SENT_NOT_ACCEPTED', 'SENT_ACCEPTED',
] as const;
export type ReferralStatus = (typeof REFERRAL_STATUSES)[number];

/** The stored state of a referral request. */
export const REFERRAL_STATES = ['open', 'pending', 'accepted', 'declined', 'expired', 'canceled'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** The allowed state moves and by whom (everything else is refused). */
export const REFERRAL_STATE_MOVES: ReadonlyArray<{ from: ReferralState; to: ReferralState; by: 'receiver' | 'sender' | 'staff' | 'system' }> = [
  // An invite to a phone without an account becomes a request when that phone signs in.
  { from: 'open', to: 'pending', by: 'system' },
  { from: 'pending', to: 'accepted', by: 'receiver' },
  { from: 'pending', to: 'declined', by: 'receiver' },
  { from: 'open', to: 'expired', by: 'system' },
  { from: 'pending', to: 'expired', by: 'system' },
  { from: 'open', to: 'canceled', by: 'sender' },
  { from: 'pending', to: 'canceled', by: 'sender' },
  // Staff close a deal that will not happen (before the order is placed).
  { from: 'accepted', to: 'canceled', by: 'staff' },
];

/**
 * The status `side` sees for a referral in `state` at deal step `step`:
 * open -> OPEN_REQUEST; pending -> SENT / RECEIVED; declined ->
 * SENT_NOT_ACCEPTED / RECEIVED_NOT_ACCEPTED; expired and canceled -> EXPIRED;
 * accepted -> SENT_ACCEPTED / RECEIVED_ACCEPTED right after acceptance,
 * IN_PROGRESS once the deal moved on, DEAL once the order is placed.
 */
export function referralStatus(
  state: ReferralState, orderPlaced: boolean, movedOn: boolean, side: 'sender' | 'receiver',
): ReferralStatus {
  switch (state) {
    case 'open': return 'OPEN_REQUEST';
    case 'pending': return side === 'sender' ? 'SENT' : 'RECEIVED';
    case 'declined': return side === 'sender' ? 'SENT_NOT_ACCEPTED' : 'RECEIVED_NOT_ACCEPTED';
    case 'expired':
    case 'canceled': return 'EXPIRED';
    case 'accepted':
      if (orderPlaced) return 'DEAL';
      if (movedOn) return 'IN_PROGRESS';
      return side === 'sender' ? 'SENT_ACCEPTED' : 'RECEIVED_ACCEPTED';
  }
}

/**
 * Invite labels: `sent` (an invite or request went to the contact). SPEC.md
 * section 4 also names `not registered`; it is not shown, because it would
 * tell anyone holding a list of numbers which of them have an account here
 * (docs/decisions/022).
 */
export type InviteLabel = 'sent';
