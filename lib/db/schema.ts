import { sql } from 'drizzle-orm';
import {
  bigint, bigserial, boolean, check, customType, date, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema (Drizzle). Taxonomy is topic > category > option and
 * every reel belongs to one option (SPEC.md section 3).
 * Columns are snake_case as in the spec's entities.
 */

/**
 * Texts of a row in the two interface languages besides English: `hi`
 * (Hindi, Devanagari) and `he` (Hinglish, Latin script; SPEC.md section 4).
 * The row's own columns hold the English.
 */
export type NameTranslations<K extends string> = Partial<Record<'hi' | 'he', Partial<Record<K, string>>>>;

const createdAt = () => timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow();

/**
 * Accounts (SPEC.md section 3 "User"): people who signed in by phone OTP or
 * Google, and the company's creators who own content. One phone (E.164) and
 * one email never make two users (unique). `home_viewer_id` is the visitor
 * id whose likes, views, chats, leads and events are the user's: every
 * visitor that signs in is merged into it (features/auth/server/merge.ts).
 */
export const users = pgTable('users', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** Display name; empty until the user sets one (SPEC.md section 5: at least 3 characters). */
  name: text('name').notNull().default(''),
  username: text('username').unique(),
  bio: text('bio').notNull().default(''),
  pic: text('pic'),
  /** E.164, e.g. +919812345678; set by a verified OTP only. */
  phone: text('phone').unique(),
  /** Lower-cased. */
  email: text('email').unique(),
  /** True when the email came from Google (verified), false when typed in the profile. */
  email_verified: boolean('email_verified').notNull().default(false),
  /** Google's stable account id (`sub`). */
  google_sub: text('google_sub').unique(),
  /** male | female | other | undisclosed */
  gender: text('gender'),
  /** Date of birth, YYYY-MM-DD. */
  dob: text('dob'),
  metadata: jsonb('metadata').$type<Record<string, unknown>>().notNull().default({}),
  /** INITIAL_ONBOARDING | ONBOARDING_COMPLETED (SPEC.md section 3). */
  onboarding_status: text('onboarding_status').notNull().default('INITIAL_ONBOARDING'),
  /** Ambassador (true) or beneficiary (SPEC.md section 6). */
  is_amb: boolean('is_amb').notNull().default(false),
  home_viewer_id: text('home_viewer_id'),
  /** When the user confirmed being over 18 and accepted the terms (SPEC.md section 5). */
  terms_accepted_at: timestamp('terms_accepted_at', { withTimezone: true, mode: 'date' }),
  /**
   * Set when the person erased their account: the row stays as an anonymous
   * tombstone (no name, phone, email or Google link) so the reward ledger and
   * the leads already handed to the CRM keep their key (docs/decisions/021).
   */
  deleted_at: timestamp('deleted_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('users_onboarding_check', sql`${t.onboarding_status} in ('INITIAL_ONBOARDING','ONBOARDING_COMPLETED')`),
  check('users_gender_check', sql`${t.gender} is null or ${t.gender} in ('male','female','other','undisclosed')`),
]);

/**
 * Sign-in sessions: a row per session, so any can be revoked. `id` is the
 * SHA-256 of the random token the client holds (cookie or Bearer); the token
 * itself is never stored.
 */
export const sessions = pgTable('sessions', {
  id: text('id').primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** phone | google */
  method: text('method').notNull(),
  user_agent: text('user_agent'),
  created_at: createdAt(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  revoked_at: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
}, (t) => [index('sessions_user_idx').on(t.user_id)]);

/**
 * Phone OTP requests. A request holds one code at a time (a resend replaces
 * it); only the phone's latest request is valid. The code is stored only as
 * an HMAC bound to phone and request (features/auth/server/otp-code.ts).
 */
export const otpRequests = pgTable('otp_requests', {
  id: uuid('id').primaryKey().defaultRandom(),
  phone: text('phone').notNull(),
  /**
   * The device (visitor id) that asked for the code: only it may verify or
   * resend, so a stranger's guesses never count against the owner's request.
   */
  viewer_id: text('viewer_id'),
  code_mac: text('code_mac').notNull(),
  /** Sends of this request (first send and resends). */
  send_count: integer('send_count').notNull().default(1),
  /** Wrong codes tried against this request, over all its resends. */
  wrong_tries: integer('wrong_tries').notNull().default(0),
  sent_at: timestamp('sent_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  consumed_at: timestamp('consumed_at', { withTimezone: true, mode: 'date' }),
  /** Set when a newer request for the same phone replaced this one. */
  superseded_at: timestamp('superseded_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
}, (t) => [
  index('otp_requests_phone_idx').on(t.phone, t.created_at),
  index('otp_requests_viewer_idx').on(t.viewer_id, t.phone, t.created_at),
]);

/**
 * Every OTP send and every wrong code, per phone and per client address:
 * the hourly and daily limits count these rows, so they hold across
 * processes and restarts.
 */
export const otpLog = pgTable('otp_log', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  phone: text('phone').notNull(),
  /** Keyed hash of the client's IP address (never the address itself). */
  ip_key: text('ip_key').notNull(),
  /** The device (visitor id) the send or the wrong code came from; per-device limits count these. */
  viewer_id: text('viewer_id'),
  /** send | wrong */
  kind: text('kind').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('otp_log_kind_check', sql`${t.kind} in ('send','wrong')`),
  index('otp_log_phone_idx').on(t.phone, t.kind, t.at),
  index('otp_log_ip_idx').on(t.ip_key, t.kind, t.at),
  index('otp_log_viewer_idx').on(t.viewer_id, t.phone, t.kind, t.at),
]);

/** Roles of users (SPEC.md section 6): per topic, or everywhere when `topic_id` is null (ADMIN). */
export const userRoles = pgTable('user_roles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** ADMIN | CREATOR | CO-CURATOR | CURATOR | STAFF (provider staff, everywhere) */
  role: text('role').notNull(),
  topic_id: uuid('topic_id'),
  created_at: createdAt(),
}, (t) => [
  check('user_roles_role_check', sql`${t.role} in ('ADMIN','CREATOR','CO-CURATOR','CURATOR','STAFF')`),
  uniqueIndex('user_roles_uq').on(t.user_id, t.role, sql`coalesce(${t.topic_id}, '00000000-0000-0000-0000-000000000000'::uuid)`),
]);

/**
 * Stored notifications per user (SPEC.md section 3 "Notification"): listed
 * in the profile with an unread count and pushed live to the user's socket
 * room. `key` names a message in messages/*.json (`notifications.<key>`),
 * rendered with `params` in the reader's language.
 */
export const notifications = pgTable('notifications', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  key: text('key').notNull(),
  params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
  /** Where tapping it leads, a path of this site. */
  link: text('link'),
  read_at: timestamp('read_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
}, (t) => [index('notifications_user_idx').on(t.user_id, t.id)]);

/** A user follows a topic or a creator (SPEC.md section 7 user/follows). */
export const follows = pgTable('follows', {
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** topic | creator */
  target_kind: text('target_kind').notNull(),
  target_id: uuid('target_id').notNull(),
  created_at: createdAt(),
}, (t) => [
  primaryKey({ columns: [t.user_id, t.target_kind, t.target_id] }),
  check('follows_kind_check', sql`${t.target_kind} in ('topic','creator')`),
  index('follows_target_idx').on(t.target_kind, t.target_id),
]);

/** Newsletter consents: who agreed, to what address, when; withdrawing keeps the row. */
export const newsletterConsents = pgTable('newsletter_consents', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  /** Lower-cased. */
  email: text('email').notNull(),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  viewer_id: text('viewer_id').notNull(),
  consented_at: timestamp('consented_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  withdrawn_at: timestamp('withdrawn_at', { withTimezone: true, mode: 'date' }),
}, (t) => [uniqueIndex('newsletter_email_uq').on(t.email)]);

/** Anonymous viewers: a 20-character alphanumeric device id kept in an httpOnly cookie (SPEC.md section 9). */
export const viewers = pgTable('viewers', {
  id: text('id').primaryKey(),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  created_at: createdAt(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

export const topics = pgTable('topics', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** URL slug used by /tldr/[slug]. */
  slug: text('slug').notNull().unique(),
  /** English name; its Hindi and Hinglish forms are in `translations`. */
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** The name and description in Hindi (`hi`) and Hinglish (`he`); English falls back where one is missing. */
  translations: jsonb('translations').$type<NameTranslations<'name' | 'description'>>().notNull().default({}),
  /** HOT or FREE (SPEC.md section 3 "Topic type tags"). */
  type_tag: text('type_tag').notNull().default('FREE'),
  pic: text('pic'),
  /** A reel shown to creators before their first upload to this topic. */
  guide_content_id: uuid('guide_content_id'),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
}, (t) => [check('topics_type_tag_check', sql`${t.type_tag} in ('HOT','FREE')`)]);

export const categories = pgTable('categories', {
  id: uuid('id').primaryKey().defaultRandom(),
  topic_id: uuid('topic_id').notNull().references(() => topics.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The name in Hindi (`hi`) and Hinglish (`he`). */
  translations: jsonb('translations').$type<NameTranslations<'name'>>().notNull().default({}),
  pic: text('pic'),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
}, (t) => [uniqueIndex('categories_topic_name_uq').on(t.topic_id, t.name)]);

export const options = pgTable('options', {
  id: uuid('id').primaryKey().defaultRandom(),
  category_id: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** The name in Hindi (`hi`) and Hinglish (`he`). */
  translations: jsonb('translations').$type<NameTranslations<'name'>>().notNull().default({}),
  pic: text('pic'),
  /** Likes over all reels of this option (SPEC.md section 3 option_meta.total_reaction). */
  total_reaction: integer('total_reaction').notNull().default(0),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
}, (t) => [uniqueIndex('options_category_name_uq').on(t.category_id, t.name)]);

/** Content items (reels): every field of SPEC.md section 3 "Content item" is stored or derived from here. */
export const contentItems = pgTable('content_items', {
  id: uuid('id').primaryKey().defaultRandom(),
  option_id: uuid('option_id').notNull().references(() => options.id, { onDelete: 'cascade' }),
  user_id: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
  description: text('description').notNull().default(''),
  /** Sources of the facts stated, one per line (starter library). */
  sources: text('sources').notNull().default(''),
  /** Spoken/on-screen language: en, hi or he (Hinglish). */
  lang: text('lang').notNull().default('en'),
  /** processing | ready | failed; only ready reels reach the feed. */
  status: text('status').notNull().default('processing'),
  failure_reason: text('failure_reason'),
  /** Pending | Approved | Rejected (SPEC.md section 3 content filter). */
  review_status: text('review_status').notNull().default('Approved'),
  /** Why a reviewer rejected or took the reel down; shown to its uploader. */
  review_reason: text('review_reason'),
  /** SHA-256 (hex) of the uploaded file: the same file twice is refused as a duplicate. */
  content_hash: text('content_hash'),
  is_tldr: boolean('is_tldr').notNull().default(false),
  /** Storage prefix of the HLS files, poster and thumbnail. */
  media_key: text('media_key'),
  duration_s: real('duration_s'),
  width: integer('width'),
  height: integer('height'),
  /** Heights of the renditions made, e.g. [240,360,720]. */
  renditions: jsonb('renditions').$type<number[]>().notNull().default([]),
  like_count: integer('like_count').notNull().default(0),
  comment_count: integer('comment_count').notNull().default(0),
  view_count: integer('view_count').notNull().default(0),
  /** Feed order: assigned when the reel becomes ready, so paging never repeats or skips. */
  feed_seq: bigserial('feed_seq', { mode: 'number' }).notNull(),
  /** Key of the generator or import that made it, so re-runs never duplicate. */
  source_key: text('source_key').unique(),
  /**
   * Short, stable slug of the reel's share link (/share/<slug>, SPEC.md
   * section 2): the first 10 hex digits of md5(id), computed by the database.
   */
  share_slug: text('share_slug').generatedAlwaysAs(sql`substr(md5(id::text), 1, 10)`),
  created_at: createdAt(),
  ready_at: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
  uniqueIndex('content_share_slug_uq').on(t.share_slug),
  check('content_status_check', sql`${t.status} in ('processing','ready','failed')`),
  check('content_lang_check', sql`${t.lang} in ('en','hi','he')`),
  index('content_feed_idx').on(t.status, t.feed_seq),
  index('content_option_idx').on(t.option_id),
  index('content_hash_idx').on(t.content_hash),
  index('content_user_idx').on(t.user_id),
]);

/** Every review move of a reel (docs/decisions/008): who, when, from, to, why. */
export const contentReviews = pgTable('content_reviews', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  content_id: uuid('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  /** The reviewer or, for an edit that sends a Rejected reel back to Pending, its uploader. */
  actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  from_status: text('from_status').notNull(),
  to_status: text('to_status').notNull(),
  reason: text('reason'),
  created_at: createdAt(),
}, (t) => [index('content_reviews_content_idx').on(t.content_id, t.id)]);

/** One like per viewer per reel (idempotent likes). */
export const reactions = pgTable('reactions', {
  viewer_id: text('viewer_id').notNull().references(() => viewers.id, { onDelete: 'cascade' }),
  content_id: uuid('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  kind: text('kind').notNull().default('like'),
  created_at: createdAt(),
}, (t) => [primaryKey({ columns: [t.viewer_id, t.content_id, t.kind] }), index('reactions_content_idx').on(t.content_id)]);

/** A view counts once per viewer per reel, after 3 s of playback. */
export const views = pgTable('views', {
  viewer_id: text('viewer_id').notNull().references(() => viewers.id, { onDelete: 'cascade' }),
  content_id: uuid('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  created_at: createdAt(),
}, (t) => [primaryKey({ columns: [t.viewer_id, t.content_id] })]);

/** Watch progress per viewer per reel: watched (seen) and vid_watched (played to the end). */
export const watchProgress = pgTable('watch_progress', {
  viewer_id: text('viewer_id').notNull().references(() => viewers.id, { onDelete: 'cascade' }),
  content_id: uuid('content_id').notNull().references(() => contentItems.id, { onDelete: 'cascade' }),
  content_length: real('content_length').notNull().default(0),
  content_watched: real('content_watched').notNull().default(0),
  watched: boolean('watched').notNull().default(false),
  vid_watched: boolean('vid_watched').notNull().default(false),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.viewer_id, t.content_id] })]);

/**
 * Event pushes (SPEC.md section 7 "Event pushes"), append-only. `ingest_id`
 * is the client's idempotency key: a push sent twice is stored once.
 * Ingest only inserts; the derivation worker folds each row into the
 * derived tables below exactly once, in the transaction that sets `derived`
 * (docs/decisions/011).
 */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  ingest_id: uuid('ingest_id').notNull().defaultRandom(),
  event_type: text('event_type').notNull(),
  viewer_id: text('viewer_id'),
  /** The signed-in user when the event was sent; null for a visitor. */
  user_id: uuid('user_id'),
  content_id: uuid('content_id'),
  /** Partner whose link or feed the event happened in (partners.id). */
  partner_id: text('partner_id'),
  /** Campaign code (awa, con or dec; others are dropped at ingest). */
  campaign: text('campaign'),
  /** A/B view of the device: 'A' or 'B'. */
  ab_view: text('ab_view'),
  /** VIDEO_VIEW only: its watch ticket held when it was ingested, so the view may count. */
  view_ok: boolean('view_ok').notNull().default(false),
  payload: jsonb('payload').notNull(),
  created_at: createdAt(),
  /** False until the derivation worker has folded the event into the derived tables. */
  derived: boolean('derived').notNull().default(false),
}, (t) => [
  index('events_viewer_idx').on(t.viewer_id),
  uniqueIndex('events_ingest_uq').on(t.ingest_id),
  index('events_underived_idx').on(t.id).where(sql`not ${t.derived}`),
  index('events_created_idx').on(t.created_at),
]);

/** Views, completions and watch time per reel per day (Asia/Kolkata), derived from events. */
export const reelDailyStats = pgTable('reel_daily_stats', {
  day: date('day', { mode: 'string' }).notNull(),
  content_id: uuid('content_id').notNull(),
  /** The reel's language (content_items.lang) when the events were folded. */
  lang: text('lang').notNull(),
  views: integer('views').notNull().default(0),
  completions: integer('completions').notNull().default(0),
  watch_seconds: real('watch_seconds').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.day, t.content_id] }), index('reel_daily_stats_day_idx').on(t.day)]);

