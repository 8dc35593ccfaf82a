import 'server-only';
import { logger } from '@/lib/logger';
import { notify } from '@/lib/notifications/notify';

/**
 * Tells a user about a sign-in: a welcome on the first one, otherwise a
 * "new sign-in" notice naming the method, which reaches the user's other
 * open devices at once. The sign-in has committed by then, so a failure here
 * is logged and never turns it into an error.
 */
export async function notifySignIn(e: { userId: string; isNewUser: boolean; method: 'phone' | 'google' }): Promise<void> {
  try {
    await notify(e.userId, e.isNewUser ? { key: 'welcome' } : { key: 'newSignIn', params: { method: e.method } });
  } catch (err) {
    logger().warn({ err: err instanceof Error ? err.message : String(err) }, 'sign-in notification failed');
  }
}
