import fs from 'node:fs';
import { randomInt } from 'node:crypto';
import { OTP_CODE_DIGITS } from '@/features/auth/server/otp-code';
import { ProbeError, sleep } from './probe-http';
import { masked } from './probe-report';

/*
 * What the probes read besides answers (scripts/probe-abuse.ts): the
 * server's log (sign-in codes of the console SMS provider, log lines) and
 * fresh phone numbers and wrong codes.
 */

/** A fresh Indian mobile number, 10 digits starting with 9. */
export const newPhone = () => `9${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** A 6-digit code that is surely not `right`. */
export function wrongCode(right: string): string {
  const n = (Number(right) + 1 + randomInt(0, 10 ** OTP_CODE_DIGITS - 2)) % 10 ** OTP_CODE_DIGITS;
  return String(n).padStart(OTP_CODE_DIGITS, '0');
}

/** The server's log as a developer reads it: sign-in codes and what the server said. */
export class ServerLog {
  constructor(readonly file: string) {}

  text(): string {
    return fs.existsSync(this.file) ? fs.readFileSync(this.file, 'utf8') : '';
  }

  /** Every code the console SMS provider wrote for `phone` (10 digits), oldest first. */
  codes(phone: string): string[] {
    return [...this.text().matchAll(new RegExp(`otp \\+91${phone} (\\d{${OTP_CODE_DIGITS}})`, 'g'))].map((m) => m[1]);
  }

  /** The first code for `phone` after the `seen` ones already there; waits up to 10 s. */
  async nextCode(phone: string, seen: number): Promise<string> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const all = this.codes(phone);
      if (all.length > seen) return all[seen];
      await sleep(100);
    }
    throw new ProbeError(`no code for ${masked(phone)} in ${this.file} within 10 s`);
  }

  /** The JSON lines holding `marker`; waits up to `timeoutMs` for at least `count`. */
  async linesWith(marker: string, count: number, timeoutMs = 5000): Promise<Array<{ raw: string; json: Record<string, unknown> | null }>> {
    const deadline = Date.now() + timeoutMs;
    let found: string[] = [];
    while (Date.now() < deadline) {
      found = this.text().split('\n').filter((l) => l.includes(marker));
      if (found.length >= count) break;
      await sleep(100);
    }
    return found.map((raw) => {
      try {
        return { raw, json: JSON.parse(raw) as Record<string, unknown> };
      } catch {
        return { raw, json: null };
      }
    });
  }
}
