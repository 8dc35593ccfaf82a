import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { RewardsScreen } from './rewards-screen';
import { deal, page, profile, reward } from './test-data';

/**
 * The rewards screen asks for deals in the interface language (?lang=) and
 * shows the texts the server answers in it (title, ribbon).
 */
describe('RewardsScreen deals in the interface language', () => {
  it('asks all_deals with ?lang=hi and shows the Hindi title and ribbon', async () => {
    const langs: Array<string | null> = [];
    server.use(
      http.get('/referral/api/v1/get_profile', () => HttpResponse.json(profile())),
      http.get('/referral/api/v1/all_deals', ({ request }) => {
        const lang = new URL(request.url).searchParams.get('lang');
        langs.push(lang);
        return HttpResponse.json({
          deals: [lang === 'hi' ? deal({ title: 'घर को रूफ़टॉप सोलर के लिए रेफ़र करें', ribbon: 'नया' }) : deal()],
        });
      }),
      http.get('/referral/api/v1/rewards', () => HttpResponse.json(page([reward({ scratchable_at: '2099-01-01T00:00:00Z' })], 20))),
      http.get('/referral/api/v1/inbox', () => HttpResponse.json(page([]))),
      http.get('/referral/api/v1/outbox', () => HttpResponse.json(page([]))),
    );
    renderWithApp(<RewardsScreen />, { locale: 'hi' });
    await screen.findByText('घर को रूफ़टॉप सोलर के लिए रेफ़र करें', { exact: false });
    screen.getByText('नया');
    expect(langs.every((l) => l === 'hi')).toBe(true);
    expect(langs.length).toBeGreaterThan(0);
  });
});