/** First touch of a visitor: the campaign, partner, UTM parameters and A/B view it first arrived with. */
export const viewerAttribution = pgTable('viewer_attribution', {
  viewer_id: text('viewer_id').primaryKey(),
  campaign: text('campaign'),
  partner_id: text('partner_id'),
  utm: jsonb('utm').$type<Record<string, string>>(),
  ab_view: text('ab_view'),
  referrer_code: text('referrer_code'),
  first_seen_at: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/**
 * The first time each visitor reached each funnel stage (share, visit,
 * sign_in, lead, deal), with the first-touch campaign and partner ('' for
 * none), derived from events.
 */
export const funnelSteps = pgTable('funnel_steps', {
  viewer_id: text('viewer_id').notNull(),
  stage: text('stage').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
  campaign: text('campaign').notNull().default(''),
  partner_id: text('partner_id').notNull().default(''),
}, (t) => [
  primaryKey({ columns: [t.viewer_id, t.stage] }),
  index('funnel_steps_stage_at_idx').on(t.stage, t.at),
  check('funnel_steps_stage_check', sql`${t.stage} in ('share','visit','sign_in','lead','deal')`),
]);

/* ---- Partners (SPEC.md sections 2 "Partner UI modes", 3 "Partner" and "Feed response") ---- */

/** A partner that sends people to its own branded feed. `id` is its URL slug. */
export const partners = pgTable('partners', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  /** The label of the partner's call to action (SPEC.md section 3 ctaText). */
  cta_text: text('cta_text').notNull().default(''),
  /** The partner's form (SPEC.md section 3 formDetails): heading, fields asked, thank-you line. */
  form_details: jsonb('form_details').$type<Record<string, unknown>>().notNull().default({}),
  /** webadbased | topvideos | awardbased (tags.ui_config); null is the default feed. */
  ui_config: text('ui_config'),
  /** partner_configs.button_text of the feed response. */
  button_text: text('button_text').notNull().default(''),
  /** button_configs of the feed response: image_url, offer_text, quick_offer_text, show_button, unskippable_videos. */
  button_configs: jsonb('button_configs').$type<Record<string, unknown>>().notNull().default({}),
  /** Storage key of the partner's logo. */
  image: text('image'),
  guide_content_id: uuid('guide_content_id').references(() => contentItems.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('partners_ui_config_check', sql`${t.ui_config} is null or ${t.ui_config} in ('webadbased','topvideos','awardbased')`),
]);

/** The topics a partner's feed shows, in order; none means every topic. */
export const partnerTopics = pgTable('partner_topics', {
  partner_id: text('partner_id').notNull().references(() => partners.id, { onDelete: 'cascade' }),
  topic_id: uuid('topic_id').notNull().references(() => topics.id, { onDelete: 'cascade' }),
  position: integer('position').notNull().default(0),
}, (t) => [primaryKey({ columns: [t.partner_id, t.topic_id] })]);

/** Durable jobs (media transcoding and deferred work). ARCHITECTURE.md decisions 5 and 6. */
export const jobs = pgTable('jobs', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  kind: text('kind').notNull(),
  payload: jsonb('payload').notNull(),
  /** queued | running | done | failed */
  status: text('status').notNull().default('queued'),
  attempts: integer('attempts').notNull().default(0),
  max_attempts: integer('max_attempts').notNull().default(3),
  run_at: timestamp('run_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  locked_by: text('locked_by'),
  /** Lease end: a running job whose lease passed (its worker died) is taken again. */
  locked_until: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
  last_error: text('last_error'),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('jobs_status_check', sql`${t.status} in ('queued','running','done','failed')`),
  index('jobs_pick_idx').on(t.status, t.run_at),
]);

/** Small key/value store for process-wide settings (e.g. the generated media signing secret). */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
});

