import fs from 'node:fs';
import { e2eLogFile } from '../../scripts/lib/test-server';

/**
 * The latest sign-in code the server's console SMS provider wrote for
 * `phone` (E.164), read from the end-to-end server's log copy as a developer
 * would read it; waits up to `timeoutMs` for it to appear.
 * @throws Error when no code for the phone appears in time.
 */
export async function otpFromServerLog(phone: string, timeoutMs = 10_000): Promise<string> {
  const file = e2eLogFile(process.env.E2E_PORT ?? '3917');
  const deadline = Date.now() + timeoutMs;
  const escaped = phone.replace('+', '\\+');
  while (Date.now() < deadline) {
    const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
    const all = [...text.matchAll(new RegExp(`otp ${escaped} (\\d{6})`, 'g'))];
    if (all.length > 0) return all[all.length - 1][1];
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no code for ${phone} in the server log`);
}
