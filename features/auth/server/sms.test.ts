import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import pino from 'pino';

process.env.MEDIA_SIGNING_SECRET ??= 'test-secret-0123456789abcdef';
process.env.LOG_LEVEL = 'silent';
const { smsProviderFromEnv, warnIfConsoleSms, otpSmsText, OTP_SMS_TEMPLATE } = await import('./sms');
const { parseEnv } = await import('@/lib/env');
const { setSingleton } = await import('@/lib/singleton');

const PHONE = '+919876543210';
const CODE = '042917';

interface Seen { method?: string; url?: string; headers: IncomingMessage['headers']; body: string }

/** A local HTTP server on 127.0.0.1 that records each request and answers with `answer`. */
async function localServer(answer: (res: ServerResponse) => void) {
  const seen: Seen[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => { body += c; });
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body });
      answer(res);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/send`;
  return { seen, url, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const httpEnv = (url: string) => parseEnv({
  SMS_PROVIDER: 'http', SMS_HTTP_URL: url, SMS_API_KEY: 'key-abc', SMS_SENDER_ID: 'SURYAR',
  SMS_TEMPLATE_ID: '1107000000000000001', SMS_ENTITY_ID: '1101000000000000002',
});

/** Swaps the process logger for one writing JSON lines into `lines`. */
function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      for (const l of chunk.toString('utf8').split('\n').filter(Boolean)) lines.push(JSON.parse(l) as Record<string, unknown>);
      cb();
    },
  });
  setSingleton('logger', pino({ level: 'info' }, sink));
  return lines;
}

/** Whatever an error exposes as text, to check it leaks neither the phone nor the code. */
function errorText(err: unknown): string {
  const e = err as Error & { cause?: unknown };
  return `${e.message}\n${e.stack ?? ''}\n${String(e.cause ?? '')}`;
}

async function sendError(p: Promise<void>): Promise<Error> {
  try {
    await p;
  } catch (err) {
    return err as Error;
  }
  throw new Error('expected sendOtp to throw');
}

function expectNoSecrets(err: Error) {
  const text = errorText(err);
  expect(text).not.toContain(PHONE);
  expect(text).not.toContain(PHONE.slice(1));
  expect(text).not.toContain('9876543210');
  expect(text).not.toContain(CODE);
}

afterEach(() => setSingleton('logger', undefined));

describe('http provider', () => {
  let ok: Awaited<ReturnType<typeof localServer>>;
  beforeAll(async () => {
    ok = await localServer((res) => res.writeHead(200, { 'content-type': 'application/json' }).end(`{"echo":"${PHONE}"}`));
  });
  afterAll(() => ok.close());

  it('POSTs JSON with the DLT ids, the E.164 number and the templated text, with the bearer key', async () => {
    const p = smsProviderFromEnv(httpEnv(ok.url));
    expect(p.name).toBe('http');
    await p.sendOtp(PHONE, CODE);
    expect(ok.seen).toHaveLength(1);
    const [r] = ok.seen;
    expect(r.method).toBe('POST');
    expect(r.url).toBe('/send');
    expect(r.headers['content-type']).toMatch(/^application\/json/);
    expect(r.headers.authorization).toBe('Bearer key-abc');
    expect(JSON.parse(r.body)).toEqual({
      sender_id: 'SURYAR',
      template_id: '1107000000000000001',
      entity_id: '1101000000000000002',
      to: PHONE,
      message: '042917 is your Surya Reels sign-in code. It is valid for 5 minutes. Do not share it.',
    });
  });

  it('builds the text from the one template constant', () => {
    expect(OTP_SMS_TEMPLATE).toContain('{code}');
    expect(otpSmsText('123456')).toBe(OTP_SMS_TEMPLATE.replace('{code}', '123456'));
    // WebOTP: the last line names the site's host and the code.
    expect(otpSmsText('123456', 'reels.example.in').split('\n').at(-1)).toBe('@reels.example.in #123456');
  });

  it('throws on a non-2xx answer, without the phone or code in the error', async () => {
    const failing = await localServer((res) => res.writeHead(500).end(`bad number ${PHONE} code ${CODE}`));
    try {
      const err = await sendError(smsProviderFromEnv(httpEnv(failing.url)).sendOtp(PHONE, CODE));
      expect(err.message).toMatch(/500/);
      expectNoSecrets(err);
      expect(failing.seen).toHaveLength(1);
    } finally {
      await failing.close();
    }
  });

  it('does not follow a redirect: the target gets nothing and the send throws', async () => {
    const target = await localServer((res) => res.writeHead(200).end('{}'));
    const redirecting = await localServer((res) => res.writeHead(302, { location: target.url }).end());
    try {
      const err = await sendError(smsProviderFromEnv(httpEnv(redirecting.url)).sendOtp(PHONE, CODE));
      expectNoSecrets(err);
      expect(redirecting.seen).toHaveLength(1);
      expect(target.seen).toHaveLength(0);
    } finally {
      await redirecting.close();
      await target.close();
    }
  });

  it('throws on a network error, without the phone or code in the error', async () => {
    const gone = await localServer((res) => res.end());
    await gone.close();
    const err = await sendError(smsProviderFromEnv(httpEnv(gone.url)).sendOtp(PHONE, CODE));
    expect(err.message).toMatch(/SMS gateway/);
    expectNoSecrets(err);
  });
});

describe('console provider', () => {
  it('is the default and writes exactly one line "otp <phone> <code>"', async () => {
    const lines = captureLog();
    const p = smsProviderFromEnv(parseEnv({}));
    expect(p.name).toBe('console');
    await p.sendOtp(PHONE, CODE);
    expect(lines).toHaveLength(1);
    expect(lines[0].msg).toBe(`otp ${PHONE} ${CODE}`);
  });

  it('warnIfConsoleSms warns once, and not at all for the http provider', () => {
    const lines = captureLog();
    setSingleton('consoleSmsWarned', undefined);
    expect(warnIfConsoleSms({ SMS_PROVIDER: 'http' })).toBe(false);
    expect(lines).toHaveLength(0);
    expect(warnIfConsoleSms({ SMS_PROVIDER: 'console' })).toBe(true);
    expect(warnIfConsoleSms({ SMS_PROVIDER: 'console' })).toBe(false);
    expect(lines).toHaveLength(1);
    expect(lines[0].level).toBe(40);
    expect(String(lines[0].msg)).toMatch(/NOT sent/);
  });
});

describe('SMS_PROVIDER=http configuration', () => {
  it('refuses a missing gateway URL or DLT id, naming each missing variable', () => {
    expect(() => parseEnv({ SMS_PROVIDER: 'http' })).toThrow(
      /SMS_HTTP_URL: required[\s\S]*SMS_SENDER_ID: required[\s\S]*SMS_TEMPLATE_ID: required[\s\S]*SMS_ENTITY_ID: required/,
    );
    let message = '';
    try {
      parseEnv({ SMS_PROVIDER: 'http', SMS_HTTP_URL: 'https://sms.example/send', SMS_SENDER_ID: 'SURYAR', SMS_TEMPLATE_ID: '1' });
    } catch (err) {
      message = (err as Error).message;
    }
    expect(message).toContain('SMS_ENTITY_ID');
    expect(message).not.toContain('SMS_HTTP_URL');
    expect(message).not.toContain('SMS_SENDER_ID');
  });

  it('accepts a complete http configuration and ignores the fields for console', () => {
    expect(httpEnv('https://sms.example/send').SMS_PROVIDER).toBe('http');
    expect(parseEnv({ SMS_PROVIDER: 'console' }).SMS_PROVIDER).toBe('console');
  });
});