/* ---- Assistant: question bank, suggestions, chats ---- */

/**
 * The question bank (SPEC.md sections 3 and 9): vetted answers per language,
 * loaded at start-up from features/assistant/data/ so curators can later
 * edit them here. `entry_id` is shared by the en/hi/he versions of a question.
 */
export const qaEntries = pgTable('qa_entries', {
  entry_id: text('entry_id').notNull(),
  /** english | hindi | hinglish (SPEC.md section 3, the value sent onward). */
  language: text('language').notNull(),
  /** English category key: Benefits, Buying Solar, ... */
  category: text('category').notNull(),
  question: text('question').notNull(),
  answer: text('answer').notNull(),
  /** Other phrasings of the question, for retrieval. */
  alternates: jsonb('alternates').$type<string[]>().notNull().default([]),
  /** Topic slugs of related reels. */
  related_topics: jsonb('related_topics').$type<string[]>().notNull().default([]),
  /** Fact-sheet source numbers the answer rests on. */
  sources: jsonb('sources').$type<number[]>().notNull().default([]),
  /** A calculator that computes the answer from the question's numbers, if any. */
  calc: text('calc'),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.entry_id, t.language] })]);

/** Suggested questions (SPEC.md sections 3 and 9): long and short forms per language. */
export const suggestedQuestions = pgTable('suggested_questions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  language: text('language').notNull(),
  /** long | short */
  form: text('form').notNull(),
  position: integer('position').notNull(),
  icon: text('icon').notNull(),
  q: text('q').notNull(),
  /** Green | Blue | Yellow | Orange */
  color: text('color').notNull(),
  /** One of the nine question-bank categories (English key); set on every short-form question, optional on long-form ones. */
  category: text('category'),
}, (t) => [uniqueIndex('suggested_lang_form_pos_uq').on(t.language, t.form, t.position)]);

