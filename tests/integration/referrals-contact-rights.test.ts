import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { eq, inArray } from 'drizzle-orm';
import { buildApi } from '@/server/api';
import { getDb, type DbOrTx } from '@/lib/db/client';
import { contacts, referrals } from '@/lib/db/schema';
import { env } from '@/lib/env';
import { setSingleton } from '@/lib/singleton';
import { addContacts } from '@/features/referrals/server/contacts';
import { purgeUninvitedContacts } from '@/features/referrals/server/contact-retention';
import { Seed } from '../fixtures/seed';
import { ReferralSeed } from '../fixtures/referrals';

/**
 * Contacts are other people's data (docs/decisions/022): the owner deletes
 * them all at once (`DELETE /referral/api/v1/contact`), the worker deletes
 * those never invited after CONTACT_RETENTION_DAYS, and a storing failure
 * never carries the contacts into an error (the log).
 */
const api = buildApi();
const seed = new Seed();
const rs = new ReferralSeed();
const owners: string[] = [];
const EVIL = { origin: 'https://evil.example' };
const PATH = '/referral/api/v1/contact';
const DAY = 86_400_000;

afterEach(async () => {
  const { db } = await getDb();
  if (owners.length) await db.delete(contacts).where(inArray(contacts.owner_user_id, owners));
  owners.length = 0;
  await rs.cleanup();
});
afterAll(() => seed.cleanup());

