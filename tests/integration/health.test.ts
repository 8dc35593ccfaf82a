import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRequestListener } from '@hono/node-server';
import { buildApi } from '@/server/api';
import { createRequestListener } from '@/server/request-listener';
import {
  createHealth, databaseCheck, mediaStorageCheck, migrationsCheck, readJournal, redisCheck, type Health, type ReadinessChecks,
} from '@/server/health';
import { getDb, type DbHandle } from '@/lib/db/client';
import { LocalStorage } from '@/lib/storage/local';
import { getStorage } from '@/lib/storage/storage';
import { metrics } from '@/lib/metrics';
import { enqueue } from '@/lib/jobs/queue';
import { events, jobs } from '@/lib/db/schema';
import { readMetricsFrom } from '@/server/metrics-server';
import { eq, inArray } from 'drizzle-orm';
import { useEnvVars } from '@/tests/fixtures/env-vars';

/**
 * GET /healthz and /readyz through the one port's listener, with the real
 * checks run against this file's database (PGlite, or PostgreSQL) and its
 * local media folder; each dependency made to fail in turn. Also the
 * http_request_duration_seconds label of an API request (the route pattern).
 */

const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-health-dist-'));
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-health-'));
const servers: http.Server[] = [];
const setEnv = useEnvVars(['ALLOWED_HOSTS', 'PUBLIC_URL', 'NODE_ENV']);

const realChecks = (): ReadinessChecks => ({
  database: databaseCheck(), migrations: migrationsCheck(), media_storage: mediaStorageCheck(),
});