/** A conversation with the assistant. */
export const chats = pgTable('chats', {
  id: uuid('id').primaryKey().defaultRandom(),
  viewer_id: text('viewer_id').notNull(),
  /** Topic the chat was opened from (slug or id), if any. */
  topic: text('topic'),
  language: text('language').notNull(),
  created_at: createdAt(),
}, (t) => [index('chats_viewer_idx').on(t.viewer_id)]);

export const chatMessages = pgTable('chat_messages', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  chat_id: uuid('chat_id').notNull().references(() => chats.id, { onDelete: 'cascade' }),
  /** user | assistant */
  role: text('role').notNull(),
  text: text('text').notNull(),
  matched_entry_id: text('matched_entry_id'),
  created_at: createdAt(),
}, (t) => [index('chat_messages_chat_idx').on(t.chat_id)]);

/**
 * Unfinished resumable uploads and the bytes each declared: a creator may
 * hold only so many open uploads and reserved bytes at once. A row leaves
 * when its upload finishes, is terminated or expires.
 */
export const uploadReservations = pgTable('upload_reservations', {
  upload_id: text('upload_id').primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Upload-Length the client declared, bytes. */
  bytes: bigint('bytes', { mode: 'number' }).notNull(),
  created_at: createdAt(),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
}, (t) => [index('upload_reservations_user_idx').on(t.user_id, t.expires_at)]);

