import { expect, type Page } from '@playwright/test';
import { otpFromServerLog } from './server-log';

/** A fresh Indian mobile number, 10 digits starting with 9. */
export const newPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/** Signs in through the login modal that a gated action opened; returns when the modal has closed. */
export async function signInWithModal(page: Page, phone: string): Promise<number> {
  const modal = page.getByRole('dialog', { name: 'Sign in' });
  await modal.waitFor();
  await modal.getByLabel('Mobile number').fill(phone);
  await modal.getByLabel('I am over 18 years old').check();
  await modal.getByLabel('I accept the terms of use and the privacy policy').check();
  const sentAt = Date.now();
  await modal.getByRole('button', { name: 'Send code' }).click();
  const otpStep = page.getByRole('dialog', { name: 'Enter the code' });
  await otpStep.waitFor();
  const code = await otpFromServerLog(`+91${phone}`);
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/otp/verify') && r.status() === 200);
  await otpStep.getByLabel('6-digit code').fill(code);
  await signedIn;
  await expect(otpStep).toBeHidden();
  return sentAt;
}

/** Signs in from the Profile tab's button; a first sign-in also finishes the onboarding overlay. */
export async function signInFromProfile(page: Page, phone: string, firstTime: boolean): Promise<number> {
  await page.goto('/profile');
  await page.getByRole('button', { name: 'Sign in' }).first().click();
  const sentAt = await signInWithModal(page, phone);
  if (firstTime) {
    const onboarding = page.getByRole('dialog', { name: 'Welcome to SuryaReels' });
    await onboarding.getByRole('button', { name: 'Get started' }).click();
    await expect(onboarding).toBeHidden();
  }
  return sentAt;
}

/** Closes the first-visit welcome dialog when it shows (within 5 s); a visitor who has seen it gets none. */
export async function finishOnboarding(page: Page): Promise<void> {
  const onboarding = page.getByRole('dialog', { name: 'Welcome to SuryaReels' });
  if (await onboarding.waitFor({ timeout: 5000 }).then(() => true, () => false)) {
    await onboarding.getByRole('button', { name: 'Get started' }).click();
    await expect(onboarding).toBeHidden();
  }
}

/**
 * Signs `page` in by OTP through the API (as a native client would), for
 * tests whose screen under test is not the sign-in; the code comes from the
 * server log.
 */
export async function signInByApi(page: Page, phone: string): Promise<void> {
  await page.goto('/profile');
  const started = await page.request.post('/auth/api/v1/otp/initiate', { data: { phone } });
  expect(started.status()).toBe(200);
  const otp = await otpFromServerLog(`+91${phone}`);
  const verified = await page.request.post('/auth/api/v1/otp/verify', { data: { phone, otp, over_18: true, accept_terms: true } });
  expect(verified.status()).toBe(200);
}
