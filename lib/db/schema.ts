import { sql } from 'drizzle-orm';
import {
  bigserial, boolean, check, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uniqueIndex, uuid,
} from 'drizzle-orm/pg-core';

/**
 * The database schema (Drizzle). Taxonomy is topic > category > option and
 * every reel belongs to one option (SPEC.md section 3).
 * Columns are snake_case as in the spec's entities.
 */

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
}, (t) => [index('otp_requests_phone_idx').on(t.phone, t.created_at)]);

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
  /** send | wrong */
  kind: text('kind').notNull(),
  at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
}, (t) => [
  check('otp_log_kind_check', sql`${t.kind} in ('send','wrong')`),
  index('otp_log_phone_idx').on(t.phone, t.kind, t.at),
  index('otp_log_ip_idx').on(t.ip_key, t.kind, t.at),
]);

/** Roles of users (SPEC.md section 6): per topic, or everywhere when `topic_id` is null (ADMIN). */
export const userRoles = pgTable('user_roles', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  user_id: uuid('user_id').notNull().references(() => users.id, { onDelete: 'cascade' }),
  /** ADMIN | CREATOR | CO-CURATOR | CURATOR */
  role: text('role').notNull(),
  topic_id: uuid('topic_id'),
  created_at: createdAt(),
}, (t) => [
  check('user_roles_role_check', sql`${t.role} in ('ADMIN','CREATOR','CO-CURATOR','CURATOR')`),
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
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
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
  pic: text('pic'),
  sort_order: integer('sort_order').notNull().default(0),
  created_at: createdAt(),
}, (t) => [uniqueIndex('categories_topic_name_uq').on(t.topic_id, t.name)]);

export const options = pgTable('options', {
  id: uuid('id').primaryKey().defaultRandom(),
  category_id: uuid('category_id').notNull().references(() => categories.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
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
  created_at: createdAt(),
  ready_at: timestamp('ready_at', { withTimezone: true, mode: 'date' }),
}, (t) => [
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

/** Raw event pushes (SPEC.md section 7 "Event pushes"), kept for analytics. */
export const events = pgTable('events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  event_type: text('event_type').notNull(),
  viewer_id: text('viewer_id'),
  content_id: uuid('content_id'),
  payload: jsonb('payload').notNull(),
  created_at: createdAt(),
}, (t) => [index('events_viewer_idx').on(t.viewer_id)]);

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
  /** pending | sent | failed: delivery to the CRM webhook. */
  crm_status: text('crm_status').notNull().default('pending'),
  created_at: createdAt(),
}, (t) => [
  check('leads_kind_check', sql`${t.kind} in ('callback','subsidy')`),
  uniqueIndex('leads_viewer_idempotency_uq').on(t.viewer_id, t.idempotency_key),
]);