/** A listener on a free port with `health` (Next replaced by a stub that answers 404). */
async function listen(health: Health): Promise<string> {
  const server = http.createServer(createRequestListener({
    api: getRequestListener(buildApi().fetch),
    next: (_req, res) => {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<html>page</html>');
    },
    distDir, dev: false, mediaOrigins: [], embedOrigins: [], health,
  }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  servers.push(server);
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

async function readyz(base: string): Promise<{ status: number; body: unknown }> {
  const res = await fetch(`${base}/readyz`);
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  await getDb();
});

afterAll(async () => {
  for (const s of servers) await new Promise((r) => s.close(r));
  fs.rmSync(distDir, { recursive: true, force: true });
  fs.rmSync(scratch, { recursive: true, force: true });
});

describe('GET /healthz', () => {
  it('answers 200 {"status":"ok"} even while starting, uncached, without a cookie', async () => {
    const base = await listen(createHealth({ checks: realChecks() }));
    const res = await fetch(`${base}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok' });
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
  });
});

describe('GET /readyz', () => {
  it('is 503 starting, then 200 ready naming each check, run against the real database and storage', async () => {
    const health = createHealth({ checks: realChecks() });
    const base = await listen(health);
    expect(await readyz(base)).toEqual({ status: 503, body: { status: 'starting' } });
    health.markReady();
    const res = await fetch(`${base}/readyz`);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(res.headers.get('set-cookie')).toBeNull();
    expect(await res.json()).toEqual({
      status: 'ready',
      checks: { database: { ok: true, ms: expect.any(Number) }, migrations: { ok: true }, media_storage: { ok: true } },
    });
    // The storage probe leaves nothing behind.
    const storage = getStorage();
    const probes = storage.kind === 'local' ? fs.readdirSync(path.join(storage.root, 'health')) : [];
    expect(probes).toEqual([]);
  });

  it('is 503 draining once a stop began', async () => {
    const health = createHealth({ checks: realChecks() });
    const base = await listen(health);
    health.markReady();
    health.markDraining();
    expect(await readyz(base)).toEqual({ status: 503, body: { status: 'draining' } });
  });

  it('answers a probe for any Host (a load balancer probes the instance address), GET and HEAD only', async () => {
    setEnv({ ALLOWED_HOSTS: 'solar.example', NODE_ENV: 'production' });
    const health = createHealth({ checks: realChecks() });
    health.markReady();
    const base = await listen(health);
    const port = new URL(base).port;
    const probe = (method: string, p: string) => new Promise<{ status: number; body: string; allow?: string }>((resolve, reject) => {
      http.request({ host: '127.0.0.1', port, path: p, method, headers: { host: `10.0.3.7:${port}` } }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, allow: res.headers.allow }));
      }).on('error', reject).end();
    });
    expect((await probe('GET', '/readyz')).status).toBe(200);
    expect(await probe('HEAD', '/healthz')).toMatchObject({ status: 200, body: '' });
    expect(await probe('POST', '/readyz')).toMatchObject({ status: 405, allow: 'GET, HEAD' });
    // Anything else still gets the Host check.
    expect((await probe('GET', '/reels')).status).toBe(421);
  });

  it('database down: 503 naming database', async () => {
    const down = async () => ({
      db: { execute: () => Promise.reject(Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' })) },
    }) as unknown as DbHandle;
    const health = createHealth({ checks: { ...realChecks(), database: databaseCheck(down) } });
    health.markReady();
    const r = await readyz(await listen(health));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({
      status: 'unready',
      checks: { database: { ok: false, error: 'failed (ECONNREFUSED)' }, migrations: { ok: true }, media_storage: { ok: true } },
    });
    expect(JSON.stringify(r.body)).not.toContain('10.1.2.3');
  });

  it('a migration the database lacks: 503 naming migrations and the tag', async () => {
    const journal = async () => [...await readJournal(), { tag: '9999_not_applied_here', when: 4102444800000 }];
    const health = createHealth({ checks: { ...realChecks(), migrations: migrationsCheck(getDb, journal) } });
    health.markReady();
    const r = await readyz(await listen(health));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 'unready', checks: { migrations: { ok: false, error: 'not applied: 9999_not_applied_here' }, database: { ok: true } } });
  });

  it('media storage not writable: 503 naming media_storage', async () => {
    const file = path.join(scratch, 'not-a-directory');
    fs.writeFileSync(file, 'x');
    const storage = new LocalStorage(path.join(file, 'media'));
    const health = createHealth({ checks: { ...realChecks(), media_storage: mediaStorageCheck(() => storage) } });
    health.markReady();
    const r = await readyz(await listen(health));
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 'unready', checks: { media_storage: { ok: false, error: 'failed (ENOTDIR)' } } });
  });

  it('Redis configured but down (a closed port): 503 naming redis', async () => {
    const redis = redisCheck('redis://127.0.0.1:9');
    try {
      const health = createHealth({ checks: { ...realChecks(), redis: redis.check }, timeoutMs: 1500 });
      health.markReady();
      const r = await readyz(await listen(health));
      expect(r.status).toBe(503);
      expect(r.body).toMatchObject({ status: 'unready', checks: { redis: { ok: false }, database: { ok: true } } });
    } finally {
      await redis.close();
    }
  });
});

describe('http_request_duration_seconds', () => {
  it('labels an API request with its route pattern, not the raw path', async () => {
    const base = await listen(createHealth({ checks: realChecks() }));
    const id = '0e9ab6f1-7a51-4d4e-9f3c-5a1b2c3d4e5f';
    await (await fetch(`${base}/feeds-server/api/v1/${id}`)).arrayBuffer();
    await (await fetch(`${base}/feeds-server/api/v1/feeds`)).arrayBuffer();
    await (await fetch(`${base}/content/${id}`)).arrayBuffer();
    await (await fetch(`${base}/feeds-server/api/v1/a/b/c/d`)).arrayBuffer();
    // The listener records when the response closes: give the close events a turn.
    await new Promise((r) => setTimeout(r, 50));
    const text = await metrics().registry.getSingleMetricAsString('http_request_duration_seconds');
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/feeds-server\/api\/v1\/:id",status_class="[2-5]xx"\} [1-9]/);
    expect(text).toMatch(/http_request_duration_seconds_count\{method="GET",route="\/feeds-server\/api\/v1\/feeds",status_class="2xx"\} [1-9]/);
    expect(text).toMatch(/route="\/content\/:id",status_class="4xx"/);
    expect(text).toMatch(/route="unmatched",status_class="4xx"/);
    expect(text).not.toContain(id);
  });
});

describe('database-backed gauges, read on scrape', () => {
  it('job_queue_depth counts queued jobs by kind; event_derivation_lag_seconds is the oldest underived event age', async () => {
    const { db } = await getDb();
    readMetricsFrom(db);
    const kind = `metrics_probe_${Date.now()}`;
    const ids = [await enqueue(kind, {}, { delayMs: 600_000 }), await enqueue(kind, {}, { delayMs: 600_000 })];
    const [ev] = await db.insert(events).values({
      event_type: 'VIDEO_VIEW', payload: {}, created_at: new Date(Date.now() + 3_600_000 * -24 * 365),
    }).returning({ id: events.id });
    try {
      const text = await metrics().registry.metrics();
      expect(text).toContain(`job_queue_depth{kind="${kind}",state="queued"} 2`);
      const lag = Number(/^event_derivation_lag_seconds (\S+)$/m.exec(text)?.[1]);
      // On a shared PostgreSQL another file's underived event may come first; on this file's own database it is ours.
      const [first] = await db.select({ id: events.id }).from(events).where(eq(events.derived, false)).orderBy(events.id).limit(1);
      if (first.id === ev.id) expect(lag).toBeGreaterThan(3600 * 24 * 300);
      else expect(lag).toBeGreaterThan(0);
    } finally {
      await db.delete(jobs).where(inArray(jobs.id, ids));
      await db.delete(events).where(eq(events.id, ev.id));
    }
  });
});