async function owner() {
  const u = await seed.signedIn();
  owners.push(u.user.id);
  return u;
}
/** A contact of `ownerId` added `ageDays` days ago. */
async function contactOf(ownerId: string, phone: string, ageDays = 0) {
  const { db } = await getDb();
  const [row] = await db.insert(contacts).values({
    owner_user_id: ownerId, name: 'Someone', phone, source: 'csv', created_at: new Date(Date.now() - ageDays * DAY),
  }).returning();
  return row;
}
async function phonesOf(ownerId: string) {
  const { db } = await getDb();
  return (await db.select({ phone: contacts.phone }).from(contacts).where(eq(contacts.owner_user_id, ownerId))).map((r) => r.phone).sort();
}
function del(cookie: string, body: unknown, headers: Record<string, string> = {}, type = 'application/json') {
  return api.request(PATH, { method: 'DELETE', headers: { cookie, 'content-type': type, ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
const codeOf = async (res: Response) => ((await res.json()) as { error: { code: string } }).error.code;

describe('DELETE /referral/api/v1/contact', () => {
  it('deletes all of my contacts with {confirm: true}, and no one else\'s; my sent referrals stay', async () => {
    const me = await owner();
    const other = await owner();
    const shared = seed.phone();
    for (const p of [shared, seed.phone(), seed.phone()]) await contactOf(me.user.id, p);
    await contactOf(other.user.id, shared);
    const deal = await rs.seedDeal();
    const sent = await rs.seedReferral({ dealId: deal.id, referrerId: me.user.id, refereeId: null, refereePhone: shared, state: 'open' });

    const res = await del(me.cookie, { confirm: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ deleted: 3 });
    expect(await phonesOf(me.user.id)).toEqual([]);
    expect(await phonesOf(other.user.id)).toEqual([shared]);
    const { db } = await getDb();
    expect(await db.select({ id: referrals.id }).from(referrals).where(eq(referrals.id, sent.id))).toHaveLength(1);
    // Nothing left: 200 and none deleted.
    expect(await (await del(me.cookie, { confirm: true })).json()).toEqual({ deleted: 0 });
  });

  it('refuses a visitor (401), another origin (403), a body that does not confirm (422) and a non-JSON body (415), deleting nothing', async () => {
    const me = await owner();
    await contactOf(me.user.id, seed.phone());
    const cases: Array<[Response, number, string]> = [
      [await del(seed.viewer().cookie, { confirm: true }), 401, 'login_required'],
      [await del(me.cookie, { confirm: true }, EVIL), 403, 'origin_not_allowed'],
      [await del(me.cookie, { confirm: false }), 422, 'validation_failed'],
      [await del(me.cookie, { confirm: 'true' }), 422, 'validation_failed'],
      [await del(me.cookie, {}), 422, 'validation_failed'],
      [await del(me.cookie, { confirm: true, all: true }), 422, 'validation_failed'],
      [await del(me.cookie, 'confirm=true', {}, 'application/x-www-form-urlencoded'), 415, 'unsupported_media_type'],
    ];
    for (const [res, status, code] of cases) expect([res.status, await codeOf(res)]).toEqual([status, code]);
    expect(await phonesOf(me.user.id)).toHaveLength(1);
  });
});

describe('purgeUninvitedContacts (CONTACT_RETENTION_DAYS)', () => {
  it('deletes contacts older than 90 days that their owner never invited; keeps invited, recent and other owners\' ones', async () => {
    expect(env().CONTACT_RETENTION_DAYS).toBe(90);
    const a = await owner();
    const b = await owner();
    const deal = await rs.seedDeal();
    const [oldUninvited, oldInvited, oldAskedMe, oldInvitedByB, recent] = [seed.phone(), seed.phone(), seed.phone(), seed.phone(), seed.phone()];
    await contactOf(a.user.id, oldUninvited, 91);
    await contactOf(a.user.id, oldInvited, 200);
    await contactOf(a.user.id, oldAskedMe, 91);
    await contactOf(a.user.id, oldInvitedByB, 91);
    await contactOf(a.user.id, recent, 89);
    // A invited oldInvited (long ago; the invite expired since); oldAskedMe asked A to refer them; B, not A, invited oldInvitedByB.
    await rs.seedReferral({ dealId: deal.id, referrerId: a.user.id, refereeId: null, refereePhone: oldInvited, state: 'expired', createdAt: new Date(Date.now() - 150 * DAY) });
    await rs.seedReferral({ dealId: deal.id, referrerId: a.user.id, refereeId: null, refereePhone: oldAskedMe, state: 'pending', initiatedBy: 'referee' });
    await rs.seedReferral({ dealId: deal.id, referrerId: b.user.id, refereeId: null, refereePhone: oldInvitedByB, state: 'open' });
    // B: the same phone A never invited, added recently, stays; B's own old uninvited one goes; B's invited one stays.
    await contactOf(b.user.id, oldUninvited, 10);
    await contactOf(b.user.id, oldInvited, 120);
    await contactOf(b.user.id, oldInvitedByB, 120);

    const deleted = await purgeUninvitedContacts();
    expect(deleted).toBeGreaterThanOrEqual(3);
    expect(await phonesOf(a.user.id)).toEqual([oldAskedMe, oldInvited, recent].sort());
    expect(await phonesOf(b.user.id)).toEqual([oldInvitedByB, oldUninvited].sort());
    // Run again: nothing more of theirs goes.
    await purgeUninvitedContacts();
    expect(await phonesOf(a.user.id)).toHaveLength(3);
  });

  it('follows CONTACT_RETENTION_DAYS', async () => {
    const a = await owner();
    const [d40, d20] = [seed.phone(), seed.phone()];
    await contactOf(a.user.id, d40, 40);
    await contactOf(a.user.id, d20, 20);
    await purgeUninvitedContacts();
    expect(await phonesOf(a.user.id)).toEqual([d20, d40].sort());
    process.env.CONTACT_RETENTION_DAYS = '30';
    setSingleton('env', undefined);
    try {
      await purgeUninvitedContacts();
    } finally {
      delete process.env.CONTACT_RETENTION_DAYS;
      setSingleton('env', undefined);
    }
    expect(await phonesOf(a.user.id)).toEqual([d20]);
  });
});

describe('addContacts storing failure', () => {
  it('throws an error that names no contact (the error handler logs messages and causes)', async () => {
    const me = await owner();
    const phone = seed.phone();
    const failing = {
      insert: () => ({
        values: () => ({
          onConflictDoNothing: () => ({
            returning: () => Promise.reject(Object.assign(new Error(`Failed query: insert into "contacts" params: ${me.user.id},Asha Rao,${phone},csv`), {
              cause: Object.assign(new Error(`value ${phone} violates something`), { code: '23514' }),
            })),
          }),
        }),
      }),
    } as unknown as DbOrTx;
    const err = await addContacts(failing, me.principal, 'csv', [{ name: 'Asha Rao', phone }]).then(() => null, (e: unknown) => e as Error);
    if (!err) throw new Error('addContacts should have failed');
    expect(err).toBeInstanceOf(Error);
    expect(err.message).toBe('storing contacts failed (SQLSTATE 23514)');
    expect(JSON.stringify({ message: err.message, cause: String(err.cause ?? ''), stack: err.stack })).not.toMatch(/Asha|\d{10}/);
  });
});
