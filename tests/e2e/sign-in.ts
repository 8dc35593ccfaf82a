import { expect, type Page } from '@playwright/test';
import en from '../../messages/en.json' with { type: 'json' };
import { otpFromServerLog } from './server-log';

/** The login modal's labels, in the language the page is in (messages/{en,hi,he}.json `auth`). */
type AuthLabels = Pick<typeof en.auth, 'title' | 'phoneLabel' | 'over18' | 'acceptTerms' | 'sendCode' | 'otpTitle' | 'otpLabel'>;

/** A rich-text message's plain text, as the page renders it: `<terms>terms of use</terms>` reads "terms of use". */
const plain = (rich: string) => rich.replace(/<\/?\w+>/g, '');

/** A fresh Indian mobile number, 10 digits starting with 9. */
export const newPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

/**
 * Signs in through the login modal that a gated action opened; returns when
 * the modal has closed. `auth` gives the modal's labels in the page's
 * language (English by default).
 */
export async function signInWithModal(page: Page, phone: string, auth: AuthLabels = en.auth): Promise<number> {
  const modal = page.getByRole('dialog', { name: auth.title });
  await modal.waitFor();
  await modal.getByLabel(auth.phoneLabel).fill(phone);
  await modal.getByLabel(auth.over18).check();
  await modal.getByLabel(plain(auth.acceptTerms)).check();
  const sentAt = Date.now();
  await modal.getByRole('button', { name: auth.sendCode }).click();
  const otpStep = page.getByRole('dialog', { name: auth.otpTitle });
  await otpStep.waitFor();
  const code = await otpFromServerLog(`+91${phone}`);
  const signedIn = page.waitForResponse((r) => new URL(r.url()).pathname.endsWith('/otp/verify') && r.status() === 200);
  await otpStep.getByLabel(auth.otpLabel).fill(code);
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