/* ---- Leads (SPEC.md section 5) ---- */

/** Callback requests and subsidy enquiries, stored once per visitor and idempotency key. */
export const leads = pgTable('leads', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** callback | subsidy */
  kind: text('kind').notNull(),
  /** The visitor who sent the form; leads from before it was required hold 'legacy-<id>', which no visitor id matches. */
  viewer_id: text('viewer_id').notNull(),
  /** Client-made key: the same visitor's double submit returns the first lead; another visitor's key is not theirs. */
  idempotency_key: text('idempotency_key').notNull(),
  name: text('name').notNull(),
  /** E.164, e.g. +919812345678. */
  phone: text('phone').notNull(),
  email: text('email'),
  pin_code: text('pin_code'),
  /** The form's other fields (slot, system type, size, power cut, chat context). */
  details: jsonb('details').notNull().default({}),
  /** SHA-256 of the request's body: the same idempotency key with another body is refused (422). */
  request_hash: text('request_hash'),
  /** pending | sent | failed: delivery to the CRM webhook. */
  crm_status: text('crm_status').notNull().default('pending'),
  /** The partner whose form or feed the lead came from (partners.id). */
  partner_id: text('partner_id'),
  created_at: createdAt(),
}, (t) => [
  check('leads_kind_check', sql`${t.kind} in ('callback','subsidy')`),
  uniqueIndex('leads_viewer_idempotency_uq').on(t.viewer_id, t.idempotency_key),
]);

