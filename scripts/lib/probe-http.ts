import http from 'node:http';
import https from 'node:https';
import type { z } from 'zod';
import { CookieJar } from '../../tests/fixtures/cookie-jar';

/*
 * The probes' HTTP (scripts/probe-abuse.ts): answers read into one shape,
 * raw requests sent byte for byte, and simulated browsers with their own
 * cookie jars. `setProbeTarget` names the server first.
 */

let target: { base: URL; origin: string } | null = null;

/** Names the server every request goes to (its base URL; writes carry its origin). */
export function setProbeTarget(base: URL): void {
  target = { base, origin: base.origin };
}

function targetOf(): { base: URL; origin: string } {
  if (!target) throw new Error('setProbeTarget first');
  return target;
}

/** An answer: status, the one error shape's code (if any), headers and body. */
export interface Answer {
  status: number;
  code: string | null;
  headers: Headers;
  body: unknown;
  text: string;
}

/** A probe's set-up went wrong in a way the product is to blame for, or could not go on. */
export class ProbeError extends Error {}

/** The one error shape's code of a body, or null. */
function codeOf(body: unknown): string | null {
  if (body === null || typeof body !== 'object' || !('error' in body)) return null;
  const code = (body as { error?: { code?: unknown } }).error?.code;
  return typeof code === 'string' ? code : null;
}

/** An answer from its status, headers and text (the body parsed when it is JSON). */
export function answerOf(status: number, headers: Headers, text: string): Answer {
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    body = null;
  }
  return { status, code: codeOf(body), headers, body, text };
}

/** `401 otp_invalid`, `200`. */
export const fmt = (a: Answer) => (a.code ? `${a.status} ${a.code}` : String(a.status));
/** True when `a` has `status` (and `code`, when given). */
export const is = (a: Answer, status: number, code?: string) => a.status === status && (code === undefined || a.code === code);

/** `401 otp_invalid x5`, or each distinct answer with its count. */
export function counted(answers: Answer[]): string {
  const n = new Map<string, number>();
  for (const a of answers) n.set(fmt(a), (n.get(fmt(a)) ?? 0) + 1);
  return [...n].map(([k, v]) => `${k} x${v}`).join(', ');
}

/**
 * A request over node:http(s), as sent: fetch refuses TRACE and a Host
 * header, and may normalise a path; here the target goes out byte for byte.
 */
export function rawRequest(method: string, target: string, headers: Record<string, string> = {}): Promise<Answer> {
  const { base } = targetOf();
  const lib = base.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const req = lib.request({
      host: base.hostname, port: base.port || undefined, method, path: target, headers, agent: false,
    }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d: string) => { text += d; });
      res.on('end', () => {
        const h = new Headers();
        for (const [k, v] of Object.entries(res.headers)) {
          for (const one of Array.isArray(v) ? v : v === undefined ? [] : [v]) h.append(k, one);
        }
        resolve(answerOf(res.statusCode ?? 0, h, text));
      });
    });
    req.on('error', reject);
    req.end();
  });
}

/** A request that got no answer at all (the server hung up), as a status-0 answer its probe judges like any other. */
export function noAnswer(err: unknown): Answer {
  return answerOf(0, new Headers(), JSON.stringify({ error: { code: `no answer (${err instanceof Error ? err.message : String(err)})` } }));
}

/** One simulated browser: its own cookies (visitor, device mark, session), the site's Origin on writes. */
export class Device {
  readonly jar = new CookieJar();

  private constructor(readonly name: string) {}

  /** A device that has opened the app: it holds the visitor id the server issued (writes need one). */
  static async open(name: string): Promise<Device> {
    const d = new Device(name);
    const a = await d.call('POST', '/auth/api/v1/visitor', {});
    if (a.status !== 201 && a.status !== 200) throw new ProbeError(`device ${name}: POST /auth/api/v1/visitor -> ${fmt(a)}`);
    return d;
  }

  /** Sends `json` (when given) as the body; every method but GET and HEAD carries Origin. */
  async call(method: string, path: string, json?: unknown, headers: Record<string, string> = {}): Promise<Answer> {
    const h: Record<string, string> = { ...headers };
    if (this.jar.header) h.cookie = this.jar.header;
    if (method !== 'GET' && method !== 'HEAD') h.origin = targetOf().origin;
    let body: string | undefined;
    if (json !== undefined) {
      body = JSON.stringify(json);
      h['content-type'] = 'application/json';
    }
    const res = this.jar.keep(await fetch(new URL(path, targetOf().base), { method, headers: h, body, redirect: 'manual' }));
    return answerOf(res.status, res.headers, await res.text());
  }

  get(path: string) {
    return this.call('GET', path);
  }

  post(path: string, json: unknown = {}) {
    return this.call('POST', path, json);
  }
}

/** Reads `a.body` with `schema`; a body of another shape stops the probe. */
export function read<T>(schema: z.ZodType<T>, a: Answer, what: string): T {
  const r = schema.safeParse(a.body);
  if (!r.success) throw new ProbeError(`${what} -> ${fmt(a)} ${a.text.slice(0, 200)}`);
  return r.data;
}

/** Waits `ms` milliseconds. */
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
