import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@/tests/fixtures/msw-server';
import { renderWithApp } from '@/tests/fixtures/render';
import { RewardsSummary } from './rewards-summary';
import { profile } from './test-data';

/** Hebrew letters or a bidi mark: what Intl writes for the raw code `he` ("‏0 ‏₹"). */
const HEBREW_OR_BIDI = /[\u0590-\u05FF\u200E\u200F\u061C\u202A-\u202E\u2066-\u2069]/u;

describe('RewardsSummary amounts in en, hi and he (Hinglish)', () => {
  it.each(['en', 'hi', 'he'] as const)('shows rupees symbol first with lakh grouping (%s)', async (locale) => {
    server.use(http.get('/referral/api/v1/get_profile', () =>
      HttpResponse.json(profile({ totals: { earned_inr: 150000, pending_inr: 0, sent: 4, deals_done: 1 } }))));
    renderWithApp(<RewardsSummary />, { locale });
    const earned = (await screen.findByTestId('summary-earned')).textContent ?? '';
    const pending = screen.getByTestId('summary-pending').textContent ?? '';
    expect([earned, pending]).toEqual(['₹1,50,000', '₹0']);
    expect(earned + pending).not.toMatch(HEBREW_OR_BIDI);
  });
});
