import { expect, test } from '@playwright/test';

/** Book a callback for tomorrow from the Explore tab and see it confirmed (SPEC.md sections 2 and 5). */
test.describe('/explore: schedule a callback', () => {
  test('shows the marketing lines and the cards', async ({ page }) => {
    await page.goto('/explore');
    for (const line of ['Subsidy savings of up to ₹1,08,000', 'Over 10,000 families', 'Up to 90% savings', '25 years of free electricity']) {
      await expect(page.getByText(line, { exact: true })).toHaveCount(1);
    }
    await expect(page.getByRole('link', { name: 'Ask AI' })).toHaveAttribute('href', '/assistant');
    await expect(page.getByRole('link', { name: 'Watch now' })).toHaveAttribute('href', '/reels');
  });

  test('checks the fields with the exact messages, then books tomorrow and confirms', async ({ page }) => {
    await page.goto('/explore');
    await page.getByRole('button', { name: 'Schedule call' }).click();
    const sheet = page.getByRole('dialog', { name: 'Schedule a callback' });
    await sheet.waitFor();

    await sheet.getByLabel('Name').fill('Al');
    await sheet.getByLabel('Mobile number').fill('12345');
    await sheet.getByRole('button', { name: 'Book callback' }).click();
    await expect(sheet.getByText('Name must be 3 Character long', { exact: true })).toBeVisible();
    await expect(sheet.getByText('Please enter valid Mobile Number', { exact: true })).toBeVisible();
    await expect(sheet.getByText('Please select a time slot', { exact: true })).toBeVisible();

    await sheet.getByLabel('Name').fill('Asha Verma');
    await sheet.getByLabel('Mobile number').fill('98123 45678');
    const slotsLoaded = page.waitForResponse((r) => r.url().includes('/api/v1/leads/slots?day=tomorrow') && r.ok());
    await sheet.getByText('Tomorrow', { exact: true }).click();
    const tomorrow = (await (await slotsLoaded).json()) as { date: string };
    const firstSlot = sheet.locator('label:has(input[name="slot"])').first();
    // Tomorrow has every business-hours slot; the first starts at 10:00 India time (default LEADS_BUSINESS_HOURS).
    await expect(firstSlot.locator('input')).toHaveAttribute('value', `${tomorrow.date}T10:00:00.000+05:30`);
    await firstSlot.click();

    const saved = page.waitForResponse((r) => r.url().endsWith('/api/v1/leads/callback') && r.status() === 201);
    await sheet.getByRole('button', { name: 'Book callback' }).click();
    await saved;
    const done = sheet.getByTestId('callback-done');
    await expect(done.getByText('Callback booked')).toBeVisible();
    await expect(done).toContainText('+919812345678');
  });
});
