import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embeddedDbPaths } from '@/lib/db/operator-db';
import { logMsg, runTsxToEnd, spawnTsx, type TsxChild, type TsxRun } from '@/tests/fixtures/spawn';
import { sessionTokenFromSetCookie } from '@/tests/fixtures/seed';
import { SESSION_COOKIE } from '@/lib/auth/session';

/**
 * `npm run user:grant`, `leads:export` and `customers:import` on the
 * embedded database (docs/decisions/030): with a server running on the
 * DATA_DIR, through its operator socket, their effect visible through its
 * API at once; without one, under the directory's lock; refused while a
 * live process holds the lock without answering. One server child (the
 * server's own database start-up: tests/fixtures/operator-server-child.ts)
 * for the file; the data folder goes at the end.
 */

/** The children's environment: the embedded database only (never the suite's PostgreSQL or Redis). */
const childEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, SMS_PROVIDER: 'console', LOG_LEVEL: 'silent', ...extra,
});


/** Runs an operator script (`scripts/<name>.ts`) to its end, without blocking this process (the server child's output keeps flowing). */
function runScript(name: string, args: string[], dataDir: string): Promise<TsxRun> {
  return runTsxToEnd(`scripts/${name}.ts`, args, childEnv(dataDir));
}

/** A random Indian mobile number: its 10 digits and E.164. */
function newPhone(): { digits: string; e164: string } {
  const digits = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
  return { digits, e164: `+91${digits}` };
}

