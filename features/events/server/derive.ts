import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '@/lib/db/client';
import { logger } from '@/lib/logger';
import { singleton } from '@/lib/singleton';
import { ATTRIBUTION_EVENTS, PLAYER_EVENTS, SERVER_EVENTS, UTM_KEYS } from '@/lib/events/contract';

/**
 * The derivation worker (docs/decisions/011): folds appended events into
 * the derived tables exactly once. One batch is one transaction:
 *
 *   UPDATE events SET derived = true WHERE id IN (SELECT id FROM events
 *     WHERE NOT derived ORDER BY id LIMIT n FOR UPDATE SKIP LOCKED) RETURNING ...
 *
 * then, from those rows:
 * - views: the first VIDEO_VIEW per viewer and reel whose watch ticket held
 *   at ingest (`view_ok`), with content_items.view_count;
 * - watch_progress, as the player's events always did: watched stays true,
 *   the position only grows, vid_watched never goes back;
 * - reel_daily_stats per reel and day in Asia/Kolkata (the event's server
 *   time): views (as counted above), completions (a viewer's first
 *   VIDEO_COMPLETE of the reel: vid_watched turning true) and watch_seconds
 *   (how far the viewer's furthest position grew; so a re-watch adds nothing
 *   and the sum is seconds of reel seen at least once);
 * - viewer_attribution, first touch: per field the first value a viewer's
 *   events brought (campaign, partner, UTM, A/B view, referrer code); a
 *   SIGN_IN also hands the device visitor's first touch to the user's home
 *   visitor, under which the user's leads and deals are counted;
 * - funnel_steps, the first time per viewer per stage (SHARE share,
 *   PAGE_VISIT visit, SIGN_IN sign_in, LEAD_CREATED lead, DEAL_DONE deal)
 *   with the viewer's first-touch campaign and partner.
 * Rows that read-modify-write (progress) are locked first, so several
 * processes may derive at once (SKIP LOCKED hands each its own events) and
 * still count every change once. A crash anywhere rolls the batch back: its
 * events stay underived and the next run takes them again.
 */

/** Events folded per transaction. */
export const DERIVE_BATCH = 2000;
/** Pause of the loop when there was nothing (or less than a batch) to do, ms. */
export const DERIVE_IDLE_MS = 250;
const KOLKATA = 'Asia/Kolkata';

/** What a committed batch changed, for the feed's caches (server/api.ts hands these in). */
export interface DeriveHooks {
  /** Reels whose view count grew. */
  onViewsCounted?: (reelIds: string[]) => void;
  /** Viewers whose watched or vidWatched flags changed. */
  onProgressChanged?: (viewerIds: string[]) => void;
}

const hooksBox = () => singleton<{ hooks: DeriveHooks }>('event_derive_hooks', () => ({ hooks: {} }));

/** Sets the hooks every derivation in this process calls after its commit (server/api.ts buildApi). */
export function configureDerivation(hooks: DeriveHooks): void {
  hooksBox().hooks = hooks;
}

interface Claimed {
  id: number;
  event_type: string;
  viewer_id: string | null;
  user_id: string | null;
  content_id: string | null;
  partner_id: string | null;
  campaign: string | null;
  ab_view: string | null;
  view_ok: boolean;
  at_ms: number;
  day: string;
  utm: Record<string, unknown> | null;
  meta_ref: string | null;
  cw: number | null;
  cl: number | null;
}

const STAGES: Record<string, string> = {
  [ATTRIBUTION_EVENTS[0]]: 'share',
  [ATTRIBUTION_EVENTS[1]]: 'visit',
  [SERVER_EVENTS.signIn]: 'sign_in',
  [SERVER_EVENTS.lead]: 'lead',
  [SERVER_EVENTS.deal]: 'deal',
};
const PLAYER = new Set<string>(Object.values(PLAYER_EVENTS));

/** Upsert tail of viewer_attribution: per field, the value already there wins (first touch). */
const KEEP_FIRST_TOUCH = sql`on conflict (viewer_id) do update set
  campaign = coalesce(viewer_attribution.campaign, excluded.campaign),
  partner_id = coalesce(viewer_attribution.partner_id, excluded.partner_id),
  utm = coalesce(viewer_attribution.utm, excluded.utm),
  ab_view = coalesce(viewer_attribution.ab_view, excluded.ab_view),
  referrer_code = coalesce(viewer_attribution.referrer_code, excluded.referrer_code),
  first_seen_at = least(viewer_attribution.first_seen_at, excluded.first_seen_at)`;

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));
const json = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;
const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};