/*
 * Referrals, deals and rewards (SPEC.md sections 1, 3, 4 and 7 "Referral and
 * deals"; docs/decisions/010). A referrer (an ambassador) refers a referee
 * with a deal; the referral moves through the twelve deal steps; the
 * referrer's reward is paid once per household.
 */

/** Offers of the provider that referrers share (SPEC.md section 7 "deals"). */
export const deals = pgTable('deals', {
  id: uuid('id').primaryKey().defaultRandom(),
  /** The deal's stable public name in links (`/rewards/deal/<url_id>`, `deals?url_id=`). */
  url_id: text('url_id').notNull().unique(),
  /** Where the deal comes from: `provider` (the company's), `sample` (the starter set), or a partner's id. */
  source: text('source').notNull().default('provider'),
  title: text('title').notNull(),
  /** The ribbon on the card, e.g. "50K" (SPEC.md section 1). */
  ribbon: text('ribbon'),
  description: text('description').notNull().default(''),
  terms: text('terms').notNull().default(''),
  /** Title, ribbon, description and terms in Hindi (`hi`) and Hinglish (`he`); English falls back where one is missing. */
  translations: jsonb('translations').$type<NameTranslations<'title' | 'ribbon' | 'description' | 'terms'>>().notNull().default({}),
  /** The referrer's reward for a referral that reaches "order placed", rupees. */
  reward_inr: integer('reward_inr').notNull(),
  /** Only registered customers of the provider may refer with it (SPEC.md section 6, "UTL customers only"). */
  customers_only: boolean('customers_only').notNull().default(false),
  /** A sample offer of the starter set, shown as such until staff replace it. */
  is_sample: boolean('is_sample').notNull().default(false),
  active: boolean('active').notNull().default(true),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [check('deals_reward_check', sql`${t.reward_inr} >= 0 and ${t.reward_inr} <= 1000000`)]);

/**
 * Registered customers of the provider (`npm run customers:import -- file.csv`):
 * who may refer with customers-only deals, and the households the fairness
 * rules compare (phone, DISCOM consumer number, normalised address).
 */
export const customers = pgTable('customers', {
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  /** E.164. */
  phone: text('phone').notNull().unique(),
  /** The DISCOM consumer (account) number, upper-cased without spaces. */
  consumer_number: text('consumer_number'),
  address: text('address').notNull().default(''),
  /** The address normalised for comparison (features/referrals/server/household.ts). */
  address_key: text('address_key').notNull().default(''),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  index('customers_consumer_idx').on(t.consumer_number),
  index('customers_address_idx').on(t.address_key),
]);

/** A user's people to invite (SPEC.md section 1 "import contacts"). One row per owner and phone. */
export const contacts = pgTable('contacts', {
  id: uuid('id').primaryKey().defaultRandom(),
  owner_user_id: uuid('owner_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  /** E.164. */
  phone: text('phone').notNull(),
  /** manual | picker | device | vcard | csv | google | migrated */
  source: text('source').notNull(),
  created_at: createdAt(),
}, (t) => [
  uniqueIndex('contacts_owner_phone_uq').on(t.owner_user_id, t.phone),
  check('contacts_source_check', sql`${t.source} in ('manual','picker','device','vcard','csv','google','migrated')`),
]);

/**
 * The visitor ids (devices) a user signed in from: the fairness rules treat
 * a referee who signed in on one of the referrer's devices as the same
 * household.
 */
export const userDevices = pgTable('user_devices', {
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  viewer_id: text('viewer_id').notNull(),
  first_seen_at: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.user_id, t.viewer_id] }), index('user_devices_viewer_idx').on(t.viewer_id)]);

