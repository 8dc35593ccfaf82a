import 'server-only';
import { env, type Env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { singleton } from '@/lib/singleton';
import { OTP_CODE_TTL_S } from './otp-code';
import { fetchFailureReason } from '@/lib/http/fetch-failure';

/**
 * How one-time sign-in codes reach phones (lib/env.ts SMS_PROVIDER):
 * `console` writes the code to the server log (development only),
 * `http` posts it to an SMS gateway with the DLT-registered template that
 * Indian SMS regulation requires for OTP messages.
 */
export interface SmsProvider {
  name: 'console' | 'http';
  /**
   * Sends `code` to `phoneE164` (e.g. "+919876543210").
   * @throws Error (http) when the gateway is unreachable, times out or
   * answers non-2xx; the message never holds the phone or the code.
   */
  sendOtp(phoneE164: string, code: string): Promise<void>;
}

/**
 * The OTP message. It must match the DLT-registered template (SMS_TEMPLATE_ID)
 * word for word, with the code in the variable's place.
 */
export const OTP_SMS_TEMPLATE = `{code} is your Surya Reels sign-in code. It is valid for ${OTP_CODE_TTL_S / 60} minutes. Do not share it.`;

/** Longest wait for the SMS gateway's answer, milliseconds. */
export const SMS_HTTP_TIMEOUT_MS = 10_000;

/**
 * The message text for `code`, from OTP_SMS_TEMPLATE. With `host` (the
 * site's host, from PUBLIC_URL) a last line `@<host> #<code>` lets the
 * browser's WebOTP API offer the code to the sign-in form (the format the
 * WebOTP specification asks of the message's last line); the DLT template
 * must then be registered with that line too.
 */
export function otpSmsText(code: string, host?: string): string {
  const text = OTP_SMS_TEMPLATE.replace('{code}', code);
  return host ? `${text}\n\n@${host} #${code}` : text;
}

type SmsEnv = Pick<Env, 'SMS_PROVIDER' | 'PUBLIC_URL' | 'SMS_HTTP_URL' | 'SMS_API_KEY' | 'SMS_SENDER_ID' | 'SMS_TEMPLATE_ID' | 'SMS_ENTITY_ID'>;

/** Development provider: the code goes to the server log, nowhere else. */
function consoleProvider(): SmsProvider {
  return {
    name: 'console',
    sendOtp(phoneE164, code) {
      // The ONLY place a phone number may be logged in clear: this provider
      // exists so a developer can read the code, and is refused nowhere else.
      logger().info(`otp ${phoneE164} ${code}`);
      return Promise.resolve();
    },
  };
}

/** SMS gateway provider: one JSON POST per code, no redirects followed. */
function httpProvider(e: SmsEnv): SmsProvider {
  const { SMS_HTTP_URL: url, SMS_SENDER_ID: sender, SMS_TEMPLATE_ID: template, SMS_ENTITY_ID: entity } = e;
  if (!url || !sender || !template || !entity) {
    // parseEnv refuses this configuration; kept for callers that build SmsEnv by hand.
    throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL, SMS_SENDER_ID, SMS_TEMPLATE_ID and SMS_ENTITY_ID');
  }
  return {
    name: 'http',
    async sendOtp(phoneE164, code) {
      const headers: Record<string, string> = { 'content-type': 'application/json', accept: 'application/json' };
      if (e.SMS_API_KEY) headers.authorization = `Bearer ${e.SMS_API_KEY}`;
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers,
          body: JSON.stringify({
            sender_id: sender,
            template_id: template,
            entity_id: entity,
            to: phoneE164,
            message: otpSmsText(code, e.PUBLIC_URL ? new URL(e.PUBLIC_URL).host : undefined),
          }),
          redirect: 'error',
          signal: AbortSignal.timeout(SMS_HTTP_TIMEOUT_MS),
        });
      } catch (err) {
        throw new Error(`SMS gateway request failed (${fetchFailureReason(err)})`);
      }
      // The body is not read: a gateway may echo the number back.
      await res.body?.cancel().catch(() => undefined);
      if (!res.ok) throw new Error(`SMS gateway answered HTTP ${res.status}`);
    },
  };
}

/**
 * The provider configured by SMS_PROVIDER (lib/env.ts), from `e` (default:
 * the process's env()).
 * @throws Error when SMS_PROVIDER=http lacks the gateway URL or a DLT id.
 */
export function smsProviderFromEnv(e: SmsEnv = env()): SmsProvider {
  return e.SMS_PROVIDER === 'http' ? httpProvider(e) : consoleProvider();
}

/**
 * At start-up: when SMS_PROVIDER=console, logs one loud warning that codes
 * are written to the log and not sent. Once per process however often called.
 * @returns whether it warned on this call.
 */
export function warnIfConsoleSms(e: Pick<Env, 'SMS_PROVIDER'> = env()): boolean {
  if (e.SMS_PROVIDER !== 'console') return false;
  const state = singleton('consoleSmsWarned', () => ({ done: false }));
  if (state.done) return false;
  state.done = true;
  logger().warn('SMS_PROVIDER=console: one-time sign-in codes are NOT sent by SMS, only written to this log. Set SMS_PROVIDER=http in production.');
  return true;
}