/** The five UTM keys of an event's utm_data, or null when it has none. */
function utmOf(u: Record<string, unknown> | null): Record<string, string> | null {
  if (!u) return null;
  const out: Record<string, string> = {};
  for (const k of UTM_KEYS) if (typeof u[k] === 'string' && u[k] !== '') out[k] = (u[k] as string).slice(0, 200);
  return Object.keys(out).length ? out : null;
}

/** A referral code an event carried: utm_data.ref / referrer_code or metadata.ref / referrer_code (at most 40 characters). */
function refOf(e: Claimed): string | null {
  const u = e.utm ?? {};
  const v = [u.ref, u.referrer_code, e.meta_ref].find((x) => typeof x === 'string' && x !== '') as string | undefined;
  return v ? v.slice(0, 40) : null;
}

export interface DeriveOptions {
  /** Events per batch (default DERIVE_BATCH). */
  limit?: number;
  /** Test hook: runs inside the transaction just before it commits (a test makes a batch slow to kill it mid-way). */
  beforeCommit?: () => Promise<void>;
}

/**
 * Derives one batch of the oldest underived events, in one transaction, and
 * then tells the feed's caches what changed (configureDerivation's hooks).
 * @returns how many events were folded (0: none was waiting, or all were
 * being folded by another process).
 * @throws Error from the database (deadlock, a reel deleted meanwhile): the
 * batch is rolled back, its events stay underived and a later run retries.
 */
export async function deriveEventsOnce(db: Db, opts: DeriveOptions = {}): Promise<number> {
  const limit = opts.limit ?? DERIVE_BATCH;
  const out = await db.transaction(async (tx) => {
    const claimed = rowsOf<Claimed>(await tx.execute(sql`
      update events set derived = true
      where id in (select id from events where not derived order by id limit ${limit} for update skip locked)
      returning id, event_type, viewer_id, user_id::text as user_id, content_id::text as content_id, partner_id, campaign, ab_view, view_ok,
        (extract(epoch from created_at) * 1000)::float8 as at_ms,
        to_char(created_at at time zone ${KOLKATA}, 'YYYY-MM-DD') as day,
        case when jsonb_typeof(payload->'utm_data') = 'object' then payload->'utm_data' end as utm,
        coalesce(payload->'metadata'->>'referrer_code', payload->'metadata'->>'ref') as meta_ref,
        payload->'content_watched' as cw, payload->'content_length' as cl`));
    if (claimed.length === 0) return null;
    claimed.sort((a, b) => Number(a.id) - Number(b.id));
    const changes = await fold(tx, claimed);
    await opts.beforeCommit?.();
    return { n: claimed.length, ...changes };
  });
  if (!out) return 0;
  const hooks = hooksBox().hooks;
  if (out.reels.length) hooks.onViewsCounted?.(out.reels);
  if (out.viewers.length) hooks.onProgressChanged?.(out.viewers);
  return out.n;
}

