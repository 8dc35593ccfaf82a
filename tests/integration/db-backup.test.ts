import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOperatorSocket, embeddedDbPaths } from '@/lib/db/operator-db';
import { SESSION_COOKIE } from '@/lib/auth/session';
import { logMsg, runTsxToEnd, spawnTsx, type TsxChild, type TsxRun } from '@/tests/fixtures/spawn';
import { sessionTokenFromSetCookie } from '@/tests/fixtures/seed';

/**
 * `npm run db:backup` and `npm run db:restore` on the embedded database
 * (docs/ops/deploy.md "Backups"): a backup taken from a running server while
 * requests keep writing, restored into a fresh DATA_DIR where a new server
 * shows the data through its API (the writes made during the backup are
 * there exactly up to the moment of the copy); a restore refused while a
 * server holds the lock, and for a damaged file, leaving the database as it
 * was; a backup taken under the lock with no server; both refused with
 * DATABASE_URL. Servers are tests/fixtures/operator-server-child.ts (the
 * server's own database start-up, the API without Next); the folders go at
 * the end.
 */

/** The children's environment: the embedded database only, and room for the write loop's leads and visitors. */
const childEnv = (dataDir: string, extra: Record<string, string> = {}) => ({
  DATABASE_URL: undefined, REDIS_URL: undefined, DATA_DIR: dataDir, SMS_PROVIDER: 'console', LOG_LEVEL: 'silent',
  IP_LIMIT_LEADS: '100000', IP_LIMIT_VISITORS: '100000', ...extra,
});


/** Runs `scripts/<name>.ts` (or the file `name` when it has a slash) to its end without blocking this process (a server child's output keeps flowing). */
function runScript(name: string, args: string[], dataDir: string, extra: Record<string, string> = {}): Promise<TsxRun> {
  return runTsxToEnd(name.includes('/') ? name : `scripts/${name}.ts`, args, childEnv(dataDir, extra));
}

/** Starts a server child on `dataDir` and waits until it answers. */
async function startServer(dataDir: string): Promise<{ server: TsxChild; base: string }> {
  const server = spawnTsx('tests/fixtures/operator-server-child.ts', [], childEnv(dataDir, { LOG_LEVEL: 'info' }));
  const line = await server.waitForLine((l) => l.startsWith('listening '), 120_000);
  return { server, base: `http://127.0.0.1:${line.split(' ')[1]}` };
}

async function stopServer(server: TsxChild | undefined): Promise<void> {
  if (server?.child.exitCode !== null || server.child.signalCode !== null) return;
  server.child.kill('SIGTERM');
  await server.exited;
}

/** Every file under `dir` with its size and modification time: equal before and after means untouched. */
function fingerprint(dir: string): string[] {
  return (fs.readdirSync(dir, { recursive: true, withFileTypes: true }) as fs.Dirent[])
    .map((d) => path.join(d.parentPath, d.name))
    .map((f) => { const s = fs.statSync(f); return `${path.relative(dir, f)} ${s.size} ${s.mtimeMs}`; })
    .sort();
}

const json = (method: string, body: unknown, headers: Record<string, string> = {}): RequestInit => ({
  method, headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body),
});