describe.runIf(process.env.TEST_DB !== 'postgres')('operator commands on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-operator-'));
  let server: TsxChild;
  let base = '';
  const timings: Record<string, number> = {};

  const api = (pathname: string, init: RequestInit = {}) => fetch(`${base}${pathname}`, init);
  const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
    method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
  });

  /** Signs a new user in by OTP through the server's API, reading the code the console provider logged. */
  async function signIn(): Promise<{ phone: ReturnType<typeof newPhone>; userId: string; cookie: string }> {
    const phone = newPhone();
    const visitor = await api('/auth/api/v1/visitor', { method: 'POST' });
    const headers = { 'x-fingerprint-id': ((await visitor.json()) as { token: string }).token };
    expect((await api('/auth/api/v1/otp/initiate', json('POST', { phone: phone.e164 }, headers))).status).toBe(200);
    const line = await server.waitForLine((l) => logMsg(l).startsWith(`otp ${phone.e164} `), 10_000);
    const otp = logMsg(line).split(' ')[2];
    const res = await api('/auth/api/v1/otp/verify', json('POST', { phone: phone.e164, otp, over_18: true, accept_terms: true }, headers));
    expect(res.status).toBe(200);
    const { user } = (await res.json()) as { user: { userId: string } };
    return { phone, userId: user.userId, cookie: `${SESSION_COOKIE}=${sessionTokenFromSetCookie(res)}` };
  }

  const rolesOf = async (cookie: string) =>
    ((await (await api('/auth/api/v1/me', { headers: { cookie } })).json()) as { permissions: { roles: unknown[] } }).permissions.roles;

  beforeAll(async () => {
    server = spawnTsx('tests/fixtures/operator-server-child.ts', [], childEnv(dataDir, { LOG_LEVEL: 'info' }));
    const line = await server.waitForLine((l) => l.startsWith('listening '), 120_000);
    base = `http://127.0.0.1:${line.split(' ')[1]}`;
  }, 150_000);

  afterAll(async () => {
    if (server?.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
    console.info(`operator commands, ms: ${JSON.stringify(timings)}`);
  });

  it('a second server on the same DATA_DIR refuses to start, saying another process holds the database', async () => {
    const second = spawnTsx('server/index.ts', [], childEnv(dataDir, { LOG_LEVEL: 'warn' }));
    const { code } = await second.exited;
    expect(code).toBe(1);
    expect(second.lines.join('\n')).toContain(`another process holds the database at ${embeddedDbPaths(dataDir).pgliteDir}`);
    // The first server still answers, and its operator socket is its user's alone.
    expect((await api('/auth/api/v1/visitor', { method: 'POST' })).status).toBe(201);
    const paths = embeddedDbPaths(dataDir);
    expect([fs.statSync(paths.runDir).mode & 0o777, fs.statSync(paths.socket).mode & 0o777]).toEqual([0o700, 0o600]);
  }, 90_000);

  it('user:grant: the role shows in GET /auth/api/v1/me at once, without a restart', async () => {
    const u = await signIn();
    expect(await rolesOf(u.cookie)).toEqual([]);
    const run = await runScript('user-grant', [u.phone.digits, 'creator'], dataDir);
    timings.userGrant = run.ms;
    expect(run.stderr).toBe('');
    expect([run.code, run.stdout]).toEqual([0, `granted CREATOR in every topic to user ${u.userId}\n`]);
    expect(await rolesOf(u.cookie)).toEqual([{ role: 'CREATOR', topicId: null }]);
    // The operation's own refusal comes back through the socket as the command's message.
    const unknown = await runScript('user-grant', [newPhone().digits, 'CREATOR'], dataDir);
    expect([unknown.code, unknown.stderr]).toEqual([1, 'user:grant: no user with this phone number (they must sign in once first)\n']);
  }, 60_000);

  it('leads:export lists a lead made through POST /api/v1/leads/subsidy a moment before', async () => {
    const visitor = await api('/auth/api/v1/visitor', { method: 'POST' });
    const headers = { 'x-fingerprint-id': ((await visitor.json()) as { token: string }).token };
    const phone = newPhone();
    const res = await api('/api/v1/leads/subsidy', json('POST', {
      idempotency_key: randomUUID(), name: 'Operator Socket Lead', phone: phone.digits, pin_code: '226001',
      system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h',
    }, headers));
    expect(res.status).toBe(201);
    const run = await runScript('leads-export', [], dataDir);
    timings.leadsExport = run.ms;
    expect(run.code).toBe(0);
    const row = run.stdout.split('\n').find((l) => l.includes(phone.e164));
    expect(row).toContain('Operator Socket Lead');
  }, 60_000);

  it('customers:import: an imported phone may refer with a customers-only deal at once (GET deal/validate)', async () => {
    const staff = await signIn();
    expect((await runScript('user-grant', [staff.phone.digits, 'STAFF'], dataDir)).code).toBe(0);
    const created = await api('/referral/api/v1/deals', json('POST', {
      url_id: `customers-only-${Date.now()}`, title: 'Customers only', reward_inr: 500, customers_only: true,
    }, { cookie: staff.cookie }));
    expect(created.status).toBe(201);
    const dealId = ((await created.json()) as { deal: { id: string } }).deal.id;
    const referrer = await signIn();
    const allowed = async () => ((await (await api(`/referral/api/v1/deal/validate/${dealId}/${referrer.userId}`, {
      headers: { cookie: referrer.cookie },
    })).json()) as { allowed: boolean }).allowed;
    expect(await allowed()).toBe(false);
    const csv = path.join(dataDir, 'customers.csv');
    fs.writeFileSync(csv, `name,phone\nAsha Customer,${referrer.phone.digits}\n`);
    const run = await runScript('customers-import', [csv], dataDir);
    timings.customersImport = run.ms;
    expect([run.code, run.stdout]).toEqual([0, '1 inserted, 0 updated, 0 invalid\n']);
    expect(await allowed()).toBe(true);
  }, 90_000);

  describe('without a running server', () => {
    beforeAll(async () => {
      server.child.kill('SIGTERM');
      await server.exited;
    }, 30_000);

    it('a command takes the lock, opens the directory itself (the leads made earlier are there) and frees it', async () => {
      const paths = embeddedDbPaths(dataDir);
      expect(fs.existsSync(paths.lock)).toBe(false);
      const run = await runScript('leads-export', [], dataDir);
      timings.leadsExportUnderLock = run.ms;
      expect(run.code).toBe(0);
      expect(run.stdout).toContain('Operator Socket Lead');
      expect(fs.existsSync(paths.lock)).toBe(false);
    }, 90_000);

    it('a command is refused with exit 1 while a live process holds the lock but does not answer on the socket', async () => {
      const holder = spawnTsx('tests/fixtures/lock-holder-child.ts', [], childEnv(dataDir));
      try {
        await holder.waitForLine((l) => l === 'locked', 60_000);
        const paths = embeddedDbPaths(dataDir);
        const run = await runScript('user-grant', [newPhone().digits, 'CREATOR'], dataDir);
        expect(run.code).toBe(1);
        expect(run.stderr).toBe(`user:grant: the server at ${dataDir} holds the database but does not answer on ${paths.socket}; `
          + 'stop it or wait until it is ready\n');
        const exp = await runScript('leads-export', [], dataDir);
        expect([exp.code, exp.stdout]).toEqual([1, '']);
        expect(exp.stderr).toContain('holds the database but does not answer');
      } finally {
        holder.child.kill('SIGTERM');
        await holder.exited;
      }
    }, 90_000);
  });
});