/** Folds claimed events (sorted by id) into the derived tables. */
async function fold(tx: DbOrTx, evs: Claimed[]): Promise<{ reels: string[]; viewers: string[] }> {
  // ---- reels: only player events of reels that still exist count
  const playerEvs = evs.filter((e) => PLAYER.has(e.event_type) && e.content_id && e.viewer_id);
  const reelLang = new Map<string, string>();
  if (playerEvs.length) {
    const ids = [...new Set(playerEvs.map((e) => e.content_id!))];
    const rows = rowsOf<{ id: string; lang: string }>(await tx.execute(sql`
      select id::text as id, lang from content_items where id in (select jsonb_array_elements_text(${json(ids)})::uuid)`));
    for (const r of rows) reelLang.set(r.id, r.lang);
  }
  const player = playerEvs.filter((e) => reelLang.has(e.content_id!));
  const stats = new Map<string, { day: string; c: string; views: number; completions: number; seconds: number }>();
  const stat = (day: string, c: string) => {
    const k = `${day}|${c}`;
    let s = stats.get(k);
    if (!s) stats.set(k, (s = { day, c, views: 0, completions: 0, seconds: 0 }));
    return s;
  };
  const reelsCounted = new Set<string>();
  const viewersChanged = new Set<string>();

  if (player.length) {
    const viewerIds = [...new Set(player.map((e) => e.viewer_id!))].sort();
    // Views and progress reference the viewer row.
    await tx.execute(sql`insert into viewers (id) select jsonb_array_elements_text(${json(viewerIds)}) on conflict do nothing`);

    // ---- views: first valid VIDEO_VIEW per viewer and reel
    const firstView = new Map<string, Claimed>();
    for (const e of player) {
      if (e.event_type !== PLAYER_EVENTS.view || !e.view_ok) continue;
      const k = `${e.viewer_id}|${e.content_id}`;
      if (!firstView.has(k)) firstView.set(k, e);
    }
    if (firstView.size) {
      const input = [...firstView.values()].map((e) => ({ v: e.viewer_id, c: e.content_id, t: e.at_ms }));
      const added = rowsOf<{ v: string; c: string }>(await tx.execute(sql`
        insert into views (viewer_id, content_id, created_at)
        select x.v, x.c::uuid, to_timestamp(x.t / 1000.0) from jsonb_to_recordset(${json(input)}) as x(v text, c text, t float8)
        order by x.v, x.c
        on conflict do nothing returning viewer_id as v, content_id::text as c`));
      const perReel = new Map<string, number>();
      for (const a of added) {
        perReel.set(a.c, (perReel.get(a.c) ?? 0) + 1);
        stat(firstView.get(`${a.v}|${a.c}`)!.day, a.c).views++;
        reelsCounted.add(a.c);
      }
      if (perReel.size) {
        await tx.execute(sql`
          update content_items ci set view_count = ci.view_count + x.n
          from jsonb_to_recordset(${json([...perReel].map(([c, n]) => ({ c, n })))}) as x(c text, n int)
          where ci.id = x.c::uuid`);
      }
    }

    // ---- watch progress: per viewer and reel, the furthest position, the last known length, completion
    const agg = new Map<string, { v: string; c: string; w: number; l: number; done: boolean; day: string }>();
    for (const e of player) {
      const k = `${e.viewer_id}|${e.content_id}`;
      const complete = e.event_type === PLAYER_EVENTS.complete;
      const len = num(e.cl) ?? 0;
      const watched = num(e.cw) ?? 0;
      const pos = complete && len ? Math.max(watched, len) : watched;
      const a = agg.get(k);
      if (!a) agg.set(k, { v: e.viewer_id!, c: e.content_id!, w: pos, l: len, done: complete, day: e.day });
      else {
        a.w = Math.max(a.w, pos);
        if (len > 0) a.l = len;
        a.done ||= complete;
        a.day = e.day;
      }
    }
    const pairs = [...agg.values()].sort((x, y) => (x.v < y.v ? -1 : x.v > y.v ? 1 : x.c < y.c ? -1 : x.c > y.c ? 1 : 0));
    const keys = pairs.map((p) => ({ v: p.v, c: p.c }));
    await tx.execute(sql`
      insert into watch_progress (viewer_id, content_id)
      select x.v, x.c::uuid from jsonb_to_recordset(${json(keys)}) as x(v text, c text) order by x.v, x.c
      on conflict do nothing`);
    // Locked in one order by every process, then read: the values are the latest committed ones.
    const old = rowsOf<{ v: string; c: string; w: number; l: number; watched: boolean; done: boolean }>(await tx.execute(sql`
      select wp.viewer_id as v, wp.content_id::text as c, wp.content_watched as w, wp.content_length as l, wp.watched, wp.vid_watched as done
      from watch_progress wp join jsonb_to_recordset(${json(keys)}) as x(v text, c text) on wp.viewer_id = x.v and wp.content_id = x.c::uuid
      order by wp.viewer_id, wp.content_id for update of wp`));
    const before = new Map(old.map((o) => [`${o.v}|${o.c}`, o]));
    const updates: Array<{ v: string; c: string; w: number; l: number; d: boolean }> = [];
    for (const p of pairs) {
      const o = before.get(`${p.v}|${p.c}`);
      if (!o) continue; // the viewer or reel went away meanwhile
      const w = Math.max(Number(o.w), p.w);
      const l = p.l > 0 ? p.l : Number(o.l);
      const d = o.done || p.done;
      const s = stat(p.day, p.c);
      if (w > Number(o.w)) s.seconds += w - Number(o.w);
      if (d && !o.done) s.completions++;
      if (!o.watched || (d && !o.done)) viewersChanged.add(p.v);
      if (w !== Number(o.w) || l !== Number(o.l) || d !== o.done || !o.watched) updates.push({ v: p.v, c: p.c, w, l, d });
    }
    if (updates.length) {
      await tx.execute(sql`
        update watch_progress wp set content_watched = x.w, content_length = x.l, watched = true, vid_watched = x.d, updated_at = now()
        from jsonb_to_recordset(${json(updates)}) as x(v text, c text, w float8, l float8, d boolean)
        where wp.viewer_id = x.v and wp.content_id = x.c::uuid`);
    }

    // ---- daily stats per reel
    const statRows = [...stats.values()].filter((s) => s.views || s.completions || s.seconds)
      .map((s) => ({ ...s, lang: reelLang.get(s.c) }))
      .sort((x, y) => (x.day + x.c < y.day + y.c ? -1 : 1));
    if (statRows.length) {
      await tx.execute(sql`
        insert into reel_daily_stats (day, content_id, lang, views, completions, watch_seconds)
        select x.day::date, x.c::uuid, x.lang, x.views, x.completions, x.seconds
        from jsonb_to_recordset(${json(statRows)}) as x(day text, c text, lang text, views int, completions int, seconds float8)
        on conflict (day, content_id) do update set
          views = reel_daily_stats.views + excluded.views,
          completions = reel_daily_stats.completions + excluded.completions,
          watch_seconds = reel_daily_stats.watch_seconds + excluded.watch_seconds,
          lang = excluded.lang`);
    }
  }

  // ---- first-touch attribution: per viewer, per field the first value its events brought
  const touch = new Map<string, { v: string; campaign: string | null; partner: string | null; utm: Record<string, string> | null;
    ab: string | null; ref: string | null; t: number }>();
  for (const e of evs) {
    if (!e.viewer_id) continue;
    let a = touch.get(e.viewer_id);
    if (!a) touch.set(e.viewer_id, (a = { v: e.viewer_id, campaign: null, partner: null, utm: null, ab: null, ref: null, t: e.at_ms }));
    a.campaign ??= e.campaign;
    a.partner ??= e.partner_id;
    a.utm ??= utmOf(e.utm);
    a.ab ??= e.ab_view;
    a.ref ??= refOf(e);
  }
  if (touch.size) {
    const rows = [...touch.values()].sort((x, y) => (x.v < y.v ? -1 : 1));
    await tx.execute(sql`
      insert into viewer_attribution (viewer_id, campaign, partner_id, utm, ab_view, referrer_code, first_seen_at)
      select x.v, x.campaign, x.partner, x.utm, x.ab, x.ref, to_timestamp(x.t / 1000.0)
      from jsonb_to_recordset(${json(rows)}) as x(v text, campaign text, partner text, utm jsonb, ab text, ref text, t float8)
      ${KEEP_FIRST_TOUCH}`);
  }

  // ---- a sign-in carries the device visitor's first touch to the user's home visitor, where the
  // user's later leads and deals are counted (a home that already has a first touch keeps it)
  const carried = new Map<string, string>();
  for (const e of evs) if (e.event_type === SERVER_EVENTS.signIn && e.viewer_id && e.user_id) carried.set(e.user_id, e.viewer_id);
  if (carried.size) {
    const pairs = [...carried].map(([u, v]) => ({ u, v }));
    await tx.execute(sql`
      insert into viewer_attribution (viewer_id, campaign, partner_id, utm, ab_view, referrer_code, first_seen_at)
      select usr.home_viewer_id, va.campaign, va.partner_id, va.utm, va.ab_view, va.referrer_code, va.first_seen_at
      from jsonb_to_recordset(${json(pairs)}) as x(u text, v text)
      join users usr on usr.id = x.u::uuid
      join viewer_attribution va on va.viewer_id = x.v
      where usr.home_viewer_id is not null and usr.home_viewer_id <> x.v
      order by usr.home_viewer_id
      ${KEEP_FIRST_TOUCH}`);
  }

  // ---- funnel: the first time per viewer per stage
  // A signed-in user's event falls back to the first touch of the user's home visitor: a sign-in's
  // merge can move the device's not-yet-derived visit there before it is folded.
  const steps = new Map<string, { v: string; s: string; t: number; p: string | null; u: string | null }>();
  for (const e of evs) {
    const stage = STAGES[e.event_type];
    if (!stage || !e.viewer_id) continue;
    const k = `${e.viewer_id}|${stage}`;
    if (!steps.has(k)) steps.set(k, { v: e.viewer_id, s: stage, t: e.at_ms, p: e.partner_id, u: e.user_id });
  }
  if (steps.size) {
    await tx.execute(sql`
      insert into funnel_steps (viewer_id, stage, at, campaign, partner_id)
      select x.v, x.s, to_timestamp(x.t / 1000.0), coalesce(va.campaign, vh.campaign, ''),
        coalesce(va.partner_id, vh.partner_id, x.p, '')
      from jsonb_to_recordset(${json([...steps.values()])}) as x(v text, s text, t float8, p text, u text)
      left join viewer_attribution va on va.viewer_id = x.v
      left join users usr on usr.id = x.u::uuid
      left join viewer_attribution vh on vh.viewer_id = usr.home_viewer_id
      on conflict do nothing`);
  }
  return { reels: [...reelsCounted], viewers: [...viewersChanged] };
}