describe.runIf(process.env.TEST_DB !== 'postgres')('db:backup and db:restore on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-backup-'));
  /** A fresh DATA_DIR the backup is restored into. */
  const restoreDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sr-restore-'));
  let first: { server: TsxChild; base: string } | undefined;
  let second: { server: TsxChild; base: string } | undefined;
  let postgresRefusals: Promise<TsxRun[]>;
  const timings: Record<string, number> = {};

  /** What the first server held when the backup was taken, checked after the restore. */
  const before = { cookie: '', userId: '', topicName: `Backup Topic ${Date.now()}` };
  /** The write loop's leads, by number: when each request started and ended (ms since epoch). */
  const writes: Array<{ i: number; start: number; end: number; status: number }> = [];
  let dumpWindow = { start: 0, end: 0 };
  let backupFile = '';

  beforeAll(async () => {
    // The DATABASE_URL refusals need no database: they run while the server starts.
    const pg = { DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none' };
    postgresRefusals = Promise.all([runScript('db-backup', [], dataDir, pg), runScript('db-restore', ['x.tar.gz'], dataDir, pg)]);
    const started = Date.now();
    first = await startServer(dataDir);
    timings.serverStart = Date.now() - started;
  }, 150_000);

  afterAll(async () => {
    await Promise.all([stopServer(first?.server), stopServer(second?.server)]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    fs.rmSync(restoreDir, { recursive: true, force: true });
    console.info(`db backup, ms: ${JSON.stringify(timings)}`);
  });

  it('with DATABASE_URL both refuse, pointing at pg_dump and pg_restore', async () => {
    const [backup, restore] = await postgresRefusals;
    expect([backup.code, backup.stdout]).toEqual([1, '']);
    expect(backup.stderr).toBe('db:backup: DATABASE_URL is set: PostgreSQL is backed up with pg_dump, not this command (docs/ops/deploy.md, "Backups")\n');
    expect([restore.code, restore.stdout]).toEqual([1, '']);
    expect(restore.stderr).toContain('PostgreSQL is restored with pg_restore');
  });

  it('backs up the running server while requests keep writing: a 0600 tarball in DATA_DIR/backups', async () => {
    const { server, base } = first!;
    const api = (p: string, init: RequestInit = {}) => fetch(`${base}${p}`, init);
    const visitorHeaders = async () => ({ 'x-fingerprint-id': ((await (await api('/auth/api/v1/visitor', { method: 'POST' })).json()) as { token: string }).token });

    // A user made ADMIN (through the operator socket, as user:grant does) who makes a topic through the API.
    const phone = `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;
    const headers = await visitorHeaders();
    expect((await api('/auth/api/v1/otp/initiate', json('POST', { phone: `+91${phone}` }, headers))).status).toBe(200);
    const otp = logMsg(await server.waitForLine((l) => logMsg(l).startsWith(`otp +91${phone} `), 10_000)).split(' ')[2];
    const verified = await api('/auth/api/v1/otp/verify', json('POST', { phone: `+91${phone}`, otp, over_18: true, accept_terms: true }, headers));
    expect(verified.status).toBe(200);
    before.userId = ((await verified.json()) as { user: { userId: string } }).user.userId;
    before.cookie = `${SESSION_COOKIE}=${sessionTokenFromSetCookie(verified)}`;
    const granted = await callOperatorSocket(embeddedDbPaths(dataDir).socket, 'user-grant', { phone, role: 'ADMIN', topic: null, revoke: false });
    expect(granted.answered).toBe(true);
    expect((await api('/uploader/api/v1/topic', json('POST', { name: before.topicName }, { cookie: before.cookie }))).status).toBe(201);

    // Leads one after another (a visitor takes 10) for as long as the backup runs.
    let writing = true;
    const loop = (async () => {
      let h = await visitorHeaders();
      for (let i = 0; writing; i++) {
        if (i % 10 === 9) h = await visitorHeaders();
        const start = Date.now();
        const res = await api('/api/v1/leads/subsidy', json('POST', {
          idempotency_key: randomUUID(), name: `Backup Lead ${i}`, phone: `98${String(i).padStart(8, '0')}`, pin_code: '226001',
          system_type: 'on-grid', size: '3kW+', power_cut: 'over-2h',
        }, h));
        writes.push({ i, start, end: Date.now(), status: res.status });
      }
    })();
    const run = await runScript('db-backup', [], dataDir);
    writing = false;
    await loop;
    timings.backupThroughServer = run.ms;

    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const m = /^(\S+) (\d+) bytes \(\d+\.\d MB\) in \d+ ms, by the running server\n$/.exec(run.stdout);
    expect(m, run.stdout).not.toBeNull();
    backupFile = m![1];
    expect(path.dirname(backupFile)).toBe(path.join(dataDir, 'backups'));
    expect(path.basename(backupFile)).toMatch(/^pglite-\d{8}T\d{6}Z\.tar\.gz$/);
    const stat = fs.statSync(backupFile);
    expect([stat.size, stat.mode & 0o777]).toEqual([Number(m![2]), 0o600]);
    expect(fs.readdirSync(path.dirname(backupFile))).toEqual([path.basename(backupFile)]); // no temp file left
    timings.backupBytes = stat.size;

    // The server's own account of the dump: its log line's time less its duration.
    const logged = JSON.parse(server.lines.find((l) => logMsg(l) === 'operator command run through the socket' && l.includes('"op":"db-dump"'))!) as { time: number; ms: number };
    dumpWindow = { start: logged.time - logged.ms, end: logged.time };
    timings.dumpInServer = logged.ms;
    expect(writes.every((w) => w.status === 201)).toBe(true);
    // Requests were writing while the server made the copy.
    expect(writes.some((w) => w.start < dumpWindow.end && w.end > dumpWindow.start)).toBe(true);
    expect(writes.filter((w) => w.end < dumpWindow.start).length).toBeGreaterThan(0);

    await stopServer(server);
  }, 120_000);

  it.concurrent('restores into a fresh DATA_DIR: a server there shows the data up to the copy; a restore is refused while it runs', async () => {
    let started = Date.now();
    const restore = await runScript('db-restore', [backupFile], restoreDir);
    timings.restore = Date.now() - started;
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    const pgliteDir = embeddedDbPaths(restoreDir).pgliteDir;
    expect(restore.stdout).toMatch(new RegExp(`^restored ${backupFile} into ${pgliteDir}: 1 users, \\d+ migrations applied \\(this code has \\d+\\), Postgres \\d+\nthere was no database before\n$`));

    started = Date.now();
    second = await startServer(restoreDir);
    timings.restoredServerStart = Date.now() - started;
    const api = (p: string, init: RequestInit = {}) => fetch(`${second!.base}${p}`, init);
    // The session, the role and the topic made before the backup, through the API.
    // While this server holds the lock a restore is refused (checked at the end; it runs meanwhile).
    const held = runScript('db-restore', [backupFile], restoreDir);
    // So is a job worker of its own on this directory: the server runs the jobs itself.
    const worker = runScript('server/worker.ts', [], restoreDir);
    const me = (await (await api('/auth/api/v1/me', { headers: { cookie: before.cookie } })).json()) as { userId: string; permissions: { roles: unknown[] } };
    expect([me.userId, me.permissions.roles]).toEqual([before.userId, [{ role: 'ADMIN', topicId: null }]]);
    const topics = (await (await api('/uploader-read/api/v3/topics')).json()) as { topics: Array<{ name: string }> };
    expect(topics.topics.map((t) => t.name)).toContain(before.topicName);
    // The leads written during the backup: exactly those before some moment inside the dump (a consistent copy):
    // every one finished before the dump began, none begun after it ended, and no gap.
    const { csv } = ((await callOperatorSocket<{ csv: string }>(embeddedDbPaths(restoreDir).socket, 'leads-export', {})) as { result: { csv: string } }).result;
    const restored = [...csv.matchAll(/Backup Lead (\d+)/g)].map((x) => Number(x[1])).sort((a, b) => a - b);
    expect(restored).toEqual(restored.map((_, k) => k));
    expect(restored.length).toBeGreaterThanOrEqual(writes.filter((w) => w.end < dumpWindow.start).length);
    expect(restored.length).toBeLessThanOrEqual(writes.filter((w) => w.start <= dumpWindow.end).length);
    Object.assign(timings, { leadsWritten: writes.length, leadsRestored: restored.length });

    const refused = await held;
    expect([refused.code, refused.stdout]).toEqual([1, '']);
    expect(refused.stderr).toBe(`db:restore: another process holds the database at ${pgliteDir} (lock ${embeddedDbPaths(restoreDir).lock}): `
      + 'a server or an operator command is using it; stop it first (a lock left by a crashed process frees itself within 10 s); nothing was changed\n');
    expect(fs.readdirSync(restoreDir).filter((n) => n.startsWith('pglite.'))).toEqual(['pglite.lock']);
    const workerRun = await worker;
    expect(workerRun.code).toBe(1);
    expect(workerRun.stderr).toContain(`worker: another process holds the database at ${pgliteDir}`);
    await stopServer(second.server);
  }, 120_000);

  it.concurrent('with no server: db:backup takes the lock itself; a damaged backup is refused and the database left as it was', async () => {
    const paths = embeddedDbPaths(dataDir);
    const own = path.join(dataDir, 'own.tar.gz');
    const run = await runScript('db-backup', [own], dataDir);
    timings.backupUnderLock = run.ms;
    expect(run.stderr).toBe('');
    expect([run.code, run.stdout]).toEqual([0, expect.stringMatching(new RegExp(`^${own} \\d+ bytes .* under the lock \\(no server running\\)\n$`)) as unknown]);
    expect(fs.statSync(own).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(paths.lock)).toBe(false);

    // Damaged two ways (lib/db/backup.test.ts has the others): not an archive at all, refused before the lock, and a whole
    // archive whose pg_control Postgres rejects, refused once PGlite has tried it in a folder of its own.
    const junk = path.join(dataDir, 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup\n');
    const tar = gunzipSync(fs.readFileSync(backupFile));
    const control = tar.indexOf('/global/pg_control\0');
    expect(control % 512).toBe(0);
    tar.fill(0xff, control + 512, control + 1024);
    const badControl = path.join(dataDir, 'bad-control.tar.gz');
    fs.writeFileSync(badControl, gzipSync(tar));

    const untouched = fingerprint(paths.pgliteDir);
    const [j, b] = await Promise.all([junk, badControl].map((f) => runScript('db-restore', [f], dataDir)));
    timings.refusedRestore = b.ms;
    for (const r of [j, b]) expect([r.code, r.stdout]).toEqual([1, '']);
    expect(j.stderr).toBe(`db:restore: ${junk} is not a usable backup: it is neither a gzip nor a tar file; nothing was changed\n`);
    expect(b.stderr).toMatch(/is not a usable backup: Postgres did not start on it: .*; nothing was changed\n$/);
    expect(fingerprint(paths.pgliteDir)).toEqual(untouched);
    expect(fs.readdirSync(dataDir).filter((n) => n.startsWith('pglite.'))).toEqual([]);
  }, 120_000);
});
