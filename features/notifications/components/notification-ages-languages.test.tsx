import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { NotificationItem, NotificationsPage } from '../schemas';
import { NotificationList } from './notification-list';

/** Hebrew letters or a bidi mark: what Intl writes for the raw code `he` ("לפני 17 דקות"). */
const HEBREW_OR_BIDI = /[\u0590-\u05FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

function item(id: number, created_at: string): NotificationItem {
  return { id, key: 'welcome', params: {}, link: null, read: true, created_at };
}

describe('NotificationList ages in en, hi and he (Hinglish)', () => {
  it.each([
    ['en', ['17 minutes ago', '3 hours ago', '3 days ago']],
    ['hi', ['17 मिनट पहले', '3 घंटे पहले', '3 दिन पहले']],
    ['he', ['17 minutes ago', '3 hours ago', '3 days ago']],
  ] as const)('says how long ago in the mapped locale, never Hebrew (%s)', async (locale, ages) => {
    const page: NotificationsPage = {
      items: [item(3, minutesAgo(17)), item(2, minutesAgo(180)), item(1, minutesAgo(60 * 24 * 3))], unread: 0, next_before: null,
    };
    server.use(http.get('/auth/api/v1/notifications', () => HttpResponse.json(page)));
    renderWithApp(<NotificationList />, { locale });
    const rows = await screen.findAllByRole('listitem');
    expect(rows).toHaveLength(3);
    rows.forEach((row, i) => within(row).getByText(ages[i]));
    for (const row of rows) expect(row.textContent).not.toMatch(HEBREW_OR_BIDI);
  });
});

describe("NotificationList: a deal's title in the reader's language", () => {
  it.each([
    ['en', 'Asha sent you a referral for Refer a home.'],
    ['hi', 'Asha ने आपको एक घर रेफ़र करें के लिए रेफ़रल भेजा।'],
    ['he', 'Asha ne aapko Ek ghar refer karein ke liye referral bheja.'],
  ] as const)('reads the title stored for %s', async (locale, text) => {
    const page: NotificationsPage = {
      items: [{
        id: 1, key: 'referralReceived', link: null, read: true, created_at: minutesAgo(1),
        params: { name: 'Asha', deal: 'Refer a home', 'deal@hi': 'एक घर रेफ़र करें', 'deal@he': 'Ek ghar refer karein' },
      }],
      unread: 0, next_before: null,
    };
    server.use(http.get('/auth/api/v1/notifications', () => HttpResponse.json(page)));
    renderWithApp(<NotificationList />, { locale });
    await screen.findByText(text);
  });
});
