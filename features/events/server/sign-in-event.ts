import 'server-only';
import { getDb } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { SERVER_EVENTS } from '@/lib/events/contract';
import { emitServerEvent } from '@/lib/events/server-events';

/**
 * The funnel's sign-in stage (docs/decisions/011): one SIGN_IN server event
 * per user and device (the visitor the sign-in came from, before its merge,
 * whose first touch the visit stage recorded), so signing in again on the
 * same device, or a retried sign-in, is stored once. Never throws: a failure
 * is logged and the sign-in goes on.
 */
export async function recordSignInEvent(e: { userId: string; visitorId: string; isNewUser: boolean; method: string }): Promise<void> {
  try {
    const { db } = await getDb();
    await emitServerEvent(db, {
      type: SERVER_EVENTS.signIn, viewerId: e.visitorId, userId: e.userId, ingestKey: `${e.userId}:${e.visitorId}`,
      payload: { new_user: e.isNewUser, method: e.method },
    });
  } catch (err) {
    logger().warn({ err, user: e.userId }, 'sign-in event not stored');
  }
}
