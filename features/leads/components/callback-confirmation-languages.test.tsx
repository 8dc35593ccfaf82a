import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import type { Locale } from '@/lib/constants';
import en from '@/messages/en.json';
import hi from '@/messages/hi.json';
import he from '@/messages/he.json';
import type { CallbackDay, LeadCreated, SlotsResponse } from '../schemas';
import { slotDate, slotsFor } from '../lib/slots';
import { CallbackForm } from './callback-form';

/** Hebrew letters or a bidi mark: what Intl writes for the raw code `he` ("יום שבת, 28 בנובמבר"). */
const HEBREW_OR_BIDI = /[\u0590-\u05FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;
const MESSAGES = { en, hi, he } as const;
const SLOT_OPTIONS = { hours: { startMinute: 10 * 60, endMinute: 19 * 60 }, slotMinutes: 60 };
/** Monday 10 March 2025, 12:15 in India: today's slots start at 14:00. */
const MIDDAY = new Date('2025-03-10T12:15:00+05:30');

function serve() {
  server.use(
    http.get('/api/v1/leads/slots', ({ request }) => {
      const day = new URL(request.url).searchParams.get('day') as CallbackDay;
      return HttpResponse.json<SlotsResponse>({
        day, date: slotDate(day, MIDDAY), time_zone: 'Asia/Kolkata', slots: slotsFor(day, MIDDAY, SLOT_OPTIONS),
      });
    }),
    http.post('/api/v1/leads/callback', async ({ request }) => {
      const body = (await request.json()) as { slot: string };
      return HttpResponse.json<LeadCreated>({
        id: '7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d', kind: 'callback', created_at: '2025-03-10T06:50:00.000Z', slot: body.slot,
      }, { status: 201 });
    }),
  );
}

describe('CallbackForm confirmation in en, hi and he (Hinglish)', () => {
  it.each([
    ['en', 'We will call +919812345678 on Monday, 10 March, 3:00 pm (India time).'],
    ['hi', 'हम +919812345678 पर सोमवार, 10 मार्च, 3:00 pm (भारतीय समय) कॉल करेंगे।'],
    ['he', 'Hum +919812345678 par Monday, 10 March, 3:00 pm (India time) call karenge.'],
  ] as const)('names the day and the 12-hour time in the mapped locale (%s)', async (locale: Locale, expected) => {
    serve();
    const m = MESSAGES[locale].leads;
    const { user } = renderWithApp(<CallbackForm />, { locale });
    await user.type(screen.getByLabelText(m.fields.name), 'Asha Verma');
    await user.type(screen.getByLabelText(m.fields.phone), '98123 45678');
    const chip = await screen.findByRole('radio', { name: /^3:00\spm\s–\s4:00\spm$/ });
    await user.click(chip);
    await user.click(screen.getByRole('button', { name: m.callback.submit }));
    await screen.findByRole('heading', { name: m.callback.doneTitle });
    const body = screen.getByText(/\+919812345678/).textContent ?? '';
    expect(body.replace(/\s/g, ' ')).toBe(expected);
    expect(document.body.textContent).not.toMatch(HEBREW_OR_BIDI);
  });
});
