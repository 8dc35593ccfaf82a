import { describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { usePhonePage } from './browser';

const baseURL = inject('baseURL');

/** Issue 3 "Handoff": book a callback for tomorrow from the Explore tab and see it confirmed (SPEC.md sections 2 and 5). */
describe('/explore: schedule a callback on a phone', () => {
  let page: Page;
  usePhonePage(baseURL, (p) => { page = p; });

  it('shows the marketing lines and the cards', async () => {
    await page.goto('/explore');
    for (const line of ['Subsidy savings of up to ₹1,08,000', 'Over 10,000 families', 'Up to 90% savings', '25 years of free electricity']) {
      await expect.poll(() => page.getByText(line, { exact: true }).count()).toBe(1);
    }
    expect(await page.getByRole('link', { name: 'Ask AI' }).getAttribute('href')).toBe('/assistant');
    expect(await page.getByRole('link', { name: 'Watch now' }).getAttribute('href')).toBe('/reels');
  });

  it('checks the fields with the exact messages, then books tomorrow and confirms', async () => {
    await page.getByRole('button', { name: 'Schedule call' }).click();
    const sheet = page.getByRole('dialog', { name: 'Schedule a callback' });
    await sheet.waitFor();

    await sheet.getByLabel('Name').fill('Al');
    await sheet.getByLabel('Mobile number').fill('12345');
    await sheet.getByRole('button', { name: 'Book callback' }).click();
    await sheet.getByText('Name must be 3 Character long', { exact: true }).waitFor();
    await sheet.getByText('Please enter valid Mobile Number', { exact: true }).waitFor();
    await sheet.getByText('Please select a time slot', { exact: true }).waitFor();

    await sheet.getByLabel('Name').fill('Asha Verma');
    await sheet.getByLabel('Mobile number').fill('98123 45678');
    const slotsLoaded = page.waitForResponse((r) => r.url().includes('/api/v1/leads/slots?day=tomorrow') && r.ok());
    await sheet.getByText('Tomorrow', { exact: true }).click();
    const tomorrow = (await (await slotsLoaded).json()) as { date: string };
    const firstSlot = sheet.locator('label:has(input[name="slot"])').first();
    await firstSlot.waitFor();
    // Tomorrow has every business-hours slot; the first starts at 10:00 India time (default LEADS_BUSINESS_HOURS).
    await expect.poll(() => firstSlot.locator('input').getAttribute('value')).toBe(`${tomorrow.date}T10:00:00.000+05:30`);
    await firstSlot.click();

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/leads/callback') && r.status() === 201);
    await sheet.getByRole('button', { name: 'Book callback' }).click();
    await saved;
    const done = sheet.getByTestId('callback-done');
    await done.getByText('Callback booked').waitFor();
    expect(await done.innerText()).toContain('+919812345678');
  });
});