/**
 * Derives until every event stored before the call is derived (by this or
 * another process): tests and the bench wait on it instead of on time.
 * @param timeoutMs give up after this long.
 * @throws Error when events are still underived after `timeoutMs`.
 */
export async function drainDerivation(db: Db, timeoutMs = 30_000): Promise<void> {
  const [top] = rowsOf<{ max: number | null }>(await db.execute(sql`select max(id)::float8 as max from events`));
  const maxId = Number(top?.max ?? 0);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    let n = 0;
    try {
      n = await deriveEventsOnce(db);
    } catch (err) {
      logger().debug({ err }, 'derivation batch failed; retrying');
    }
    if (n > 0) continue;
    // Rows another process holds are not skipped here: wait until it commits.
    const [left] = rowsOf<{ n: number }>(await db.execute(sql`
      select count(*)::int as n from events where not derived and id <= ${maxId}`));
    if (Number(left?.n ?? 0) === 0) return;
    if (Date.now() > deadline) throw new Error(`derivation did not catch up within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/**
 * Age of the oldest event not yet derived, seconds (0 when every event is
 * derived): the event_derivation_lag_seconds gauge (lib/metrics.ts), read on
 * each Prometheus scrape. One row through the underived-events index.
 */
export async function derivationLagSeconds(db: Db): Promise<number> {
  const [row] = rowsOf<{ age: number | string | null }>(await db.execute(sql`
    select extract(epoch from (now() - created_at))::float8 as age
    from events where not derived order by id limit 1`));
  return row?.age == null ? 0 : Math.max(0, Number(row.age));
}

/** Failures in a row of a one-event batch before that event is set aside. */
export const SET_ASIDE_AFTER = 5;

/**
 * Marks the oldest underived event derived without folding it, so one event
 * that always fails cannot hold back every event after it. The row stays in
 * `events` (nothing is lost): setting `derived` back to false folds it again
 * once the cause is fixed.
 * @returns the id and type of the event set aside, or null when none was waiting.
 * @throws Error from the database.
 */
export async function setAsideOldestEvent(db: Db): Promise<{ id: number; event_type: string } | null> {
  const [row] = rowsOf<{ id: number; event_type: string }>(await db.execute(sql`
    update events set derived = true
    where id = (select id from events where not derived order by id limit 1 for update skip locked)
    returning id, event_type`));
  return row ? { id: Number(row.id), event_type: row.event_type } : null;
}

/**
 * Runs the derivation in this process until stopped: a batch at once again
 * when the last was full, else after DERIVE_IDLE_MS. A failed batch (rolled
 * back) is retried after a second at half the size, down to one event; when
 * a one-event batch has failed SET_ASIDE_AFTER times in a row, that event is
 * set aside (setAsideOldestEvent) and logged with its id, and the batch size
 * returns to normal after the next success. Several processes may run it at once.
 * @param opts.derive the batch function (tests hand in one that fails).
 * @returns stop(): resolves once the batch in progress (if any) has ended.
 */
export function startDerivationLoop(db: Db, opts: {
  batch?: number; idleMs?: number; retryMs?: number; derive?: (db: Db, o: DeriveOptions) => Promise<number>;
} = {}): () => Promise<void> {
  const batch = opts.batch ?? DERIVE_BATCH;
  const idleMs = opts.idleMs ?? DERIVE_IDLE_MS;
  const retryMs = opts.retryMs ?? 1000;
  const derive = opts.derive ?? deriveEventsOnce;
  const log = logger().child({ component: 'event-derivation' });
  let stopped = false;
  let wake: (() => void) | null = null;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
    const t = setTimeout(() => {
      wake = null;
      resolve();
    }, ms);
    wake = () => {
      clearTimeout(t);
      wake = null;
      resolve();
    };
  });
  const done = (async () => {
    let size = batch;
    let singleFailures = 0;
    while (!stopped) {
      try {
        const n = await derive(db, { limit: size });
        size = batch;
        singleFailures = 0;
        if (n < size) await sleep(idleMs);
      } catch (err) {
        if (size === 1 && ++singleFailures >= SET_ASIDE_AFTER) {
          singleFailures = 0;
          const aside = await setAsideOldestEvent(db).catch(() => null);
          if (aside) log.error({ err, event: aside }, 'an event failed to derive again and again: set aside (kept in events, derived = true)');
        } else {
          log.warn({ err, batch: size }, 'event derivation batch failed; retried smaller');
        }
        size = Math.max(1, Math.floor(size / 2));
        await sleep(retryMs);
      }
    }
  })();
  return async () => {
    stopped = true;
    (wake as (() => void) | null)?.();
    await done;
  };
}