/**
 * The long-lived device marks (the signed `sr_dev` cookie, which survives
 * logout, unlike the visitor id) a user signed in on: a referral accepted on
 * a device its referrer used is a self-referral, whichever SIM signed in.
 */
export const deviceUsers = pgTable('device_users', {
  device_id: text('device_id').notNull(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  first_seen_at: timestamp('first_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  last_seen_at: timestamp('last_seen_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [primaryKey({ columns: [t.device_id, t.user_id] }), index('device_users_user_idx').on(t.user_id)]);

/** A user's referral code (in share links) and referral-side profile. */
export const referralCodes = pgTable('referral_codes', {
  user_id: uuid('user_id').primaryKey().references(() => users.id, { onDelete: 'cascade' }),
  /** 8 characters of Crockford base32, unique. */
  code: text('code').notNull().unique(),
  created_at: createdAt(),
});

/**
 * An opened invite link (`/r/<code>`): recorded on the server, keyed to the
 * visitor who opened it. The first click within ATTRIBUTION_DAYS is the one
 * that counts (first touch), also after the visitor signs in.
 */
export const referralClicks = pgTable('referral_clicks', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  referrer_user_id: uuid('referrer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  deal_id: uuid('deal_id').references(() => deals.id, { onDelete: 'set null' }),
  viewer_id: text('viewer_id').notNull(),
  utm: jsonb('utm').$type<Record<string, string>>().notNull().default({}),
  clicked_at: timestamp('clicked_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('referral_clicks_viewer_idx').on(t.viewer_id, t.clicked_at)]);

/**
 * Referral requests and their deals. A referrer sends one to a phone
 * (`referrer/send_request`), or a referee asks an ambassador
 * (`referee/send_request`); the receiver accepts or declines. An accepted
 * request is a deal that moves through the twelve steps of SPEC.md section
 * 4 (features/referrals/deal-steps.ts); every move is in `referral_moves`.
 */
export const referrals = pgTable('referrals', {
  id: uuid('id').primaryKey().defaultRandom(),
  deal_id: uuid('deal_id').notNull().references(() => deals.id),
  referrer_user_id: uuid('referrer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** Set once the referee has an account (at once when the phone is a user's, else at their sign-in). */
  referee_user_id: uuid('referee_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** E.164. */
  referee_phone: text('referee_phone').notNull(),
  referee_name: text('referee_name').notNull().default(''),
  /** The referee's household as they gave it on accepting (fairness rules, features/referrals/server/household.ts). */
  referee_consumer_number: text('referee_consumer_number'),
  referee_address: text('referee_address'),
  referee_address_key: text('referee_address_key'),
  /** referrer | referee: who sent the request (the other side answers it). */
  initiated_by: text('initiated_by').notNull(),
  /** open | pending | accepted | declined | expired | canceled (features/referrals/statuses.ts). */
  state: text('state').notNull(),
  /** The deal step reached (features/referrals/deal-steps.ts); null before acceptance. */
  step: text('step'),
  /** Client key of the send: a resend returns the first request. */
  idempotency_key: text('idempotency_key').notNull(),
  /** SHA-256 of the send's body: the same key with another body is refused (422). */
  request_hash: text('request_hash'),
  expires_at: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  answered_at: timestamp('answered_at', { withTimezone: true, mode: 'date' }),
  order_placed_at: timestamp('order_placed_at', { withTimezone: true, mode: 'date' }),
  last_reminder_at: timestamp('last_reminder_at', { withTimezone: true, mode: 'date' }),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('referrals_initiated_check', sql`${t.initiated_by} in ('referrer','referee')`),
  check('referrals_state_check', sql`${t.state} in ('open','pending','accepted','declined','expired','canceled')`),
  uniqueIndex('referrals_sender_key_uq').on(t.referrer_user_id, t.initiated_by, t.idempotency_key),
  index('referrals_referrer_idx').on(t.referrer_user_id, t.created_at),
  index('referrals_referee_idx').on(t.referee_user_id, t.created_at),
  index('referrals_phone_idx').on(t.referee_phone),
]);

/** Every move of a referral (state or step), with who and when (ARCHITECTURE.md decision 13). */
export const referralMoves = pgTable('referral_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  referral_id: uuid('referral_id').notNull().references(() => referrals.id, { onDelete: 'cascade' }),
  /** What moved: a state (`state:accepted`), a step (`step:call_scheduled`) or a reminder (`reminder`). */
  what: text('what').notNull(),
  from_value: text('from_value'),
  to_value: text('to_value'),
  /** null for the system (expiry, the hold ending). */
  actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** referrer | referee | staff | system */
  actor_kind: text('actor_kind').notNull(),
  note: text('note'),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('referral_moves_referral_idx').on(t.referral_id, t.at)]);

/** Notes on a deal by its people and staff (`deals/notes/{a}/{b}`). */
export const dealNotes = pgTable('deal_notes', {
  id: uuid('id').primaryKey().defaultRandom(),
  referral_id: uuid('referral_id').notNull().references(() => referrals.id, { onDelete: 'cascade' }),
  author_user_id: uuid('author_user_id').references(() => users.id, { onDelete: 'set null' }),
  /** The author's key for the note: a resend stores it once. */
  client_key: text('client_key').notNull(),
  /** SHA-256 of the note's request: the same key with another body is refused (422). */
  request_hash: text('request_hash'),
  body: text('body').notNull(),
  created_at: createdAt(),
}, (t) => [uniqueIndex('deal_notes_key_uq').on(t.referral_id, t.client_key)]);

/**
 * The referrer's reward of a referral: one scratch card per referral
 * (unique), in the states of features/referrals/reward-states.ts, with a
 * reason the referrer can read. `claim_key` is unique: two claims at the
 * same moment pay once.
 */
export const rewards = pgTable('rewards', {
  id: uuid('id').primaryKey().defaultRandom(),
  referral_id: uuid('referral_id').notNull().unique().references(() => referrals.id, { onDelete: 'cascade' }),
  referrer_user_id: uuid('referrer_user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  amount_inr: integer('amount_inr').notNull(),
  /** pending | hold | approved | claimed | canceled | fraud */
  state: text('state').notNull(),
  /** Why the reward is in this state (a code of messages/*.json `rewards.reason.*`). */
  reason: text('reason'),
  /** When an approved reward may be scratched (order placed + REWARD_HOLD_DAYS). */
  scratchable_at: timestamp('scratchable_at', { withTimezone: true, mode: 'date' }),
  scratched_at: timestamp('scratched_at', { withTimezone: true, mode: 'date' }),
  claimed_at: timestamp('claimed_at', { withTimezone: true, mode: 'date' }),
  /** UPI id the claim is paid to. */
  payout_vpa: text('payout_vpa'),
  claim_key: text('claim_key').unique(),
  /** SHA-256 of the claim's body: the same claim key with another body is refused (422). */
  claim_request_hash: text('claim_request_hash'),
  created_at: createdAt(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('rewards_state_check', sql`${t.state} in ('pending','hold','approved','claimed','canceled','fraud')`),
  index('rewards_referrer_idx').on(t.referrer_user_id, t.created_at),
]);

/** Every move of a reward, with who, when and why. */
export const rewardMoves = pgTable('reward_moves', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  reward_id: uuid('reward_id').notNull().references(() => rewards.id, { onDelete: 'cascade' }),
  from_state: text('from_state'),
  to_state: text('to_state').notNull(),
  reason: text('reason'),
  actor_user_id: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [index('reward_moves_reward_idx').on(t.reward_id, t.at)]);

/* ---- Search (docs/decisions/031-search.md) ---- */

/** PostgreSQL's `tsvector`, written as its text form (`'lexeme':1A 'other':2B`). */
const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/**
 * What the search matches (docs/decisions/031-search.md): one row per reel
 * and per topic, its words as loose Latin keys
 * (features/reels/lib/search-key.ts) in a weighted `tsvector`. A reel's
 * option names are weight A, its description B, its category names C and
 * its topic names D, in all three languages; a topic's name A and
 * description B. Kept by features/reels/server/search-index.ts from the
 * rows that `search_stale` names; visibility is never read from here.
 */
export const searchDocuments = pgTable('search_documents', {
  /** reel | topic */
  kind: text('kind').notNull(),
  /** content_items.id or topics.id. */
  ref_id: uuid('ref_id').notNull(),
  doc: tsvector('doc').notNull(),
  /** SHA-256 of the texts the document was made from: an unchanged row is not written again. */
  source_hash: text('source_hash').notNull(),
  updated_at: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  primaryKey({ columns: [t.kind, t.ref_id] }),
  check('search_documents_kind_check', sql`${t.kind} in ('reel','topic')`),
  index('search_documents_doc_idx').using('gin', t.doc),
]);

/**
 * Every key in search_documents with the number of documents holding it:
 * a query's words find their spellings here by trigram similarity
 * (pg_trgm), and `df` tells a common word from a telling one.
 */
export const searchWords = pgTable('search_words', {
  word: text('word').primaryKey(),
  /** Documents holding the word. */
  df: integer('df').notNull().default(0),
}, (t) => [index('search_words_trgm_idx').using('gin', t.word.op('gin_trgm_ops'))]);

/**
 * Rows whose search document must be made again: filled by database
 * triggers on content_items, topics, categories and options (every writer,
 * every process), emptied by features/reels/server/search-index.ts.
 */
export const searchStale = pgTable('search_stale', {
  /** reel | topic | category | option */
  kind: text('kind').notNull(),
  ref_id: uuid('ref_id').notNull(),
}, (t) => [primaryKey({ columns: [t.kind, t.ref_id] })]);
