import 'server-only';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/db/client';
import { userDevices, users } from '@/lib/db/schema';
import { logger } from '@/lib/logger';
import { attributeSignIn } from './attribution';
import { claimOpenInvites } from './requests-answer';

/**
 * After a sign-in (docs/decisions/010 "Attribution"): keeps the device
 * (`user_devices`), turns open invites to the user's phone into pending
 * requests to the user, and, for a new user without a referral then,
 * attributes them to the first referral click of the visitor the sign-in
 * came from (attributeSignIn). Never throws: a failure here is logged and
 * the sign-in goes on.
 */
export async function onReferralSignIn(e: { userId: string; isNewUser: boolean; visitorId: string }): Promise<void> {
  try {
    const { db } = await getDb();
    await db.insert(userDevices).values({ user_id: e.userId, viewer_id: e.visitorId }).onConflictDoNothing();
    const [u] = await db.select({ phone: users.phone }).from(users).where(eq(users.id, e.userId)).limit(1);
    if (u?.phone) await claimOpenInvites(db, e.userId, u.phone);
    if (e.isNewUser) await attributeSignIn(db, { userId: e.userId, visitorId: e.visitorId });
  } catch (err) {
    logger().warn({ err, user: e.userId }, 'referral sign-in step failed');
  }
}
