import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Counter, Registry } from 'prom-client';
import { afterEach, describe, expect, it } from 'vitest';
import { startMetricsServer } from './metrics-server';

const quiet = () => {
  const warnings: unknown[][] = [];
  return { warnings, log: { info: () => undefined, warn: (...a: unknown[]) => void warnings.push(a) } };
};
const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of closers.splice(0)) await c();
});

describe('the metrics server (server/metrics-server.ts)', () => {
  it('answers GET /metrics in the text exposition format, 404 elsewhere, on the given host only', async () => {
    const registry = new Registry();
    new Counter({ name: 'probe_things_total', help: 'Things.', registers: [registry] }).inc(3);
    const free = await new Promise<number>((resolve) => {
      const s = http.createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as AddressInfo).port;
        s.close(() => resolve(p));
      });
    });
    const m = await startMetricsServer({ port: free, host: '127.0.0.1', log: quiet().log, registry });
    expect(m).not.toBeNull();
    closers.push(m!.close);
    const res = await fetch(`http://127.0.0.1:${free}/metrics`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe(registry.contentType);
    const text = await res.text();
    expect(text).toContain('# TYPE probe_things_total counter');
    expect(text).toContain('probe_things_total 3');
    expect((await fetch(`http://127.0.0.1:${free}/`)).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${free}/metrics`, { method: 'POST' })).status).toBe(405);
  });

  it('METRICS_PORT=0 starts nothing', async () => {
    expect(await startMetricsServer({ port: 0, host: '127.0.0.1', log: quiet().log })).toBeNull();
  });

  it('a port in use is a warning, not a crash', async () => {
    const taken = http.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    closers.push(() => new Promise((r) => taken.close(() => r())));
    const q = quiet();
    const m = await startMetricsServer({ port: (taken.address() as AddressInfo).port, host: '127.0.0.1', log: q.log });
    expect(m).toBeNull();
    expect(q.warnings).toHaveLength(1);
    expect(String(q.warnings[0][1])).toMatch(/METRICS_PORT/);
  });
});

describe('METRICS_PORT and READINESS_DRAIN_MS defaults (lib/env.ts)', () => {
  it('metrics on 9464 except under test; a drain wait only in production', async () => {
    const { parseEnv } = await import('@/lib/env');
    expect(parseEnv({ NODE_ENV: 'production' })).toMatchObject({ METRICS_PORT: 9464, METRICS_HOST: '127.0.0.1', READINESS_DRAIN_MS: 5000 });
    expect(parseEnv({ NODE_ENV: 'development' })).toMatchObject({ METRICS_PORT: 9464, READINESS_DRAIN_MS: 0 });
    expect(parseEnv({ NODE_ENV: 'test' })).toMatchObject({ METRICS_PORT: 0, READINESS_DRAIN_MS: 0 });
    expect(parseEnv({ NODE_ENV: 'production', METRICS_PORT: '0', READINESS_DRAIN_MS: '250' }))
      .toMatchObject({ METRICS_PORT: 0, READINESS_DRAIN_MS: 250 });
  });
});
