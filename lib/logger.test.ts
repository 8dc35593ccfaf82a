import { Writable } from 'node:stream';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

/** A pino logger with the process logger's options, writing into `lines`. */
function capture() {
  const lines: Array<Record<string, unknown>> = [];
  const out = new Writable({
    write(chunk, _enc, cb) {
      lines.push(JSON.parse(String(chunk)) as Record<string, unknown>);
      cb();
    },
  });
  return { lines, log: pino(loggerOptions('info'), out) };
}

describe('logger redact paths', () => {
  it('censor known personal and credential keys at the top level and one level down, and nothing else', () => {
    const { lines, log } = capture();
    log.info({
      phone: '+919812345678', vpa: 'ravi@okaxis', userId: 'u1', status: 404,
      context: { email: 'asha@example.com', token: 'abc', path: '/reels' },
      req: { headers: { authorization: 'Bearer x', cookie: 'sr_sid=1', accept: 'text/html' } },
    }, 'm');
    expect(lines[0]).toMatchObject({
      phone: '[redacted]', vpa: '[redacted]', userId: 'u1', status: 404,
      context: { email: '[redacted]', token: '[redacted]', path: '/reels' },
      req: { headers: { authorization: '[redacted]', cookie: '[redacted]', accept: 'text/html' } },
      msg: 'm', app: 'suryareels',
    });
  });
});
