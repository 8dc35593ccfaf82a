import { pickParamsFor } from '@/lib/localized';
import type { NotificationItem } from '../schemas';

/** Groups of interface strings inside `notifications`: never a notification's key. */
const UI_GROUPS: ReadonlySet<string> = new Set(['list', 'bell']);

/** The parts of next-intl's `useTranslations('notifications')` used here. */
export interface NotificationsT {
  (key: string, values?: Record<string, string | number>): string;
  has(key: string): boolean;
}

/**
 * The text of a notification in the reader's language `lang` (en, hi, he):
 * the message `notifications.<key>` with its params, a param named by data
 * (a deal's title) in that language where the notification carries it
 * (lib/localized.ts localizedParams). A key this client does not know yet
 * (the server is newer) reads as a generic "new notification".
 */
export function notificationText(t: NotificationsT, n: Pick<NotificationItem, 'key' | 'params'>, lang: string): string {
  if (UI_GROUPS.has(n.key) || !t.has(n.key)) return t('list.unknown');
  return t(n.key, pickParamsFor(n.params, lang));
}
