import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { buildApi } from '@/server/api';
import { createSocketServer } from '@/server/socket';
import { getDb } from '@/lib/db/client';
import { notifications } from '@/lib/db/schema';
import { NOTIFICATION_EVENT, notify, setNotificationEmitter, userRoom, type NotificationView } from '@/lib/notifications/notify';
import { listReadyReelsForTopics } from '@/features/reels/server/related';
import { Seed } from '../fixtures/seed';
import { ageOtpSends, captureOtpCodes } from '../fixtures/otp';

/**
 * Stored notifications (docs/api/accounts.md "Notifications"): the list and
 * its unread count, marking read, who may and who may not, the sign-in
 * notices, and the live push to the user's own sockets over a real
 * socket.io server.
 */
const api = buildApi();
const seed = new Seed();

let server: http.Server;
let io: Server;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  server = http.createServer();
  io = createSocketServer(server, { findReels: listReadyReelsForTopics }).io;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterEach(async () => {
  for (const c of clients.splice(0)) c.disconnect();
  await seed.cleanup();
});

afterAll(async () => {
  setNotificationEmitter(null);
  await io.close();
});

function get(path: string, cookie?: string) {
  return api.request(path, { headers: cookie ? { cookie } : {} });
}

function post(path: string, cookie: string, body: unknown, headers: Record<string, string> = {}) {
  return api.request(path, {
    method: 'POST',
    headers: { cookie, 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

const markRead = (cookie: string, body: unknown, headers?: Record<string, string>) =>
  post('/auth/api/v1/notifications/read', cookie, body, headers);

async function unreadIdsOf(userId: string): Promise<number[]> {
  const { db } = await getDb();
  const rows = await db.select({ id: notifications.id }).from(notifications)
    .where(and(eq(notifications.user_id, userId), isNull(notifications.read_at)));
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

describe('GET /auth/api/v1/notifications', () => {
  it('lists the user\'s own notifications newest first, 20 a page, with the unread count', async () => {
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const made: NotificationView[] = [];
    for (let i = 0; i < 23; i++) made.push(await notify(me.user.id, { key: 'newSignIn', params: { method: i % 2 ? 'google' : 'phone' } }));
    await notify(other.user.id, { key: 'welcome' });
    const newest = made[22];

    const res = await get('/auth/api/v1/notifications', me.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const first = await res.json();
    expect(first.unread).toBe(23);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]).toEqual({
      id: newest.id, key: 'newSignIn', params: { method: 'phone' }, link: null, read: false, created_at: newest.created_at,
    });
    expect(new Date(first.items[0].created_at).toISOString()).toBe(first.items[0].created_at);
    expect(first.items.map((n: NotificationView) => n.id)).toEqual(made.slice(3).reverse().map((n) => n.id));
    expect(first.next_before).toBe(made[3].id);

    const second = await (await get(`/auth/api/v1/notifications?before=${first.next_before}`, me.cookie)).json();
    expect(second.items.map((n: NotificationView) => n.id)).toEqual(made.slice(0, 3).reverse().map((n) => n.id));
    expect(second.next_before).toBeNull();
    expect(second.unread).toBe(23);
  });

  it('answers an empty list to a user without notifications', async () => {
    const me = await seed.signedIn();
    expect(await (await get('/auth/api/v1/notifications', me.cookie)).json()).toEqual({ items: [], unread: 0, next_before: null });
  });

  it('asks a visitor, or a caller with no cookie at all, to log in', async () => {
    const v = seed.viewer();
    for (const cookie of [v.cookie, undefined]) {
      const res = await get('/auth/api/v1/notifications', cookie);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('login_required');
    }
  });

  it('refuses a cursor that is not a notification id with 422', async () => {
    const me = await seed.signedIn();
    for (const before of ['abc', '0', '-1', '1.5', '99999999999999999999']) {
      const res = await get(`/auth/api/v1/notifications?before=${before}`, me.cookie);
      expect(res.status, before).toBe(422);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    expect((await get('/auth/api/v1/notifications?page=2', me.cookie)).status).toBe(422);
  });
});

describe('POST /auth/api/v1/notifications/read', () => {
  it('marks the named notifications read and answers the new unread count', async () => {
    const me = await seed.signedIn();
    const a = await notify(me.user.id, { key: 'welcome' });
    const b = await notify(me.user.id, { key: 'newSignIn', params: { method: 'google' } });
    const c = await notify(me.user.id, { key: 'newSignIn', params: { method: 'phone' }, link: '/profile' });

    const res = await markRead(me.cookie, { ids: [a.id, c.id] });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ updated: 2, unread: 1 });
    expect(await unreadIdsOf(me.user.id)).toEqual([b.id]);
    const list = await (await get('/auth/api/v1/notifications', me.cookie)).json();
    expect(list.items.map((n: NotificationView) => [n.id, n.read])).toEqual([[c.id, true], [b.id, false], [a.id, true]]);
    expect(list.items[0].link).toBe('/profile');

    // Again: nothing left to change among those.
    expect(await (await markRead(me.cookie, { ids: [a.id] })).json()).toEqual({ updated: 0, unread: 1 });
  });

  it('marks all read with {all: true}', async () => {
    const me = await seed.signedIn();
    for (let i = 0; i < 3; i++) await notify(me.user.id, { key: 'welcome' });
    expect(await (await markRead(me.cookie, { all: true })).json()).toEqual({ updated: 3, unread: 0 });
    expect(await unreadIdsOf(me.user.id)).toEqual([]);
  });

  it('leaves another user\'s notifications as they are, by id or with all', async () => {
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const theirs = await notify(other.user.id, { key: 'welcome' });
    const mine = await notify(me.user.id, { key: 'welcome' });
    expect(await (await markRead(me.cookie, { ids: [theirs.id, mine.id] })).json()).toEqual({ updated: 1, unread: 0 });
    expect(await (await markRead(me.cookie, { all: true })).json()).toEqual({ updated: 0, unread: 0 });
    expect(await unreadIdsOf(other.user.id)).toEqual([theirs.id]);
  });

  it('asks a visitor to log in and changes nothing', async () => {
    const v = seed.viewer();
    const other = await seed.signedIn();
    const theirs = await notify(other.user.id, { key: 'welcome' });
    for (const body of [{ ids: [theirs.id] }, { all: true }]) {
      const res = await markRead(v.cookie, body);
      expect(res.status).toBe(401);
      expect((await res.json()).error.code).toBe('login_required');
    }
    expect(await unreadIdsOf(other.user.id)).toEqual([theirs.id]);
  });

  it('refuses a foreign Origin with 403 and changes nothing', async () => {
    const me = await seed.signedIn();
    const n = await notify(me.user.id, { key: 'welcome' });
    const res = await markRead(me.cookie, { all: true }, { origin: 'https://evil.example' });
    expect(res.status).toBe(403);
    expect((await res.json()).error.code).toBe('origin_not_allowed');
    expect(await unreadIdsOf(me.user.id)).toEqual([n.id]);
  });

  it('refuses unbounded or malformed input with 422 and changes nothing', async () => {
    const me = await seed.signedIn();
    const n = await notify(me.user.id, { key: 'welcome' });
    const tooMany = Array.from({ length: 101 }, (_, i) => n.id + i);
    for (const body of [
      { ids: tooMany }, { ids: [] }, {}, { all: false }, { ids: [n.id], all: true }, { ids: ['1'] }, { ids: [1.5] },
      { ids: [-1] }, { ids: [n.id], extra: 1 }, [n.id],
    ]) {
      const res = await markRead(me.cookie, body);
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(422);
      expect((await res.json()).error.code).toBe('validation_failed');
    }
    expect(await unreadIdsOf(me.user.id)).toEqual([n.id]);
    // Exactly 100 is allowed.
    expect((await markRead(me.cookie, { ids: tooMany.slice(0, 100) })).status).toBe(200);
    expect(await unreadIdsOf(me.user.id)).toEqual([]);
  });
});

describe('sign-in notifications (POST /auth/api/v1/otp/verify)', () => {
  it('welcomes a new user, then tells of each later sign-in and its method', async () => {
    const codes = captureOtpCodes();
    try {
      const phone = seed.phone();
      const signIn = async (extra: Record<string, unknown>) => {
        const v = seed.viewer();
        expect((await post('/auth/api/v1/otp/initiate', v.cookie, { phone })).status).toBe(200);
        const res = await post('/auth/api/v1/otp/verify', v.cookie, { phone, otp: codes.last(phone)!, ...extra });
        expect(res.status).toBe(200);
        const body = await res.json();
        seed.trackUser(body.user.userId);
        return { userId: body.user.userId as string, token: body.token as string };
      };
      const listAs = async (token: string) =>
        (await api.request('/auth/api/v1/notifications', { headers: { authorization: `Bearer ${token}` } })).json();
      const first = await signIn({ over_18: true, accept_terms: true, client: 'api' });
      const list1 = await listAs(first.token);
      expect(list1.items.map((n: NotificationView) => [n.key, n.params])).toEqual([['welcome', {}]]);

      // The resend wait is a minute: make the first send look old.
      await ageOtpSends(phone, 120);
      const second = await signIn({ client: 'api' });
      expect(second.userId).toBe(first.userId);
      const list2 = await listAs(second.token);
      expect(list2.items.map((n: NotificationView) => [n.key, n.params])).toEqual([['newSignIn', { method: 'phone' }], ['welcome', {}]]);
      expect(list2.unread).toBe(2);
    } finally {
      codes.restore();
    }
  });
});

describe('notify()', () => {
  it('refuses an unknown key, and a link that is not a path of this site', async () => {
    const me = await seed.signedIn();
    await expect(notify(me.user.id, { key: 'referralBonus' as never })).rejects.toThrow(/unknown notification key/);
    for (const link of ['https://evil.example/', '//evil.example', '/\\evil.example', 'rewards']) {
      await expect(notify(me.user.id, { key: 'welcome', link })).rejects.toThrow(/link/);
    }
    expect(await unreadIdsOf(me.user.id)).toEqual([]);
  });
});

describe('live notifications over socket.io', () => {
  function client(cookie: string): Socket {
    const c = connect(url, { extraHeaders: { cookie }, transports: ['websocket'], reconnection: false });
    clients.push(c);
    return c;
  }

  async function connected(c: Socket): Promise<Socket> {
    if (!c.connected) await new Promise<void>((resolve, reject) => {
      c.once('connect', () => resolve());
      c.once('connect_error', reject);
    });
    return c;
  }

  /** Everything `c` receives as "notification". */
  function received(c: Socket): NotificationView[] {
    const got: NotificationView[] = [];
    c.on('notification', (n: NotificationView) => got.push(n));
    return got;
  }

  it('pushes a stored notification to every socket of its user, and to nobody else', async () => {
    const me = await seed.signedIn();
    const other = await seed.signedIn();
    const v = seed.viewer();
    const [mine1, mine2, theirs, visitor] = await Promise.all([
      client(me.cookie), client(me.cookie), client(other.cookie), client(v.cookie),
    ].map(connected));
    const got = { mine1: received(mine1), mine2: received(mine2), theirs: received(theirs), visitor: received(visitor) };

    const n = await notify(me.user.id, { key: 'newSignIn', params: { method: 'google' }, link: '/profile' });
    // Sent after mine on the same server: once the other user has this one, mine would have reached them first.
    const forOther = await notify(other.user.id, { key: 'welcome' });

    await expect.poll(() => got.theirs.length).toBe(1);
    await expect.poll(() => got.mine1.length + got.mine2.length).toBe(2);
    expect(got.mine1).toEqual([n]);
    expect(got.mine2).toEqual([n]);
    expect(n).toMatchObject({ key: 'newSignIn', params: { method: 'google' }, link: '/profile', read: false });
    expect(got.theirs).toEqual([forOther]);
    await new Promise((r) => setTimeout(r, 100));
    expect(got.visitor).toEqual([]);
  });

  it('still stores a notification when no socket server is running', async () => {
    const me = await seed.signedIn();
    setNotificationEmitter(null);
    try {
      const n = await notify(me.user.id, { key: 'welcome' });
      expect(await unreadIdsOf(me.user.id)).toEqual([n.id]);
    } finally {
      setNotificationEmitter((userId, payload) => io.to(userRoom(userId)).emit(NOTIFICATION_EVENT, payload));
    }
  });
});
