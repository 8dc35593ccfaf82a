import { describe, expect, it } from 'vitest';
import { CheckFailed, createHealth, healthProbeOf, type ReadinessChecks } from './health';

const pass = async () => undefined;
const allPass = (): ReadinessChecks => ({ database: pass, migrations: pass, media_storage: pass });

describe('healthProbeOf', () => {
  it('names /healthz and /readyz (any query), nothing else', () => {
    expect(healthProbeOf('/healthz')).toBe('healthz');
    expect(healthProbeOf('/readyz?probe=lb')).toBe('readyz');
    expect(healthProbeOf('/readyz/')).toBeNull();
    expect(healthProbeOf('/healthzz')).toBeNull();
    expect(healthProbeOf('/content/healthz')).toBeNull();
  });
});

describe('readiness (server/health.ts)', () => {
  it('is 503 starting until marked ready, then 200 naming each check', async () => {
    const h = createHealth({ checks: allPass() });
    expect(await h.readiness()).toEqual({ status: 503, body: { status: 'starting' } });
    h.markReady();
    const r = await h.readiness();
    expect(r.status).toBe(200);
    expect(r.body).toEqual({
      status: 'ready',
      checks: { database: { ok: true, ms: expect.any(Number) }, migrations: { ok: true }, media_storage: { ok: true } },
    });
  });

  it('is 503 draining once draining, whatever the checks say, and never ready again', async () => {
    const h = createHealth({ checks: allPass() });
    h.markReady();
    h.markDraining();
    h.markReady();
    expect(await h.readiness()).toEqual({ status: 503, body: { status: 'draining' } });
  });

  it('a failing check gives 503 unready naming it, with a safe message and not the error text', async () => {
    const h = createHealth({
      checks: {
        ...allPass(),
        database: async () => {
          throw Object.assign(new Error('password authentication failed for user "ravi"'), { code: '28P01' });
        },
        migrations: async () => {
          throw new CheckFailed('not applied: 0010_next');
        },
      },
    });
    h.markReady();
    const r = await h.readiness();
    expect(r.status).toBe(503);
    expect(r.body).toEqual({
      status: 'unready',
      checks: {
        database: { ok: false, error: 'failed (28P01)' },
        migrations: { ok: false, error: 'not applied: 0010_next' },
        media_storage: { ok: true },
      },
    });
    expect(JSON.stringify(r.body)).not.toContain('ravi');
  });

  it('a check that hangs fails after the timeout', async () => {
    const h = createHealth({ checks: { ...allPass(), redis: () => new Promise(() => undefined) }, timeoutMs: 50 });
    h.markReady();
    const r = await h.readiness();
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ status: 'unready', checks: { redis: { ok: false, error: 'timed out after 50 ms' } } });
  });

  it('reuses a result for cacheMs, so probes cannot hammer the database', async () => {
    let runs = 0;
    const h = createHealth({ checks: { ...allPass(), database: async () => void runs++ }, cacheMs: 150 });
    h.markReady();
    await Promise.all([h.readiness(), h.readiness()]);
    await h.readiness();
    expect(runs).toBe(1);
    await new Promise((r) => setTimeout(r, 170));
    await h.readiness();
    expect(runs).toBe(2);
  });
});
