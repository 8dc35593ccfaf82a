import http from 'node:http';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { spawnTsx, type TsxChild } from '@/tests/fixtures/spawn';
import { gracefulStop } from './graceful';

const CHILD = path.resolve('tests/fixtures/graceful-child.ts');
let child: TsxChild | undefined;

afterEach(() => {
  child?.crash();
  child = undefined;
});

function get(port: number, p: string, agent?: http.Agent): Promise<{ status: number; body: string; connection?: string }> {
  return new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port, path: p, agent }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        body += c;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body, connection: res.headers.connection }));
    }).on('error', reject);
  });
}

async function start(env: Record<string, string> = {}): Promise<number> {
  child = spawnTsx(CHILD, [], env);
  const line = await child.waitForLine((l) => l.startsWith('listening '), 30_000);
  return Number(line.split(' ')[1]);
}

describe('SIGTERM (server/graceful.ts, a real process and a real signal)', () => {
  it('lets a slow request in flight finish, refuses new connections, then stops the background and exits 0', async () => {
    const port = await start();
    const slow = get(port, '/slow?ms=1500');
    await child!.waitForLine((l) => l === 'started /slow', 10_000);
    child!.child.kill('SIGTERM');
    const res = await slow;
    expect(res).toMatchObject({ status: 200, body: 'done after 1500 ms' });
    await expect(get(port, '/slow?ms=0')).rejects.toThrow(/ECONNREFUSED/);
    expect(await child!.exited).toEqual({ code: 0, signal: null });
    expect(child!.lines.slice(-2)).toEqual(['background stopped', 'resources closed']);
  }, 60_000);

  it('cuts what is still running when the grace period ends, and exits 1', async () => {
    const port = await start({ GRACE_MS: '300' });
    const slow = get(port, '/slow?ms=20000').catch((err: Error) => err);
    await child!.waitForLine((l) => l === 'started /slow', 10_000);
    child!.child.kill('SIGTERM');
    expect(await slow).toBeInstanceOf(Error);
    expect((await child!.exited).code).toBe(1);
    expect(child!.lines).toContain('resources closed');
  }, 60_000);

  it('announces draining before the listener closes: /readyz says 503 draining while requests are still served', async () => {
    const port = await start({ DRAIN_MS: '1500' });
    expect(await get(port, '/readyz')).toMatchObject({ status: 200 });
    child!.child.kill('SIGTERM');
    await child!.waitForLine((l) => l === 'draining', 10_000);
    const ready = await get(port, '/readyz');
    expect(ready.status).toBe(503);
    expect(JSON.parse(ready.body)).toEqual({ status: 'draining' });
    expect(await get(port, '/slow?ms=0')).toMatchObject({ status: 200, body: 'done after 0 ms' });
    expect(await child!.exited).toEqual({ code: 0, signal: null });
    expect(child!.lines.indexOf('draining')).toBeLessThan(child!.lines.indexOf('background stopped'));
  }, 60_000);

  it('exits at once on a second signal', async () => {
    const port = await start({ GRACE_MS: '30000' });
    void get(port, '/slow?ms=20000').catch(() => undefined);
    await child!.waitForLine((l) => l === 'started /slow', 10_000);
    child!.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 200));
    const t0 = Date.now();
    child!.child.kill('SIGINT');
    expect((await child!.exited).code).toBe(1);
    expect(Date.now() - t0).toBeLessThan(10_000);
    expect(child!.lines).not.toContain('resources closed');
  }, 60_000);
});

describe('gracefulStop (in process)', () => {
  it('announces draining while the listener is still open, waits drainMs, then closes it', async () => {
    const server = http.createServer((_req, res) => res.end('ok'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const seen: Array<{ at: number; listening: boolean }> = [];
    const t0 = Date.now();
    const log = { info: () => undefined, warn: () => undefined, error: () => undefined };
    const inTime = await gracefulStop({
      server, graceMs: 1000, log, drainMs: 200,
      announceDraining: () => seen.push({ at: Date.now() - t0, listening: server.listening }),
    });
    expect(inTime).toBe(true);
    expect(seen).toEqual([{ at: expect.any(Number), listening: true }]);
    expect(seen[0].at).toBeLessThan(100);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(server.listening).toBe(false);
  });
});
