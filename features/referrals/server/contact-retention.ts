import 'server-only';
import { and, eq, lt, notExists, sql } from 'drizzle-orm';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { contacts, referrals } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';

/**
 * How long contacts are kept (docs/decisions/022): a contact is someone
 * else's name and number, handed to us by the owner so they can invite
 * that person. One the owner never invited is deleted CONTACT_RETENTION_DAYS
 * after it was added; one they invited stays while the referral does (the
 * referral row keeps the phone and the name they typed anyway).
 */

/**
 * Deletes every contact added more than CONTACT_RETENTION_DAYS days before
 * `now` (default: the server clock) to whose phone its owner never sent a
 * referral: no `referrals` row with that owner as referrer and that phone as
 * referee, in any state (the same rows the invite label `sent` reads, and
 * those where the contact asked the owner). Run by the background referral
 * tick (server/background.ts); safe to run from several processes at once.
 * @param opts.days overrides CONTACT_RETENTION_DAYS (whole days).
 * @returns how many contacts were deleted.
 */
export async function purgeUninvitedContacts(opts: { now?: Date; days?: number; db?: DbOrTx } = {}): Promise<number> {
  const db = opts.db ?? (await getDb()).db;
  const days = opts.days ?? env().CONTACT_RETENTION_DAYS;
  const before = new Date((opts.now ?? new Date()).getTime() - days * 86_400_000);
  const invited = db.select({ one: sql`1` }).from(referrals).where(and(
    eq(referrals.referrer_user_id, contacts.owner_user_id), eq(referrals.referee_phone, contacts.phone),
  ));
  const gone = await db.delete(contacts).where(and(lt(contacts.created_at, before), notExists(invited)))
    .returning({ id: contacts.id });
  if (gone.length) logger().info({ count: gone.length, days }, 'uninvited contacts past their retention deleted');
  return gone.length;
}
