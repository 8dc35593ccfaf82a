import 'server-only';
import { and, eq, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import { customers, deviceUsers, referrals, userDevices, users } from '@/lib/db/schema';
import type { DbOrTx } from '@/lib/db/client';
import { normaliseAddress, normaliseConsumerNumber } from './customers';

/*
 * The fairness rule "one reward per household" (docs/decisions/010
 * "Fairness"): the referee's household is compared with the referrer's
 * (a self-referral) and with the referees of earlier referrals that reached
 * acceptance (a household duplicate). The decision is a pure function of
 * the facts (decideHousehold); householdMatch reads the facts.
 */

/** What a household is compared by, in the order the rule checks them. */
export const HOUSEHOLD_KEYS = ['phone', 'email', 'device', 'consumer_number', 'address'] as const;
export type HouseholdWhy = (typeof HOUSEHOLD_KEYS)[number];

/** The known traits of one household: every list may be empty. */
export interface HouseholdTraits {
  /** E.164 phones. */
  phones: readonly string[];
  /** Emails (compared lower-cased). */
  emails: readonly string[];
  /**
   * Visitor ids a person of the household signed in from
   * (`user_devices.viewer_id`), and the device marks they signed in or
   * accepted on (`device_users.device_id`, as `mark:<id>`; these outlive
   * logout, so a second SIM on the referrer's own browser still matches).
   */
  devices: readonly string[];
  /** DISCOM consumer numbers (folded with normaliseConsumerNumber before comparing). */
  consumerNumbers: readonly string[];
  /** Normalised addresses (normaliseAddress); empty ones never match. */
  addressKeys: readonly string[];
}

/** Everything the rule looks at for one referral. */
export interface HouseholdFacts {
  referee: HouseholdTraits;
  referrer: HouseholdTraits;
  /** The referees of earlier accepted referrals (any referrer), oldest first. */
  earlier: ReadonlyArray<HouseholdTraits & { referralId: string }>;
}

/** The rule's verdict: the referrer's own household, another referral's, or none (null). */
export type HouseholdMatch =
  | { kind: 'self'; why: HouseholdWhy }
  | { kind: 'household'; why: HouseholdWhy; otherReferralId: string };

const folded = (values: readonly string[], fold: (v: string) => string | null): Set<string> =>
  new Set(values.map(fold).filter((v): v is string => v !== null && v !== ''));

const FOLD: Record<HouseholdWhy, { of: (t: HouseholdTraits) => readonly string[]; fold: (v: string) => string | null }> = {
  phone: { of: (t) => t.phones, fold: (v) => v.trim() },
  email: { of: (t) => t.emails, fold: (v) => v.trim().toLowerCase() },
  device: { of: (t) => t.devices, fold: (v) => v.trim() },
  consumer_number: { of: (t) => t.consumerNumbers, fold: normaliseConsumerNumber },
  address: { of: (t) => t.addressKeys, fold: (v) => v.trim() },
};

/** The first trait (in HOUSEHOLD_KEYS order) the two households share, or null. */
export function sharedTrait(a: HouseholdTraits, b: HouseholdTraits): HouseholdWhy | null {
  for (const why of HOUSEHOLD_KEYS) {
    const { of, fold } = FOLD[why];
    const left = folded(of(a), fold);
    if (left.size === 0) continue;
    for (const v of folded(of(b), fold)) if (left.has(v)) return why;
  }
  return null;
}

/**
 * The household rule as a pure function (docs/decisions/010 "Fairness"):
 * the referee sharing a phone, email, device, consumer number or address
 * with the referrer is a self-referral (`kind: 'self'`); else sharing one
 * with the referee of an earlier accepted referral (the oldest such) is a
 * household duplicate (`kind: 'household'`); else null. Empty values never
 * match.
 */
export function decideHousehold(facts: HouseholdFacts): HouseholdMatch | null {
  const self = sharedTrait(facts.referee, facts.referrer);
  if (self) return { kind: 'self', why: self };
  for (const other of facts.earlier) {
    const why = sharedTrait(facts.referee, other);
    if (why) return { kind: 'household', why, otherReferralId: other.referralId };
  }
  return null;
}

const present = <T>(v: T | null | undefined): v is T => v !== null && v !== undefined && v !== '';

/** Prefix of a device mark among the device traits, so it can never equal a visitor id. */
const DEVICE_MARK = 'mark:';

/** A consumer number column folded in SQL as normaliseConsumerNumber folds it in code. */
const foldedConsumer = (col: SQL | typeof referrals.referee_consumer_number | typeof customers.consumer_number) =>
  sql<string | null>`upper(regexp_replace(${col}, '[[:space:]/.-]', '', 'g'))`;

/**
 * Reads the household facts of referral `referralId` (decideHousehold's
 * input): the referee's phone, account email, devices, consumer number and
 * address (as given on accepting, and the provider's customer record of
 * that phone); the referrer's phone, email, devices (visitor ids and device
 * marks) and customer record;
 * and the referees of earlier accepted referrals that share at least one of
 * the referee's traits. Null when there is no such referral.
 */
export async function householdFacts(tx: DbOrTx, referralId: string): Promise<HouseholdFacts | null> {
  const [ref] = await tx.select().from(referrals).where(eq(referrals.id, referralId)).limit(1);
  if (!ref) return null;
  const userIds = [ref.referrer_user_id, ...(ref.referee_user_id ? [ref.referee_user_id] : [])];
  const people = await tx.select({ id: users.id, phone: users.phone, email: users.email }).from(users).where(inArray(users.id, userIds));
  const devices = await tx.select().from(userDevices).where(inArray(userDevices.user_id, userIds));
  // Device marks are compared between referee and referrer only (a self-referral), never with earlier referees.
  const marks = await tx.select().from(deviceUsers).where(inArray(deviceUsers.user_id, userIds));
  const marksOf = (userId: string) => marks.filter((m) => m.user_id === userId).map((m) => `${DEVICE_MARK}${m.device_id}`);
  const referrerUser = people.find((p) => p.id === ref.referrer_user_id);
  const refereeUser = ref.referee_user_id ? people.find((p) => p.id === ref.referee_user_id) : undefined;
  const phones = [ref.referee_phone, ...(refereeUser?.phone ? [refereeUser.phone] : [])];
  const customerRows = await tx.select().from(customers)
    .where(inArray(customers.phone, [...phones, ...(referrerUser?.phone ? [referrerUser.phone] : [])]));
  const refereeCustomers = customerRows.filter((c) => phones.includes(c.phone));
  const referrerCustomer = customerRows.find((c) => c.phone === referrerUser?.phone);

  const referee: HouseholdTraits = {
    phones: [...new Set(phones)],
    emails: [refereeUser?.email].filter(present),
    devices: ref.referee_user_id ? devices.filter((d) => d.user_id === ref.referee_user_id).map((d) => d.viewer_id) : [],
    consumerNumbers: [ref.referee_consumer_number, ...refereeCustomers.map((c) => c.consumer_number)].filter(present),
    addressKeys: [
      ref.referee_address_key || (ref.referee_address ? normaliseAddress(ref.referee_address) : null),
      ...refereeCustomers.map((c) => c.address_key),
    ].filter(present),
  };
  const referrer: HouseholdTraits = {
    phones: [referrerUser?.phone].filter(present),
    emails: [referrerUser?.email].filter(present),
    devices: [...devices.filter((d) => d.user_id === ref.referrer_user_id).map((d) => d.viewer_id), ...marksOf(ref.referrer_user_id)],
    consumerNumbers: [referrerCustomer?.consumer_number].filter(present),
    addressKeys: [referrerCustomer?.address_key].filter(present),
  };

  // Earlier accepted referrals sharing a trait with this referee; the pure rule says which and why.
  const consumerKeys = [...folded(referee.consumerNumbers, normaliseConsumerNumber)];
  const same: SQL[] = [inArray(referrals.referee_phone, [...referee.phones])];
  if (referee.emails.length) same.push(inArray(sql`lower(${users.email})`, referee.emails.map((e) => e.toLowerCase())));
  if (referee.devices.length) {
    same.push(inArray(referrals.referee_user_id, tx.select({ id: userDevices.user_id }).from(userDevices)
      .where(inArray(userDevices.viewer_id, [...referee.devices]))));
  }
  if (consumerKeys.length) {
    same.push(inArray(foldedConsumer(referrals.referee_consumer_number), consumerKeys));
    same.push(inArray(foldedConsumer(customers.consumer_number), consumerKeys));
  }
  if (referee.addressKeys.length) {
    same.push(inArray(referrals.referee_address_key, [...referee.addressKeys]));
    same.push(inArray(customers.address_key, [...referee.addressKeys]));
  }
  const rows = await tx.select({
    id: referrals.id, phone: referrals.referee_phone, user_id: referrals.referee_user_id, email: users.email,
    consumer: referrals.referee_consumer_number, address: referrals.referee_address, address_key: referrals.referee_address_key,
    c_consumer: customers.consumer_number, c_address_key: customers.address_key, created_at: referrals.created_at,
  }).from(referrals)
    .leftJoin(users, eq(users.id, referrals.referee_user_id))
    .leftJoin(customers, eq(customers.phone, referrals.referee_phone))
    .where(and(
      eq(referrals.state, 'accepted'),
      ne(referrals.id, ref.id),
      or(lt(referrals.created_at, ref.created_at), and(eq(referrals.created_at, ref.created_at), lt(referrals.id, ref.id))),
      or(...same),
    ))
    .orderBy(referrals.created_at, referrals.id)
    .limit(50);
  const otherDevices = rows.some((r) => r.user_id) && referee.devices.length
    ? await tx.select().from(userDevices).where(and(
      inArray(userDevices.user_id, rows.map((r) => r.user_id).filter(present)),
      inArray(userDevices.viewer_id, [...referee.devices]),
    ))
    : [];
  const earlier = rows.map((r) => ({
    referralId: r.id,
    phones: [r.phone],
    emails: [r.email].filter(present),
    devices: otherDevices.filter((d) => d.user_id === r.user_id).map((d) => d.viewer_id),
    consumerNumbers: [r.consumer, r.c_consumer].filter(present),
    addressKeys: [r.address_key || (r.address ? normaliseAddress(r.address) : null), r.c_address_key].filter(present),
  }));
  const refereeMarks = ref.referee_user_id ? marksOf(ref.referee_user_id) : [];
  return { referee: { ...referee, devices: [...referee.devices, ...refereeMarks] }, referrer, earlier };
}

/**
 * Records the device mark a referral is accepted on (the request's
 * `principal.deviceId`) as one the accepting user used (`device_users`),
 * before the household rule is read in the same transaction: a referral
 * accepted on a device the referrer signed in on is then a self-referral,
 * as one accepted from the referrer's own visitor id is. Nothing for a
 * client without a mark (header-only native clients).
 */
export async function recordAcceptDevice(tx: DbOrTx, deviceId: string | null | undefined, userId: string): Promise<void> {
  if (!deviceId) return;
  await tx.insert(deviceUsers).values({ device_id: deviceId, user_id: userId })
    .onConflictDoUpdate({ target: [deviceUsers.device_id, deviceUsers.user_id], set: { last_seen_at: sql`now()` } });
}

/**
 * The household rule for referral `referralId` (docs/decisions/010
 * "Fairness"), read inside the caller's transaction: `{kind: 'self', why}`
 * when the referee is of the referrer's household, `{kind: 'household',
 * why, otherReferralId}` when of the referee of an earlier accepted
 * referral, else null (also for an unknown referral).
 */
export async function householdMatch(tx: DbOrTx, referralId: string): Promise<HouseholdMatch | null> {
  const facts = await householdFacts(tx, referralId);
  return facts ? decideHousehold(facts) : null;
}
